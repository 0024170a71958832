//===- GPU.h - The GPU stage: occupancy, registers, time --------*- C++ -*-===//
//
// The GPU stage (docs/design.md): how many blocks of a launch an SM holds
// at once
// (occupancy, the rules of NVIDIA's occupancy calculator applied to the
// figures of a target file), how many registers a kernel will need before
// ptxas says so (an estimate from the IR), and, later, the kernel-time
// prediction built on them: launch specifications (-ktime-launch, launch
// files) and the model that turns the Thread and Memory stages' per-thread
// expressions into the time of one launch (waves, processing blocks, SMs,
// bandwidth iterations, launch overhead; docs/kernel-time.md). docs/gpu.md
// documents the occupancy rules, the carve-out
// choice, the estimate's method and its measured error; unittests/GPU tests
// them.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_GPU_H
#define KERNELTIME_GPU_H

#include "KernelTime/Expr.h"
#include "KernelTime/Target.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
struct fltSemantics;
class Function;
class Instruction;
} // namespace llvm

namespace ktime {

//===----------------------------------------------------------------------===//
// Occupancy
//===----------------------------------------------------------------------===//

/// One kernel launch as the occupancy rules see it.
struct OccupancyRequest {
  unsigned ThreadsPerBlock = 0;
  /// Registers per thread as ptxas reports them (-v, cuobjdump); 0 means not
  /// known, which computeOccupancy rejects (estimateRegisters gives a guess).
  unsigned RegistersPerThread = 0;
  /// The kernel's __shared__ variables.
  uint64_t StaticSharedBytes = 0;
  /// The launch's dynamic shared memory (the third <<<>>> argument).
  uint64_t DynamicSharedBytes = 0;
};

/// The limits on resident blocks per SM, in the order ties are broken.
/// The calculator's other limits (block barriers, virtual resources) never
/// bind alone for a launch described by an OccupancyRequest (docs/gpu.md).
enum class OccupancyLimiter { Warps, Blocks, Registers, SharedMemory };

/// "warps", "blocks", "registers", "shared memory".
llvm::StringRef getOccupancyLimiterName(OccupancyLimiter L);

/// A limit that does not apply (a kernel and a GPU without any shared memory
/// per block) allows this many blocks.
constexpr unsigned OccupancyUnlimited = std::numeric_limits<unsigned>::max();

struct OccupancyResult {
  /// Resident blocks per SM: the smallest of the four limits below; 0 if one
  /// block does not fit (too many registers for one block).
  unsigned BlocksPerSM = 0;
  unsigned WarpsPerBlock = 0;
  unsigned ActiveWarpsPerSM = 0;
  /// ActiveWarpsPerSM / limits.warps_per_sm.
  double Fraction = 0;
  /// The binding limit; of several equal ones, the first in enum order.
  OccupancyLimiter Limiter = OccupancyLimiter::Warps;
  /// Blocks per SM each limit alone allows (OccupancyUnlimited for none).
  unsigned ByWarps = 0, ByBlocks = 0, ByRegisters = 0, BySharedMemory = 0;
  /// Registers one block holds (per-warp allocation x warps).
  unsigned RegistersPerBlock = 0;
  /// Shared memory one block holds: its static and dynamic bytes plus the
  /// driver's reserved bytes, rounded up to the allocation unit.
  uint64_t SharedBytesPerBlock = 0;
  /// The shared-memory carve-out the SM is configured to (docs/gpu.md: the
  /// calculator's default, the largest carve-out).
  uint64_t SharedCarveoutBytes = 0;
  /// The carve-out that leaves the launch its L1 (docs/gpu.md, "The
  /// carve-out"): where the driver configures the unified array per launch
  /// (Volta on) the smallest carve-out that holds the resident blocks'
  /// shared memory, else SharedCarveoutBytes.
  uint64_t L1CarveoutBytes = 0;
};

/// The occupancy of one launch on T, by the rules of
/// cudaOccMaxActiveBlocksPerMultiprocessor (CUDA 13.0) with the default
/// cache configuration and a kernel that opted in to the per-block shared
/// memory maximum. Errors (llvm::StringError naming the value and the limit):
/// ThreadsPerBlock 0 or above limits.threads_per_block, RegistersPerThread 0
/// or above limits.registers_per_thread, shared memory per block above
/// limits.shared_per_block_bytes.
llvm::Expected<OccupancyResult> computeOccupancy(const GpuTarget &T,
                                                 const OccupancyRequest &R);

//===----------------------------------------------------------------------===//
// Register estimate
//===----------------------------------------------------------------------===//

/// Registers per thread guessed from the IR, for when ptxas has not said.
struct RegisterEstimate {
  unsigned Registers = 0;
  /// Where the pressure peaks (RegisterPressure::At; nullptr for a
  /// declaration): where ptxas is assumed to place its spill code.
  const llvm::Instruction *PeakAt = nullptr;
  /// How the number came about, one line: "pressure 35 at line 12 + 7
  /// overhead" ("at block %7" without debug locations), with what was
  /// raised, capped or left out.
  std::string How;
};

/// The largest number of 32-bit registers live at once in F (SSA liveness
/// over the CFG; 64-bit values and pointers count 2, vectors their elements,
/// i1 values are predicates and count 0; address arithmetic ptxas folds and
/// constant-bank operands count nothing; loads scheduled early as ptxas
/// does), plus a fixed overhead, clamped to the range ptxas allocates in.
/// docs/gpu.md gives the method, the constants and the error measured
/// against ptxas (mean |error| 2.4 registers on 26 kernels, sm_80).
RegisterEstimate estimateRegisters(const llvm::Function &F);

//===----------------------------------------------------------------------===//
// Launch specifications
//===----------------------------------------------------------------------===//

/// A number as a launch spec gives it, in any form C and Python print:
/// decimal digits with an optional sign, point and exponent ("5", "+5",
/// "5.", ".5", "1e-08", "1E5", "3.4e+38", any number of digits), a
/// hexadecimal integer ("0x1F"), or a bool ("true", "false", Python's
/// "True", "False": 1 and 0). Parsed by parseSpecNumber.
struct SpecNumber {
  /// As written.
  std::string Text;
  /// The same value as [-]DIGITSeEXPONENT in decimal (for APFloat).
  std::string Decimal;
  /// The exact value; absent when its decimal exponent is beyond
  /// +-MaxExactExponent (far outside every type a kernel parameter has:
  /// such a value is out of an integer's range, and a float rounds it to
  /// zero or infinity).
  std::optional<Rational> Exact;
  /// True when the exponent is so large that the value overflows every
  /// type (only set when Exact is absent).
  bool Huge = false;
  static constexpr int64_t MaxExactExponent = 4096;
};

/// \p S as a SpecNumber, or std::nullopt when it is not a number of any
/// of those forms (inf, nan and hexadecimal fractions are not taken).
std::optional<SpecNumber> parseSpecNumber(llvm::StringRef S);

/// The value a parameter of floating-point type \p Sem receives for \p N,
/// rounded to nearest as the compiler rounds a literal, exactly; an error
/// when it rounds to infinity. \p TypeName names the type in the error,
/// \p Underflow is set when a value that is not zero rounds to zero.
llvm::Expected<Rational> roundToFloatType(const SpecNumber &N,
                                          const llvm::fltSemantics &Sem,
                                          llvm::StringRef TypeName,
                                          bool &Underflow);

/// One launch: KERNEL:grid=X[xYxZ],block=X[xYxZ][,shmem=BYTES][,regs=N]
/// [,spill_stores=BYTES][,spill_loads=BYTES][,id=NAME][,PARAM=VALUE...]
/// (docs/usage.md).
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
  /// Bytes of spill stores and spill loads per thread as ptxas -v reports
  /// them (spill_stores=, spill_loads=); 0 when not given.
  uint64_t SpillStoreBytes = 0, SpillLoadBytes = 0;
  /// Kernel parameters by source name or argN, in the order written.
  std::vector<std::pair<std::string, SpecNumber>> Params;
  /// False when some part of the text does not parse: the spec then holds
  /// what did (Kernel empty when the kernel part did not), which the launch
  /// stage checks against the kernel without predicting it, so that one
  /// compile names every mistake.
  bool Parses = true;
};

