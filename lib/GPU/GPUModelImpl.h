//===- GPUModelImpl.h - Internals of the kernel-time model ----------------===//
//
// Samples of warps (KernelTimeModel.cpp) and the solver of one wave with its
// bandwidth iterations (WaveSolver.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_GPU_GPUMODELIMPL_H
#define KERNELTIME_GPU_GPUMODELIMPL_H

#include "KernelTime/GPU.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <optional>
#include <utility>

namespace ktime {

/// The traffic quantities of KernelInputs, in its order.
enum TrafficKind : unsigned {
  TrafficGlobal,
  TrafficUncoalesced,
  TrafficL1Hit,
  TrafficL2Hit,
  TrafficSector,
  TrafficSectorMissL1,
  TrafficSectorMissL2,
  TrafficShared,
  TrafficHotAtomics,
  TrafficUncoalescedL1Hit,
  TrafficL1Tag,
  TrafficL1Data,
  TrafficL1PendingHit,
  NumTraffic
};

/// One warp of a sampled block: its first and last lane's time and delay as
/// expressions in the latency symbols only, the first lane's barriers, and
/// the warp's traffic (the per-lane mean times its lanes).
struct WarpSample {
  std::vector<Expr> Times;
  std::vector<Expr> Delays;
  double Barriers = 0;
  double Lanes = 0;
  std::array<double, NumTraffic> Traffic = {};
};

struct BlockSample {
  std::vector<WarpSample> Warps;
};

/// The bytes of each traffic kind that each warp of a block moves.
using BlockTraffic = std::vector<std::array<double, NumTraffic>>;

/// The coordinates of linear index \p Id (x fastest) in a box of \p Dim.
std::array<uint64_t, 3> unlinearize(uint64_t Id,
                                    const std::array<uint64_t, 3> &Dim);

Rational toRational(uint64_t V);

/// The value of \p E under \p B; an error naming the symbols \p B lacks.
llvm::Expected<double> evaluateAt(const Expr &E, const Bindings &B);

/// A launch's expressions that the block sampling evaluates for every warp,
/// compiled once: the traffic (one per TrafficKind, in its order) and the
/// barriers; the time and the delay.
struct SamplingExprs {
  explicit SamplingExprs(const KernelInputs &In);
  CompiledExprs TrafficAndBarriers;
  CompiledExprs TimeAndDelay;
};

/// The warps of block \p BlockId (linear, x fastest) of a launch; with
/// \p EdgeWarpsOnly its first and last warp only (to tell blocks apart).
/// \p Compiled holds the launch's expressions.
llvm::Expected<BlockSample> sampleBlock(const SamplingExprs &Compiled,
                                        const LaunchShape &Shape,
                                        uint64_t BlockId, unsigned WarpSize,
                                        bool EdgeWarpsOnly = false);

/// Whether two sampled blocks give the same numbers (a grid's blocks
/// mostly repeat a few kinds: interior, edge, past the data).
bool sameSample(const BlockSample &A, const BlockSample &B);

/// The traffic of every warp of block \p BlockId alone, as sampleBlock
/// gives it, without the times (a fraction of the cost).
llvm::Expected<BlockTraffic> sampleBlockTraffic(const SamplingExprs &Compiled,
                                                const LaunchShape &Shape,
                                                uint64_t BlockId,
                                                unsigned WarpSize);

/// A value of a grid's axis that stands for \p Weight values of it.
struct SpreadPoint {
  uint64_t Value;
  double Weight;
};

/// The first and last values of [0, \p N) (N > 0) and the middles of
/// \p Initial equal strata, in order, each once.
std::vector<uint64_t> startingPoints(uint64_t N, unsigned Initial);

/// Values of [0, \p N) that stand for all of them in a mean: the first, the
/// last and the middles of \p Initial equal strata; then, while two
/// neighbours \p Differ and lie more than one apart, the value halfway
/// between them too, up to \p MaxPoints values. Each weighs the values
/// nearer to it than to its neighbours (a tie to the lower), so a cost that
/// steps once between two of them (a guard on ctaid.y) is weighed exactly.
llvm::Expected<std::vector<SpreadPoint>> spreadPoints(
    uint64_t N, unsigned Initial, unsigned MaxPoints,
    llvm::function_ref<llvm::Expected<bool>(uint64_t, uint64_t)> Differ);

/// One wave's time: the busiest SM's, after the bandwidth iterations.
struct WaveResult {
  WaveTime Time;
  /// Bytes of each traffic kind the whole wave moves.
  std::array<double, NumTraffic> GpuTraffic = {};
  /// A wave of mean blocks: the longest of its sampled blocks alone on an
  /// SM, at the levels' unraised latencies (the launch cannot end before
  /// it).
  double LongestBlockCycles = 0;
  /// What bounds that block: latency or issue.
  Bound LongestBlockBound = Bound::Latency;
  /// A refilled mean wave (solveRefilled): its time as the first of the
  /// full waves (no block turnaround), at the same latencies and bandwidth
  /// floors; Time.Cycles for any other wave.
  double FirstWaveCycles = 0;
};

class WaveSolver {
public:
  /// \p TurnaroundCycles: what a refilled block slot waits before its next
  /// block starts (the target's launch.block_turnaround_cycles, or 0 where
  /// the blocks of this prediction start in no refilled slot).
  WaveSolver(const KernelInputs &In, const LaunchShape &Shape,
             const GpuTarget &T, const ClockSettings &Clocks,
             double TurnaroundCycles);

