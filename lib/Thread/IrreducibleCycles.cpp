//===- IrreducibleCycles.cpp - Cycles that are not loops ------------------===//
//
// LoopInfo knows natural loops only. A goto into a loop body makes a cycle
// with two entries that LoopInfo ignores; CycleInfo finds it. KernelTime
// cannot count such a cycle's iterations, so it says so where the cycle is.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Thread.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

namespace ktime {

static DebugLoc firstLocation(const BasicBlock &BB) {
  for (const Instruction &I : BB)
    if (DebugLoc DL = I.getDebugLoc())
      if (DL.getLine() != 0)
        return DL;
  return DebugLoc();
}

std::vector<ModelNote> findIrreducibleCycles(Function &F, CycleInfo &Cycles) {
  std::vector<ModelNote> Notes;
  SmallVector<const CycleInfo::CycleT *, 8> Work(Cycles.toplevel_cycles());
  while (!Work.empty()) {
    const CycleInfo::CycleT *C = Work.pop_back_val();
    if (!C->isReducible()) {
      Notes.push_back(
          {firstLocation(*C->getHeader()),
           "irreducible control flow (a cycle entered at " +
               std::to_string(C->getNumEntries()) +
               " blocks, such as a goto into a loop body) is no loop to "
               "KernelTime: how often it repeats is not counted"});
      continue; // Its own sub-cycles are reported with it.
    }
    for (const CycleInfo::CycleT *Child : C->children())
      Work.push_back(Child);
  }
  return Notes;
}

} // namespace ktime
