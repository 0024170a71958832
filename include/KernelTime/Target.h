//===- Target.h - GPU target files: load, validate, look up -----*- C++ -*-===//
//
// The Target stage (docs/design.md): the GPU model m_gpu = <smCount, lat_inst,
// delay_inst, lat_mem, band_mem, limits> of docs/model.md, read from one YAML
// file per card variant in gpu-targets/. docs/targets.md describes the file
// format, every field, the lookup rules and the sources of the numbers;
// unittests/Target tests it. No target number lives in code: the instruction
// class vocabulary is code, the costs are data.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_TARGET_H
#define KERNELTIME_TARGET_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ktime {

/// The instruction classes every target file must price. The Cost stage maps
/// each IR instruction onto one of them; getInstrClassDescription says what
/// each class stands for.
enum class InstrClass : unsigned {
  IntAdd,       ///< int.add
  IntMul,       ///< int.mul
  IntMad,       ///< int.mad
  IntDiv,       ///< int.div
  Fp32Add,      ///< fp32.add
  Fp32Mul,      ///< fp32.mul
  Fp32Fma,      ///< fp32.fma
  Fp32Div,      ///< fp32.div
  Fp32Sqrt,     ///< fp32.sqrt
  Fp64Add,      ///< fp64.add
  Fp64Mul,      ///< fp64.mul
  Fp64Fma,      ///< fp64.fma
  Fp64Div,      ///< fp64.div
  Fp16Fma,      ///< fp16.fma
  Sfu,          ///< sfu
  Convert,      ///< convert
  Shfl,         ///< shfl
  Vote,         ///< vote
  AtomicGlobal, ///< atomic.global
  AtomicShared, ///< atomic.shared
  Barrier,      ///< barrier
  Branch,       ///< branch
  SpecialReg,   ///< special_reg
  Tensor,       ///< tensor
  Ldst,         ///< ldst
  IntBit,       ///< int.bit
  Fp32Rcp,      ///< fp32.rcp
  Convert64,    ///< convert.f64
  NumClasses
};

constexpr size_t NumInstrClasses = static_cast<size_t>(InstrClass::NumClasses);

/// The class's name as target files spell it ("fp32.fma").
llvm::StringRef getInstrClassName(InstrClass C);
/// One line saying which PTX instructions the class stands for.
llvm::StringRef getInstrClassDescription(InstrClass C);
/// The class named Name, or std::nullopt for an unknown name.
std::optional<InstrClass> parseInstrClassName(llvm::StringRef Name);
/// For a class a target file may leave out, the class whose figures price it
/// then (convert.f64 -> convert); std::nullopt for a required class.
std::optional<InstrClass> getFallbackClass(InstrClass C);

/// The execution pipe of a processing block that runs a class, as Nsight
/// Compute's pipeline metrics name them (Kernel Profiling Guide,
/// "Pipelines"): alu (integer and logic, excluding IMAD/IMUL), fma (FP32,
/// FP16, IMAD, IMUL), fp64, xu (transcendentals and conversions), lsu (loads,
/// stores, shuffles, atomics, through the MIO), cbu (branches), tensor.
/// Pipes run side by side: a processing block busy del cycles on one pipe
/// can dispatch to another meanwhile (docs/kernel-time.md).
enum class IssuePipe : unsigned {
  Alu,
  Fma,
  Fp64,
  Xu,
  Lsu,
  Cbu,
  Tensor,
  NumPipes
};

constexpr size_t NumIssuePipes = static_cast<size_t>(IssuePipe::NumPipes);

/// The pipe instructions of \p C run on.
IssuePipe getIssuePipe(InstrClass C);
/// "alu", "fma", "fp64", "xu", "lsu", "cbu", "tensor".
llvm::StringRef getIssuePipeName(IssuePipe P);

/// Cost of one warp-wide instruction of a class, in SM cycles.
struct InstrCost {
  /// Cycles from issue until a dependent instruction can use the result.
  double Lat = 0;
  /// Cycles the issuing processing block is busy with it (delay_inst),
  /// already resolved from whichever form the file used.
  double Del = 0;
};

/// del from a per-SM throughput: warpSize / (OpsPerClkPerSM / PBs).
double delayFromOpsPerClkPerSM(double OpsPerClkPerSM, unsigned WarpSize,
                               unsigned ProcessingBlocks);
