//===- Casts.cpp - Conversions and vector/aggregate element moves ---------===//
//
// int <-> fp and fp <-> fp conversions are cvt (convert); integer width
// changes are free or one integer instruction, as the backend and ptxas make
// them (truncation takes the low register, loads extend for free, a 32-bit
// index sign-extended for a GEP is folded into mul.wide); pointer casts are
// free except generic <-> shared/local, which add the window base (cvta).
// docs/costs.md, "Conversions".
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

unsigned elementCount(const Type *Ty) {
  if (auto *VT = dyn_cast<FixedVectorType>(Ty))
    return VT->getNumElements();
  return 1;
}

/// A sign extension from 32 bits every user of which folds it: a GEP index
/// (mul.wide.s32) or a 64-bit multiply by another narrow value (mul.wide).
bool isFoldedIndexExtension(const CastInst &I) {
  if (I.use_empty())
    return false;
  for (const Use &U : I.uses()) {
    auto *User = dyn_cast<Instruction>(U.getUser());
    if (!User)
      return false;
    if (isa<GetElementPtrInst>(User) && U.getOperandNo() != 0)
      continue;
    if (User->getOpcode() == Instruction::Mul) {
      // mul.wide.s32 needs the other operand narrow too.
      const Value *Other = User->getOperand(U.getOperandNo() == 0 ? 1 : 0);
      if (auto *C = dyn_cast<ConstantInt>(Other);
          C && C->getValue().isSignedIntN(32))
        continue;
      if (auto *Ext = dyn_cast<SExtInst>(Other);
          Ext && Ext->getSrcTy()->getScalarSizeInBits() <= 32)
        continue;
    }
    return false;
  }
  return true;
}

CostInfo costIntExtension(const CostContext &Ctx, const CastInst &I) {
  unsigned Src = I.getSrcTy()->getScalarSizeInBits();
  unsigned Dst = I.getDestTy()->getScalarSizeInBits();
  unsigned N = elementCount(I.getType());
  bool Signed = I.getOpcode() == Instruction::SExt;
  if (Src == 1) // selp of 0 and 1 (or -1)
    return Ctx.compute(InstrClass::IntAdd, N * (Dst > 32 ? 2 : 1), 1, "selp");
  if (isa<LoadInst>(I.getOperand(0)))
    return makeFree("extending load");
  if (Src == 32 && Dst == 64) {
    if (!Signed)
      return makeFree("high word is zero");
    if (isFoldedIndexExtension(I))
      return makeFree("folded into mul.wide");
    return Ctx.compute(InstrClass::IntAdd, N, 1, "high word");
  }
  // 8/16 bits to 32 (and the high word for 64): and / cvt.s32.s16.
  unsigned Count = Dst > 32 && Signed ? 2 : 1;
  return Ctx.compute(InstrClass::IntAdd, N * Count, Count, "cvt");
}

bool isWindowSpace(unsigned AS) { return AS == 3 || AS == 5; }

} // namespace

CostInfo costCast(const CostContext &Ctx, const Instruction &I) {
  const auto &Cast = cast<CastInst>(I);
  unsigned N = elementCount(I.getType());
  switch (I.getOpcode()) {
  case Instruction::Trunc:
    // To i1 the backend tests the low bit: and.b32, setp.
    if (I.getType()->getScalarSizeInBits() == 1)
      return Ctx.compute(InstrClass::IntAdd, 2 * N, 2, "and + setp");
    return makeFree("low bits");
  case Instruction::ZExt:
  case Instruction::SExt:
    return costIntExtension(Ctx, Cast);
  case Instruction::FPExt:
    // A bfloat is the high half of a float: widening it is one shift.
    if (Cast.getSrcTy()->getScalarType()->isBFloatTy())
      return Ctx.compute(InstrClass::IntAdd, N, 1, "bf16 shift");
    return Ctx.compute(getConvertClass(Cast.getSrcTy(), Cast.getDestTy()), N, 1,
                       "cvt");
  case Instruction::FPTrunc:
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::FPToSI:
  case Instruction::FPToUI:
    return Ctx.compute(getConvertClass(Cast.getSrcTy(), Cast.getDestTy()), N, 1,
                       "cvt");
  case Instruction::AddrSpaceCast: {
    unsigned From = Cast.getSrcTy()->getPointerAddressSpace();
    unsigned To = Cast.getDestTy()->getPointerAddressSpace();
    if (isWindowSpace(From) || isWindowSpace(To))
      return Ctx.compute(InstrClass::IntAdd, 2 * N, 2, "cvta");
    return makeFree("same address");
  }
  default:
    // bitcast, ptrtoint, inttoptr: the same bits in a register.
    return makeFree("same bits");
  }
}

CostInfo costAggregate(const CostContext &Ctx, const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::InsertElement: {
    unsigned Bits = I.getType()->getScalarSizeInBits();
    if (Bits && Bits <= 16) // packs into a 32-bit register (mov.b32 {a, b})
      return Ctx.compute(InstrClass::IntAdd, 1, 1, "pack");
    return makeFree("register of the vector");
  }
  case Instruction::ShuffleVector: {
    unsigned Bits = I.getType()->getScalarSizeInBits();
    if (Bits && Bits <= 16) {
      unsigned Words = (elementCount(I.getType()) * Bits + 31) / 32;
      return Ctx.compute(InstrClass::IntAdd, Words, 1, "prmt");
    }
    return makeFree("registers of the vectors");
  }
  default:
    // extractelement, extractvalue, insertvalue: registers are renamed.
    return makeFree("register");
  }
}

} // namespace detail
} // namespace ktime
