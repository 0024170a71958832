//===- OccupancyTest.cpp - Occupancy derived by hand ----------------------===//
//
// Each limit binds in turn on a100-pcie-40gb and h100-sxm; the arithmetic is
// in the comments, from the files' limits:
//   both: warp_size 32, warps_per_sm 64, blocks_per_sm 32, registers_per_sm
//         65536 over processing_blocks 4 = 16384 per processing block,
//         register_alloc_unit 256, shared_alloc_unit_bytes 128,
//         shared_reserved_per_block_bytes 1024
//   a100-pcie-40gb: shared_per_sm_bytes 167936 (164 KB, the largest
//         carve-out), shared_per_block_bytes 166912
//   h100-sxm: shared_per_sm_bytes 233472 (228 KB), shared_per_block_bytes
//         232448
// The carve-out is the calculator's default: the largest one.
//
//===----------------------------------------------------------------------===//
#include "GPUTestUtil.h"
#include "KernelTime/GPU.h"

#include "gtest/gtest.h"

using namespace ktime;
using namespace ktime::test;

namespace {

OccupancyResult occupancy(llvm::StringRef Gpu, unsigned Threads,
                          unsigned Registers, uint64_t Static = 0,
                          uint64_t Dynamic = 0) {
  llvm::Expected<OccupancyResult> R =
      computeOccupancy(shippedGpu(Gpu), {Threads, Registers, Static, Dynamic});
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return OccupancyResult();
  }
  return *R;
}

std::string occupancyError(llvm::StringRef Gpu, unsigned Threads,
                           unsigned Registers, uint64_t Static = 0,
                           uint64_t Dynamic = 0) {
  llvm::Expected<OccupancyResult> R =
      computeOccupancy(shippedGpu(Gpu), {Threads, Registers, Static, Dynamic});
  if (R) {
    ADD_FAILURE() << "expected an error, got " << R->BlocksPerSM << " blocks";
    return "";
  }
  return llvm::toString(R.takeError());
}

TEST(OccupancyTest, LimiterNames) {
  EXPECT_EQ(getOccupancyLimiterName(OccupancyLimiter::Warps), "warps");
  EXPECT_EQ(getOccupancyLimiterName(OccupancyLimiter::Blocks), "blocks");
  EXPECT_EQ(getOccupancyLimiterName(OccupancyLimiter::Registers), "registers");
  EXPECT_EQ(getOccupancyLimiterName(OccupancyLimiter::SharedMemory),
            "shared memory");
}

TEST(OccupancyTest, A100WarpsBind) {
  // 1024 threads = 32 warps: warps 64 / 32 = 2. Registers 16 x 32 = 512 per
  // warp, 16384 / 512 = 32 warps per processing block, x 4 = 128 warps,
  // / 32 = 4 blocks. Shared 0 + 1024 reserved = 1024, 167936 / 1024 = 164.
  OccupancyResult R = occupancy("a100-pcie-40gb", 1024, 16);
  EXPECT_EQ(R.WarpsPerBlock, 32u);
  EXPECT_EQ(R.ByWarps, 2u);
  EXPECT_EQ(R.ByBlocks, 32u);
  EXPECT_EQ(R.ByRegisters, 4u);
  EXPECT_EQ(R.BySharedMemory, 164u);
  EXPECT_EQ(R.BlocksPerSM, 2u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Warps);
  EXPECT_EQ(R.ActiveWarpsPerSM, 64u);
  EXPECT_DOUBLE_EQ(R.Fraction, 1.0);
  EXPECT_EQ(R.RegistersPerBlock, 16384u); // 512 x 32 warps
  EXPECT_EQ(R.SharedBytesPerBlock, 1024u);
  EXPECT_EQ(R.SharedCarveoutBytes, 167936u);

  // 96 threads = 3 warps: 64 / 3 = 21 blocks (63 warps, not 64). Registers
  // 128 / 3 = 42, blocks 32, shared 164.
  R = occupancy("a100-pcie-40gb", 96, 16);
  EXPECT_EQ(R.ByWarps, 21u);
  EXPECT_EQ(R.ByRegisters, 42u);
  EXPECT_EQ(R.BlocksPerSM, 21u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Warps);
  EXPECT_EQ(R.ActiveWarpsPerSM, 63u);
  EXPECT_DOUBLE_EQ(R.Fraction, 63.0 / 64);

  // 100 threads take ceil(100 / 32) = 4 warps: 64 / 4 = 16.
  R = occupancy("a100-pcie-40gb", 100, 16);
  EXPECT_EQ(R.WarpsPerBlock, 4u);
  EXPECT_EQ(R.ByWarps, 16u);
}