/// Parses one spec, reading every field: \p Errors gets one error for each
/// mistake, each naming the spec and what is wrong, and the spec returned
/// then has Parses false.
LaunchSpec parseLaunchSpec(llvm::StringRef Text, llvm::StringRef Origin,
                           llvm::Error &Errors);

/// Reads a launch file: one spec per line; blank lines and lines starting
/// with '#' are ignored. Every spec is returned, those that do not parse
/// with Parses false and their errors (which say FILE:LINE) joined into \p
/// Errors; an error only when the file cannot be read.
llvm::Expected<std::vector<LaunchSpec>> readLaunchFile(llvm::StringRef Path,
                                                       llvm::Error &Errors);

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
  /// those expected to hit L1 and L2, the bytes the L1 returns
  /// (SectorBytes: the 32-byte sectors the requests move, or, for a load
  /// the L1 caches on a target with a tag rate, the bytes its lanes ask
  /// for; a load whose lanes all read one bank of the L1's data array, on
  /// a target without the rate, the L1's bytes per clock a lane when that
  /// is more), the sectors that miss L1 and L2, and shared-memory bytes
  /// counted per wavefront (bank conflicts replay).
  Expr GlobalBytes;
  Expr UncoalescedBytes;
  Expr L1HitBytes;
  Expr L2HitBytes;
  Expr SectorBytes;
  Expr SectorBytesMissingL1;
  Expr SectorBytesMissingL2;
  Expr SharedBytes;
  /// Per-thread global atomics that land on the launch's most-updated
  /// address: each atomic's executions over the distinct addresses its
  /// updates spread over (docs/kernel-time.md, "Atomics on one address").
  Expr HotAtomics;
  /// The uncoalesced bytes of requests that find all their sectors in L1
  /// (a row walk's next requests): they wait for the L1, not for the
  /// uncoalesced latency.
  Expr UncoalescedL1HitBytes;
  /// On a target with the L1's tag rate (memory.l1.tags_per_clk), the
  /// wavefronts the loads the L1 caches take in its tag stage and in its
  /// data array (bank conflicts), each a cycle, in bytes at the L1's bytes
  /// per clock: each stage takes the requests one after another
  /// (docs/memory.md, "The L1's cycles a request"). Zero otherwise.
  Expr L1TagBytes;
  Expr L1DataBytes;
  /// Of L1HitBytes: hits on lines an earlier tap of the same iteration is
  /// still fetching (HitFractions::L1Pending). They wait for that fill, at
  /// the latency of the misses (docs/kernel-time.md, "Mean access
  /// latency").
  Expr L1PendingHitBytes;
  /// The kernel cut at its barriers (BarrierFragments), each
  /// with its own time, issue and traffic; empty when it is not cut.
  std::vector<KernelInputs> Fragments;
};