/// del from the units of one processing block: max(warpSize / Units, 1).
double delayFromUnitsPerPB(double UnitsPerPB, unsigned WarpSize);

/// One level of the memory hierarchy. Fields a level has no figure for stay
/// 0 (docs/targets.md lists which level has which).
struct MemLevel {
  /// Load-to-use latency in SM cycles at SmClockMHz.
  double Latency = 0;
  /// Sustained bandwidth of the whole GPU in GB/s (1e9 bytes per second).
  double BandwidthGBs = 0;
  /// Bandwidth of one SM in bytes per SM cycle.
  double BytesPerClkPerSM = 0;
  /// Capacity in bytes.
  uint64_t SizeBytes = 0;
};

/// What bounds the blocks resident on one SM (the CUDA C++ Programming
/// Guide's technical specifications and cuda_occupancy.h's granularities).
struct OccupancyLimits {
  unsigned ThreadsPerBlock = 0;
  unsigned ThreadsPerSM = 0;
  unsigned WarpsPerSM = 0;
  unsigned BlocksPerSM = 0;
  unsigned RegistersPerSM = 0;
  unsigned RegistersPerBlock = 0;
  unsigned RegistersPerThread = 0;
  /// Registers are given to warps in units of this many registers.
  unsigned RegisterAllocUnit = 0;
  uint64_t SharedPerSMBytes = 0;
  /// The opt-in maximum for one block.
  uint64_t SharedPerBlockBytes = 0;
  uint64_t SharedAllocUnitBytes = 0;
  /// Shared memory the driver reserves for every resident block.
  uint64_t SharedReservedPerBlockBytes = 0;
  /// The shared-memory carve-outs the SM can be configured to, ascending.
  std::vector<uint64_t> SharedCarveoutsBytes;
  std::array<uint64_t, 3> MaxGridDim = {0, 0, 0};
  std::array<uint64_t, 3> MaxBlockDim = {0, 0, 0};
};

/// Launch overhead: time_launch = Intercept + slope(b) * gridSize cycles with
/// b = threads per block / 32 and slope(b) = SlopeB2 b^2 + SlopeB1 b + SlopeB0.
struct LaunchModel {
  double InterceptCycles = 0;
  double SlopeB2 = 0;
  double SlopeB1 = 0;
  double SlopeB0 = 0;
  /// The range of grid sizes and warps per block the fit was measured on.
  uint64_t FitGridMin = 0, FitGridMax = 0;
  unsigned FitWarpsMin = 0, FitWarpsMax = 0;
  /// Cycles a block slot of an SM stays empty between a block's retiring
  /// and the next block's first instruction (docs/kernel-time.md, "Block
  /// turnaround"); 0 where the target does not give it or gives 0.
  double BlockTurnaroundCycles = 0;

  double slope(double WarpsPerBlock) const;
  double cycles(double GridSize, double WarpsPerBlock) const;
  bool inFitRange(double GridSize, double WarpsPerBlock) const;
};

/// The range a figure of any GPU lies in: bounds far wider than any card's
/// (docs/targets.md, "Physical ranges"), so that a value no GPU has (a
/// clock of 1e-300 MHz, a latency of 2^64 cycles) is refused where it is
/// written, in a target file or an option, instead of giving times
/// hundreds of digits long.
struct PhysicalRange {
  double Min, Max;
  const char *Unit;
  bool contains(double V) const { return V >= Min && V <= Max; }
};
namespace physical {
inline constexpr PhysicalRange SmClock{100, 4000, "MHz"};
inline constexpr PhysicalRange MemClock{100, 40000, "MHz"};
/// Memory latencies (cycles of the SM clock).
inline constexpr PhysicalRange Latency{1, 20000, "cycles"};
/// launch.block_turnaround_cycles: 0 refills a block slot at once.
inline constexpr PhysicalRange Turnaround{0, 20000, "cycles"};
/// Bandwidths of L2, DRAM and uncoalesced traffic.
inline constexpr PhysicalRange Bandwidth{1, 100000, "GB/s"};
/// L1 and shared bandwidth per SM.
inline constexpr PhysicalRange BytesPerClk{1, 4096, "bytes per clock"};
/// Cache and L2 sizes.
inline constexpr PhysicalRange CacheBytes{1, double(uint64_t(1) << 30),
                                          "bytes"};
/// The 128-byte lines whose tags the L1's tag stage resolves per clock.
inline constexpr PhysicalRange TagsPerClk{1, 64, "lines per clock"};
/// An instruction class's latency and delay (cycles), and its throughput
/// in the two other delay forms.
inline constexpr PhysicalRange InstrLatency{0.01, 100000, "cycles"};
inline constexpr PhysicalRange InstrDelay{0.01, 100000, "cycles"};
inline constexpr PhysicalRange OpsPerClkPerSM{0.01, 4096, "per clock"};
inline constexpr PhysicalRange UnitsPerPB{0.01, 1024, "units"};
/// The time a timing method reports for an empty launch (-ktime-time).
inline constexpr PhysicalRange EmptyLaunchUs{0.01, 100000, "us"};
} // namespace physical

