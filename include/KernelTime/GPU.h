//===- GPU.h - The GPU stage: occupancy, registers, time --------*- C++ -*-===//
//
// The GPU stage (DESIGN.md): how many blocks of a launch an SM holds at once
// (occupancy, the rules of NVIDIA's occupancy calculator applied to the
// figures of a target file), how many registers a kernel will need before
// ptxas says so (an estimate from the IR), and, later, the kernel-time
// prediction built on them. docs/gpu.md documents the rules, the carve-out
// choice, the estimate's method and its measured error; unittests/GPU tests
// them.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_GPU_H
#define KERNELTIME_GPU_H

#include "KernelTime/Target.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <limits>
#include <string>

namespace llvm {
class Function;
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

} // namespace ktime

#endif // KERNELTIME_GPU_H
