//===- LaunchRemarks.cpp - The Kernel remark of each predicted launch -----===//
//
// One Kernel remark per launch and GPU at the kernel: the predicted time,
// the bound (docs/design.md's vocabulary) with the figures behind it, and
// the occupancy, in one short line; with -ktime-remarks=verbose also the
// time's parts (launch overhead, waves, time per wave), registers and the
// per-thread quantities. Numbers are remark arguments (PredictedUs, Bound,
// BoundBytes, BoundRate, Occupancy, ...). A launch
// without a prediction gets a remark saying why; an Architecture remark
// follows when the kernel was compiled for another architecture than the
// GPU's (a warning when the GPU cannot run it), then its assumptions as
// Assumption remarks.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Report.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdlib>
#include <iterator>

using namespace llvm;

namespace ktime {

namespace {

/// Microseconds with three significant digits at least: "12.3", "0.841".
std::string microseconds(double Ns) {
  double Us = Ns / 1e3;
  const char *Fmt = Us >= 100 ? "%.1f" : Us >= 1 ? "%.2f" : "%.3f";
  return formatv("{0}", format(Fmt, Us)).str();
}

std::string percent(double F) {
  return formatv("{0}", format("%.0f", F * 100)).str();
}

/// A share below one in percent: whole from 10 % to 99.5 %, one decimal
/// from 0.1 % and above 99.5 %, two significant digits below 0.1 %; never
/// "100" (the share is below one): "50", "2.3", "0.029", "99.9".
std::string fillPercent(double F) {
  double Pct = F * 100;
  if (Pct >= 99.95)
    return "99.9";
  const char *Fmt = Pct >= 9.95 && Pct < 99.5 ? "%.0f"
                    : Pct >= 0.095            ? "%.1f"
                                              : "%.2g";
  return formatv("{0}", format(Fmt, Pct)).str();
}

/// "1.47 TB/s", "312 GB/s", "8.1 GB/s".
std::string rate(double GBs) {
  if (GBs >= 1000)
    return formatv("{0} TB/s", format("%.2f", GBs / 1000)).str();
  return formatv("{0} GB/s", format(GBs >= 100 ? "%.0f" : "%.1f", GBs)).str();
}

/// "201 MB", "3.2 kB", "512 B".
std::string bytes(double B) {
  const char *Units[] = {"B", "kB", "MB", "GB", "TB"};
  unsigned U = 0;
  while (B >= 1000 && U + 1 < std::size(Units)) {
    B /= 1000;
    ++U;
  }
  return formatv("{0} {1}", format(B >= 100 || U == 0 ? "%.0f" : "%.1f", B),
                 Units[U])
      .str();
}

/// The unqualified name of \p F as the source spells it: "saxpy" for
/// _Z5saxpyifPKfPf, "conv<8>" for a template instance.
std::string baseName(const Function &F) {
  std::string Mangled = F.getName().str();
  ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()))
    return Mangled;
  char *Buf = D.getFunctionBaseName(nullptr, nullptr);
  std::string Name = Buf ? Buf : Mangled;
  std::free(Buf);
  return Name;
}