/// A line and column in a target file (1-based; 0 when unknown), and the
/// file when it is not the card's own: its architecture file.
struct FileLoc {
  unsigned Line = 0;
  unsigned Column = 0;
  /// Empty for the target file itself (GpuTarget::FilePath).
  std::string File;
};

/// Which global-memory loads the L1 caches by default
/// (memory.l1.global_loads): every load (Volta onwards, GP100), only the
/// read-only ones (ld.global.nc: Maxwell and GP10x but GP100, and GK110's
/// read-only data cache), or none (GK104: global loads go to L2 only).
enum class L1GlobalLoads { All, ReadOnly, None };

/// The target-file spelling of \p G (all, read_only, none).
llvm::StringRef getL1GlobalLoadsName(L1GlobalLoads G);

/// One GPU: the contents of one target file, validated.
struct GpuTarget {
  std::string Name, Description, Arch, FilePath;
  std::vector<std::string> Aliases, DefaultFor;
  double SmClockMHz = 0, MemClockMHz = 0;
  unsigned SmCount = 0, WarpSize = 0, ProcessingBlocks = 0;
  /// Warp instructions each processing block's scheduler dispatches per
  /// clock (sm.dispatch_per_clk); 0 when unknown (no dispatch limit).
  unsigned DispatchPerClk = 0;
  OccupancyLimits Limits;

  /// L1: Latency, BytesPerClkPerSM, SizeBytes (the unified L1/shared array).
  MemLevel L1;
  /// The global loads the L1 caches (optional; absent: all of them).
  L1GlobalLoads L1Global = L1GlobalLoads::All;
  /// 128-byte lines whose tags the L1's tag stage resolves per clock for
  /// one warp request (memory.l1.tags_per_clk, optional; 0: no figure, an
  /// L1 request is priced by the sectors it moves).
  unsigned L1TagsPerClk = 0;
  /// Whether a global load, read-only (ld.global.nc) or not, may hit L1.
  bool l1CachesGlobalLoad(bool ReadOnly) const {
    return L1Global == L1GlobalLoads::All ||
           (ReadOnly && L1Global == L1GlobalLoads::ReadOnly);
  }
  /// Shared memory: Latency (loads), BytesPerClkPerSM (the file's
  /// shared.bandwidth_bytes_per_clk, at most banks x bank width).
  MemLevel Shared;
  double SharedStoreLatency = 0;
  unsigned SharedBanks = 0, SharedBankWidthBytes = 0;
  /// Bytes the banks serve a clock, a wavefront of banks x width bytes at
  /// a time (memory.shared.bank_bytes_per_clk, optional; 0: no figure, the
  /// banks serve at Shared.BytesPerClkPerSM).
  double SharedBankBytesPerClk = 0;
  /// What the banks serve a clock: the file's figure, else the shared rate.
  double sharedBankRate() const {
    return SharedBankBytesPerClk > 0 ? SharedBankBytesPerClk
                                     : Shared.BytesPerClkPerSM;
  }
  /// L2: Latency (near partition), BandwidthGBs, SizeBytes.
  MemLevel L2;
  double L2FarLatency = 0;
  /// SM cycles between two atomics on one global address: the L2 slice
  /// holding it performs them one after another (optional; 0: no figure,
  /// such atomics are not serialised).
  double L2SameAddressAtomicCycles = 0;
  /// DRAM: Latency, BandwidthGBs (sustained), SizeBytes stays 0.
  MemLevel DRAM;
  double DRAMPeakBandwidthGBs = 0;
  /// Uncoalesced requests: Latency, BandwidthGBs (derived figures).
  MemLevel Uncoalesced;
  /// Constant cache: Latency, SizeBytes (its working set per SM).
  MemLevel Constant;
  /// Local memory (spills): Latency.
  MemLevel Local;

