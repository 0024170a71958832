//===- GPUModel.h - Launches and the kernel-time model of a GPU -*- C++ -*-===//
//
// The GPU stage's prediction half (DESIGN.md, seed 000's GPU model): launch
// specifications (-ktime-launch, launch files), and the model that turns the
// per-thread expressions of the Thread and Memory stages into the time of
// one launch on one GPU: waves, processing blocks, SMs, the barrier term,
// the mean access latency and the bandwidth iterations, plus the launch
// overhead. docs/kernel-time.md gives every formula; test/GPU tests them.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_GPUMODEL_H
#define KERNELTIME_GPUMODEL_H

#include "KernelTime/Expr.h"
#include "KernelTime/Target.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace ktime {

//===----------------------------------------------------------------------===//
// Launch specifications
//===----------------------------------------------------------------------===//

/// One launch: KERNEL:grid=X[xYxZ],block=X[xYxZ][,shmem=BYTES][,regs=N]
/// [,id=NAME][,PARAM=VALUE...] (docs/usage.md).
struct LaunchSpec {
  /// The text as the user wrote it, and where (an option or FILE:LINE).
  std::string Text;
  std::string Origin;
  /// The kernel: a mangled or an unqualified function name.
  std::string Kernel;
  /// A name for the launch in the JSON report (id=); empty if not given.
  std::string Id;
  std::array<uint64_t, 3> Grid = {1, 1, 1};
  std::array<uint64_t, 3> Block = {1, 1, 1};
  bool HasGrid = false, HasBlock = false;
  /// Dynamic shared memory in bytes.
  uint64_t DynamicSharedBytes = 0;
  /// Registers per thread, when the spec gives them.
  std::optional<unsigned> Regs;
  /// Kernel parameters by source name or argN, in the order written.
  std::vector<std::pair<std::string, Rational>> Params;
};

/// Parses one spec; the error names the spec and what is wrong.
llvm::Expected<LaunchSpec> parseLaunchSpec(llvm::StringRef Text,
                                           llvm::StringRef Origin);

/// Reads a launch file: one spec per line; blank lines and lines starting
/// with '#' are ignored. Errors say FILE:LINE.
llvm::Expected<std::vector<LaunchSpec>> readLaunchFile(llvm::StringRef Path);

/// "4096x1x1" style text of a dimension triple.
std::string formatDim(const std::array<uint64_t, 3> &D);

//===----------------------------------------------------------------------===//
// The kernel-time model
//===----------------------------------------------------------------------===//

/// What the GPU model needs of one kernel for one launch: per-thread
/// expressions in the ids (tid.*, ctaid.*), already bound to the launch's
/// sizes and parameters where those are known.
struct KernelInputs {
  /// Cycles one thread takes running alone, with the latency symbols
  /// lat.global, lat.shared, lat.local, lat.const, lat.param.
  Expr Time;
  /// Issue cycles the thread generates.
  Expr Delay;
  /// Barriers it passes.
  Expr Barriers;
  /// Per-thread memory traffic, averaged over the lanes of the thread's
  /// warp (an expression meant to be evaluated at a warp's first lane):
  /// bytes requested from global memory, those in uncoalesced requests,
  /// those expected to hit L1 and L2, the bytes the requests move in
  /// 32-byte sectors, and shared-memory bytes counted per wavefront
  /// (bank conflicts replay).
  Expr GlobalBytes;
  Expr UncoalescedBytes;
  Expr L1HitBytes;
  Expr L2HitBytes;
  Expr SectorBytes;
  Expr SectorBytesMissingL1;
  Expr SectorBytesMissingL2;
  Expr SharedBytes;
};

/// Where the launch's time comes from, in DESIGN.md's vocabulary.
enum class Bound { Latency, Issue, Shared, L1, L2, DRAM, Uncoalesced, Launch };
llvm::StringRef getBoundName(Bound B);

/// The launch as the GPU runs it.
struct LaunchShape {
  std::array<uint64_t, 3> Grid = {1, 1, 1};
  std::array<uint64_t, 3> Block = {1, 1, 1};
  /// Resident blocks per SM (occupancy).
  unsigned BlocksPerSM = 1;
};

/// Clocks the prediction uses (the target's, or the user's overrides).
struct ClockSettings {
  double SmMHz = 0;
  double MemMHz = 0;
};

/// The time of one wave.
struct WaveTime {
  uint64_t Blocks = 0;       ///< blocks in the wave
  unsigned BlocksOnSM = 0;   ///< on the busiest SM
  double Cycles = 0;         ///< time_SM after the bandwidth iterations
  double LatencyCycles = 0;  ///< max over warps of time_WP (latencies as found)
  double IssueCycles = 0;    ///< max over PBs of the sum of warp delays
  double SyncCycles = 0;     ///< the barrier term of the longest warp
  double LatGlobal = 0;      ///< mean global access latency after iterations
  Bound B = Bound::Latency;
};

struct Prediction {
  double Ns = 0;            ///< predicted time of one launch
  double LaunchNs = 0;      ///< its launch-overhead part
  double ExecNs = 0;        ///< the sum over waves
  double Waves = 0;         ///< fractional: full waves + the partial one
  unsigned FullWaves = 0;
  /// The SM clock the cycles were converted at.
  double SmClockMHz = 0;
  std::vector<WaveTime> WaveTimes; ///< distinct waves (the first full one,
                                   ///< and the partial last one)
  Bound B = Bound::Latency;
  /// Per-thread values of the kernel's main thread (the first block's
  /// longest thread), at the final latencies.
  double ThreadTimeCycles = 0, ThreadDelayCycles = 0, ThreadBarriers = 0;
  /// GPU-wide bytes per launch.
  double GlobalBytes = 0, DramBytes = 0, L2Bytes = 0, SharedBytes = 0;
  std::vector<std::string> Assumptions;
};

/// Predicts one launch of a kernel on \p T. Errors name the symbol that an
/// expression still needs (an unbound parameter).
llvm::Expected<Prediction> predictLaunch(const KernelInputs &In,
                                         const LaunchShape &Shape,
                                         const GpuTarget &T,
                                         const ClockSettings &Clocks);

/// Bytes of the __shared__ variables \p Kernel uses (directly or in the
/// functions it calls); extern arrays count 0.
uint64_t getStaticSharedBytes(const llvm::Function &Kernel);

/// Launch overhead in SM cycles from the target's regression.
double launchCycles(const GpuTarget &T, uint64_t Blocks,
                    uint64_t ThreadsPerBlock, std::string *Assumption);

} // namespace ktime

#endif // KERNELTIME_GPUMODEL_H
