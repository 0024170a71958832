//===- KdtTest.cpp - The HIT patent's KDT model --------------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// computeKdt (docs/models/kdt.md) on launches built by hand for each of the
/// patent's three kernel states (Dg <= APDG; Dg > APDG and DPSID >= 1;
/// Dg > APDG and DPSID < 1), the boundaries between them, and the input
/// errors. Every expected value is derived in the comment beside it.
/// Run: ModelsTests --gtest_filter='Kdt*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/Models.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <limits>
#include <string>

using namespace ktime;
using State = KdtResult::StateKind;

namespace {

/// A made-up device: 4 SMs, 512 CUDA cores (128 per SM, so each SM's cores
/// run 128 / 32 = 4 warps at once), warps of 32, 1.25 GHz; a warp that takes
/// 1000 cycles alone; blocks of 64 threads (NBW = 2) of which the occupancy
/// calculator lets 16 reside per SM (NAW = 32).
KdtInputs device(uint64_t Dg) {
  KdtInputs In;
  In.WtimeCycles = 1000;
  In.Wsize = 32;
  In.Dg = Dg;
  In.Db = 64;
  In.NCC = 512;
  In.NSM = 4;
  In.NAW = 32;
  In.FreqGHz = 1.25;
  return In;
}

KdtResult compute(const KdtInputs &In) {
  llvm::Expected<KdtResult> R = computeKdt(In);
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return KdtResult();
  }
  return *R;
}

TEST(Kdt, StateAAbsolutelyParallel) {
  KdtResult R = compute(device(8));
  // NBW = 64 / 32 = 2; CoreWarpsPerSM = 512 / (4 x 32) = 4.
  EXPECT_EQ(R.NBW, 2u);
  EXPECT_DOUBLE_EQ(R.CoreWarpsPerSM, 4);
  // APDG = 4 x floor(512 / (4 x 32 x 2)) = 4 x 2 = 8 >= Dg = 8: state (a).
  EXPECT_EQ(R.APDG, 8u);
  EXPECT_EQ(R.State, State::AbsolutelyParallel);
  // DPS = 32 x 4 = 128; NKW = 8 x 2 = 16; DPSID = 128 / 16 = 8.
  EXPECT_EQ(R.DPS, 128u);
  EXPECT_EQ(R.NKW, 16u);
  EXPECT_DOUBLE_EQ(R.DPSID, 8);
  // NSMW = ceil(8 / 4) x 2 = 4; Rounds = ceil(4 / 32) = 1;
  // PEF = max(1, min(4, 32) / 4) = 1.
  EXPECT_EQ(R.NSMW, 4u);
  EXPECT_EQ(R.Rounds, 1u);
  EXPECT_DOUBLE_EQ(R.PEF, 1);
  // KDTV = 1 x 1 = 1: the kernel lasts one warp's time, 1000 cycles, which
  // at 1.25 GHz are 800 ns.
  EXPECT_DOUBLE_EQ(R.KDTV, 1);
  EXPECT_DOUBLE_EQ(R.KDTCycles, 1000);
  EXPECT_DOUBLE_EQ(R.KDTNs, 800);
}

TEST(Kdt, StateBSpaceIdle) {
  KdtResult R = compute(device(40));
  // APDG = 8 < Dg = 40. DPS = 128, NKW = 40 x 2 = 80, DPSID = 1.6 >= 1:
  // state (b).
  EXPECT_EQ(R.APDG, 8u);
  EXPECT_EQ(R.NKW, 80u);
  EXPECT_DOUBLE_EQ(R.DPSID, 1.6);
  EXPECT_EQ(R.State, State::SpaceIdle);
  // NSMW = ceil(40 / 4) x 2 = 20 warps share 4 warps' worth of cores:
  // PEF = 20 / 4 = 5; Rounds = ceil(20 / 32) = 1; KDTV = 5.
  EXPECT_EQ(R.NSMW, 20u);
  EXPECT_EQ(R.Rounds, 1u);
  EXPECT_DOUBLE_EQ(R.PEF, 5);
  EXPECT_DOUBLE_EQ(R.KDTV, 5);
  // KDT = 5 x 1000 = 5000 cycles = 4000 ns.
  EXPECT_DOUBLE_EQ(R.KDTCycles, 5000);
  EXPECT_DOUBLE_EQ(R.KDTNs, 4000);
}

