//===- GPUModelImpl.h - Internals of the kernel-time model ----------------===//
//
// Samples of warps (KernelTimeModel.cpp) and the solver of one wave with its
// bandwidth iterations (WaveSolver.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_GPU_GPUMODELIMPL_H
#define KERNELTIME_GPU_GPUMODELIMPL_H

#include "KernelTime/GPU.h"

#include <map>

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

/// The value of \p E under \p B; an error naming the symbols \p B lacks.
llvm::Expected<double> evaluateAt(const Expr &E, const Bindings &B);

/// The warps of block \p BlockId (linear, x fastest) of a launch.
llvm::Expected<BlockSample> sampleBlock(const KernelInputs &In,
                                        const LaunchShape &Shape,
                                        uint64_t BlockId, unsigned WarpSize);

/// One wave's time: the busiest SM's, after the bandwidth iterations.
struct WaveResult {
  WaveTime Time;
  /// Bytes of each traffic kind the whole wave moves.
  std::array<double, NumTraffic> GpuTraffic = {};
};

class WaveSolver {
public:
  WaveSolver(const KernelInputs &In, const LaunchShape &Shape,
             const GpuTarget &T, const ClockSettings &Clocks);

  /// The wave of \p NBlocks blocks starting at linear block \p FirstBlock.
  /// \p Refilled: later blocks take the slots of this wave's as they
  /// retire (a launch of many waves), so its blocks' times are the mean of
  /// the sampled blocks' rather than their envelope.
  llvm::Expected<WaveResult> solve(uint64_t FirstBlock, uint64_t NBlocks,
                                   bool Refilled = false);

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
  llvm::Expected<const BlockSample *> sample(uint64_t BlockId);
  SMTime smTime(const std::vector<const BlockSample *> &Samples,
                unsigned BlocksOnSM, const Latencies &L,
                const std::array<double, NumTraffic> &SMTraffic,
                bool Mean) const;
  double meanGlobalLatency(const Latencies &L,
                           const std::array<double, NumTraffic> &Tr) const;

  const KernelInputs &In;
  const LaunchShape &Shape;
  const GpuTarget &T;
  Bindings Fixed; ///< lat.* the iterations do not change
  Latencies Base;
  double DelayDep = 0;
  unsigned WarpsPerBlock = 0;
  std::map<uint64_t, BlockSample> Samples;
  bool HaveMain = false;
  double MainTime = 0, MainDelay = 0, MainBarriers = 0;
  std::vector<std::string> Notes;
  /// Bytes per SM cycle.
  double L1BytesPerClk = 0, SharedBytesPerClk = 0, L2BytesPerClk = 0,
         DRAMBytesPerClk = 0;
};

} // namespace ktime

#endif // KERNELTIME_GPU_GPUMODELIMPL_H
