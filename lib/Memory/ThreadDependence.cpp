//===- ThreadDependence.cpp - Values that differ between a warp's lanes ---===//
//
// A forward fixpoint over the function's instructions: a value varies when
// an operand varies, when it reads tid.*, laneid or lanemask_*, when it is
// loaded through a varying address (data: each lane loaded its own), or when
// it is an atomic's result. A load through a uniform address is uniform.
// A second bit says whether the value may differ between the lanes of one
// row (tid.x, laneid, lanemask_*, atomics, data loaded through such an
// address) or only between rows (tid.y, tid.z).
// Control dependence (a phi merging uniform values under a divergent branch)
// is not tracked: such a phi counts as uniform.
//
//===----------------------------------------------------------------------===//
#include "MemoryImpl.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace ktime {
namespace memory {

namespace {

/// The special registers that differ between the lanes of a warp.
bool isLaneVaryingRegister(StringRef Callee) {
  std::optional<std::string> Sym =
      SymbolNamer::getSpecialRegisterSymbol(Callee);
  if (!Sym)
    return false;
  StringRef S(*Sym);
  return S.starts_with("tid.") || S == "laneid" || S.starts_with("lanemask");
}

/// The lane-varying special registers that differ inside one row.
bool isRowVaryingRegister(StringRef Callee) {
  std::optional<std::string> Sym =
      SymbolNamer::getSpecialRegisterSymbol(Callee);
  if (!Sym)
    return false;
  StringRef S(*Sym);
  return S == "tid.x" || S == "laneid" || S.starts_with("lanemask");
}

} // namespace

ThreadDependence::ThreadDependence(const Function &F) {
  // Monotone: states only grow, so this ends after a few sweeps.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Instruction &I : instructions(F)) {
      uint8_t New = Uniform;
      if (auto *Call = dyn_cast<CallBase>(&I)) {
        const Function *Callee = Call->getCalledFunction();
        if (Callee && isLaneVaryingRegister(Callee->getName()))
          New = Varies;
        if (Callee && isRowVaryingRegister(Callee->getName()))
          New |= AlongRow;
        for (const Value *Arg : Call->args())
          New |= state(Arg);
        // A call that returns what it read through a varying pointer
        // (ldu/ldg, a device function) returns data.
        if ((New & Varies) && !Call->doesNotAccessMemory())
          New |= Data;
      } else if (auto *L = dyn_cast<LoadInst>(&I)) {
        // Lanes of a row reading through one address read one value.
        uint8_t Ptr = state(L->getPointerOperand());
        if (Ptr & Varies)
          New = Varies | Data | (Ptr & AlongRow);
      } else if (isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I)) {
        New = Varies | Data | AlongRow;
      } else {
        for (const Value *Op : I.operands())
          New |= state(Op);
      }
      uint8_t &Slot = State[&I];
      if ((Slot | New) != Slot) {
        Slot |= New;
        Changed = true;
      }
    }
  }
}

uint8_t ThreadDependence::state(const Value *V) const {
  auto It = State.find(V);
  return It == State.end() ? uint8_t(Uniform) : It->second;
}

bool ThreadDependence::varies(const Value *V) const {
  return state(V) & Varies;
}

bool ThreadDependence::dataDependent(const Value *V) const {
  return state(V) & Data;
}

bool ThreadDependence::variesAlongRow(const Value *V) const {
  return state(V) & AlongRow;
}

} // namespace memory
} // namespace ktime
