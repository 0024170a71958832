//===- MwpCwpTest.cpp - Hong & Kim's MWP-CWP model ----------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// computeMwpCwp on the paper's worked example (docs/models/mwp-cwp.md) and on
/// one input built by hand for each of the three cases (and for the second
/// clause of the memory-bound test), with every expected value derived in the
/// comment beside it; #Rep rounding; the input errors.
/// Run: ModelsTests --gtest_filter='MwpCwp*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/Models.h"

#include "gtest/gtest.h"

#include <cmath>
#include <string>

using namespace ktime;
using Case = MwpCwpResult::CaseKind;

namespace {

/// The paper's worked example (FX5600-like): 1 GHz, 80 GB/s, Mem_LD 420,
/// Departure_del_uncoal 10 (coal 4), #Uncoal_per_mw 32, 128-byte warp loads,
/// 16 SMs; per warp 27 computation, 6 uncoalesced, 0 coalesced memory and 6
/// barrier instructions; #Issue_cycles 4; 80 blocks of 128 threads, 5 blocks
/// per SM.
MwpCwpInputs paperExample() {
  MwpCwpInputs In;
  In.FreqGHz = 1;
  In.MemBandwidthGBs = 80;
  In.MemLatency = 420;
  In.DepartureDelayCoal = 4;
  In.DepartureDelayUncoal = 10;
  In.UncoalPerMw = 32;
  In.LoadBytesPerWarp = 128;
  In.ActiveSMs = 16;
  In.CompInsts = 27;
  In.CoalMemInsts = 0;
  In.UncoalMemInsts = 6;
  In.SynchInsts = 6;
  In.IssueCycles = 4;
  In.ThreadsPerBlock = 128;
  In.Blocks = 80;
  In.ActiveBlocksPerSM = 5;
  return In;
}

/// A small coalesced-only machine the built cases start from: 1 GHz,
/// Mem_LD 400, Departure_del_coal 4 (uncoal 10, #Uncoal_per_mw 32, unused
/// while no access is uncoalesced), 128-byte loads, 10 SMs, 4 issue cycles.
MwpCwpInputs coalescedMachine() {
  MwpCwpInputs In;
  In.FreqGHz = 1;
  In.MemBandwidthGBs = 1000;
  In.MemLatency = 400;
  In.DepartureDelayCoal = 4;
  In.DepartureDelayUncoal = 10;
  In.UncoalPerMw = 32;
  In.LoadBytesPerWarp = 128;
  In.ActiveSMs = 10;
  In.IssueCycles = 4;
  return In;
}

MwpCwpResult compute(const MwpCwpInputs &In) {
  llvm::Expected<MwpCwpResult> R = computeMwpCwp(In);
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return MwpCwpResult();
  }
  return *R;
}

TEST(MwpCwp, PaperExampleIsMemoryBound) {
  MwpCwpResult R = compute(paperExample());
  // Weight_uncoal = 6/6 = 1, Weight_coal = 0.
  // Mem_L = Mem_L_Uncoal = 420 + (32 - 1) x 10 = 730.
  EXPECT_DOUBLE_EQ(R.MemL, 730);
  // Departure_delay = 10 x 32 x 1 + 4 x 0 = 320.
  EXPECT_DOUBLE_EQ(R.DepartureDelay, 320);
  // N = 5 blocks x 128/32 warps = 20.
  EXPECT_DOUBLE_EQ(R.N, 20);
  // MWP_Without_BW = min(730 / 320, 20) = 2.28125.
  EXPECT_DOUBLE_EQ(R.MWPWithoutBW, 2.28125);
  // BW_per_warp = 1 x 128 / 730 GB/s;
  // MWP_peak_BW = 80 / (128/730 x 16) = 58400 / 2048 = 28.515625.
  EXPECT_DOUBLE_EQ(R.BWPerWarp, 128.0 / 730);
  EXPECT_DOUBLE_EQ(R.MWPPeakBW, 28.515625);
  // MWP = min(2.28125, 28.515625, 20) = 2.28125 (the paper prints 2.28).
  EXPECT_DOUBLE_EQ(R.MWP, 2.28125);
  // Comp_cycles = 4 x (27 + 6) = 132; Mem_cycles = 730 x 6 = 4380;
  // Comp_p = 132 / 6 = 22.
  EXPECT_DOUBLE_EQ(R.CompCycles, 132);
  EXPECT_DOUBLE_EQ(R.MemCycles, 4380);
  EXPECT_DOUBLE_EQ(R.CompP, 22);
  // CWP = min((4380 + 132) / 132 = 34.18, 20) = 20.
  EXPECT_DOUBLE_EQ(R.CWP, 20);
  // #Rep = 80 / (5 x 16) = 1.
  EXPECT_DOUBLE_EQ(R.Rep, 1);
  // MWP != N, CWP = 20 >= MWP: memory-bound.
  EXPECT_EQ(R.Case, Case::MemoryBound);
  // Exec = 4380 x 20 / (730/320) + 22 x (2.28125 - 1)
  //      = 38400 + 28.1875 = 38428.1875.
  EXPECT_DOUBLE_EQ(R.ExecCycles, 38428.1875);
  // Synch_cost = 320 x 1.28125 x 6 barriers x 5 blocks x 1 = 12300.
  EXPECT_DOUBLE_EQ(R.SynchCost, 12300);
  // Total 50728.1875 cycles, at 1 GHz the same number of ns.
  EXPECT_DOUBLE_EQ(R.TotalCycles, 50728.1875);
  EXPECT_DOUBLE_EQ(R.TimeNs, 50728.1875);
  // The paper rounds MWP to 2.28 before using it: 4380 x 20 / 2.28 +
  // 22 x 1.28 = 38449.2, 320 x 1.28 x 30 = 12288, total 50737. The exact
  // values are within 0.1 % of its printed ones.
  EXPECT_NEAR(R.ExecCycles, 38449, 0.001 * 38449);
  EXPECT_NEAR(R.SynchCost, 12288, 0.001 * 12288);
  EXPECT_NEAR(R.TotalCycles, 50737, 0.001 * 50737);
}

