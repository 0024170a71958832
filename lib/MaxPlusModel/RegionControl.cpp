//===- RegionControl.cpp - What the branches of a region mean -------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// For each branch of a region (the function body, or one iteration of a
/// loop with its sub-loops collapsed into their headers) whose condition is
/// data or which UniformityInfo calls divergent: the blocks on each side
/// between the branch and its immediate post-dominator. A data condition
/// becomes arcs into every node of those blocks; a divergent branch with two
/// or more non-empty, disjoint sides runs them one after the other
/// (docs/models/maxplus.md, "Branches"). Tested through test/MaxPlus.
///
//===----------------------------------------------------------------------===//

#include "MaxPlusModelImpl.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {

const Loop *directSubLoop(const LoopInfo &LI, const Loop *L,
                          const BasicBlock *BB) {
  const Loop *In = LI.getLoopFor(BB);
  if (In == L)
    return nullptr;
  while (In && In->getParentLoop() != L)
    In = In->getParentLoop();
  return In;
}

namespace {

/// The region's view of the CFG: each block directly in it stands for
/// itself, a sub-loop's blocks for its header; back edges and exits leave.
class RegionCFG {
public:
  RegionCFG(const Loop *L, const LoopInfo &LI) : L(L), LI(LI) {}

  const BasicBlock *node(const BasicBlock *BB) const {
    if (L && (!L->contains(BB) || BB == L->getHeader()))
      return nullptr;
    const Loop *Sub = directSubLoop(LI, L, BB);
    return Sub ? Sub->getHeader() : BB;
  }

  SmallVector<const BasicBlock *, 4> successors(const BasicBlock *N) const {
    SmallVector<const BasicBlock *, 4> R;
    auto Add = [&](const BasicBlock *BB) {
      if (const BasicBlock *RN = node(BB))
        if (!is_contained(R, RN))
          R.push_back(RN);
    };
    if (const Loop *Sub = directSubLoop(LI, L, N)) {
      SmallVector<BasicBlock *, 4> Exits;
      Sub->getUniqueExitBlocks(Exits);
      for (const BasicBlock *E : Exits)
        Add(E);
    } else {
      for (const BasicBlock *S : llvm::successors(N))
        Add(S);
    }
    return R;
  }

  /// The region nodes reachable from \p Start before \p Join.
  std::set<const BasicBlock *> side(const BasicBlock *Branch,
                                    const BasicBlock *Start,
                                    const BasicBlock *Join) const {
    std::set<const BasicBlock *> Side;
    SmallVector<const BasicBlock *, 8> Work;
    if (Start != Join)
      Work.push_back(Start);
    while (!Work.empty()) {
      const BasicBlock *N = Work.pop_back_val();
      if (N == Branch || !Side.insert(N).second)
        continue;
      for (const BasicBlock *Next : successors(N))
        if (Next != Join)
          Work.push_back(Next);
    }
    return Side;
  }

private:
  const Loop *L;
  const LoopInfo &LI;
};

const Value *conditionOf(const BasicBlock &BB) {
  if (const auto *Br = dyn_cast<BranchInst>(BB.getTerminator()))
    return Br->isConditional() ? Br->getCondition() : nullptr;
  if (const auto *Sw = dyn_cast<SwitchInst>(BB.getTerminator()))
    return Sw->getCondition();
  return nullptr;
}

} // namespace

RegionControl analyseRegionControl(const Loop *L,
                                   ArrayRef<const BasicBlock *> RPO,
                                   const LoopInfo &LI, PostDominatorTree &PDT,
                                   UniformityInfo &UI,
                                   const DenseSet<const Value *> &Data) {
  RegionControl Result;
  RegionCFG CFG(L, LI);
  for (const BasicBlock *BB : RPO) {
    if ((L && !L->contains(BB)) || directSubLoop(LI, L, BB))
      continue;
    SmallVector<const BasicBlock *, 4> Succs = CFG.successors(BB);
    if (Succs.size() < 2)
      continue;
    const Value *Cond = conditionOf(*BB);
    bool DataCond = Cond && Data.count(Cond);
    bool IsDivergent = UI.hasDivergentTerminator(*BB);
    if (!DataCond && !IsDivergent)
      continue;
    const BasicBlock *Join = nullptr;
    if (DomTreeNode *DN = PDT.getNode(BB))
      if (DomTreeNode *IP = DN->getIDom())
        if (IP->getBlock())
          Join = CFG.node(IP->getBlock());
    std::vector<std::set<const BasicBlock *>> Sides;
    for (const BasicBlock *Start : Succs)
      Sides.push_back(CFG.side(BB, Start, Join));
    if (DataCond)
      for (const auto &Side : Sides)
        for (const BasicBlock *N : Side)
          if (!is_contained(Result.Conditions[N], Cond))
            Result.Conditions[N].push_back(Cond);
    if (!IsDivergent)
      continue;
    std::vector<std::set<const BasicBlock *>> NonEmpty;
    std::set<const BasicBlock *> Seen;
    bool Overlap = false;
    for (auto &Side : Sides) {
      if (Side.empty())
        continue;
      for (const BasicBlock *N : Side)
        Overlap |= !Seen.insert(N).second;
      NonEmpty.push_back(std::move(Side));
    }
    if (Overlap)
      Result.Notes.push_back(
          "a divergent branch whose sides meet before their common end (not "
          "an if-else) is taken as uniform: its sides overlap in time");
    else if (NonEmpty.size() >= 2)
      Result.Divergents.push_back({BB, std::move(NonEmpty)});
  }
  return Result;
}

} // namespace ktime