  /// The rate of a bandwidth level (\p Level: L1, Shared, L2 or DRAM) the
  /// waves are taken against, GPU-wide in GB/s at the prediction's clocks.
  double levelGBs(Bound Level) const;

  /// The wave of \p NBlocks blocks starting at linear block \p FirstBlock:
  /// its blocks' times are the envelope of its first, middle and last; its
  /// traffic is the sum of its blocks' (rangeTraffic). \p Refilled: its
  /// blocks start in the slots of an earlier wave's (the turnaround).
  llvm::Expected<WaveResult> solve(uint64_t FirstBlock, uint64_t NBlocks,
                                   bool Refilled);

  /// A wave of \p NBlocks blocks whose slots are refilled as blocks retire
  /// (one of the launch's full waves, its first \p FullBlocks blocks): each
  /// block is their mean in time, over blocks spread over ctaid.x, .y and
  /// .z (spreadPoints on each axis); the wave moves a full wave's share of
  /// their traffic (rangeTraffic).
  llvm::Expected<WaveResult> solveRefilled(uint64_t FullBlocks,
                                           uint64_t NBlocks);
  /// The kinds of ctaid.x, .y and .z values the last solveRefilled found
  /// (blocks of values of one kind give the same numbers).
  std::array<size_t, 3> refilledKinds() const { return RefilledKinds; }