TEST(MwpCwp, NotEnoughWarps) {
  // One block of 64 threads per SM: N = 1 x 2 = 2 warps, too few to fill
  // either parallelism.
  MwpCwpInputs In = coalescedMachine();
  In.MemBandwidthGBs = 100;
  In.CompInsts = 10;
  In.CoalMemInsts = 2;
  In.SynchInsts = 1;
  In.ThreadsPerBlock = 64;
  In.Blocks = 20;
  In.ActiveBlocksPerSM = 1;
  MwpCwpResult R = compute(In);
  // Mem_L = 400 (all coalesced), Departure_delay = 4.
  EXPECT_DOUBLE_EQ(R.MemL, 400);
  EXPECT_DOUBLE_EQ(R.DepartureDelay, 4);
  EXPECT_DOUBLE_EQ(R.N, 2);
  // MWP_Without_BW = min(400/4 = 100, 2) = 2; MWP_peak_BW = 100 /
  // (128/400 x 10) = 31.25; MWP = 2 = N.
  EXPECT_DOUBLE_EQ(R.MWPWithoutBW, 2);
  EXPECT_DOUBLE_EQ(R.MWPPeakBW, 31.25);
  EXPECT_DOUBLE_EQ(R.MWP, 2);
  // Comp_cycles = 4 x 12 = 48, Mem_cycles = 400 x 2 = 800, Comp_p = 24,
  // CWP = min(848/48 = 17.7, 2) = 2 = N.
  EXPECT_DOUBLE_EQ(R.CompCycles, 48);
  EXPECT_DOUBLE_EQ(R.MemCycles, 800);
  EXPECT_DOUBLE_EQ(R.CWP, 2);
  // #Rep = 20 / (1 x 10) = 2.
  EXPECT_DOUBLE_EQ(R.Rep, 2);
  EXPECT_EQ(R.Case, Case::NotEnoughWarps);
  // Exec = (800 + 48 + 24 x (2 - 1)) x 2 = 872 x 2 = 1744.
  EXPECT_DOUBLE_EQ(R.ExecCycles, 1744);
  // Synch_cost = 4 x (2 - 1) x 1 x 1 x 2 = 8; total 1752 cycles = 1752 ns.
  EXPECT_DOUBLE_EQ(R.SynchCost, 8);
  EXPECT_DOUBLE_EQ(R.TotalCycles, 1752);
  EXPECT_DOUBLE_EQ(R.TimeNs, 1752);
}