/// The figures behind the bound, as numbers: the bytes the bounding level
/// moves and the rate they imply against its peak, the issue cycles
/// against the wave's, the longest warp's cycles, or the launch overhead.
void streamBoundFigures(OptimizationRemarkAnalysis &K, const Prediction &P) {
  double Ns = std::max(P.ExecNs, 1e-9);
  // The level's name where the bound's is another (uncoalesced: DRAM).
  auto Level = [&](const char *Name, double Bytes, double PeakGBs) {
    double GBs = Bytes / Ns;
    K << " (" << Name << ore::NV("BoundBytes", bytes(Bytes)) << " at "
      << ore::NV("BoundRate", rate(GBs)) << ", "
      << ore::NV("BoundPct", percent(PeakGBs > 0 ? GBs / PeakGBs : 0))
      << "% of its " << ore::NV("BoundPeak", rate(PeakGBs)) << ")";
  };
  const WaveTime &W = P.WaveTimes.front();
  switch (P.B) {
  case Bound::DRAM:
    Level("", P.DramBytes, P.DramGBs);
    return;
  case Bound::Uncoalesced:
    Level("DRAM ", P.DramBytes, P.DramGBs);
    return;
  case Bound::L2:
    Level("", P.L2Bytes, P.L2GBs);
    return;
  case Bound::Atomic:
    K << " (" << ore::NV("HotAtomics", llround(P.HotAtomics))
      << " atomics in sequence on one address: "
      << ore::NV("AtomicCycles", llround(P.AtomicCycles)) << " cycles)";
    return;
  case Bound::Shared:
    Level("", P.SharedBytes, P.SharedGBs);
    return;
  case Bound::L1: {
    // A stage of the L1 that takes longer than its bytes (docs/memory.md,
    // "The L1's cycles a request"): its cycles against the wave's.
    if (P.L1StageCycles <= 0) {
      Level("", P.GlobalBytes, P.L1GBs);
      return;
    }
    K << " (" << (P.L1StageIsData ? "bank conflicts" : "tag stage") << ": "
      << ore::NV("L1StageCycles", llround(P.L1StageCycles)) << " of the wave's "
      << ore::NV("WaveCycles", llround(W.Cycles)) << " cycles)";
    return;
  }
  case Bound::Issue:
    K << " (" << ore::NV("IssueCycles", llround(W.IssueCycles))
      << " issue cycles per processing block, "
      << ore::NV("IssuePct",
                 percent(W.Cycles > 0 ? W.IssueCycles / W.Cycles : 0))
      << "% of the wave)";
    return;
  case Bound::Latency:
    K << " (the longest warp "
      << ore::NV("LatencyCycles", llround(W.LatencyCycles)) << " cycles, issue "
      << ore::NV("IssuePct",
                 percent(W.Cycles > 0 ? W.IssueCycles / W.Cycles : 0))
      << "% of the wave)";
    return;
  case Bound::Launch:
    K << " (" << ore::NV("LaunchUs", microseconds(P.LaunchNs + P.TimingNs))
      << " us of it";
    // The blocks past the regression's range took longer to dispatch than
    // the waves to run (the blocks' count is in the verbose remark and the
    // JSON report).
    if (P.DispatchRaised)
      K << ", dispatch " << ore::NV("DispatchUs", microseconds(P.DispatchNs))
        << " us";
    // What the way of timing adds (-ktime-time) is part of the launch.
    if (P.TimingNs > 0)
      K << ", timing " << ore::NV("TimingUs", microseconds(P.TimingNs))
        << " us";
    K << ")";
    return;
  }
}

/// After an estimate, the struct fields the spec does not bind that the
/// model needs (their branches and loops are among the values assumed):
/// " (arg1.field0 not bound)", two named and how many more.
void streamUnboundFields(OptimizationRemarkAnalysis &K, const LaunchResult &L) {
  const std::vector<std::string> &Fields = L.UnboundFields;
  if (Fields.empty())
    return;
  std::string Names;
  for (size_t I = 0; I != Fields.size() && I != 2; ++I)
    Names += (I ? ", " : "") + Fields[I];
  if (Fields.size() > 2)
    Names += " and " + std::to_string(Fields.size() - 2) + " more";
  K << " (" << ore::NV("UnboundFields", Names) << " not bound)";
}

