//===- Occupancy.cpp - Resident blocks per SM from a target file ----------===//
//
// The rules of NVIDIA's occupancy calculator (cuda_occupancy.h of CUDA 13.0,
// cudaOccMaxActiveBlocksPerMultiprocessor) written from their description in
// docs/gpu.md, with every figure taken from the target file. The calculator's
// outputs for many inputs are in unittests/GPU/OccupancyTable.inc, and the
// unit tests compare this code with every row.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/GPU.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace ktime {

StringRef getOccupancyLimiterName(OccupancyLimiter L) {
  switch (L) {
  case OccupancyLimiter::Warps:
    return "warps";
  case OccupancyLimiter::Blocks:
    return "blocks";
  case OccupancyLimiter::Registers:
    return "registers";
  case OccupancyLimiter::SharedMemory:
    return "shared memory";
  }
  return "unknown";
}

namespace {

uint64_t ceilDiv(uint64_t A, uint64_t B) { return (A + B - 1) / B; }
uint64_t roundUp(uint64_t A, uint64_t Unit) { return ceilDiv(A, Unit) * Unit; }

Error occupancyError(const GpuTarget &T, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(),
                           "occupancy on " + T.Name + ": " + Msg);
}

/// The smallest carve-out that holds Bytes, as the driver rounds a shared
/// memory size up to a configuration the SM supports.
std::optional<uint64_t> carveoutFor(const GpuTarget &T, uint64_t Bytes) {
  for (uint64_t C : T.Limits.SharedCarveoutsBytes)
    if (C >= Bytes)
      return C;
  return std::nullopt;
}

/// Blocks the warp slots allow: whole blocks of ceil(threads / warpSize)
/// warps in limits.warps_per_sm.
unsigned blocksByWarps(const GpuTarget &T, unsigned WarpsPerBlock) {
  return T.Limits.WarpsPerSM / WarpsPerBlock;
}

/// Blocks the register file allows. A warp holds its registers rounded up to
/// the allocation unit; the register file is split evenly over the
/// processing blocks and each holds whole warps. A block whose registers
/// exceed limits.registers_per_block, counting its warps rounded up to a
/// multiple of the processing blocks (the hardware's check) or not (the
/// software's), does not run.
unsigned blocksByRegisters(const GpuTarget &T, unsigned Registers,
                           unsigned WarpsPerBlock, unsigned &PerBlock) {
  const OccupancyLimits &L = T.Limits;
  uint64_t PerWarp =
      roundUp(uint64_t(Registers) * T.WarpSize, L.RegisterAllocUnit);
  uint64_t Allocated = PerWarp * WarpsPerBlock;
  uint64_t Assumed = PerWarp * roundUp(WarpsPerBlock, T.ProcessingBlocks);
  PerBlock = static_cast<unsigned>(
      std::min<uint64_t>(Allocated, std::numeric_limits<unsigned>::max()));
  if (Allocated > L.RegistersPerBlock || Assumed > L.RegistersPerBlock)
    return 0;
  uint64_t WarpsPerPB = (L.RegistersPerSM / T.ProcessingBlocks) / PerWarp;
  return static_cast<unsigned>(WarpsPerPB * T.ProcessingBlocks / WarpsPerBlock);
}

} // namespace

