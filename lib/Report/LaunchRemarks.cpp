//===- LaunchRemarks.cpp - The Kernel remark of each predicted launch -----===//
//
// One Kernel remark per launch and GPU at the kernel: the predicted time,
// its parts (launch overhead, waves, time per wave), occupancy and the bound
// (docs/design.md's vocabulary); numbers as remark arguments (PredictedNs,
// LaunchNs, Waves, WaveNs, BlocksPerSM, Occupancy, Bound, ...). A launch
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
      << " us + "
      << ore::NV("Waves", formatv("{0}", format("%.2f", P.Waves)).str())
      << " waves (";
    const WaveTime &W = P.WaveTimes.front();
    double WaveNs = W.Cycles * 1e3 / P.SmClockMHz;
    if (P.FullWaves)
      K << ore::NV("WaveUs", microseconds(WaveNs)) << " us per full wave";
    else
      K << "one partial wave of " << ore::NV("WaveUs", microseconds(WaveNs))
        << " us";
    K << "); occupancy " << ore::NV("BlocksPerSM", L.BlocksPerSM)
      << " blocks/SM, " << ore::NV("ActiveWarps", L.ActiveWarpsPerSM)
      << " warps (" << ore::NV("Occupancy", percent(L.Occupancy))
      << "%, limited by " << ore::NV("Limiter", L.Limiter) << "), "
      << ore::NV("Regs", L.Regs) << " registers ("
      << ore::NV("RegsSource", L.RegsSource)
      << "); bound: " << ore::NV("Bound", getBoundName(P.B));
    // Counts assumed (-ktime-unknown-trip): the time is an estimate.
    if (!L.Estimated.empty()) {
      std::string Counts;
      for (auto &[Name, V] : L.Estimated)
        Counts += (Counts.empty() ? "" : ", ") + Name + " = " + V.str();
      K << "; " << ore::NV("Estimate", "estimate")
        << ", counts assumed: " << ore::NV("EstimatedCounts", Counts);
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

void emitLaunchRemarks(const KernelReport &R, OptimizationRemarkEmitter &ORE) {
  for (const LaunchResult &L : R.Launches) {
    if (!L.Predicted) {
      emitNoPrediction(R, L, ORE);
      continue;
    }
    emitPrediction(R, L, ORE);
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
