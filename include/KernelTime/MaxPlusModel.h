//===- KernelTime/MaxPlusModel.h - The max-plus kernel model ----*- C++ -*-===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Antonyuk & Mikheev's max-plus model of a kernel
/// (docs/models/maxplus.md) over the IR: the kernel graph whose
/// nodes are states of data (loaded values, intermediate results, stored
/// values) and whose arcs carry the target's times, one graph per fragment
/// between barriers; loops and calls reduced to compound nodes; the time of
/// one kernel instance <1_o, Z^k (x) 1_i> in three variants (naive, with
/// operation times, with serialised global memory) and the total
/// ceil(N/n) x instance for N threads on n executors.
///
/// The pure graph functions (KernelGraph, graphTime, pruneGraph,
/// reduceSeriesParallel, loopTime) know nothing of LLVM IR and are tested by
/// unittests/MaxPlusModel; computeMaxPlusModel builds the graphs from a
/// kernel (lib/MaxPlusModel/MaxPlusGraph.cpp) and is tested through
/// print<kernel-time-maxplus> in test/MaxPlus.
///
//===----------------------------------------------------------------------===//

#ifndef KERNELTIME_MAXPLUSMODEL_H
#define KERNELTIME_MAXPLUSMODEL_H

#include "KernelTime/Expr.h"
#include "KernelTime/MaxPlus.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class raw_ostream;
} // namespace llvm

namespace ktime {

class CostModel;
struct GpuTarget;

//===----------------------------------------------------------------------===//
// Times
//===----------------------------------------------------------------------===//

/// A time in cycles: an expression (in lat.* symbols, trip counts,
/// parameters) and, when the comparison bindings give every symbol a value,
/// that value. The larger of two times with values is the one with the
/// larger value (so a critical path stays a sum); without values it is the
/// symbolic max.
struct MPTime {
  Expr E;
  std::optional<double> Nominal;

  /// Zero.
  MPTime() : Nominal(0.0) {}
  /// \p E with its value under \p B, if every symbol is bound there.
  MPTime(Expr E, const Bindings &B);

  friend MPTime operator+(const MPTime &A, const MPTime &B);
  /// This time \p Count times (\p B gives the product's value).
  MPTime times(const Expr &Count, const Bindings &B) const;
  bool isZero() const { return E.isConstant() && E.getConstant()->isZero(); }
};

/// The larger of \p A and \p B (see MPTime).
MPTime maxTime(const MPTime &A, const MPTime &B);

llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, const MPTime &T);

} // namespace ktime

namespace ktime::maxplus {
/// MPTime forms the max-plus semiring the kernel graphs are weighted in.
template <> struct Semiring<ktime::MPTime> {
  static ktime::MPTime oplus(const ktime::MPTime &A, const ktime::MPTime &B) {
    return ktime::maxTime(A, B);
  }
  static ktime::MPTime otimes(const ktime::MPTime &A, const ktime::MPTime &B) {
    return A + B;
  }
  static ktime::MPTime one() { return ktime::MPTime(); }
};
} // namespace ktime::maxplus

namespace ktime {

//===----------------------------------------------------------------------===//
// Kernel graphs (pure)
//===----------------------------------------------------------------------===//

/// What a node of a kernel graph stands for.
enum class KGNodeKind {
  Load,     ///< a value read from memory (an input unless its address
            ///< depends on data); its arcs carry the read time t
  Op,       ///< an operation's result; its self-loop is the operation
            ///< time tau (not in the naive variant)
  Store,    ///< a value written to memory (an output); the arcs into it
            ///< carry the write time T; also atomics
  Compound, ///< a loop or a called function reduced to one node (Table 1);
            ///< its self-loop is its whole time
  LiveIn,   ///< a value from before the fragment or the loop, ready at 0
  State,    ///< a loop-carried value at the start of an iteration (a
            ///< header phi); Pair is its Carry
  Carry,    ///< the value a State takes in the next iteration
  LiveOut,  ///< a value used after the fragment or the loop (an output)
  Index,    ///< indices, parameters and constants, ready at 0 (feeds
            ///< stores that depend on no data)
  Sync      ///< a divergent branch's reconvergence between its sides
};

/// "load", "op", "store", "compound", "live-in", "state", "carry",
/// "live-out", "index", "sync".
llvm::StringRef getNodeKindName(KGNodeKind K);

struct KGNode {
  KGNodeKind Kind = KGNodeKind::Op;
  std::string Label;
  /// An output: its arrival counts in the graph's time.
  bool Output = false;
  /// State: its Carry node; Carry: its State node.
  int Pair = -1;
  /// Serialised variant: the node may not start before Seed (a global
  /// read's slot in the queue of the n executors' reads). foldSourceSeeds
  /// moves the seed of a node without incoming arcs onto its outgoing arcs,
  /// where the paper writes it (t + (2n - 2) dt).
  std::optional<MPTime> Seed;
  /// Serialised variant, inside a loop body: in iteration k (0-based) the
  /// node may not start before Seed + k x ReadRate (a global read waits for
  /// one more round of the n executors' reads per iteration) and the arcs
  /// into it (a compound: its self-loop) grow by k x WriteRate.
  std::optional<MPTime> ReadRate, WriteRate;
};

/// One kernel graph: the paper's matrix Z over the nodes. Entry (i, j) of Z
/// is the time of the arc j -> i; a self-loop is an operation time.
struct KernelGraph {
  std::vector<KGNode> Nodes;
  maxplus::SparseMatrix<MPTime> Z;