Expected<OccupancyResult> computeOccupancy(const GpuTarget &T,
                                           const OccupancyRequest &R) {
  const OccupancyLimits &L = T.Limits;
  // A loaded target file never lacks these (the parser checks them).
  if (T.WarpSize == 0 || T.ProcessingBlocks == 0 || L.WarpsPerSM == 0 ||
      L.RegisterAllocUnit == 0 || L.SharedAllocUnitBytes == 0)
    return occupancyError(T, "the target has no occupancy limits");
  if (R.ThreadsPerBlock == 0)
    return occupancyError(T, "a block of 0 threads");
  if (R.ThreadsPerBlock > L.ThreadsPerBlock)
    return occupancyError(T, "a block of " + Twine(R.ThreadsPerBlock) +
                                 " threads exceeds the maximum of " +
                                 Twine(L.ThreadsPerBlock) +
                                 " (limits.threads_per_block)");
  if (R.RegistersPerThread == 0)
    return occupancyError(T, "registers per thread not known (0); give the "
                             "count ptxas reports or an estimate");
  if (R.RegistersPerThread > L.RegistersPerThread)
    return occupancyError(T, Twine(R.RegistersPerThread) +
                                 " registers per thread exceed the maximum "
                                 "of " +
                                 Twine(L.RegistersPerThread) +
                                 " (limits.registers_per_thread)");
  // Each part alone first, so that the sum below cannot overflow.
  uint64_t MaxShared = L.SharedPerBlockBytes;
  auto SharedTooLarge = [&](uint64_t Bytes, StringRef What) {
    return occupancyError(T, Twine(Bytes) + " bytes of " + What +
                                 " shared memory per block exceed the "
                                 "maximum of " +
                                 Twine(MaxShared) +
                                 " (limits.shared_per_block_bytes)");
  };
  if (R.StaticSharedBytes > MaxShared)
    return SharedTooLarge(R.StaticSharedBytes, "static");
  if (R.DynamicSharedBytes > MaxShared)
    return SharedTooLarge(R.DynamicSharedBytes, "dynamic");

  OccupancyResult Res;
  Res.WarpsPerBlock =
      static_cast<unsigned>(ceilDiv(R.ThreadsPerBlock, T.WarpSize));

  // Shared memory: the block's bytes plus the reserved bytes, rounded up to
  // the allocation unit, must fit the per-block maximum (which the reserved
  // bytes extend).
  uint64_t Shared = R.StaticSharedBytes + R.DynamicSharedBytes;
  Res.SharedBytesPerBlock =
      roundUp(Shared + L.SharedReservedPerBlockBytes, L.SharedAllocUnitBytes);
  if (Res.SharedBytesPerBlock > MaxShared + L.SharedReservedPerBlockBytes)
    return occupancyError(
        T, Twine(Shared) + " bytes of shared memory per block (static " +
               Twine(R.StaticSharedBytes) + " + dynamic " +
               Twine(R.DynamicSharedBytes) + ") exceed the maximum of " +
               Twine(MaxShared) + " (limits.shared_per_block_bytes)");
  // The calculator's default carve-out preference is the whole
  // shared_per_sm_bytes, rounded up to a carve-out; a block needing more
  // rounds its own size up instead.
  std::optional<uint64_t> Carveout = carveoutFor(T, L.SharedPerSMBytes);
  if (!Carveout || *Carveout < Res.SharedBytesPerBlock)
    Carveout = carveoutFor(T, Res.SharedBytesPerBlock);
  if (!Carveout)
    return occupancyError(T, Twine(Res.SharedBytesPerBlock) +
                                 " bytes of shared memory per block fit no "
                                 "carve-out (limits.shared_carveouts_kb)");
  Res.SharedCarveoutBytes = *Carveout;

  Res.ByWarps = blocksByWarps(T, Res.WarpsPerBlock);
  Res.ByBlocks = L.BlocksPerSM;
  Res.ByRegisters = blocksByRegisters(T, R.RegistersPerThread,
                                      Res.WarpsPerBlock, Res.RegistersPerBlock);
  Res.BySharedMemory =
      Res.SharedBytesPerBlock == 0
          ? OccupancyUnlimited
          : static_cast<unsigned>(std::min<uint64_t>(
                Res.SharedCarveoutBytes / Res.SharedBytesPerBlock,
                OccupancyUnlimited));

  // The smallest limit binds; ties go to the first in enum order.
  Res.BlocksPerSM = Res.ByWarps;
  Res.Limiter = OccupancyLimiter::Warps;
  auto Consider = [&](unsigned By, OccupancyLimiter Lim) {
    if (By < Res.BlocksPerSM) {
      Res.BlocksPerSM = By;
      Res.Limiter = Lim;
    }
  };
  Consider(Res.ByBlocks, OccupancyLimiter::Blocks);
  Consider(Res.ByRegisters, OccupancyLimiter::Registers);
  Consider(Res.BySharedMemory, OccupancyLimiter::SharedMemory);

  // The L1 the launch gets: where the driver configures the unified array
  // per launch (Volta on: an L1 that caches every global load and several
  // carve-outs), the smallest carve-out that holds the resident blocks'
  // shared memory; RRZE's gpu-cache, a kernel without shared memory, keeps
  // the L1's full rate up to 102-204 kB of data on V100 to H100
  // (docs/gpu.md), not the 28-32 kB the largest carve-out leaves.
  Res.L1CarveoutBytes = Res.SharedCarveoutBytes;
  if (T.l1CachesGlobalLoad(/*ReadOnly=*/false) &&
      L.SharedCarveoutsBytes.size() > 1)
    if (std::optional<uint64_t> Needed =
            carveoutFor(T, Res.SharedBytesPerBlock * Res.BlocksPerSM))
      Res.L1CarveoutBytes = std::min(*Needed, Res.SharedCarveoutBytes);

  Res.ActiveWarpsPerSM = Res.BlocksPerSM * Res.WarpsPerBlock;
  Res.Fraction = double(Res.ActiveWarpsPerSM) / L.WarpsPerSM;
  return Res;
}

} // namespace ktime
