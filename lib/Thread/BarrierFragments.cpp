//===- BarrierFragments.cpp - A kernel cut at its top-level barriers ------===//
//
// Seed 001 (MODEL.md, section 2): barriers split a kernel into fragments
// executed strictly in sequence. A barrier cuts the kernel when it is in no
// loop and its block post-dominates the entry: every thread passes it once,
// after everything before it. An instruction's fragment is the number of
// cuts that dominate it. A kernel that calls a device function is not cut.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Cost.h"
#include "KernelTime/Thread.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {

BarrierFragments::BarrierFragments(Function &F, FunctionAnalysisManager &FAM,
                                   const CostModel &Costs) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  PostDominatorTree &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  DT = &FAM.getResult<DominatorTreeAnalysis>(F);
  Fn = &F;
  const BasicBlock *Entry = &F.getEntryBlock();
  // A device function's cost is computed once for all its calls, so it
  // cannot be split between fragments: such a kernel is not cut.
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (!Callee->isDeclaration())
            return;
  for (const BasicBlock &BB : F) {
    if (LI.getLoopFor(&BB) || !PDT.dominates(&BB, Entry))
      continue;
    for (const Instruction &I : BB)
      if (isa<CallBase>(I) && Costs.getCost(I).K == CostInfo::Kind::Barrier)
        Cuts.push_back(&I);
  }
}

unsigned BarrierFragments::fragmentOf(const Instruction &I) const {
  if (I.getFunction() != Fn)
    return 0;
  unsigned K = 0;
  for (const Instruction *Cut : Cuts)
    if (Cut != &I && DT->dominates(Cut, &I))
      ++K;
  return K;
}

} // namespace ktime
