//===- RotateLoops.cpp - loop(loop-rotate) a stretch of loops at a time ---===//
//
// LLVM's loop rotation keeps the dominator tree up to date after each
// loop, and each update re-derives the part of the tree below the loop:
// with N loops in sequence (an -O0 kernel), everything after it, so the
// pass took time quadratic in N (2000 loops: seconds). Here the function is
// cut after every few outermost loops (-ktime-rotate-stretch): the
// terminators of those loops' exit blocks branch to placeholder blocks
// instead, so the code after the stretch is unreachable and the tree's
// updates stay inside it. When the rotation moves past a cut, the cut is
// joined again, which adds the next stretch to the tree. The rotation
// itself (llvm::LoopRotation, with the loop pass's order, settings and
// ScalarEvolution) sees the same loop, preheader and exits, and the cut
// code is never part of what it reads. Where a loop is not reachable with
// the cuts made (a CFG that does not run the outermost loops in the order
// they are visited), every cut is joined and the tree recomputed.
//
//===----------------------------------------------------------------------===//
#include "RotateLoops.h"
#include "llvm/ADT/PriorityWorklist.h"
#include "llvm/ADT/SmallPtrSet.h"
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

namespace {

/// The cuts: terminators of exit blocks sent to placeholder blocks that end
/// in unreachable, each with the successors it had.
class Cuts {
public:
  Cuts(Function &F, DominatorTree &DT) : F(F), DT(DT) {}

  /// Cuts after each exit block of \p L (not already cut).
  void cutAfter(const Loop &L) {
    SmallVector<BasicBlock *, 4> Exits;
    L.getUniqueExitBlocks(Exits);
    for (BasicBlock *E : Exits) {
      Instruction *Term = E->getTerminator();
      if (!Term || Term->getNumSuccessors() == 0 || !Blocks.insert(E).second ||
          !isa<BranchInst, SwitchInst>(Term))
        continue;
      // A placeholder of its own: a block with thousands of predecessors
      // would make each tree update walk them.
      Cut C{E, BasicBlock::Create(F.getContext(), "", &F), {}};
      new UnreachableInst(F.getContext(), C.Placeholder);
      for (unsigned I = 0, N = Term->getNumSuccessors(); I != N; ++I) {
        C.Succs.push_back(Term->getSuccessor(I));
        Term->setSuccessor(I, C.Placeholder);
      }
      ByLoop[&L].push_back(All.size());
      All.push_back(std::move(C));
    }
  }

  /// Joins the cuts made after \p Loops, keeping the tree up to date.
  void join(ArrayRef<const Loop *> Loops) {
    for (const Loop *L : Loops)
      for (unsigned I : ByLoop.lookup(L))
        if (All[I].Block)
          joinCut(All[I]);
  }

  /// Joins every cut; the tree is recomputed.
  void joinAll() {
    for (Cut &C : All)
      if (C.Block)
        restore(C);
    All.clear();
    ByLoop.clear();
    DT.recalculate(F);
  }

  /// Joins the cuts left, keeping the tree up to date.
  void finish() {
    for (Cut &C : All)
      if (C.Block)
        joinCut(C);
  }

private:
  struct Cut {
    BasicBlock *Block; ///< null once joined
    BasicBlock *Placeholder;
    SmallVector<BasicBlock *, 2> Succs;
  };

  /// The terminator's successors back; the placeholder goes.
  void restore(Cut &C) {
    Instruction *Term = C.Block->getTerminator();
    for (unsigned I = 0, N = C.Succs.size(); I != N; ++I)
      Term->setSuccessor(I, C.Succs[I]);
    if (DT.getNode(C.Placeholder))
      DT.eraseNode(C.Placeholder);
    C.Placeholder->eraseFromParent();
    C.Block = nullptr;
  }