/// Where the launch's time comes from, in docs/design.md's vocabulary.
enum class Bound {
  Latency,
  Issue,
  Shared,
  L1,
  L2,
  DRAM,
  Uncoalesced,
  Atomic,
  Launch
};
llvm::StringRef getBoundName(Bound B);

/// The launch as the GPU runs it.
struct LaunchShape {
  std::array<uint64_t, 3> Grid = {1, 1, 1};
  std::array<uint64_t, 3> Block = {1, 1, 1};
  /// Resident blocks per SM (occupancy).
  unsigned BlocksPerSM = 1;
};

/// ntid.x/y/z and nctaid.x/y/z of \p Shape, as the per-thread expressions
/// name them.
Bindings getLaunchSizeBindings(const LaunchShape &Shape);

/// Clocks the prediction uses (the target's, or the user's overrides).
struct ClockSettings {
  double SmMHz = 0;
  double MemMHz = 0;
};

/// The time of one wave.
struct WaveTime {
  uint64_t Blocks = 0;      ///< blocks in the wave
  unsigned BlocksOnSM = 0;  ///< on the busiest SM
  double Cycles = 0;        ///< time_SM after the bandwidth iterations
  double LatencyCycles = 0; ///< max over warps of time_WP (latencies as found)
  double IssueCycles = 0;   ///< max over PBs of the sum of warp delays
  double SyncCycles = 0;    ///< the barrier term of the longest warp
  double LatGlobal = 0;     ///< mean global access latency after iterations
  /// What each block waited for its slot (launch.block_turnaround_cycles;
  /// 0 in the launch's first wave), part of LatencyCycles.
  double TurnaroundCycles = 0;
  Bound B = Bound::Latency;
};

