//===- MwpCwp.cpp - Hong & Kim's MWP-CWP model --------------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The equations of Hong & Kim, "An analytical model for a GPU architecture
/// with memory-level and thread-level parallelism awareness" (ISCA 2009), as
/// docs/models/mwp-cwp.md lists them: each one, the
/// choices made where public implementations differ (#Rep is rounded up) and
/// where KernelTime gets each input. Tests: unittests/Models/MwpCwpTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/Models.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace ktime {

namespace {

Error inputError(StringRef Name, double Value, StringRef Need) {
  return createStringError(inconvertibleErrorCode(),
                           formatv("mwp-cwp: input {0} = {1}: must be {2}",
                                   Name, format("%g", Value), Need));
}

/// Checks that V is finite and >= 0 (> 0 when Positive).
Error checkInput(StringRef Name, double V, bool Positive) {
  if (!std::isfinite(V) || V < 0 || (Positive && V == 0))
    return inputError(
        Name, V, Positive ? "a finite number > 0" : "a finite number >= 0");
  return Error::success();
}

Error checkInputs(const MwpCwpInputs &In) {
  struct Field {
    StringRef Name;
    double Value;
    bool Positive;
  };
  bool HasCoal = In.CoalMemInsts > 0, HasUncoal = In.UncoalMemInsts > 0;
  const Field Fields[] = {
      {"FreqGHz", In.FreqGHz, true},
      {"MemBandwidthGBs", In.MemBandwidthGBs, true},
      {"MemLatency", In.MemLatency, true},
      // A delay matters only when its kind of access occurs.
      {"DepartureDelayCoal", In.DepartureDelayCoal, HasCoal},
      {"DepartureDelayUncoal", In.DepartureDelayUncoal, HasUncoal},
      {"UncoalPerMw", In.UncoalPerMw, HasUncoal},
      {"LoadBytesPerWarp", In.LoadBytesPerWarp, true},
      {"ActiveSMs", double(In.ActiveSMs), true},
      {"CompInsts", In.CompInsts, false},
      {"CoalMemInsts", In.CoalMemInsts, false},
      {"UncoalMemInsts", In.UncoalMemInsts, false},
      {"SynchInsts", In.SynchInsts, false},
      {"IssueCycles", In.IssueCycles, true},
      {"ThreadsPerBlock", double(In.ThreadsPerBlock), true},
      {"Blocks", double(In.Blocks), true},
      {"ActiveBlocksPerSM", double(In.ActiveBlocksPerSM), true},
      {"WarpSize", double(In.WarpSize), true},
  };
  for (const Field &F : Fields)
    if (Error E = checkInput(F.Name, F.Value, F.Positive))
      return E;
  if (HasUncoal && In.UncoalPerMw < 1)
    return inputError("UncoalPerMw", In.UncoalPerMw,
                      ">= 1 (transactions of one uncoalesced warp access)");
  if (!HasCoal && !HasUncoal)
    return createStringError(
        inconvertibleErrorCode(),
        "mwp-cwp: the warp executes no global memory instruction "
        "(CoalMemInsts + UncoalMemInsts = 0); the model divides by the "
        "memory instruction count and has no equation for such a kernel");
  return Error::success();
}

} // namespace

Expected<MwpCwpResult> computeMwpCwp(const MwpCwpInputs &In) {
  if (Error E = checkInputs(In))
    return E;

  MwpCwpResult R;
  const double MemInsts = In.CoalMemInsts + In.UncoalMemInsts;
  const double WeightUncoal = In.UncoalMemInsts / MemInsts;
  const double WeightCoal = In.CoalMemInsts / MemInsts;

  // Latency of one memory warp: an uncoalesced one waits for its
  // #Uncoal_per_mw transactions to depart one after the other.
  const double MemLUncoal =
      In.MemLatency + (In.UncoalPerMw - 1) * In.DepartureDelayUncoal;
  const double MemLCoal = In.MemLatency;
  R.MemL = MemLUncoal * WeightUncoal + MemLCoal * WeightCoal;
  R.DepartureDelay = In.DepartureDelayUncoal * In.UncoalPerMw * WeightUncoal +
                     In.DepartureDelayCoal * WeightCoal;

  const unsigned WarpsPerBlock =
      (In.ThreadsPerBlock + In.WarpSize - 1) / In.WarpSize;
  R.N = double(In.ActiveBlocksPerSM) * WarpsPerBlock;

  // Memory warp parallelism: limited by the departure delay, by the share of
  // DRAM bandwidth one SM gets, and by the warps there are.
  R.MWPWithoutBW = std::min(R.MemL / R.DepartureDelay, R.N);
  R.BWPerWarp = In.FreqGHz * In.LoadBytesPerWarp / R.MemL;
  R.MWPPeakBW = In.MemBandwidthGBs / (R.BWPerWarp * In.ActiveSMs);
  R.MWP = std::min({R.MWPWithoutBW, R.MWPPeakBW, R.N});

  // Computation warp parallelism: how many warps compute while one waits.
  R.CompCycles = In.IssueCycles * (In.CompInsts + MemInsts);
  R.MemCycles = MemLUncoal * In.UncoalMemInsts + MemLCoal * In.CoalMemInsts;
  R.CompP = R.CompCycles / MemInsts;
  R.CWP = std::min((R.MemCycles + R.CompCycles) / R.CompCycles, R.N);

  // Rounds of resident blocks, whole (docs/models/mwp-cwp.md).
  const uint64_t PerRound = uint64_t(In.ActiveBlocksPerSM) * In.ActiveSMs;
  R.Rep = double((uint64_t(In.Blocks) + PerRound - 1) / PerRound);

  // The three cases, tested in the paper's order. MWP and CWP are each the
  // minimum of expressions including N, so "== N" is exact.
  if (R.MWP == R.N && R.CWP == R.N) {
    R.Case = MwpCwpResult::CaseKind::NotEnoughWarps;
    R.ExecCycles = (R.MemCycles + R.CompCycles + R.CompP * (R.MWP - 1)) * R.Rep;
  } else if (R.CWP >= R.MWP || R.CompCycles > R.MemCycles) {
    R.Case = MwpCwpResult::CaseKind::MemoryBound;
    R.ExecCycles = (R.MemCycles * R.N / R.MWP + R.CompP * (R.MWP - 1)) * R.Rep;
  } else {
    R.Case = MwpCwpResult::CaseKind::ComputeBound;
    R.ExecCycles = (R.MemL + R.CompCycles * R.N) * R.Rep;
  }

  R.SynchCost = R.DepartureDelay * (R.MWP - 1) * In.SynchInsts *
                In.ActiveBlocksPerSM * R.Rep;
  R.TotalCycles = R.ExecCycles + R.SynchCost;
  R.TimeNs = R.TotalCycles / In.FreqGHz;
  return R;
}

StringRef getMwpCwpCaseName(MwpCwpResult::CaseKind C) {
  switch (C) {
  case MwpCwpResult::CaseKind::NotEnoughWarps:
    return "not-enough-warps";
  case MwpCwpResult::CaseKind::MemoryBound:
    return "memory-bound";
  case MwpCwpResult::CaseKind::ComputeBound:
    return "compute-bound";
  }
  return "unknown";
}

} // namespace ktime