TEST(OccupancyTest, A100BlocksBind) {
  // 32 threads = 1 warp: warps 64; blocks 32; registers 32 x 32 = 1024 per
  // warp, 16384 / 1024 = 16 per processing block, 64 warps -> 64 blocks;
  // shared 164. 32 blocks x 1 warp = 32 warps, 32 / 64 = 0.5.
  OccupancyResult R = occupancy("a100-pcie-40gb", 32, 32);
  EXPECT_EQ(R.ByWarps, 64u);
  EXPECT_EQ(R.ByBlocks, 32u);
  EXPECT_EQ(R.ByRegisters, 64u);
  EXPECT_EQ(R.BlocksPerSM, 32u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Blocks);
  EXPECT_EQ(R.ActiveWarpsPerSM, 32u);
  EXPECT_DOUBLE_EQ(R.Fraction, 0.5);
}

TEST(OccupancyTest, A100RegistersBind) {
  // 256 threads = 8 warps, 64 registers: 64 x 32 = 2048 per warp,
  // 16384 / 2048 = 8 per processing block, 32 warps, / 8 = 4 blocks;
  // warps 64 / 8 = 8.
  OccupancyResult R = occupancy("a100-pcie-40gb", 256, 64);
  EXPECT_EQ(R.ByWarps, 8u);
  EXPECT_EQ(R.ByRegisters, 4u);
  EXPECT_EQ(R.BlocksPerSM, 4u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Registers);
  EXPECT_EQ(R.ActiveWarpsPerSM, 32u);

  // 37 registers: 37 x 32 = 1184, rounded up to 256 -> 1280 per warp;
  // 16384 / 1280 = 12 (12.8) per processing block, 48 warps, / 8 = 6.
  R = occupancy("a100-pcie-40gb", 256, 37);
  EXPECT_EQ(R.ByRegisters, 6u);
  EXPECT_EQ(R.RegistersPerBlock, 10240u); // 1280 x 8
  EXPECT_EQ(R.BlocksPerSM, 6u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Registers);

  // A block that does not fit at all: 1024 threads x 128 registers =
  // 4096 per warp x 32 warps = 131072 > registers_per_block 65536 -> 0.
  R = occupancy("a100-pcie-40gb", 1024, 128);
  EXPECT_EQ(R.ByRegisters, 0u);
  EXPECT_EQ(R.BlocksPerSM, 0u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Registers);
  EXPECT_EQ(R.ActiveWarpsPerSM, 0u);
  EXPECT_DOUBLE_EQ(R.Fraction, 0.0);
}

TEST(OccupancyTest, A100SharedMemoryBinds) {
  // 128 threads = 4 warps, static 49152 + reserved 1024 = 50176 (a multiple
  // of 128); 167936 / 50176 = 3 (3.35). Warps 16, registers 64 / 4 = 16.
  OccupancyResult R = occupancy("a100-pcie-40gb", 128, 32, 49152);
  EXPECT_EQ(R.SharedBytesPerBlock, 50176u);
  EXPECT_EQ(R.BySharedMemory, 3u);
  EXPECT_EQ(R.ByWarps, 16u);
  EXPECT_EQ(R.ByRegisters, 16u);
  EXPECT_EQ(R.BlocksPerSM, 3u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::SharedMemory);
  EXPECT_EQ(R.ActiveWarpsPerSM, 12u);
  EXPECT_DOUBLE_EQ(R.Fraction, 12.0 / 64);

  // Dynamic 40000 + 1024 = 41024 -> 321 x 128 = 41088; 167936 / 41088 = 4.
  R = occupancy("a100-pcie-40gb", 128, 32, 0, 40000);
  EXPECT_EQ(R.SharedBytesPerBlock, 41088u);
  EXPECT_EQ(R.BySharedMemory, 4u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::SharedMemory);

  // The opt-in maximum exactly: 100000 + 66912 = 166912, + 1024 = 167936,
  // one block per SM.
  R = occupancy("a100-pcie-40gb", 128, 32, 100000, 66912);
  EXPECT_EQ(R.SharedBytesPerBlock, 167936u);
  EXPECT_EQ(R.BySharedMemory, 1u);
  EXPECT_EQ(R.BlocksPerSM, 1u);
  EXPECT_EQ(R.SharedCarveoutBytes, 167936u);
}

