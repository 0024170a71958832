//===- MaxPlusModelImpl.h - Internals of the max-plus kernel model --------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The pieces that turn a function into kernel graphs: which values are
/// data (DataValues.cpp), what the branches of a region mean
/// (RegionControl.cpp), a region cut into fragments with its loops and calls
/// reduced (MaxPlusGraph.cpp), and the graph of one fragment
/// (FragmentGraph.cpp). MaxPlusModel.cpp wires them to the options.
///
//===----------------------------------------------------------------------===//

#ifndef KERNELTIME_MAXPLUSMODEL_MAXPLUSMODELIMPL_H
#define KERNELTIME_MAXPLUSMODEL_MAXPLUSMODELIMPL_H

#include "KernelTime/Cost.h"
#include "KernelTime/MaxPlusModel.h"
#include "KernelTime/Thread.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/UniformityAnalysis.h"

#include <memory>
#include <set>

namespace llvm {
class BasicBlock;
class CallBase;
class Instruction;
class Loop;
class LoopInfo;
class ModuleSlotTracker;
class PostDominatorTree;
class Value;
} // namespace llvm

namespace ktime {

/// The values of \p F that are states of data (docs/models/maxplus.md):
/// everything computed from a value read from memory (or returned by a call
/// that may read memory), and everything that flows into a value written to
/// memory, passed to a call with side effects, or returned. The rest are
/// index computations (addresses and branch conditions from parameters,
/// thread ids and constants), which the paper leaves out of the graph.
llvm::DenseSet<const llvm::Value *> findDataValues(const llvm::Function &F);

/// The direct sub-loop of \p L (null: the function body) containing \p BB,
/// or null if \p BB is directly in \p L.
const llvm::Loop *directSubLoop(const llvm::LoopInfo &LI, const llvm::Loop *L,
                                const llvm::BasicBlock *BB);

/// What the branches of one region (the function body, or one iteration of
/// a loop with its sub-loops collapsed) mean for its graphs.
struct RegionControl {
  /// Per region block (a sub-loop: its header), the conditions computed
  /// from data of the branches it depends on.
  llvm::DenseMap<const llvm::BasicBlock *,
                 llvm::SmallVector<const llvm::Value *, 2>>
      Conditions;
  /// A divergent branch whose non-empty sides run one after the other.
  struct Divergent {
    const llvm::BasicBlock *Branch;
    std::vector<std::set<const llvm::BasicBlock *>> Sides;
  };
  std::vector<Divergent> Divergents;
  std::vector<std::string> Notes;
};

/// The region of \p L (null: the function body): for every branch in it
/// whose condition is data or which UniformityInfo calls divergent, the
/// blocks between it and its post-dominator on each side.
RegionControl analyseRegionControl(
    const llvm::Loop *L, llvm::ArrayRef<const llvm::BasicBlock *> RPO,
    const llvm::LoopInfo &LI, llvm::PostDominatorTree &PDT,
    llvm::UniformityInfo &UI, const llvm::DenseSet<const llvm::Value *> &Data);

/// What a loop or a called function looks like from outside, once reduced.
struct CompoundSummary {
  MPTime Time;
  /// Writes memory (a store, an atomic, a call with side effects).
  bool Writes = false;
  /// Contains a barrier: a fragment of its own.
  bool Barrier = false;
  /// Global (serialised) accesses, and their bytes per execution.
  bool GlobalReads = false, GlobalWrites = false;
  Expr ReadBytes, WriteBytes;
};

/// One element of a region: an instruction directly in it, or a sub-loop.
struct RegionItem {
  const llvm::Instruction *I = nullptr;
  const llvm::Loop *Sub = nullptr;
  /// The block, or the sub-loop's header.
  const llvm::BasicBlock *Block = nullptr;
};

/// One region as the fragment builder sees it.
struct Region {
  const llvm::Loop *L = nullptr;
  std::vector<RegionItem> Items;
  llvm::DenseMap<const llvm::Instruction *, CostInfo> Costs;
  /// Serialised accesses of one round (the region once, sub-loops and
  /// calls aside): bytes in total and before each access, program order.
  Rational RoundRead, RoundWrite;
  llvm::DenseMap<const llvm::Instruction *, Rational> ReadBefore, WriteBefore;
  /// Global bytes of one pass through the region, sub-loops and calls
  /// included.
  Expr IterRead, IterWrite;
  /// Item indices, fragment by fragment.
  std::vector<std::vector<size_t>> Fragments;
  llvm::DenseMap<const llvm::Instruction *, unsigned> InstrFragment;
  llvm::DenseMap<const llvm::Loop *, unsigned> SubFragment;
  RegionControl Control;
  /// Header phis become State / Carry pairs (a loop without barriers).
  bool Recurrence = false;
};

/// Builds the graphs of one function and of the functions it calls.
class GraphBuilder {
public:
  GraphBuilder(llvm::FunctionAnalysisManager &FAM, const CostModel &Costs,
               const MaxPlusModelOptions &O, const MaxPlusGpuInputs &Gpu,
               const Bindings &Bind, MaxPlusKernelModel &Out)
      : O(O), Gpu(Gpu), Bind(Bind), FAM(FAM), Costs(Costs), Out(Out) {}

  /// The model of \p F's body; \p Top: the kernel itself, whose fragments
  /// are the result's.
  CompoundSummary buildFunction(llvm::Function &F, bool Top);

  // What FragmentBuilder asks.
  std::string name(const llvm::Value *V) const;
  void note(std::string Text);
  bool isData(const llvm::Value *V) const;
  const llvm::LoopInfo &loopInfo() const;
  /// The summary of a loop of the function, as a node of region \p R (its
  /// trip count's dependence on \p R's iteration number averaged).
  CompoundSummary loopSummary(const llvm::Loop *Sub, const Region &R) const;
  std::string loopName(const llvm::Loop *L) const;
  /// The summary of a call to a defined function; std::nullopt for a
  /// declaration, an indirect call or recursion.
  std::optional<CompoundSummary> callSummary(const llvm::CallBase &Call);
  /// The fragment of \p R an instruction is in; -1 outside the region.
  int fragmentOf(const Region &R, const llvm::Instruction *U) const;

  const MaxPlusModelOptions &O;
  const MaxPlusGpuInputs &Gpu;
  const Bindings &Bind;

private:
  struct FunctionState;
  CompoundSummary buildLoop(const llvm::Loop &L);
  Region makeRegion(const llvm::Loop *L, CompoundSummary &S);
  std::vector<KernelGraph> buildFragments(const Region &R);

  llvm::FunctionAnalysisManager &FAM;
  const CostModel &Costs;
  MaxPlusKernelModel &Out;
  FunctionState *FS = nullptr;
  llvm::SmallPtrSet<const llvm::Function *, 8> InProgress;
  llvm::DenseMap<const llvm::Function *, CompoundSummary> Callees;
};

/// The graph of fragment \p Index of region \p R, pruned, source seeds
/// folded (FragmentGraph.cpp).
KernelGraph buildFragmentGraph(GraphBuilder &B, const Region &R,
                               unsigned Index);

/// Builds the graphs of \p F and fills InstanceCycles, Height, Fragments,
/// Assumptions and Graphs of the result; \p B gives the comparison values.
MaxPlusKernelModel
buildMaxPlusModel(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                  const CostModel &Costs, const MaxPlusModelOptions &O,
                  const MaxPlusGpuInputs &Gpu, const Bindings &B);

} // namespace ktime

#endif // KERNELTIME_MAXPLUSMODEL_MAXPLUSMODELIMPL_H