  void joinCut(Cut &C) {
    SmallVector<DominatorTree::UpdateType, 4> Updates;
    for (BasicBlock *S : C.Succs)
      Updates.push_back({DominatorTree::Insert, C.Block, S});
    Updates.push_back({DominatorTree::Delete, C.Block, C.Placeholder});
    Instruction *Term = C.Block->getTerminator();
    for (unsigned I = 0, N = C.Succs.size(); I != N; ++I)
      Term->setSuccessor(I, C.Succs[I]);
    DT.applyUpdates(Updates); // the placeholder is unreachable now
    if (DT.getNode(C.Placeholder))
      DT.eraseNode(C.Placeholder);
    C.Placeholder->eraseFromParent();
    C.Block = nullptr;
  }

  Function &F;
  DominatorTree &DT;
  std::vector<Cut> All;
  SmallPtrSet<BasicBlock *, 16> Blocks;
  DenseMap<const Loop *, SmallVector<unsigned, 2>> ByLoop;
};

} // namespace

PreservedAnalyses rotateLoops(Function &F, FunctionAnalysisManager &FAM,
                              unsigned CutEvery) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  if (LI.empty())
    return PreservedAnalyses::all();
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  AssumptionCache &AC = FAM.getResult<AssumptionAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  TargetLibraryInfo &TLI = FAM.getResult<TargetLibraryAnalysis>(F);
  TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(F);
  const SimplifyQuery SQ(F.getDataLayout(), &TLI, &DT, &AC);
  // LoopRotatePass with its defaults (header duplication, not for LTO).
  unsigned DefaultThreshold =
      llvmOption<unsigned>("rotation-max-header-size", 16);
  bool PrepareForLTO = llvmOption<bool>("rotation-prepare-for-lto", false);

  // The loop pass manager's order: outermost loops in program order, the
  // loops inside each before it, innermost first.
  SmallPriorityWorklist<Loop *, 4> Worklist;
  appendLoopsToWorklist(LI, Worklist);

  // The outermost loops in the order they come, and a cut after every
  // CutEvery-th (-ktime-rotate-stretch): the tree updates inside a stretch
  // walk at most that many loops, and the stretches are joined (a tree
  // update each) that much less often.
  SmallVector<const Loop *, 8> Order;
  {
    SmallPriorityWorklist<Loop *, 4> Copy;
    appendLoopsToWorklist(LI, Copy);
    while (!Copy.empty())
      if (Loop *L = Copy.pop_back_val(); !L->getParentLoop())
        Order.push_back(L);
  }
  Cuts C(F, DT);
  bool Cutting = CutEvery && Order.size() > CutEvery;
  if (Cutting) {
    for (size_t I = CutEvery - 1; I + 1 < Order.size(); I += CutEvery)
      C.cutAfter(*Order[I]);
    DT.recalculate(F);
  }

  bool Changed = false;
  const Loop *Current = nullptr;
  SmallVector<const Loop *, 8> Done;
  while (!Worklist.empty()) {
    Loop *L = Worklist.pop_back_val();
    const Loop *Top = L->getOutermostLoop();
    if (Cutting && Top != Current) {
      // Join the cuts after the outermost loops done so far.
      C.join(Done);
      Done.clear();
      Current = Top;
    }
    if (Cutting && !DT.isReachableFromEntry(L->getHeader())) {
      C.joinAll();
      Cutting = false;
    }
    int Threshold =
        !F.hasMinSize() || hasVectorizeTransformation(L) == TM_ForcedByUser
            ? DefaultThreshold
            : 0;
    Changed |= LoopRotation(L, &LI, &TTI, &AC, &DT, &SE, /*MSSAU=*/nullptr, SQ,
                            /*RotationOnly=*/false, Threshold,
                            /*IsUtilMode=*/false, PrepareForLTO);
    if (Cutting && L == Top)
      Done.push_back(Top);
  }
  C.finish();
  if (!Changed)
    return PreservedAnalyses::all();
  // What the loop pass adaptor preserves after loop-rotate.
  PreservedAnalyses PA = getLoopPassPreservedAnalyses();
  PA.preserve<DominatorTreeAnalysis>();
  PA.preserve<LoopAnalysis>();
  PA.preserve<ScalarEvolutionAnalysis>();
  return PA;
}

} // namespace ktime
