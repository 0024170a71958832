//===- TargetFileCheck.cpp - Checks across a target file's fields ---------===//
//
// Once every field is read: the delay forms become del, and what no one field
// can check alone is checked (limits against each other, the launch fit's
// range). Errors point at the field that is out of line with the others.
//
//===----------------------------------------------------------------------===//
#include "TargetFileParser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace ktime {
namespace targetfile {

/// Turns the delay forms into del and checks what one field cannot check
/// alone. Errors point at the field that is out of line with the others.
Error TargetFileParser::resolveAndCheck() {
  GpuTarget &G = *T;
  for (size_t I = 0; I < NumInstrClasses; ++I) {
    // An optional class the file leaves out is priced as its fallback.
    const RawCost &Raw =
        Costs[I] ? *Costs[I]
                 : *Costs[static_cast<size_t>(
                       *getFallbackClass(static_cast<InstrClass>(I)))];
    InstrCost &Cost = G.Instr[I];
    Cost.Lat = Raw.Lat;
    if (Raw.Form == "del")
      Cost.Del = Raw.Value;
    else if (Raw.Form == "ops_per_clk_per_sm")
      Cost.Del =
          delayFromOpsPerClkPerSM(Raw.Value, G.WarpSize, G.ProcessingBlocks);
    else
      Cost.Del = delayFromUnitsPerPB(Raw.Value, G.WarpSize);
  }
  // What the banks deliver; the file's shared rate may be less (the rate
  // the SM's data path sustains), never more.
  double BankBytesPerClk =
      static_cast<double>(G.SharedBanks) * G.SharedBankWidthBytes;

  const OccupancyLimits &L = G.Limits;
  if (uint64_t(L.WarpsPerSM) * G.WarpSize != L.ThreadsPerSM)
    return fieldError("limits.warps_per_sm",
                      "must be limits.threads_per_sm / sm.warp_size (" +
                          utostr(L.ThreadsPerSM) + " / " + utostr(G.WarpSize) +
                          "), got " + utostr(L.WarpsPerSM));
  if (L.ThreadsPerBlock > L.ThreadsPerSM)
    return fieldError("limits.threads_per_block",
                      "must not exceed limits.threads_per_sm (" +
                          utostr(L.ThreadsPerSM) + "), got " +
                          utostr(L.ThreadsPerBlock));
  if (L.RegistersPerBlock > L.RegistersPerSM)
    return fieldError("limits.registers_per_block",
                      "must not exceed limits.registers_per_sm (" +
                          utostr(L.RegistersPerSM) + "), got " +
                          utostr(L.RegistersPerBlock));
  if (L.SharedPerBlockBytes > L.SharedPerSMBytes)
    return fieldError("limits.shared_per_block_bytes",
                      "must not exceed limits.shared_per_sm_bytes (" +
                          utostr(L.SharedPerSMBytes) + "), got " +
                          utostr(L.SharedPerBlockBytes));
  if (L.SharedCarveoutsBytes.empty() ||
      L.SharedCarveoutsBytes.back() != L.SharedPerSMBytes)
    return fieldError("limits.shared_carveouts_kb",
                      "the largest carve-out must be limits.shared_per_sm_"
                      "bytes / 1024 (" +
                          utostr(L.SharedPerSMBytes / 1024) + ")");
  if (G.Shared.BytesPerClkPerSM > BankBytesPerClk)
    return fieldError("memory.shared.bandwidth_bytes_per_clk",
                      "must not exceed memory.shared.banks x "
                      "memory.shared.bank_width_bytes (" +
                          formatNumber(BankBytesPerClk) + "), got " +
                          formatNumber(G.Shared.BytesPerClkPerSM));
  if (G.SharedBankBytesPerClk > 0 &&
      (G.SharedBankBytesPerClk < G.Shared.BytesPerClkPerSM ||
       G.SharedBankBytesPerClk > BankBytesPerClk))
    return fieldError("memory.shared.bank_bytes_per_clk",
                      "must lie between memory.shared.bandwidth_bytes_per_"
                      "clk (" +
                          formatNumber(G.Shared.BytesPerClkPerSM) +
                          ") and memory.shared.banks x "
                          "memory.shared.bank_width_bytes (" +
                          formatNumber(BankBytesPerClk) + "), got " +
                          formatNumber(G.SharedBankBytesPerClk));
  if (G.L1.SizeBytes < L.SharedPerSMBytes)
    return fieldError("memory.l1.size_bytes",
                      "the unified L1/shared array must hold "
                      "limits.shared_per_sm_bytes (" +
                          utostr(L.SharedPerSMBytes) + "), got " +
                          utostr(G.L1.SizeBytes));

  // Each level further from the SM is slower.
  struct Order {
    const char *Field, *Before;
    double Value, Min;
  };
  const Order Orders[] = {
      {"memory.l2.latency", "memory.l1.latency", G.L2.Latency, G.L1.Latency},
      {"memory.l2.far_latency", "memory.l2.latency", G.L2FarLatency,
       G.L2.Latency},
      {"memory.dram.latency", "memory.l2.latency", G.DRAM.Latency,
       G.L2.Latency},
      {"memory.uncoalesced.latency", "memory.dram.latency",
       G.Uncoalesced.Latency, G.DRAM.Latency},
      {"memory.dram.peak_bandwidth_gbs", "memory.dram.bandwidth_gbs",
       G.DRAMPeakBandwidthGBs, G.DRAM.BandwidthGBs},
      {"memory.dram.bandwidth_gbs", "memory.uncoalesced.bandwidth_gbs",
       G.DRAM.BandwidthGBs, G.Uncoalesced.BandwidthGBs},
  };
  for (const Order &O : Orders)
    if (O.Value < O.Min)
      return fieldError(O.Field, Twine("must not be below ") + O.Before + " (" +
                                     formatNumber(O.Min) + "), got " +
                                     formatNumber(O.Value));

  const LaunchModel &LM = G.Launch;
  if (LM.FitGridMin > LM.FitGridMax)
    return fieldError("launch.fit_grid_max",
                      "must not be below launch.fit_grid_min");
  if (LM.FitWarpsMin > LM.FitWarpsMax)
    return fieldError("launch.fit_warps_max",
                      "must not be below launch.fit_warps_min");
  // The fitted slope must stay positive where the fit holds: at both ends
  // and at the vertex of the parabola if it lies inside.
  double Lo = LM.FitWarpsMin, Hi = LM.FitWarpsMax;
  double MinSlope = std::min(LM.slope(Lo), LM.slope(Hi));
  if (LM.SlopeB2 > 0) {
    double Vertex = -LM.SlopeB1 / (2 * LM.SlopeB2);
    if (Vertex > Lo && Vertex < Hi)
      MinSlope = std::min(MinSlope, LM.slope(Vertex));
  }
  if (!(MinSlope > 0))
    return fieldError("launch.slope_b0",
                      "slope(b) = slope_b2 b^2 + slope_b1 b + slope_b0 must "
                      "be positive for b in [fit_warps_min, fit_warps_max]");
  return Error::success();
}

} // namespace targetfile
} // namespace ktime