TEST(MwpCwp, MemoryBoundByBandwidth) {
  // 4 blocks of 256 threads per SM (N = 32) at 2 GHz on a 64 GB/s memory:
  // bandwidth, not the departure delay, limits MWP.
  MwpCwpInputs In = coalescedMachine();
  In.FreqGHz = 2;
  In.MemBandwidthGBs = 64;
  In.CompInsts = 8;
  In.CoalMemInsts = 2;
  In.ThreadsPerBlock = 256;
  In.Blocks = 40;
  In.ActiveBlocksPerSM = 4;
  MwpCwpResult R = compute(In);
  EXPECT_DOUBLE_EQ(R.N, 32);
  // MWP_Without_BW = min(400/4 = 100, 32) = 32.
  EXPECT_DOUBLE_EQ(R.MWPWithoutBW, 32);
  // BW_per_warp = 2 x 128 / 400 = 0.64; MWP_peak_BW = 64 / (0.64 x 10) = 10.
  EXPECT_DOUBLE_EQ(R.BWPerWarp, 0.64);
  EXPECT_DOUBLE_EQ(R.MWPPeakBW, 10);
  EXPECT_DOUBLE_EQ(R.MWP, 10);
  // Comp_cycles = 4 x 10 = 40, Mem_cycles = 800, Comp_p = 20,
  // CWP = min(840/40 = 21, 32) = 21 >= MWP: memory-bound.
  EXPECT_DOUBLE_EQ(R.CWP, 21);
  EXPECT_DOUBLE_EQ(R.CompP, 20);
  EXPECT_EQ(R.Case, Case::MemoryBound);
  // #Rep = 40 / (4 x 10) = 1;
  // Exec = 800 x 32/10 + 20 x (10 - 1) = 2560 + 180 = 2740.
  EXPECT_DOUBLE_EQ(R.ExecCycles, 2740);
  EXPECT_DOUBLE_EQ(R.SynchCost, 0);
  // 2740 cycles at 2 GHz = 1370 ns.
  EXPECT_DOUBLE_EQ(R.TimeNs, 1370);
}

TEST(MwpCwp, MemoryBoundBecauseComputationExceedsMemory) {
  // The second clause of the memory-bound test: CWP < MWP, but Comp_cycles >
  // Mem_cycles. 201 instructions per warp, one of them a coalesced load.
  MwpCwpInputs In = coalescedMachine();
  In.CompInsts = 200;
  In.CoalMemInsts = 1;
  In.ThreadsPerBlock = 256;
  In.Blocks = 40;
  In.ActiveBlocksPerSM = 4;
  MwpCwpResult R = compute(In);
  // N = 32; MWP = min(100, 32, 1000 / (0.32 x 10) = 312.5) = 32 = N.
  EXPECT_DOUBLE_EQ(R.MWP, 32);
  // Comp_cycles = 4 x 201 = 804 > Mem_cycles = 400; CWP = 1204/804 = 1.50,
  // not N, so not the first case, and below MWP.
  EXPECT_DOUBLE_EQ(R.CompCycles, 804);
  EXPECT_DOUBLE_EQ(R.MemCycles, 400);
  EXPECT_DOUBLE_EQ(R.CWP, 1204.0 / 804);
  EXPECT_EQ(R.Case, Case::MemoryBound);
  // Comp_p = 804 / 1; Exec = 400 x 32/32 + 804 x 31 = 400 + 24924 = 25324.
  EXPECT_DOUBLE_EQ(R.ExecCycles, 25324);
}

TEST(MwpCwp, ComputeBound) {
  // 100 instructions per warp, one coalesced and one uncoalesced access (4
  // transactions), 2 barriers; 80 blocks of 256 threads, 4 per SM.
  MwpCwpInputs In = coalescedMachine();
  In.UncoalPerMw = 4;
  In.CompInsts = 98;
  In.CoalMemInsts = 1;
  In.UncoalMemInsts = 1;
  In.SynchInsts = 2;
  In.ThreadsPerBlock = 256;
  In.Blocks = 80;
  In.ActiveBlocksPerSM = 4;
  MwpCwpResult R = compute(In);
  // Weights 1/2 each. Mem_L_Uncoal = 400 + 3 x 10 = 430, Mem_L_Coal = 400,
  // Mem_L = 415.
  EXPECT_DOUBLE_EQ(R.MemL, 415);
  // Departure_delay = 10 x 4 x 0.5 + 4 x 0.5 = 22.
  EXPECT_DOUBLE_EQ(R.DepartureDelay, 22);
  // MWP = min(415/22 = 18.86, 32, 1000 x 415 / (128 x 10) = 324.2) = 415/22.
  EXPECT_DOUBLE_EQ(R.MWPPeakBW, 324.21875);
  EXPECT_DOUBLE_EQ(R.MWP, 415.0 / 22);
  // Comp_cycles = 4 x 100 = 400, Mem_cycles = 430 + 400 = 830,
  // CWP = min(1230/400 = 3.075, 32) = 3.075 < MWP, and 400 <= 830.
  EXPECT_DOUBLE_EQ(R.CompCycles, 400);
  EXPECT_DOUBLE_EQ(R.MemCycles, 830);
  EXPECT_DOUBLE_EQ(R.CWP, 3.075);
  EXPECT_EQ(R.Case, Case::ComputeBound);
  // #Rep = 80 / (4 x 10) = 2; Exec = (415 + 400 x 32) x 2 = 26430.
  EXPECT_DOUBLE_EQ(R.Rep, 2);
  EXPECT_DOUBLE_EQ(R.ExecCycles, 26430);
  // Synch_cost = 22 x (415/22 - 1) x 2 x 4 x 2 = (415 - 22) x 16 = 6288.
  EXPECT_DOUBLE_EQ(R.SynchCost, 6288);
  EXPECT_DOUBLE_EQ(R.TotalCycles, 32718);
}