  unsigned addNode(KGNodeKind K, std::string Label);
  /// Arc From -> To; a second arc between the same nodes keeps the larger
  /// time (the parallel rule of Table 1).
  void addArc(unsigned From, unsigned To, const MPTime &W);
  void setSelfLoop(unsigned Node, const MPTime &W);
  unsigned size() const { return static_cast<unsigned>(Nodes.size()); }
  size_t numArcs() const { return Z.numEntries(); }
  /// The paper's 1_i: nodes without incoming arcs (self-loops aside).
  std::vector<unsigned> inputs() const;
  /// The paper's 1_o: nodes marked Output.
  std::vector<unsigned> outputs() const;
};

/// <1_o, Z* (x) 1_i> by the sparse sweep (maxplus::arrivalTimes, the
/// inputs ready at 0, seeded nodes not before their Seed): the latest
/// output. Zero when no output is reachable (nothing to wait for) or the
/// graph has a cycle (which the builder never makes).
MPTime graphTime(const KernelGraph &G);

/// Moves the Seed of every node without incoming arcs (outputs aside) onto
/// its outgoing arcs: the same times, in the paper's form of Z3.
void foldSourceSeeds(KernelGraph &G);

/// The paper's height k of the graph (maxplus::height, self-loops counted
/// once); 0 for a cyclic graph.
unsigned graphHeight(const KernelGraph &G);

/// The paper's literal <1_o, Z^k (x) 1_i> with k the height, by dense matrix
/// powers; std::nullopt if no output is reachable in exactly k steps, a
/// node has a Seed or is both input and output (the paper's never are), or
/// the graph has more than \p MaxNodes nodes. Equal to
/// graphTime on layered graphs (docs/maxplus.md).
std::optional<MPTime> denseGraphTime(const KernelGraph &G,
                                     unsigned MaxNodes = 64);

/// The graph without the nodes from which no output and no Carry can be
/// reached (they cannot change any time).
KernelGraph pruneGraph(const KernelGraph &G);

/// Table 1 applied until nothing changes: a node that is neither input,
/// output, State nor Carry and has no Seed, with exactly one arc in (from u)
/// and one arc out (to w), is replaced by the arc u -> w with time z_vu +
/// loop(v) + z_wv (series: the sum), kept as the larger if u -> w exists
/// (parallel: the max). The result has the same graphTime.
KernelGraph reduceSeriesParallel(const KernelGraph &G);

/// The time of a loop whose body is \p Body (one iteration; State / Carry
/// pairs are the loop-carried values) for \p Trip iterations.
struct LoopTime {
  /// The loop's whole time from its start.
  MPTime Time;
  /// One iteration, with the carried values ready at the start.
  MPTime FirstIteration;
  /// The recurrence matrix over the State nodes: A(p, q) = the longest path
  /// from State q to Carry p in one iteration.
  maxplus::SparseMatrix<MPTime> Recurrence;
  /// The state nodes, in the order of Recurrence's rows.
  std::vector<unsigned> States;
  /// The maximum cycle mean of Recurrence (its eigenvalue), when it has a
  /// cycle, and the critical cycle (indices into States).
  std::optional<MPTime> Lambda;
  std::vector<unsigned> CriticalCycle;
  /// True if Time was computed by unrolling all iterations.
  bool Unrolled = false;
  std::vector<std::string> Notes;
};

/// A constant trip count up to \p MaxUnroll is unrolled exactly (the
/// paper), iteration k's carried values seeding iteration k + 1. Any other
/// trip count gives
///   Time = max(FirstIteration + (Trip - 1) x Lambda, Last)
/// (ours: the recurrence grows by its maximum cycle mean per iteration;
/// Last is one iteration with the serialisation delays of iteration
/// Trip - 1, or FirstIteration when there are none). \p B gives values for
/// the comparisons.
LoopTime loopTime(const KernelGraph &Body, const Expr &Trip, const Bindings &B,
                  unsigned MaxUnroll);

/// Prints the nodes, one per line ("  3 store (%s) [output]"), and, for at
/// most \p MaxMatrixNodes nodes, the matrix Z.
void printKernelGraph(const KernelGraph &G, llvm::raw_ostream &OS,
                      unsigned Indent, unsigned MaxMatrixNodes = 12);

//===----------------------------------------------------------------------===//
// The model of a kernel
//===----------------------------------------------------------------------===//

struct MaxPlusModelOptions {
  enum Variant {
    Naive,     ///< the paper's Z1: memory times only
    WithOps,   ///< Z2: operation times as self-loops
    Serialised ///< Z3: WithOps and global accesses serialised over the
               ///< n executors
  };
  Variant V = WithOps;
  /// n, the kernel copies executing at once; 0: the target's resident
  /// threads (sm.count x limits.threads_per_sm), at most Threads.
  double Executors = 0;
  /// N, the kernel copies of the launch (threads); 0: unknown, no total.
  double Threads = 0;
  /// Values for symbols: parameters (argN or their names), trip counts
  /// (trip.L12), and lat.* (by default the target's nominal latencies).
  Bindings Symbols;
  /// Constant trip counts up to this are unrolled exactly.
  unsigned MaxUnroll = 1024;
};

/// "naive", "ops", "serialised".
llvm::StringRef getVariantName(MaxPlusModelOptions::Variant V);

/// The GPU-dependent inputs of the model and where they came from.
struct MaxPlusGpuInputs {
  /// n.
  double Executors = 0;
  /// "option", or "sm.count x limits.threads_per_sm" (and "= N" when the
  /// launch is smaller).
  std::string ExecutorsFrom;
  /// N, when known.
  std::optional<double> Threads;
  /// SM cycles per byte of global memory traffic of the whole GPU:
  /// SmClockMHz / (1000 x dram.bandwidth_gbs). dt (dT) of an access is its
  /// bytes times this: the interval between consecutive accesses of
  /// different executors when the GPU's DRAM bandwidth is shared by all.
  Rational CyclesPerByte;
};

/// n, N and the cycles per byte for \p T and \p O.
MaxPlusGpuInputs getMaxPlusGpuInputs(const GpuTarget &T,
                                     const MaxPlusModelOptions &O);

/// One graph the model built, for print<kernel-time-maxplus>.
struct MaxPlusGraphReport {
  /// "fragment 1", "loop L7 body", "function f fragment 1".
  std::string Title;
  KernelGraph Graph;
  unsigned Height = 0;
  /// graphTime (a fragment) or the first iteration (a loop body).
  MPTime Time;
  /// The paper's dense form for small graphs.
  std::optional<MPTime> DenseTime;
  /// Nodes and arcs after reduceSeriesParallel.
  unsigned ReducedNodes = 0, ReducedArcs = 0;
  /// Loop bodies only.
  std::optional<LoopTime> Loop;
  Expr Trip;
};

struct MaxPlusKernelModel {
  MaxPlusModelOptions::Variant V = MaxPlusModelOptions::WithOps;
  /// The time of one kernel instance: the sum of its fragments' times.
  Expr InstanceCycles;
  /// Its value under the options' symbols and the nominal latencies.
  std::optional<double> InstanceValue;
  /// The largest height of a fragment of the kernel body.
  unsigned Height = 0;
  /// Fragments of the kernel body (barriers split it; a loop containing
  /// a barrier is a fragment of its own).
  unsigned Fragments = 0;
  MaxPlusGpuInputs Gpu;
  /// ceil(N / n) x InstanceValue, when N is known and the instance bound.
  std::optional<double> TotalCycles;
  std::vector<std::string> Assumptions;
  std::vector<MaxPlusGraphReport> Graphs;
};

/// The max-plus model of kernel \p F (or a device function) with the costs
/// of \p Costs. Never changes \p F.
MaxPlusKernelModel computeMaxPlusModel(llvm::Function &F,
                                       llvm::FunctionAnalysisManager &FAM,
                                       const CostModel &Costs,
                                       const MaxPlusModelOptions &O);

/// Prints \p M as print<kernel-time-maxplus> does.
void printMaxPlusModel(const MaxPlusKernelModel &M, llvm::raw_ostream &OS);

} // namespace ktime

#endif // KERNELTIME_MAXPLUSMODEL_H