  std::array<InstrCost, NumInstrClasses> Instr;
  LaunchModel Launch;

  /// Where each field was written: "memory.dram.bandwidth_gbs",
  /// "instructions.fp32.fma", "aliases[0]", ..., in the target file or in
  /// its architecture file.
  llvm::StringMap<FileLoc> Locations;
  /// The architecture file the target file names (`architecture: sm_86`),
  /// empty when the file gives every field itself.
  std::string ArchFilePath;

  const InstrCost &cost(InstrClass C) const {
    return Instr[static_cast<size_t>(C)];
  }
  /// "FILE:LINE:COL" of a field, or FILE when the field is unknown.
  std::string where(llvm::StringRef Field) const;
  /// Nanoseconds for a number of SM cycles at SmClockMHz.
  double cyclesToNs(double Cycles) const { return Cycles * 1e3 / SmClockMHz; }
};

/// Parses one file, and the architecture file it names (`architecture:
/// sm_86`: arch/sm_86.yaml beside the file, else in \p FallbackDir's arch/).
/// Errors are llvm::StringError whose message is "FILE:LINE:COL: field
/// 'a.b': what is wrong" (or "FILE:LINE:COL: invalid YAML: ..." and "FILE:
/// cannot read target file: ..."), FILE being the file where the field is
/// written; see docs/targets.md.
llvm::Expected<GpuTarget> loadTargetFile(llvm::StringRef Path,
                                         llvm::StringRef FallbackDir = "");

/// The text of a target file, once it is known to be a regular file of at
/// most 1 MiB (opening a FIFO blocks, reading /dev/zero never ends); errors
/// as loadTargetFile's.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readTargetFile(llvm::StringRef Path);

/// The text of the file \p Path, once it is known to be a regular file of
/// at most \p MaxBytes; errors say "PATH: ..." and call it a \p What
/// ("launch file"). Target and launch files are read through it.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readRegularTextFile(llvm::StringRef Path, llvm::StringRef What,
                    uint64_t MaxBytes);

/// The compute capability of "sm_80" (80), also of "sm_90a"; std::nullopt if
/// Arch does not look like sm_<digits>[a|f].
std::optional<unsigned> parseSmArch(llvm::StringRef Arch);

/// Whether a GPU of architecture \p GpuArch runs code compiled for
/// \p CodeArch (docs/targets.md, "Code for another architecture"), and
/// what to say when they differ.
struct ArchCheck {
  bool Runs = true;
  /// Empty when the two are the same (or either is not an sm_XX).
  std::string Note;
};
ArchCheck checkArchitecture(llvm::StringRef CodeArch, llvm::StringRef GpuArch);

/// The target files of one directory.
class TargetRegistry {
public:
  explicit TargetRegistry(std::string Dir);
  const std::string &getDir() const { return Dir; }

  /// Every *.yaml in the directory (not those of its arch/ subdirectory,
  /// which are architecture files), sorted by name; the first broken file is
  /// an error, and so are two files claiming one alias or one sm_XX default.
  llvm::Expected<std::vector<GpuTarget>> loadAll() const;

  /// NameOrPath: a path to a .yaml file (contains '/' or ends in .yaml), a
  /// target name (file stem) or an alias, compared case-insensitively.
  /// Unknown -> error "unknown GPU 'x'; known: a, b, c (aliases: ...)".
  llvm::Expected<GpuTarget> lookup(llvm::StringRef NameOrPath) const;

  /// The documented default for an sm_XX ("sm_90a" counts as sm_90);
  /// std::nullopt if none (not an error). Reads only the files whose text
  /// names the sm_XX: a broken file that does not is not an error here
  /// (loadAll and lookup report it), two files claiming it are.
  llvm::Expected<std::optional<GpuTarget>>
  lookupDefault(llvm::StringRef SmArch) const;

private:
  std::string Dir;
};

} // namespace ktime

#endif // KERNELTIME_TARGET_H