struct Prediction {
  double Ns = 0;       ///< predicted time of one launch
  double LaunchNs = 0; ///< its launch-overhead part
  /// The sum over waves, or the dispatch of the blocks past the launch
  /// regression's range where that takes longer (DispatchNs).
  double ExecNs = 0;
  /// What the way of timing adds to the device duration (-ktime-time;
  /// docs/kernel-time.md, "Which time"): part of Ns, 0 for device time.
  double TimingNs = 0;
  double Waves = 0; ///< fractional: full waves + the partial one
  unsigned FullWaves = 0;
  /// The SM clock the cycles were converted at.
  double SmClockMHz = 0;
  std::vector<WaveTime> WaveTimes; ///< distinct waves (the first full one,
                                   ///< and the partial last one)
  Bound B = Bound::Latency;
  /// The bound of the waves alone (B before the launch overhead is
  /// compared with them).
  Bound ExecBound = Bound::Latency;
  /// Per-thread values of the kernel's main thread (the first block's
  /// longest thread), at the final latencies.
  double ThreadTimeCycles = 0, ThreadDelayCycles = 0, ThreadBarriers = 0;
  /// Global atomics on the launch's most-updated address, and the cycles
  /// they take one after another (a floor of the waves' time).
  double HotAtomics = 0, AtomicCycles = 0;
  /// The blocks past the launch regression's grid range and the time the
  /// GPU takes to dispatch them (dispatchFloorCycles): a floor under
  /// ExecNs, 0 for a grid inside the range. DispatchRaised: the floor is
  /// ExecNs (the waves alone take less).
  uint64_t DispatchBlocks = 0;
  double DispatchNs = 0;
  bool DispatchRaised = false;
  /// GPU-wide bytes per launch.
  double GlobalBytes = 0, DramBytes = 0, L2Bytes = 0, SharedBytes = 0;
  /// Of GlobalBytes: in uncoalesced requests, expected to hit L1, L2.
  double UncoalescedBytes = 0, L1HitBytes = 0, L2HitBytes = 0;
  /// Of L1HitBytes: those waiting for a fill the same iteration started.
  double L1PendingHitBytes = 0;
  /// The L1's two stages (KernelInputs::L1TagBytes, L1DataBytes): the
  /// cycles the slower one takes on the first wave's busiest SM, and
  /// whether that is the data array (else the tag stage); 0 where neither
  /// takes longer than the bytes the L1 returns.
  double L1StageCycles = 0;
  bool L1StageIsData = false;
  /// The rates the bounds are taken against, GPU-wide in GB/s at the
  /// clocks of the prediction: L1 and shared (per SM times the SMs), L2
  /// and DRAM (sustained, the target's figures).
  double L1GBs = 0, SharedGBs = 0, L2GBs = 0, DramGBs = 0;
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

/// The cycles (at the target's clock) the GPU takes to dispatch the blocks of
/// a launch beyond the launch regression's grid range, at its per-block
/// rate: 0 for a grid inside the range. A floor under the execution.
double dispatchFloorCycles(const GpuTarget &T, uint64_t Blocks,
                           uint64_t ThreadsPerBlock);

} // namespace ktime

#endif // KERNELTIME_GPU_H