TEST(Kdt, StateBAtDpsidOne) {
  // Dg = 64: NKW = 128 = DPS, DPSID = 1, still state (b); NSMW = 16 x 2 =
  // 32 = NAW, one round; PEF = 32 / 4 = 8; KDT = 8000 cycles.
  KdtResult R = compute(device(64));
  EXPECT_DOUBLE_EQ(R.DPSID, 1);
  EXPECT_EQ(R.State, State::SpaceIdle);
  EXPECT_EQ(R.Rounds, 1u);
  EXPECT_DOUBLE_EQ(R.PEF, 8);
  EXPECT_DOUBLE_EQ(R.KDTCycles, 8000);
}

TEST(Kdt, StateCSpaceFull) {
  KdtResult R = compute(device(100));
  // NKW = 100 x 2 = 200 > DPS = 128: DPSID = 0.64 < 1, state (c).
  EXPECT_EQ(R.NKW, 200u);
  EXPECT_DOUBLE_EQ(R.DPSID, 0.64);
  EXPECT_EQ(R.State, State::SpaceFull);
  // NSMW = ceil(100 / 4) x 2 = 50 warps on an SM that holds NAW = 32:
  // Rounds = ceil(50 / 32) = 2, each with 32 warps on 4 warps' worth of
  // cores: PEF = 32 / 4 = 8; KDTV = 2 x 8 = 16.
  EXPECT_EQ(R.NSMW, 50u);
  EXPECT_EQ(R.Rounds, 2u);
  EXPECT_DOUBLE_EQ(R.PEF, 8);
  EXPECT_DOUBLE_EQ(R.KDTV, 16);
  // KDT = 16 x 1000 = 16000 cycles = 12800 ns.
  EXPECT_DOUBLE_EQ(R.KDTCycles, 16000);
  EXPECT_DOUBLE_EQ(R.KDTNs, 12800);
}

TEST(Kdt, StateCJustPastDpsidOne) {
  // Dg = 65: NKW = 130 > 128, DPSID = 128/130 < 1: state (c). NSMW =
  // ceil(65 / 4) x 2 = 34 > NAW = 32: 2 rounds of PEF 8, KDTV = 16 (the
  // second round holds one block yet lasts a full round, docs/models/kdt.md).
  KdtResult R = compute(device(65));
  EXPECT_EQ(R.State, State::SpaceFull);
  EXPECT_DOUBLE_EQ(R.DPSID, 128.0 / 130);
  EXPECT_EQ(R.NSMW, 34u);
  EXPECT_EQ(R.Rounds, 2u);
  EXPECT_DOUBLE_EQ(R.KDTV, 16);
}

TEST(Kdt, BlockWiderThanAnSMsCores) {
  // Blocks of 256 threads (NBW = 8) on SMs of 128 cores: no block is
  // absolutely parallel, APDG = 4 x floor(512 / (4 x 32 x 8)) = 0, so even
  // Dg = 1 is past state (a). NAW = 64 (8 blocks), DPS = 256, NKW = 8,
  // DPSID = 32: state (b). NSMW = ceil(1/4) x 8 = 8, PEF = 8 / 4 = 2,
  // KDTV = 2.
  KdtInputs In = device(1);
  In.Db = 256;
  In.NAW = 64;
  KdtResult R = compute(In);
  EXPECT_EQ(R.APDG, 0u);
  EXPECT_EQ(R.State, State::SpaceIdle);
  EXPECT_DOUBLE_EQ(R.DPSID, 32);
  EXPECT_EQ(R.NSMW, 8u);
  EXPECT_DOUBLE_EQ(R.KDTV, 2);
}