  /// The first solved wave's main thread (its longest warp's first-lane
  /// time, delay and barriers), at the final latencies.
  double mainThreadTime() const { return MainTime; }
  double mainThreadDelay() const { return MainDelay; }
  double mainThreadBarriers() const { return MainBarriers; }
  const std::vector<std::string> &assumptions() const { return Notes; }

private:
  /// Latencies of the levels the iterations raise.
  struct Latencies {
    double L1, L2, DRAM, Uncoalesced, Shared;
  };
  struct SMTime {
    double Cycles, Latency, Issue, Sync;
    unsigned Longest; ///< the warp of a block with the longest time_WP
  };
  /// A sampled block and how many of the samples it stands for.
  struct Weighted {
    const BlockSample *S;
    double Weight;
  };
  /// \p BlockId's traffic, sampled on first use.
  llvm::Expected<const BlockTraffic *> trafficSample(uint64_t BlockId);
  /// The values of each axis of a box of blocks, in kinds: values of one
  /// kind give blocks with the same numbers.
  struct AxisKinds {
    /// Each kind's first value and how many values it stands for.
    std::vector<SpreadPoint> Kinds;
    /// The values spreadPoints chose, in order, each with its kind; the
    /// first and last values of the axis among them.
    std::vector<std::pair<uint64_t, unsigned>> Points;
  };
  /// The kinds of the ctaid.x, .y and .z values of the blocks of \p Box
  /// (the grid's first Box[0] x Box[1] x Box[2] values): spreadPoints on
  /// each axis, values merged into one kind where their blocks do not
  /// differ: in the traffic of any warp (\p ByTraffic), else in anything
  /// their first and last warps give.
  llvm::Expected<std::array<AxisKinds, 3>>
  boxKinds(const std::array<uint64_t, 3> &Box, bool ByTraffic);
  /// The whole grid's kinds by traffic, found on first use.
  llvm::Expected<const std::array<AxisKinds, 3> *> gridKinds();
  /// Bytes of each traffic kind that the \p NBlocks blocks from linear
  /// block \p FirstBlock move: the sum over the grid's kinds of blocks,
  /// each weighing how many of the range's blocks it stands for.
  llvm::Expected<std::array<double, NumTraffic>>
  rangeTraffic(uint64_t FirstBlock, uint64_t NBlocks);
  /// \p BlockId's sample from \p Cache, made on first use.
  llvm::Expected<const BlockSample *>
  cachedSample(std::map<uint64_t, BlockSample> &Cache, uint64_t BlockId,
               bool EdgeWarpsOnly);
  llvm::Expected<const BlockSample *> sample(uint64_t BlockId);
  /// The block's first and last warp: enough to tell most blocks apart
  /// at a fraction of the cost.
  llvm::Expected<const BlockSample *> edgeSample(uint64_t BlockId);
  /// The wave of \p NBlocks blocks, each one of \p Blocks (Mean: their
  /// weighted mean; else their envelope), moving \p GpuTraffic bytes; the
  /// first solved wave's main thread is taken from \p MainBlock. \p Slot:
  /// the cycles each block waits for its slot before it starts.
  WaveResult solveLevels(const std::vector<Weighted> &Blocks, bool Mean,
                         uint64_t NBlocks,
                         const std::array<double, NumTraffic> &GpuTraffic,
                         const BlockSample &MainBlock, double Slot);
  SMTime smTime(const std::vector<Weighted> &Blocks, unsigned BlocksOnSM,
                const Latencies &L,
                const std::array<double, NumTraffic> &SMTraffic, bool Mean,
                double Slot) const;
  double meanGlobalLatency(const Latencies &L,
                           const std::array<double, NumTraffic> &Tr) const;

  SamplingExprs Compiled;
  const LaunchShape &Shape;
  const GpuTarget &T;
  Bindings Fixed; ///< lat.* the iterations do not change
  Latencies Base;
  double DelayDep = 0;
  double Turnaround = 0;
  unsigned WarpsPerBlock = 0;
  std::map<uint64_t, BlockSample> Samples, EdgeSamples;
  std::map<uint64_t, BlockTraffic> TrafficSamples;
  std::array<size_t, 3> RefilledKinds = {};
  std::optional<std::array<AxisKinds, 3>> GridKinds;
  bool HaveMain = false;
  double MainTime = 0, MainDelay = 0, MainBarriers = 0;
  std::vector<std::string> Notes;
  /// Bytes per SM cycle: L1 and shared per SM, L2 and DRAM for the GPU.
  double L1BytesPerClk = 0, SharedBytesPerClk = 0, L2BytesPerClk = 0,
         DRAMBytesPerClk = 0;
  double SmMHz = 0;
};

} // namespace ktime

#endif // KERNELTIME_GPU_GPUMODELIMPL_H
