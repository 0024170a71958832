//===- DataValues.cpp - Which IR values are states of data ----------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The paper's kernel graph has nodes for data (a[i], b[i], their sum, c[i])
/// and leaves out "obtaining the global index and the check". In the IR a
/// value is data if it depends on memory (forwards from loads, atomics and
/// calls that may read memory) or if it flows into memory or out of the
/// function (backwards from stored values, atomic operands, arguments of
/// calls with side effects, returned values). What remains (tid.x -> sext
/// -> gep feeding only addresses, the bounds check feeding only a branch)
/// is index computation. Tested through test/MaxPlus.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/ScevToExpr.h"
#include "MaxPlusModelImpl.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace ktime {

namespace {

bool isSpecialRegisterRead(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  return Callee &&
         SymbolNamer::getSpecialRegisterSymbol(Callee->getName()).has_value();
}

/// A result that depends on memory: a load, an atomic, a call that may read
/// memory (inline asm included), except the special-register reads.
bool readsData(const Instruction &I) {
  if (isa<LoadInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return true;
  if (const auto *Call = dyn_cast<CallBase>(&I))
    return !Call->getType()->isVoidTy() && !isSpecialRegisterRead(*Call) &&
           !Call->doesNotAccessMemory();
  return false;
}

/// Pure: a call whose arguments matter only through its result.
bool isPureCall(const CallBase &Call) {
  return Call.doesNotAccessMemory() && !Call.isInlineAsm();
}

} // namespace

DenseSet<const Value *> findDataValues(const Function &F) {
  DenseSet<const Value *> Data;
  SmallVector<const Value *, 64> Work;
  auto Mark = [&](const Value *V) {
    if (isa<Instruction>(V) && Data.insert(V).second)
      Work.push_back(V);
  };
  // Forwards from memory.
  for (const Instruction &I : instructions(F))
    if (readsData(I))
      Mark(&I);
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users())
      Mark(U);
  }
  // Backwards from what reaches memory or leaves the function.
  DenseSet<const Value *> Used;
  auto MarkUse = [&](const Value *V) {
    if (isa<Instruction>(V) && Used.insert(V).second)
      Work.push_back(V);
  };
  for (const Instruction &I : instructions(F)) {
    if (const auto *S = dyn_cast<StoreInst>(&I))
      MarkUse(S->getValueOperand());
    else if (const auto *A = dyn_cast<AtomicRMWInst>(&I))
      MarkUse(A->getValOperand());
    else if (const auto *X = dyn_cast<AtomicCmpXchgInst>(&I)) {
      MarkUse(X->getCompareOperand());
      MarkUse(X->getNewValOperand());
    } else if (const auto *R = dyn_cast<ReturnInst>(&I)) {
      if (const Value *V = R->getReturnValue())
        MarkUse(V);
    } else if (const auto *Call = dyn_cast<CallBase>(&I)) {
      if (!isPureCall(*Call) && !isSpecialRegisterRead(*Call))
        for (const Value *Arg : Call->args())
          MarkUse(Arg);
    }
  }
  while (!Work.empty()) {
    const auto *I = cast<Instruction>(Work.pop_back_val());
    // The address of a load is not part of the value it reads; the
    // operands of a call with side effects are sinks already.
    if (isa<LoadInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
      continue;
    if (const auto *Call = dyn_cast<CallBase>(I)) {
      if (isPureCall(*Call))
        for (const Value *Arg : Call->args())
          MarkUse(Arg);
      continue;
    }
    for (const Value *Op : I->operands())
      MarkUse(Op);
  }
  for (const Value *V : Used)
    Data.insert(V);
  return Data;
}

} // namespace ktime