/// The Kernel remark of a predicted launch: one line of the time, the
/// bound with its figures and the occupancy (and the counts assumed, for
/// an estimate).
void emitShortPrediction(const KernelReport &R, const LaunchResult &L,
                         OptimizationRemarkEmitter &ORE) {
  Function &F = *R.Kernel;
  const Prediction &P = L.P;
  ORE.emit([&] {
    OptimizationRemarkAnalysis K(RemarkPassName, "Kernel", &F);
    K << "kernel " << ore::NV("Kernel", baseName(F)) << " on "
      << ore::NV("Gpu", L.Gpu) << ", grid "
      << ore::NV("Grid", formatDim(L.Spec.Grid)) << ", block "
      << ore::NV("Block", formatDim(L.Block)) << ": predicted "
      << ore::NV("PredictedUs", microseconds(P.Ns))
      << " us; bound: " << ore::NV("Bound", getBoundName(P.B));
    streamBoundFigures(K, P);
    if (P.TimingNs > 0 && P.B != Bound::Launch)
      K << "; timing " << ore::NV("TimingUs", microseconds(P.TimingNs))
        << " us";
    K << "; occupancy " << ore::NV("Occupancy", percent(L.Occupancy)) << "%";
    // The occupancy is what a full wave of blocks would reach: a grid of
    // fewer blocks leaves SMs or block slots empty, and says how many.
    if (P.Waves > 0 && P.Waves < 1)
      K << "; the grid fills " << ore::NV("WaveFill", fillPercent(P.Waves))
        << "% of a wave";
    if (!L.Estimated.empty()) {
      // The value assumed, or how many: the Assumption remarks and the
      // JSON report name them all.
      auto &[Name, V] = L.Estimated.front();
      std::string Counts =
          L.Estimated.size() == 1
              ? Name + " = " + V.str()
              : std::to_string(L.Estimated.size()) + " values assumed";
      K << "; " << ore::NV("Estimate", "estimate") << ": "
        << ore::NV("EstimatedCounts", Counts);
      streamUnboundFields(K, L);
    }
    return K;
  });
}

void emitPrediction(const KernelReport &R, const LaunchResult &L,
                    OptimizationRemarkEmitter &ORE) {
  Function &F = *R.Kernel;
  const Prediction &P = L.P;
  ORE.emit([&] {
    OptimizationRemarkAnalysis K(RemarkPassName, "Kernel", &F);
    K << "kernel " << ore::NV("Kernel", demangle(F.getName().str())) << " on "
      << ore::NV("Gpu", L.Gpu) << ", grid "
      << ore::NV("Grid", formatDim(L.Spec.Grid)) << ", block "
      << ore::NV("Block", formatDim(L.Block)) << ": predicted "
      << ore::NV("PredictedUs", microseconds(P.Ns)) << " us ("
      << ore::NV("PredictedNs", static_cast<long long>(std::llround(P.Ns)))
      << " ns) = launch " << ore::NV("LaunchUs", microseconds(P.LaunchNs))
      << " us + ";
    // What the way of timing adds (-ktime-time; 0 for device time).
    if (P.TimingNs > 0)
      K << "timing " << ore::NV("TimingUs", microseconds(P.TimingNs))
        << " us + ";
    K << ore::NV("Waves", formatv("{0}", format("%.2f", P.Waves)).str())
      << " waves (";
    const WaveTime &W = P.WaveTimes.front();
    double WaveNs = W.Cycles * 1e3 / P.SmClockMHz;
    if (P.FullWaves)
      K << ore::NV("WaveUs", microseconds(WaveNs)) << " us per full wave";
    else
      K << "one partial wave of " << ore::NV("WaveUs", microseconds(WaveNs))
        << " us";
    K << ")";
    // The atomics' floor replaced the waves' own time (the bound says so).
    if (P.B == Bound::Atomic || P.ExecBound == Bound::Atomic)
      K << ", raised to "
        << ore::NV("AtomicUs",
                   microseconds(P.AtomicCycles * 1e3 / P.SmClockMHz))
        << " us by " << ore::NV("HotAtomics", llround(P.HotAtomics))
        << " atomics in sequence";
    // The dispatch floor replaced the waves' own time.
    if (P.DispatchRaised)
      K << ", raised to " << ore::NV("DispatchUs", microseconds(P.DispatchNs))
        << " us by the dispatch of "
        << ore::NV("DispatchBlocks", P.DispatchBlocks)
        << (P.DispatchBlocks == 1 ? " block" : " blocks")
        << " past the launch regression's range";
    K << "; occupancy " << ore::NV("BlocksPerSM", L.BlocksPerSM)
      << " blocks/SM, " << ore::NV("ActiveWarps", L.ActiveWarpsPerSM)
      << " warps (" << ore::NV("Occupancy", percent(L.Occupancy))
      << "%, limited by " << ore::NV("Limiter", L.Limiter) << "), "
      << ore::NV("Regs", L.Regs) << " registers ("
      << ore::NV("RegsSource", L.RegsSource)
      << "); bound: " << ore::NV("Bound", getBoundName(P.B));
    // Counts (-ktime-unknown-trip) and shares of branches on data assumed:
    // the time is an estimate.
    if (!L.Estimated.empty()) {
      std::string Counts;
      for (auto &[Name, V] : L.Estimated)
        Counts += (Counts.empty() ? "" : ", ") + Name + " = " + V.str();
      K << "; " << ore::NV("Estimate", "estimate")
        << ", assumed: " << ore::NV("EstimatedCounts", Counts);
      streamUnboundFields(K, L);
    }
    // The KP model's per-thread memory quantities (mean over a warp's lanes,
    // ids free) and the launch's hit fractions.
    double Global = std::max(P.GlobalBytes, 1e-30);
    K << "; per thread mem = " << ore::NV("Mem", L.GlobalBytes.str())
      << " B, uncoalMem = " << ore::NV("UncoalMem", L.UncoalescedBytes.str())
      << " B, shared = " << ore::NV("SharedBytes", L.SharedBytes.str())
      << " B; l1pct = " << ore::NV("L1Pct", percent(P.L1HitBytes / Global))
      << "%, l2pct = " << ore::NV("L2Pct", percent(P.L2HitBytes / Global))
      << "%";
    if (!L.Models.empty()) {
      K << "; models:";
      for (auto &[Name, Ns] : L.Models)
        K << " " << Name << " "
          << ore::NV(("Model_" + Name).c_str(), microseconds(Ns)) << " us";
    }
    return K;
  });
}

