//===- RotateLoops.cpp - loop(loop-rotate) without tree updates
//------------===//
//
// LLVM's loop rotation keeps the dominator tree up to date after each
// loop, and each update of LLVM's tree costs time proportional to the whole
// function (its work arrays are sized by the function's block count), so a
// kernel of N loops in sequence (an -O0 kernel) took time quadratic in N.
// Here the same utility (llvm::LoopRotation) rotates the same loops in the
// loop pass manager's order with its settings and ScalarEvolution, but
// without a tree: it updates LoopInfo and ScalarEvolution itself and takes
// the tree only to keep it current, and its instruction simplification
// asks the tree nothing the -O0 copy needs (no assumptions, no dominating
// conditions beyond a block's single predecessor). The tree is recomputed
// once at the end. -ktime-rotate-with-tree rotates as loop(loop-rotate)
// does, to check that the result is the same.
//
//===----------------------------------------------------------------------===//
#include "RotateLoops.h"
#include "llvm/ADT/PriorityWorklist.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/LoopRotationUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace ktime {

/// The value of LLVM's option \p Name (the loop rotation pass's own
/// settings), or \p Default where it is not registered.
template <typename T> static T llvmOption(StringRef Name, T Default) {
  auto &Options = cl::getRegisteredOptions();
  auto It = Options.find(Name);
  if (It == Options.end())
    return Default;
  return static_cast<cl::opt<T> *>(It->second)->getValue();
}

PreservedAnalyses rotateLoops(Function &F, FunctionAnalysisManager &FAM,
                              bool WithTree) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  if (LI.empty())
    return PreservedAnalyses::all();
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  AssumptionCache &AC = FAM.getResult<AssumptionAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  TargetLibraryInfo &TLI = FAM.getResult<TargetLibraryAnalysis>(F);
  TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(F);
  // Without the tree, nothing may read it until it is recomputed.
  const SimplifyQuery SQ(F.getDataLayout(), &TLI, WithTree ? &DT : nullptr,
                         &AC);
  // LoopRotatePass with its defaults (header duplication, not for LTO).
  unsigned DefaultThreshold =
      llvmOption<unsigned>("rotation-max-header-size", 16);
  bool PrepareForLTO = llvmOption<bool>("rotation-prepare-for-lto", false);

  // The loop pass manager's order: outermost loops in program order, the
  // loops inside each before it, innermost first.
  SmallPriorityWorklist<Loop *, 4> Worklist;
  appendLoopsToWorklist(LI, Worklist);

  bool Changed = false;
  while (!Worklist.empty()) {
    Loop *L = Worklist.pop_back_val();
    int Threshold =
        !F.hasMinSize() || hasVectorizeTransformation(L) == TM_ForcedByUser
            ? DefaultThreshold
            : 0;
    Changed |= LoopRotation(L, &LI, &TTI, &AC, WithTree ? &DT : nullptr, &SE,
                            /*MSSAU=*/nullptr, SQ, /*RotationOnly=*/false,
                            Threshold, /*IsUtilMode=*/false, PrepareForLTO);
  }
  if (!Changed)
    return PreservedAnalyses::all();
  if (!WithTree)
    DT.recalculate(F);
  // What the loop pass adaptor preserves after loop-rotate.
  PreservedAnalyses PA = getLoopPassPreservedAnalyses();
  PA.preserve<DominatorTreeAnalysis>();
  PA.preserve<LoopAnalysis>();
  PA.preserve<ScalarEvolutionAnalysis>();
  return PA;
}

} // namespace ktime
