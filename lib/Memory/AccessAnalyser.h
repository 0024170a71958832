//===- AccessAnalyser.h - One access's pattern and counts -------*- C++ -*-===//
//
// Private to the Memory stage: the state MemoryAnalysis keeps for a kernel
// (its loops, trips, thread dependence, the modelled warp and its lane
// conditions) and AccessAnalyser, which turns one access's address into its
// pattern and counts (AccessAnalyser.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_MEMORY_ACCESSANALYSER_H
#define KERNELTIME_MEMORY_ACCESSANALYSER_H

#include "KernelTime/Memory.h"
#include "KernelTime/Thread.h"
#include "MemoryImpl.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ktime {

struct MemoryAnalysis::Impl {
  Impl(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
       const GpuTarget &T, std::optional<std::array<unsigned, 3>> BlockDim)
      : LI(FAM.getResult<llvm::LoopAnalysis>(F)),
        SE(FAM.getResult<llvm::ScalarEvolutionAnalysis>(F)),
        DT(FAM.getResult<llvm::DominatorTreeAnalysis>(F)), Dep(F),
        Trips(computeLoopTrips(F, LI, SE)),
        Builder(F, SE, LI, Dep, names(), Trips),
        Layout(memory::WarpLayout::make(BlockDim, T.WarpSize)),
        Conditions(Builder, Layout) {}

  llvm::DenseMap<const llvm::Loop *, std::string> names() const {
    llvm::DenseMap<const llvm::Loop *, std::string> N;
    for (const LoopTrip &T : Trips)
      N[T.TheLoop] = T.Name;
    return N;
  }
  const LoopTrip *trip(const llvm::Loop *L) const {
    return findLoopTrip(Trips, L);
  }
  /// The lanes of the modelled warp that reach \p BB, from the branches
  /// whose edges dominate it with a lane mask known for every lane.
  llvm::BitVector laneMask(const llvm::BasicBlock *BB);
  /// True if a branch or a loop exit whose condition differs between
  /// threads decides whether \p BB runs: its dominating edges and the
  /// exits of the loops around it.
  bool runsOnSomeThreads(const llvm::BasicBlock *BB) const;
  /// The lanes that take the edge Branch -> Succ of a two-way conditional
  /// branch; std::nullopt for any other edge or an unknown condition.
  /// Worked out once per edge (every access below a branch asks).
  std::optional<memory::LaneCondition>
  edgeCondition(const llvm::BasicBlock &Branch, const llvm::BasicBlock &Succ) {
    auto [It, New] = EdgeConditions.try_emplace({&Branch, &Succ});
    if (!New)
      return It->second;
    const auto *Br = llvm::dyn_cast<llvm::BranchInst>(Branch.getTerminator());
    if (!Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1) ||
        !llvm::is_contained(llvm::successors(&Branch), &Succ))
      return std::nullopt;
    std::optional<memory::LaneCondition> C =
        Conditions.evaluate(Br->getCondition(), LI.getLoopFor(&Branch));
    if (C && Br->getSuccessor(1) == &Succ)
      C = Conditions.negate(*C);
    It->second = C;
    return C;
  }

  llvm::LoopInfo &LI;
  llvm::ScalarEvolution &SE;
  llvm::DominatorTree &DT;
  memory::ThreadDependence Dep;
  std::vector<LoopTrip> Trips;
  memory::ExprBuilder Builder;
  memory::WarpLayout Layout;
  memory::LaneConditions Conditions;
  llvm::DenseMap<const llvm::BasicBlock *, llvm::BitVector> Masks;
  llvm::DenseMap<std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>,
                 std::optional<memory::LaneCondition>>
      EdgeConditions;
};

namespace memory {

/// Adds \p Text to \p A's assumptions once.
void addAssumption(AccessInfo &A, std::string Text);

/// Fills pattern and counts of \p A from the offsets of its active lanes.
class AccessAnalyser {
public:
  AccessAnalyser(MemoryAnalysis::Impl &I, const GpuTarget &T,
                 const std::map<std::string, Expr> &Sizes)
      : I(I), T(T), Sizes(Sizes) {}
  /// \p Side: the part of an access through a pointer each lane chooses
  /// (findPointerChoice) that this is.
  AccessAddress analyse(AccessInfo &A, const llvm::Value *Ptr,
                        std::optional<ChosenSide> Side = std::nullopt);

private:
  void scattered(AccessInfo &A, const std::string &Why);
  void unknown(AccessInfo &A, const std::string &Why);
  /// A shared access of a block whose warps straddle rows unevenly, every
  /// lane active: its wavefronts as the mean over the block's warps.
  void meanOverBlockWarps(AccessInfo &A, const Expr &Offset);
  /// A global or local load's L1 data wavefronts (L1DataWavefronts) from
  /// its lanes' byte addresses \p Addr, placed as the banks see them.
  void countL1Banks(llvm::ArrayRef<int64_t> Addr, AccessInfo &A);
  /// Returns true when the rows were counted moved apart by at most
  /// \p RowSpread bytes (fewer sectors than rows at unrelated addresses).
  bool count(AccessInfo &A, llvm::ArrayRef<unsigned> Lanes,
             llvm::ArrayRef<int64_t> Offsets, int64_t Mod, int64_t Residue,
             bool RowsApart, std::optional<int64_t> RowSpread = std::nullopt);

  /// The row of loop \p L for an address off \p Base whose offset has the
  /// constant part \p Own: \p Stride (the loop's step in bytes), or the
  /// spacing of the unrolled copies of one access, the greatest common
  /// divisor of Stride and the differences between Own and the constant
  /// parts of the offsets of L's shifted accesses off Base (those adding a
  /// per-row value computed in L).
  int64_t loopRow(const llvm::Loop *L, const llvm::SCEV *Base, int64_t Stride,
                  int64_t Own);

  MemoryAnalysis::Impl &I;
  const GpuTarget &T;
  const std::map<std::string, Expr> &Sizes;
  /// The constant parts of the offsets of a loop's accesses off a base.
  std::map<std::pair<const llvm::Loop *, const llvm::SCEV *>,
           std::vector<int64_t>>
      LoopConstants;
};

} // namespace memory
} // namespace ktime

#endif // KERNELTIME_MEMORY_ACCESSANALYSER_H