void emitNoPrediction(const KernelReport &R, const LaunchResult &L,
                      OptimizationRemarkEmitter &ORE) {
  Function &F = *R.Kernel;
  ORE.emit([&] {
    OptimizationRemarkAnalysis K(RemarkPassName, "Kernel", &F);
    K << "warning: no prediction for launch '" << ore::NV("Spec", L.Spec.Text)
      << "' on " << ore::NV("Gpu", L.Gpu) << ": " << ore::NV("Reason", L.Error);
    return K;
  });
}

} // namespace

void emitLaunchRemarks(const KernelReport &R, OptimizationRemarkEmitter &ORE,
                       bool Verbose) {
  for (const LaunchResult &L : R.Launches) {
    if (!L.Predicted) {
      emitNoPrediction(R, L, ORE);
      continue;
    }
    if (Verbose)
      emitPrediction(R, L, ORE);
    else
      emitShortPrediction(R, L, ORE);
    if (!L.ArchNote.empty())
      ORE.emit([&] {
        OptimizationRemarkAnalysis K(RemarkPassName, "Architecture", R.Kernel);
        K << (L.ArchRuns ? "" : "warning: ") << "architecture ("
          << ore::NV("Gpu", L.Gpu) << "): " << ore::NV("Note", L.ArchNote);
        return K;
      });
    for (const std::string &A : L.Assumptions)
      ORE.emit([&] {
        OptimizationRemarkAnalysis K(RemarkPassName, "Assumption", R.Kernel);
        K << "assumption (" << ore::NV("Gpu", L.Gpu) << ", launch '"
          << ore::NV("Spec", L.Spec.Text) << "'): " << ore::NV("Assumption", A);
        return K;
      });
  }
}

} // namespace ktime