TEST(MwpCwp, RepIsRoundedUp) {
  // 120 blocks on 16 SMs x 5 = 80 per round: 1.5 rounds run as 2.
  MwpCwpInputs In = paperExample();
  In.Blocks = 120;
  MwpCwpResult R = compute(In);
  EXPECT_DOUBLE_EQ(R.Rep, 2);
  // Twice the paper example's 38428.1875 and 12300.
  EXPECT_DOUBLE_EQ(R.ExecCycles, 76856.375);
  EXPECT_DOUBLE_EQ(R.SynchCost, 24600);
  // Fewer blocks than one round: still one round.
  In.Blocks = 3;
  EXPECT_DOUBLE_EQ(compute(In).Rep, 1);
}

TEST(MwpCwp, PartialWarpCountsAsAWarp) {
  // 100 threads per block are 4 warps; 5 blocks per SM give N = 20 as in the
  // paper example, and so the same result.
  MwpCwpInputs In = paperExample();
  In.ThreadsPerBlock = 100;
  MwpCwpResult R = compute(In);
  EXPECT_DOUBLE_EQ(R.N, 20);
  EXPECT_DOUBLE_EQ(R.TotalCycles, 50728.1875);
}

TEST(MwpCwp, Errors) {
  auto ErrorOf = [](const MwpCwpInputs &In) {
    llvm::Expected<MwpCwpResult> R = computeMwpCwp(In);
    return R ? std::string("no error") : llvm::toString(R.takeError());
  };
  MwpCwpInputs In = paperExample();
  In.UncoalMemInsts = 0;
  EXPECT_EQ(ErrorOf(In),
            "mwp-cwp: the warp executes no global memory instruction "
            "(CoalMemInsts + UncoalMemInsts = 0); the model divides by the "
            "memory instruction count and has no equation for such a kernel");

  In = paperExample();
  In.FreqGHz = 0;
  EXPECT_EQ(ErrorOf(In),
            "mwp-cwp: input FreqGHz = 0: must be a finite number > 0");

  In = paperExample();
  In.CompInsts = std::nan("");
  EXPECT_EQ(ErrorOf(In),
            "mwp-cwp: input CompInsts = nan: must be a finite number >= 0");

  In = paperExample();
  In.SynchInsts = -1;
  EXPECT_EQ(ErrorOf(In),
            "mwp-cwp: input SynchInsts = -1: must be a finite number >= 0");

  // The uncoalesced delay is needed only when an access is uncoalesced.
  In = paperExample();
  In.DepartureDelayUncoal = 0;
  EXPECT_EQ(
      ErrorOf(In),
      "mwp-cwp: input DepartureDelayUncoal = 0: must be a finite number > 0");
  In.UncoalMemInsts = 0;
  In.CoalMemInsts = 6;
  EXPECT_EQ(ErrorOf(In), "no error");

  In = paperExample();
  In.UncoalPerMw = 0.5;
  EXPECT_EQ(ErrorOf(In), "mwp-cwp: input UncoalPerMw = 0.5: must be >= 1 "
                         "(transactions of one uncoalesced warp access)");

  In = paperExample();
  In.ActiveBlocksPerSM = 0;
  EXPECT_EQ(
      ErrorOf(In),
      "mwp-cwp: input ActiveBlocksPerSM = 0: must be a finite number > 0");
}

TEST(MwpCwp, CaseNames) {
  EXPECT_EQ(getMwpCwpCaseName(Case::NotEnoughWarps), "not-enough-warps");
  EXPECT_EQ(getMwpCwpCaseName(Case::MemoryBound), "memory-bound");
  EXPECT_EQ(getMwpCwpCaseName(Case::ComputeBound), "compute-bound");
}

} // namespace