// The carve-out that leaves the launch its L1 (docs/gpu.md, "The
// carve-out"): the smallest that holds the resident blocks' shared memory
// where the driver configures the array per launch, the calculator's
// elsewhere.
TEST(OccupancyTest, L1CarveoutHoldsTheResidentBlocks) {
  // A100: 2 blocks of 1024 threads x 1 KB reserved = 2 KB: the 8 KB
  // carve-out (of 0, 8, 16, ...), 192 KB - 8 KB of L1.
  OccupancyResult R = occupancy("a100-pcie-40gb", 1024, 16);
  EXPECT_EQ(R.L1CarveoutBytes, 8192u);
  // 4 blocks of 96 threads with 40 KB of dynamic shared memory each:
  // 4 x 41088 = 164352 B, the 164 KB carve-out (167936 B), as the
  // calculator's.
  R = occupancy("a100-pcie-40gb", 96, 16, 0, 40000);
  EXPECT_EQ(R.SharedBytesPerBlock, 41088u);
  EXPECT_EQ(R.BlocksPerSM, 4u);
  EXPECT_EQ(R.L1CarveoutBytes, 167936u);
  // H100: 32 blocks of 64 threads x 1 KB = 32 KB: the 32 KB carve-out.
  R = occupancy("h100-sxm", 64, 16);
  EXPECT_EQ(R.L1CarveoutBytes, 32768u);
  // Kepler's split is the context's (the calculator's 48 KB): GK110 caches
  // only read-only global loads in L1.
  R = occupancy("k40", 256, 16);
  EXPECT_EQ(R.L1CarveoutBytes, R.SharedCarveoutBytes);
  EXPECT_EQ(R.L1CarveoutBytes, 49152u);
}

TEST(OccupancyTest, TiesGoToTheFirstLimitInOrder) {
  // 256 threads, 32 registers on a100: warps 64 / 8 = 8; registers 1024 per
  // warp, 64 warps / 8 = 8. Both 8: warps wins the tie.
  OccupancyResult R = occupancy("a100-pcie-40gb", 256, 32);
  EXPECT_EQ(R.ByWarps, 8u);
  EXPECT_EQ(R.ByRegisters, 8u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Warps);
  // 64 threads, 16 registers on h100: warps 64 / 2 = 32 = blocks 32.
  R = occupancy("h100-sxm", 64, 16);
  EXPECT_EQ(R.ByWarps, 32u);
  EXPECT_EQ(R.ByBlocks, 32u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Warps);
}

TEST(OccupancyTest, H100WarpsBind) {
  // 1024 threads, 16 registers: warps 2, registers 128 / 32 = 4, shared
  // 233472 / 1024 = 228.
  OccupancyResult R = occupancy("h100-sxm", 1024, 16);
  EXPECT_EQ(R.ByWarps, 2u);
  EXPECT_EQ(R.ByRegisters, 4u);
  EXPECT_EQ(R.BySharedMemory, 228u);
  EXPECT_EQ(R.BlocksPerSM, 2u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Warps);
  EXPECT_EQ(R.SharedCarveoutBytes, 233472u);
}

