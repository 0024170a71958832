//===- BarrierFragments.cpp - A kernel cut at its barriers ----------------===//
//
// Antonyuk & Mikheev (docs/models/maxplus.md): barriers split a kernel
// into fragments
// executed strictly in sequence. A barrier cuts the kernel when every thread
// passes it once after everything before it: in no cycle, its block
// post-dominating the entry; or once per iteration of the loop it is in,
// its block on every path through an iteration (every enclosing cycle a
// natural loop). An instruction's fragment is the largest number of cuts
// on a path from the entry to it that goes round no cycle: a loop's
// iterations run its fragments in turn, and the time of a fragment is the
// sum over the iterations of its part of each. A kernel that calls a
// device function is not cut.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Cost.h"
#include "KernelTime/Thread.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {

/// True when every thread passes \p BB once per iteration of the loop it
/// is in: every cycle around it, from \p Innermost out, is a natural loop,
/// and \p BB dominates the latches of the innermost one (so no iteration goes
/// round without it). A barrier is reached by every thread of a block or by
/// none (the CUDA Programming Guide, __syncthreads), so the iterations are the
/// block's.
static bool onEveryIteration(const BasicBlock &BB, const Cycle &Innermost,
                             const LoopInfo &LI, const DominatorTree &DT) {
  const Loop *L = LI.getLoopFor(&BB);
  if (!L)
    return false;
  for (const Cycle *C = &Innermost; C; C = C->getParentCycle())
    if (!C->isReducible())
      return false;
  // LoopInfo's loop and the innermost cycle must be the same: a cycle
  // LoopInfo does not see would repeat the barrier outside L.
  if (Innermost.getHeader() != L->getHeader())
    return false;
  SmallVector<BasicBlock *, 4> Latches;
  L->getLoopLatches(Latches);
  return !Latches.empty() && llvm::all_of(Latches, [&](BasicBlock *Latch) {
    return DT.dominates(&BB, Latch);
  });
}

BarrierFragments::BarrierFragments(Function &F, FunctionAnalysisManager &FAM,
                                   const CostModel &Costs) {
  PostDominatorTree &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  // Cycles LoopInfo does not see as loops (irreducible ones) are cycles
  // too: a barrier in one runs more than once.
  CycleInfo &CI = FAM.getResult<CycleAnalysis>(F);
  const BasicBlock *Entry = &F.getEntryBlock();
  // A device function's cost is computed once for all its calls, so it
  // cannot be split between fragments: such a kernel is not cut.
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (!Callee->isDeclaration())
            return;
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  std::vector<const Instruction *> Cuts;
  for (const BasicBlock &BB : F) {
    const Cycle *C = CI.getCycle(&BB);
    if (C ? !onEveryIteration(BB, *C, LI, DT) : !PDT.dominates(&BB, Entry))
      continue;
    for (const Instruction &I : BB)
      if (isa<CallBase>(I) && Costs.getCost(I).K == CostInfo::Kind::Barrier)
        Cuts.push_back(&I);
  }
  // Each fragment costs the Thread stage a pass per issue pipe: a kernel
  // cut more often than this keeps the overlapped waves.
  if (Cuts.empty() || Cuts.size() > MaxCuts)
    return;
  for (const Instruction *Cut : Cuts)
    CutsIn[Cut->getParent()].push_back(Cut);
  // A block's fragment: the most cuts on a path to it from the entry that
  // goes round no cycle, so that what follows a loop a guard may skip, or
  // a branch with a loop in one side, comes after that loop's cuts. In
  // reverse post-order every predecessor but those that close a cycle
  // comes first; those are left out. An instruction adds the cuts in its
  // own block before it (fragmentOf).
  DenseMap<const BasicBlock *, unsigned> After; // fragment after the block
  unsigned Last = 0;
  for (const BasicBlock *BB : ReversePostOrderTraversal<const Function *>(&F)) {
    unsigned In = 0;
    for (const BasicBlock *Pred : predecessors(BB))
      if (auto It = After.find(Pred); It != After.end())
        In = std::max(In, It->second);
    BlockFragment[BB] = In;
    auto Here = CutsIn.find(BB);
    unsigned Out = In + (Here == CutsIn.end() ? 0 : Here->second.size());
    After[BB] = Out;
    Last = std::max(Last, Out);
  }
  // Branches with cuts on both sides count them once: the fragments are
  // the numbers a path reaches.
  NumCuts = Last;
}

unsigned BarrierFragments::fragmentOf(const Instruction &I) const {
  auto It = BlockFragment.find(I.getParent());
  if (It == BlockFragment.end())
    return 0; // another function's instruction, or a kernel not cut
  unsigned K = It->second;
  auto In = CutsIn.find(I.getParent());
  if (In != CutsIn.end())
    for (const Instruction *Cut : In->second)
      if (Cut->comesBefore(&I))
        ++K;
  return K;
}

} // namespace ktime
