//===- CostModel.cpp - Dispatch an instruction to its pricing file --------===//
//
// CostModel::getCost: the opcode decides which file prices it; phi, alloca,
// freeze and the like are free. docs/costs.md is the table.
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace ktime::detail;

namespace ktime {

CostModel::CostModel(const GpuTarget &T)
    : T(T), Computed(std::make_shared<ComputeCache>()) {}

CostModels::Entry &CostModels::entry(const GpuTarget &T) {
  auto It = Models.find(&T);
  if (It == Models.end()) {
    CostModel Costs(T);
    Bindings Nominal = Costs.getNominalLatencies();
    It = Models.emplace(&T, Entry{std::move(Costs), std::move(Nominal)}).first;
  }
  return It->second;
}

const CostModel &CostModels::get(const GpuTarget &T) { return entry(T).Costs; }

const Bindings &CostModels::getNominalLatencies(const GpuTarget &T) {
  return entry(T).Nominal;
}

CostInfo CostModel::getCost(const Instruction &I) const {
  CostContext Ctx{T, I.getModule()->getDataLayout(), *Computed};
  switch (I.getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
    return costIntegerOp(Ctx, cast<BinaryOperator>(I));
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::FNeg:
    return costFloatOp(Ctx, I);
  case Instruction::ICmp:
  case Instruction::FCmp:
  case Instruction::Select:
    return costCompareOrSelect(Ctx, I);
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::FPTrunc:
  case Instruction::FPExt:
  case Instruction::FPToUI:
  case Instruction::FPToSI:
  case Instruction::UIToFP:
  case Instruction::SIToFP:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
    return costCast(Ctx, I);
  case Instruction::GetElementPtr:
    return costGEP(Ctx, I);
  case Instruction::ExtractElement:
  case Instruction::InsertElement:
  case Instruction::ShuffleVector:
  case Instruction::ExtractValue:
  case Instruction::InsertValue:
    return costAggregate(Ctx, I);
  case Instruction::Load:
  case Instruction::Store:
  case Instruction::AtomicRMW:
  case Instruction::AtomicCmpXchg:
  case Instruction::Fence:
    return costMemoryInst(Ctx, I);
  case Instruction::Call:
  case Instruction::Invoke:
  case Instruction::CallBr:
    return costCall(Ctx, cast<CallBase>(I));
  case Instruction::Br:
  case Instruction::Switch:
  case Instruction::Ret:
  case Instruction::Unreachable:
  case Instruction::IndirectBr:
    return costTerminator(Ctx, I);
  case Instruction::PHI:
    return makeFree("phi");
  case Instruction::Alloca:
    return makeFree("stack frame");
  case Instruction::Freeze:
    return makeFree("freeze");
  default:
    return Ctx.unknown("instruction '" + std::string(I.getOpcodeName()) +
                       "' priced as one int.add (the default)");
  }
}

} // namespace ktime