TEST(OccupancyTest, H100BlocksBind) {
  // 32 threads, 40 registers: warps 64; registers 40 x 32 = 1280 per warp,
  // 16384 / 1280 = 12 per processing block, 48 warps -> 48 blocks; blocks 32.
  OccupancyResult R = occupancy("h100-sxm", 32, 40);
  EXPECT_EQ(R.ByWarps, 64u);
  EXPECT_EQ(R.ByRegisters, 48u);
  EXPECT_EQ(R.BlocksPerSM, 32u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Blocks);
  EXPECT_DOUBLE_EQ(R.Fraction, 0.5);
}

TEST(OccupancyTest, H100RegistersBind) {
  // 128 threads, 255 registers: 255 x 32 = 8160 -> 8192 per warp;
  // 16384 / 8192 = 2 per processing block, 8 warps, / 4 = 2 blocks.
  OccupancyResult R = occupancy("h100-sxm", 128, 255);
  EXPECT_EQ(R.ByRegisters, 2u);
  EXPECT_EQ(R.ByWarps, 16u);
  EXPECT_EQ(R.BlocksPerSM, 2u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Registers);
  EXPECT_DOUBLE_EQ(R.Fraction, 8.0 / 64);
}

TEST(OccupancyTest, H100SharedMemoryBinds) {
  // 256 threads, dynamic 102400 + 1024 = 103424 (808 x 128);
  // 233472 / 103424 = 2 (2.26). Warps 8, registers 8.
  OccupancyResult R = occupancy("h100-sxm", 256, 32, 0, 102400);
  EXPECT_EQ(R.SharedBytesPerBlock, 103424u);
  EXPECT_EQ(R.BySharedMemory, 2u);
  EXPECT_EQ(R.BlocksPerSM, 2u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::SharedMemory);

  // The opt-in maximum 232448 + 1024 = 233472: one block.
  R = occupancy("h100-sxm", 256, 32, 0, 232448);
  EXPECT_EQ(R.BySharedMemory, 1u);
  EXPECT_EQ(R.BlocksPerSM, 1u);
}

TEST(OccupancyTest, Errors) {
  EXPECT_EQ(occupancyError("a100-pcie-40gb", 0, 32),
            "occupancy on a100-pcie-40gb: a block of 0 threads");
  EXPECT_EQ(occupancyError("a100-pcie-40gb", 1025, 32),
            "occupancy on a100-pcie-40gb: a block of 1025 threads exceeds "
            "the maximum of 1024 (limits.threads_per_block)");
  EXPECT_EQ(occupancyError("a100-pcie-40gb", 128, 0),
            "occupancy on a100-pcie-40gb: registers per thread not known "
            "(0); give the count ptxas reports or an estimate");
  EXPECT_EQ(occupancyError("h100-sxm", 128, 256),
            "occupancy on h100-sxm: 256 registers per thread exceed the "
            "maximum of 255 (limits.registers_per_thread)");
  // 166913 > 166912.
  EXPECT_EQ(occupancyError("a100-pcie-40gb", 128, 32, 100000, 66913),
            "occupancy on a100-pcie-40gb: 166913 bytes of shared memory per "
            "block (static 100000 + dynamic 66913) exceed the maximum of "
            "166912 (limits.shared_per_block_bytes)");
  EXPECT_EQ(occupancyError("h100-sxm", 128, 32, 232449),
            "occupancy on h100-sxm: 232449 bytes of static shared memory per "
            "block exceed the maximum of 232448 "
            "(limits.shared_per_block_bytes)");
  // Sizes whose sum would overflow 64 bits are rejected, not wrapped.
  EXPECT_NE(occupancyError("h100-sxm", 128, 32, 0, ~uint64_t(0)), "");
}

TEST(OccupancyTest, AnEmptyTargetIsAnErrorNotACrash) {
  GpuTarget Empty;
  Empty.Name = "empty";
  llvm::Expected<OccupancyResult> R = computeOccupancy(Empty, {32, 32, 0, 0});
  ASSERT_FALSE(static_cast<bool>(R));
  llvm::consumeError(R.takeError());
}

} // namespace
