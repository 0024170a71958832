//===- CacheHitsTest.cpp - L1 and L2 hit fractions ------------------------===//
//
// estimateHits (lib/Memory/CacheHits.cpp) with the shipped a100-pcie-40gb
// target (memory.l2.size_bytes 41943040, memory.constant.cache_bytes 8192).
// Each expected value is derived by hand beside the check from the formulas
// in docs/memory.md.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Memory.h"

#include "gtest/gtest.h"

using namespace ktime;

namespace {

GpuTarget a100() {
  llvm::Expected<GpuTarget> T = loadTargetFile(
      std::string(KTIME_SOURCE_DIR) + "/gpu-targets/a100-pcie-40gb.yaml");
  if (!T) {
    ADD_FAILURE() << llvm::toString(T.takeError());
    return GpuTarget();
  }
  return *T;
}

/// The 3-point stencil of test/Memory/reuse.ll: 256 threads, 3 loads of 4
/// bytes: requested 3072, unique 1032 per block, grid 1024 * nctaid.x + 8.
AccessInfo stencilLoad() {
  AccessInfo A;
  A.Space = MemSpace::Global;
  A.IsLoad = true;
  A.BytesPerThread = 4;
  A.Reuse.RequestedBytesPerBlock = Expr::constant(3072);
  A.Reuse.UniqueBytesPerBlock = Expr::constant(1032);
  A.Reuse.GridFootprintBytes = 1024 * Expr::symbol("nctaid.x") + 8;
  return A;
}

CacheContext launch(unsigned Blocks, uint64_t L1Bytes, bool Cold = false) {
  CacheContext C;
  C.ResidentBlocksPerSM = Blocks;
  C.L1BytesAvailable = L1Bytes;
  C.ColdCache = Cold;
  C.Launch = {{"nctaid.x", Rational(1000)},
              {"nctaid.y", Rational(1)},
              {"nctaid.z", Rational(1)}};
  return C;
}

TEST(CacheHits, StencilWarm) {
  GpuTarget T = a100();
  // 8 blocks x 1032 = 8256 bytes fit 100000: L1 = 1 - 1032 / 3072 =
  // 0.6640625. Grid 1024 * 1000 + 8 = 1024008 <= 41943040, warm: every L1
  // miss hits L2: L2 = 1 - 0.6640625 = 0.3359375.
  HitFractions H = estimateHits(stencilLoad(), T, launch(8, 100000));
  EXPECT_DOUBLE_EQ(H.L1, 0.6640625);
  EXPECT_DOUBLE_EQ(H.L2, 0.3359375);
  EXPECT_NE(H.Why.find("fits"), std::string::npos) << H.Why;
}

TEST(CacheHits, StencilCold) {
  GpuTarget T = a100();
  // Cold: only the compulsory misses (the grid footprint) go to DRAM. Bytes
  // reaching L2: 3072 x 1000 x 0.3359375 = 1032000; h2 = 1 - 1024008 /
  // 1032000; L2 = 0.3359375 x h2 = 0.3359375 - 1024008 / 3072000.
  HitFractions H = estimateHits(stencilLoad(), T, launch(8, 100000, true));
  EXPECT_DOUBLE_EQ(H.L1, 0.6640625);
  EXPECT_NEAR(H.L2, 0.3359375 - 1024008.0 / 3072000.0, 1e-12);
}

TEST(CacheHits, L1TooSmall) {
  GpuTarget T = a100();
  // 100 blocks x 1032 = 103200 bytes against 50000 (a grid of 10800
  // blocks, 100 for each of the 108 SMs): the reuse scaled by the fraction
  // that fits: 0.6640625 x 50000 / 103200.
  CacheContext C = launch(100, 50000);
  C.Launch["nctaid.x"] = Rational(10800);
  HitFractions H = estimateHits(stencilLoad(), T, C);
  EXPECT_DOUBLE_EQ(H.L1, 0.6640625 * 50000.0 / 103200.0);
  EXPECT_DOUBLE_EQ(H.L2, 1 - H.L1);
}

TEST(CacheHits, PendingHitsWaitForTheFill) {
  GpuTarget T = a100();
  // Without the figures of one iteration nothing is said to wait.
  HitFractions None = estimateHits(stencilLoad(), T, launch(8, 100000));
  EXPECT_EQ(None.L1Pending, 0.0);
  // The stencil outside any loop: one iteration asks for 3072 and touches
  // 1032 bytes, r_i = 0.6640625 = L1; the share of its distinct lines from
  // beyond the L1, m = (1 - L1) / (1 - r_i) = 1: every hit waits.
  AccessInfo A = stencilLoad();
  A.Reuse.IterationRequestedBytesPerBlock = Expr::constant(3072);
  A.Reuse.IterationUniqueBytesPerBlock = Expr::constant(1032);
  HitFractions H = estimateHits(A, T, launch(8, 100000));
  EXPECT_DOUBLE_EQ(H.L1Pending, 0.6640625);
  EXPECT_NE(H.Why.find("still being fetched"), std::string::npos) << H.Why;
  // The same taps read in 4 iterations of a loop: L1 = 1 - 1032 / 12288 =
  // 0.916015625; m = 0.083984375 / 0.3359375 = 0.25 (the first
  // iteration's lines): 0.6640625 x 0.25 wait.
  A.Reuse.RequestedBytesPerBlock = Expr::constant(12288);
  H = estimateHits(A, T, launch(8, 100000));
  EXPECT_DOUBLE_EQ(H.L1, 0.916015625);
  EXPECT_DOUBLE_EQ(H.L1Pending, 0.166015625);
  // If each iteration moved the taps by 4 bytes, a new sector would come
  // every 8 iterations: m = min(0.25, 4 / 32) = 0.125.
  A.Reuse.IterationStepBytes = 4;
  H = estimateHits(A, T, launch(8, 100000));
  EXPECT_DOUBLE_EQ(H.L1Pending, 0.6640625 * 0.125);
  A.Reuse.IterationStepBytes.reset();
  // The stencil on an L1 too small for its blocks (L1TooSmall): L1 =
  // 0.6640625 x 50000 / 103200; r_i x (1 - L1) / (1 - r_i) exceeds it, so
  // every hit that is left waits.
  A.Reuse.RequestedBytesPerBlock = Expr::constant(3072);
  CacheContext Small = launch(100, 50000);
  Small.Launch["nctaid.x"] = Rational(10800);
  H = estimateHits(A, T, Small);
  EXPECT_DOUBLE_EQ(H.L1Pending, H.L1);
  EXPECT_DOUBLE_EQ(H.L1, 0.6640625 * 50000.0 / 103200.0);
}

TEST(CacheHits, FewBlocksKeepTheL1) {
  GpuTarget T = a100();
  // The a100-pcie-40gb target has 108 SMs (sm.count). The occupancy allows
  // 8 blocks per SM, 8 x 1032 = 8256 bytes against 5000 of L1: a grid of
  // 1000 blocks puts ceil(1000 / 108) = 10 >= 8 on an SM, so the reuse is
  // scaled, 0.6640625 x 5000 / 8256.
  CacheContext C = launch(8, 5000);
  HitFractions H = estimateHits(stencilLoad(), T, C);
  EXPECT_DOUBLE_EQ(H.L1, 0.6640625 * 5000.0 / 8256.0);
  // A grid of 216 blocks puts ceil(216 / 108) = 2 on an SM: 2 x 1032 =
  // 2064 bytes fit 5000, the whole reuse 0.6640625 hits.
  C.Launch["nctaid.x"] = Rational(216);
  H = estimateHits(stencilLoad(), T, C);
  EXPECT_DOUBLE_EQ(H.L1, 0.6640625);
  EXPECT_NE(H.Why.find("(2064 B resident fits 5000 B)"), std::string::npos)
      << H.Why;
  // 217 blocks: ceil(217 / 108) = 3, 3096 bytes, still fits.
  C.Launch["nctaid.x"] = Rational(217);
  EXPECT_DOUBLE_EQ(estimateHits(stencilLoad(), T, C).L1, 0.6640625);
}

/// A load that walks a row by 4 B an iteration over 2048 iterations
/// (ReuseInfo::WalkStrideBytes), its lanes sharing two rows: two sectors in
/// two lines a request, not uncoalesced. The loop is a key only here, never
/// read.
AccessInfo sharedRowWalk(const llvm::Loop *L) {
  AccessInfo A;
  A.Space = MemSpace::Global;
  A.IsLoad = true;
  A.BytesPerThread = 4;
  A.Sectors = A.MinSectors = 2;
  A.Lines = A.MinLines = 2;
  A.Reuse.WalkStrideBytes = 4;
  A.Reuse.WalkLoop = L;
  A.Reuse.WalkTrip = Expr::constant(2048);
  A.Reuse.GroupSize = 1;
  return A;
}

TEST(CacheHits, WalkLines) {
  GpuTarget T = a100();
  int Key = 0;
  const auto *L = reinterpret_cast<const llvm::Loop *>(&Key);
  AccessInfo A = sharedRowWalk(L);
  // Lanes that share rows keep the request's lines, two a warp.
  std::optional<WalkLines> W = walkLines(A, T);
  ASSERT_TRUE(W);
  EXPECT_EQ(W->PerWarp, 2u);
  EXPECT_EQ(W->PerLane, 0u);
  // A lane in a sector of its own (32 sectors, factor 8): a line a lane.
  AccessInfo Own = A;
  Own.Sectors = Own.Lines = 32;
  Own.CoalescingFactor = Rational(8);
  W = walkLines(Own, T);
  ASSERT_TRUE(W);
  EXPECT_EQ(W->PerLane, 1u);
  EXPECT_EQ(W->PerWarp, 0u);
  // Uncoalesced with lanes sharing sectors (16 rows, two lanes each): the
  // request's 16 lines a warp.
  AccessInfo Pairs = Own;
  Pairs.Sectors = Pairs.Lines = 16;
  W = walkLines(Pairs, T);
  ASSERT_TRUE(W);
  EXPECT_EQ(W->PerWarp, 16u);
  EXPECT_EQ(W->PerLane, 0u);
  // Shared memory keeps no lines in L1; neither does a load the L1 does not
  // cache (the K40 caches only ld.global.nc; memory.l1.global_loads
  // read_only).
  AccessInfo Shared = A;
  Shared.Space = MemSpace::Shared;
  EXPECT_FALSE(walkLines(Shared, T));
  llvm::Expected<GpuTarget> K40 =
      loadTargetFile(std::string(KTIME_SOURCE_DIR) + "/gpu-targets/k40.yaml");
  ASSERT_TRUE(bool(K40)) << llvm::toString(K40.takeError());
  EXPECT_FALSE(walkLines(A, *K40));
  A.ReadOnly = true;
  EXPECT_TRUE(walkLines(A, *K40));
  // countWalkLines sums a loop's walk groups: two that share rows (two
  // lines and one a warp) and a lane's own row (group 2).
  AccessInfo Other = sharedRowWalk(L);
  Other.Reuse.Group = 1;
  Other.Lines = 1;
  Own.Reuse.Group = 2;
  std::map<const llvm::Loop *, WalkLines> Kept =
      countWalkLines({sharedRowWalk(L), Other, Own}, T);
  EXPECT_EQ(Kept[L].PerWarp, 3u);
  EXPECT_EQ(Kept[L].PerLane, 1u);
}

TEST(CacheHits, SharedRowWalkWindowCountsWarps) {
  GpuTarget T = a100();
  int Key = 0;
  const auto *L = reinterpret_cast<const llvm::Loop *>(&Key);
  // Blocks of 48 threads, two warps (the second partial), 100 resident
  // (10800 blocks over 108 SMs allow them), the walk's two lines a warp:
  // window 100 x 2 warps x 2 x 128 = 51200 B against 25600 of L1. Misses
  // max(4 / 32, 1 / 2048) = 1/8: L1 = 7/8 x 25600 / 51200 = 0.4375, whole
  // requests. (Counted by the thread, 100 x 48 x 8 = 38400 B, it would be
  // 0.5833.)
  CacheContext C = launch(100, 25600);
  C.Launch["nctaid.x"] = Rational(10800);
  C.Launch["ntid.x"] = Rational(48);
  C.Launch["ntid.y"] = Rational(1);
  C.Launch["ntid.z"] = Rational(1);
  HitFractions H = estimateHits(sharedRowWalk(L), T, C);
  EXPECT_DOUBLE_EQ(H.L1, 0.4375);
  EXPECT_DOUBLE_EQ(H.WholeRequestL1, 0.4375);
}

TEST(CacheHits, KernelFootprintDecidesCapacity) {
  GpuTarget T = a100();
  // The kernel's other arrays make the grid footprint 64 MiB > 40 MiB L2:
  // compulsory misses of this group only: h2 = 1 - 1024008 / 1032000.
  CacheContext C = launch(8, 100000);
  C.KernelGridFootprintBytes = Expr::constant(64 << 20);
  HitFractions H = estimateHits(stencilLoad(), T, C);
  EXPECT_NEAR(H.L2, 0.3359375 * (1 - 1024008.0 / 1032000.0), 1e-12);
}

TEST(CacheHits, Stores) {
  GpuTarget T = a100();
  // A store never hits L1; its 1 MB grid footprint fits L2 and stays
  // there across launches: L2 = 1.
  AccessInfo A = stencilLoad();
  A.IsLoad = false;
  A.IsStore = true;
  A.Reuse.RequestedBytesPerBlock = Expr::constant(1024);
  A.Reuse.UniqueBytesPerBlock = Expr::constant(1024);
  A.Reuse.GridFootprintBytes = 1024 * Expr::symbol("nctaid.x");
  HitFractions H = estimateHits(A, T, launch(8, 100000));
  EXPECT_EQ(H.L1, 0);
  EXPECT_EQ(H.L2, 1);
  // Cold, every byte written once: 1 - 1024000 / 1024000 = 0.
  H = estimateHits(A, T, launch(8, 100000, true));
  EXPECT_EQ(H.L2, 0);
}

/// A load without reuse over 100 M floats: 1024 bytes per block, 390625
/// blocks, 400000000 bytes > 41943040 of L2.
AccessInfo streamingLoad() {
  AccessInfo A = stencilLoad();
  A.Reuse.RequestedBytesPerBlock = Expr::constant(1024);
  A.Reuse.UniqueBytesPerBlock = Expr::constant(1024);
  A.Reuse.GridFootprintBytes = 1024 * Expr::symbol("nctaid.x");
  return A;
}

CacheContext streamingLaunch() {
  CacheContext C = launch(8, 100000);
  C.Launch["nctaid.x"] = Rational(390625);
  return C;
}

TEST(CacheHits, StreamingBeyondL2) {
  GpuTarget T = a100();
  // No reuse: L1 = 0; beyond L2 only compulsory misses, which are all of
  // them: L2 = 0.
  HitFractions H = estimateHits(streamingLoad(), T, streamingLaunch());
  EXPECT_EQ(H.L1, 0);
  EXPECT_EQ(H.L2, 0);
}

TEST(CacheHits, CompulsoryMissesInSectors) {
  GpuTarget T = a100();
  // The streaming access above, but each 4-byte request moves 16 bytes of
  // sectors (a two-wide block's rows, factor 4): 4 x 1024 x 390625 sector
  // bytes reach L2 and only the footprint, 1024 x 390625, misses: h2 =
  // 1 - 1/4, so the sectors from DRAM are 16 x 0.25 = 4 bytes per thread,
  // the bytes asked for.
  AccessInfo A = streamingLoad();
  A.TransferredBytesPerThread = Rational(16);
  HitFractions H = estimateHits(A, T, streamingLaunch());
  EXPECT_EQ(H.L1, 0);
  EXPECT_DOUBLE_EQ(H.L2, 0.75);
}

TEST(CacheHits, SharedAndConstant) {
  GpuTarget T = a100();
  AccessInfo S = stencilLoad();
  S.Space = MemSpace::Shared;
  HitFractions H = estimateHits(S, T, launch(8, 100000));
  EXPECT_EQ(H.L1, 0);
  EXPECT_EQ(H.L2, 0);
  // 4 unique bytes per block x 8 blocks = 32 <= 8192: all in the constant
  // cache.
  AccessInfo C = stencilLoad();
  C.Space = MemSpace::Constant;
  C.Reuse.UniqueBytesPerBlock = Expr::constant(4);
  H = estimateHits(C, T, launch(8, 100000));
  EXPECT_EQ(H.L1, 1);
  EXPECT_EQ(H.L2, 0);
}

TEST(CacheHits, UnboundSymbols) {
  GpuTarget T = a100();
  // The footprint depends on n, which the launch does not bind: no reuse
  // credited, and the reason says so.
  AccessInfo A = stencilLoad();
  A.Reuse.UniqueBytesPerBlock = 4 * Expr::symbol("n");
  HitFractions H = estimateHits(A, T, launch(8, 100000));
  EXPECT_EQ(H.L1, 0);
  EXPECT_NE(H.Why.find("reuse unknown"), std::string::npos) << H.Why;
}

TEST(CacheHits, MiddleThreadBindings) {
  // floor((size - 1) / 2) for each id whose size is bound and which is not
  // bound itself: tid.x = floor(255 / 2) = 127, tid.y = floor(2 / 2) = 1,
  // ctaid.x = floor(999 / 2) = 499, ctaid.y = 0; no ntid.z, no tid.z; a
  // bound ctaid.z stays.
  Bindings Launch = {{"ntid.x", Rational(256)},    {"ntid.y", Rational(3)},
                     {"nctaid.x", Rational(1000)}, {"nctaid.y", Rational(1)},
                     {"nctaid.z", Rational(4)},    {"ctaid.z", Rational(3)}};
  Bindings B = middleThreadBindings(Launch);
  EXPECT_EQ(B.at("tid.x"), Rational(127));
  EXPECT_EQ(B.at("tid.y"), Rational(1));
  EXPECT_EQ(B.at("ctaid.x"), Rational(499));
  EXPECT_EQ(B.at("ctaid.y"), Rational(0));
  EXPECT_EQ(B.at("ctaid.z"), Rational(3));
  EXPECT_EQ(B.count("tid.z"), 0u);
  EXPECT_EQ(B.at("ntid.x"), Rational(256));
}

TEST(CacheHits, ThreadIdSample) {
  // Every id up to 32 (x), 8 (y), 4 (z), else that many at floor(j (ntid -
  // 1) / (k - 1)): ntid.x = 256, k = 32: 0, floor(255 / 31) = 8, ..., 255;
  // ntid.y = 3: 0, 1, 2; ntid.z = 100, k = 4: 0, 33, 66, 99. A bound id
  // stays.
  Bindings Launch = {{"ntid.x", Rational(256)},
                     {"ntid.y", Rational(3)},
                     {"ntid.z", Rational(100)}};
  std::array<std::vector<Rational>, 3> Ids = threadIdSample(Launch);
  ASSERT_EQ(Ids[0].size(), 32u);
  EXPECT_EQ(Ids[0].front(), Rational(0));
  EXPECT_EQ(Ids[0][1], Rational(8));
  EXPECT_EQ(Ids[0].back(), Rational(255));
  EXPECT_EQ(Ids[1], (std::vector<Rational>{0, 1, 2}));
  EXPECT_EQ(Ids[2], (std::vector<Rational>{0, 33, 66, 99}));
  Launch["tid.x"] = Rational(5);
  EXPECT_TRUE(threadIdSample(Launch)[0].empty());
}

TEST(CacheHits, FiguresMentioningIdsAveragedOverThreads) {
  GpuTarget T = a100();
  // A loop from tid.y to 4 in a block of 256 x 4 threads: requested per
  // block 1024 x (4 - tid.y), unique 2048. Over the block's tid.y = 0..3
  // the mean request is 1024 x 2.5 = 2560: reuse 1 - 2048 / 2560 = 0.2;
  // 8 x 2048 = 16384 bytes fit 100000: L1 = 0.2. Grid 1024 x 1000 fits
  // L2, warm: L2 = 0.8.
  AccessInfo A = stencilLoad();
  A.Reuse.RequestedBytesPerBlock = 1024 * (4 - Expr::symbol("tid.y"));
  A.Reuse.UniqueBytesPerBlock = Expr::constant(2048);
  A.Reuse.GridFootprintBytes = 1024 * Expr::symbol("nctaid.x");
  CacheContext C = launch(8, 100000);
  C.Launch["ntid.x"] = Rational(256);
  C.Launch["ntid.y"] = Rational(4);
  C.MiddleThread = middleThreadBindings(C.Launch);
  C.ThreadIds = threadIdSample(C.Launch);
  HitFractions H = estimateHits(A, T, C);
  EXPECT_DOUBLE_EQ(H.L1, 0.2);
  EXPECT_DOUBLE_EQ(H.L2, 0.8);
  EXPECT_NE(H.Why.find("averaged over the threads"), std::string::npos)
      << H.Why;
  // Without a sample, the middle thread alone (tid.y = floor(3 / 2) = 1):
  // requested 3072, reuse 1 - 2048 / 3072 = 1/3.
  C.ThreadIds = {};
  H = estimateHits(A, T, C);
  EXPECT_DOUBLE_EQ(H.L1, 1.0 / 3);
  // Without the middle thread the requested bytes have no value: no reuse.
  C.MiddleThread.clear();
  H = estimateHits(A, T, C);
  EXPECT_EQ(H.L1, 0);
  EXPECT_NE(H.Why.find("reuse unknown"), std::string::npos) << H.Why;
  EXPECT_EQ(H.Why.find("averaged over"), std::string::npos) << H.Why;
}

TEST(CacheHits, Spills) {
  GpuTarget T = a100();
  // 256 B frames x 2048 threads = 524288 B per SM against 131072 B of L1:
  // L1 = 0.25. On 108 SMs: 56623104 B against 41943040 of L2: L2 = 0.75 x
  // 41943040 / 56623104.
  CacheContext C = launch(8, 131072);
  HitFractions H = estimateSpillHits(256, 2048, 108 * 2048, T, C);
  EXPECT_DOUBLE_EQ(H.L1, 0.25);
  EXPECT_DOUBLE_EQ(H.L2, 0.75 * 41943040.0 / 56623104.0);
  EXPECT_NE(H.Why.find("spill frames"), std::string::npos) << H.Why;
  // 16 B frames x 2048 = 32768 B fit: all L1.
  H = estimateSpillHits(16, 2048, 108 * 2048, T, C);
  EXPECT_EQ(H.L1, 1);
  EXPECT_EQ(H.L2, 0);
  // No L1 left for data: L2 holds what fits of 108 x 524288 B.
  C.L1BytesAvailable = 0;
  H = estimateSpillHits(256, 2048, 108 * 2048, T, C);
  EXPECT_EQ(H.L1, 0);
  EXPECT_DOUBLE_EQ(H.L2, 41943040.0 / 56623104.0);
  // One block of 256 threads on the whole GPU: 65536 B fit L2.
  H = estimateSpillHits(256, 256, 256, T, C);
  EXPECT_EQ(H.L1, 0);
  EXPECT_EQ(H.L2, 1);
}

} // namespace
