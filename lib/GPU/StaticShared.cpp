//===- StaticShared.cpp - A kernel's static shared memory -----------------===//
//
// The bytes of the __shared__ variables (address space 3 globals) a kernel
// uses, directly or through the device functions it calls; an extern
// __shared__ array has no size here (its bytes are the launch's shmem).
//
//===----------------------------------------------------------------------===//
#include "KernelTime/GPU.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ktime {

namespace {

/// Shared globals \p V refers to, looking through constant expressions.
void collectShared(const Value *V, SmallPtrSetImpl<const GlobalVariable *> &Out,
                   SmallPtrSetImpl<const Value *> &Seen) {
  if (!Seen.insert(V).second)
    return;
  if (const auto *GV = dyn_cast<GlobalVariable>(V)) {
    if (GV->getAddressSpace() == 3)
      Out.insert(GV);
    return;
  }
  if (const auto *C = dyn_cast<ConstantExpr>(V))
    for (const Value *Op : C->operands())
      collectShared(Op, Out, Seen);
}

} // namespace

uint64_t getStaticSharedBytes(const Function &Kernel) {
  SmallPtrSet<const GlobalVariable *, 8> Shared;
  SmallPtrSet<const Value *, 32> Seen;
  SmallPtrSet<const Function *, 8> Visited;
  SmallVector<const Function *, 8> Work{&Kernel};
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    if (!Visited.insert(F).second || F->isDeclaration())
      continue;
    for (const Instruction &I : instructions(*F)) {
      for (const Value *Op : I.operands())
        collectShared(Op, Shared, Seen);
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          Work.push_back(Callee);
    }
  }
  const DataLayout &DL = Kernel.getParent()->getDataLayout();
  uint64_t Bytes = 0;
  for (const GlobalVariable *GV : Shared)
    Bytes += DL.getTypeAllocSize(GV->getValueType()).getFixedValue();
  return Bytes;
}

} // namespace ktime