TEST(Kdt, FewerResidentWarpsThanCoresCountRounds) {
  // Blocks of one warp (Db = 32, NBW = 1) with resources for only NAW = 2
  // per SM, fewer than the 4 warps the cores run at once.
  KdtInputs In = device(16);
  In.Db = 32;
  In.NAW = 2;
  KdtResult R = compute(In);
  // APDG = 4 x floor(512 / (4 x 32 x 1)) = 16 >= Dg = 16: state (a), though
  // DPSID = (2 x 4) / 16 = 0.5. NSMW = 4 warps pass 2 at a time: Rounds = 2,
  // PEF = max(1, 2/4) = 1, KDTV = 2 (where the patent's state (a) would say
  // one warp time, docs/models/kdt.md).
  EXPECT_EQ(R.State, State::AbsolutelyParallel);
  EXPECT_DOUBLE_EQ(R.DPSID, 0.5);
  EXPECT_EQ(R.Rounds, 2u);
  EXPECT_DOUBLE_EQ(R.PEF, 1);
  EXPECT_DOUBLE_EQ(R.KDTV, 2);
  // Dg = 40 is state (c): NSMW = 10, Rounds = 5, PEF 1, KDTV = 5.
  In.Dg = 40;
  R = compute(In);
  EXPECT_EQ(R.State, State::SpaceFull);
  EXPECT_EQ(R.Rounds, 5u);
  EXPECT_DOUBLE_EQ(R.KDTV, 5);
}

TEST(Kdt, PartialWarpCountsAsAWarp) {
  // Db = 40 threads are NBW = 2 warps: the same as the state (b) launch.
  KdtInputs In = device(40);
  In.Db = 40;
  KdtResult R = compute(In);
  EXPECT_EQ(R.NBW, 2u);
  EXPECT_DOUBLE_EQ(R.KDTV, 5);
}

TEST(Kdt, Errors) {
  auto ErrorOf = [](const KdtInputs &In) {
    llvm::Expected<KdtResult> R = computeKdt(In);
    return R ? std::string("no error") : llvm::toString(R.takeError());
  };
  KdtInputs In = device(8);
  In.Dg = 0;
  EXPECT_EQ(ErrorOf(In), "kdt: input Dg = 0: must be at least 1");

  In = device(8);
  In.NCC = 0;
  EXPECT_EQ(ErrorOf(In), "kdt: input NCC = 0: must be at least 1");

  In = device(8);
  In.WtimeCycles = -1;
  EXPECT_EQ(ErrorOf(In), "kdt: input Wtime = -1: must be a finite number >= 0");

  In = device(8);
  In.FreqGHz = 0;
  EXPECT_EQ(ErrorOf(In), "kdt: input FreqGHz = 0: must be a finite number > 0");

  In = device(8);
  In.Db = 256;
  In.NAW = 4;
  EXPECT_EQ(ErrorOf(In), "kdt: NAW = 4 active warps per SM is less than one "
                         "block of NBW = 8 warps: the block cannot run");

  In = device(8);
  In.NAW = 33;
  EXPECT_EQ(ErrorOf(In), "kdt: NAW = 33 is not a whole number of blocks of "
                         "NBW = 2 warps (the occupancy calculator returns "
                         "active blocks x NBW)");

  In = device(std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(ErrorOf(In), "kdt: NKW = Dg x NBW = 18446744073709551615 x 2 "
                         "overflows 64 bits");

  // A warp that takes no time gives a kernel that takes none.
  In = device(40);
  In.WtimeCycles = 0;
  EXPECT_EQ(ErrorOf(In), "no error");
}

TEST(Kdt, StateNames) {
  EXPECT_EQ(getKdtStateName(State::AbsolutelyParallel), "absolutely-parallel");
  EXPECT_EQ(getKdtStateName(State::SpaceIdle), "space-idle");
  EXPECT_EQ(getKdtStateName(State::SpaceFull), "space-full");
}

} // namespace
