//===- ThreadModelImpl.h - Internals of the per-thread model --------------===//
//
// The pieces computeThreadModel (ThreadModel.cpp) wires together: the cost of
// one basic block (BlockCost.cpp) and of an acyclic region of blocks and
// collapsed loops (RegionCost.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_THREAD_THREADMODELIMPL_H
#define KERNELTIME_THREAD_THREADMODELIMPL_H

#include "Cycles.h"
#include "KernelTime/Thread.h"

#include <functional>

namespace llvm {
class BasicBlock;
class Instruction;
class Loop;
class LoopInfo;
class PostDominatorTree;
} // namespace llvm

namespace ktime {

/// What running a piece of code once costs one thread: the latency of its
/// critical path, the issue cycles of its instructions, and its barriers.
struct NodeCost {
  Cycles Lat;
  Cycles Del;
  Expr Barriers;
};

NodeCost operator+(const NodeCost &A, const NodeCost &B);
/// Each quantity the larger of the two (a uniform branch's longer side).
NodeCost maxNodeCost(const NodeCost &A, const NodeCost &B);

/// The cost of one instruction as the block summary needs it.
struct InstrTiming {
  Cycles Lat;    ///< when its result is ready after it issues
  Cycles Del;    ///< issue cycles
  bool Awaited;  ///< false for stores and other results nobody waits for
  Expr Barriers; ///< barriers it passes (a call: the callee's)
  /// A call whose callee the warp runs before going on (a device function
  /// that survived inlining): nothing after it in the block issues before
  /// its time has passed, so two calls run one after the other.
  bool Sequential = false;
};

/// lat (critical path of the data dependencies inside the block, with the
/// MaxPlus core), del (sum of delays) and barriers of \p BB.
NodeCost summarizeBlock(
    const llvm::BasicBlock &BB,
    const std::function<InstrTiming(const llvm::Instruction &)> &Timing);

/// Callbacks the region walk needs.
struct RegionCallbacks {
  std::function<NodeCost(const llvm::BasicBlock &)> Block;
  std::function<NodeCost(const llvm::Loop &)> Loop;
  /// True if the branch ending \p BB may go different ways for the threads
  /// of one warp.
  std::function<bool(const llvm::BasicBlock &)> IsDivergent;
  /// Optional: whether some lane takes a divergent branch's edge. A node
  /// on one side only (before the branch's post-dominator) is weighted by
  /// it, the weights of nested branches multiplying.
  BranchReach Reach;
  /// The nominal latencies, for weighted costs (needed with Reach).
  const NominalLatencies *Nominal = nullptr;
};

/// The cost of one pass through the blocks directly in \p L (the function
/// body when \p L is null), sub-loops collapsed into compound nodes: the
/// longer side of a uniform branch, both sides of a divergent one (each
/// weighted by CB.Reach when it says whether some lane takes it). Notes
/// irreducible control flow in \p Assumptions.
NodeCost summarizeRegion(const llvm::Loop *L, const llvm::BasicBlock &Entry,
                         llvm::LoopInfo &LI, llvm::PostDominatorTree &PDT,
                         const RegionCallbacks &CB,
                         std::vector<std::string> &Assumptions);

} // namespace ktime

#endif // KERNELTIME_THREAD_THREADMODELIMPL_H
