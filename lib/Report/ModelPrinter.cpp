//===- ModelPrinter.cpp - The text print<kernel-time> shows ---------------===//
//
// One block per kernel: its name (mangled and demangled), the GPU targets,
// whether a canonicalised clone was analysed, the per-thread time, delay and
// barriers with the assumptions made, then every loop in source order with
// its depth, line, trip, lat, del and time, and its assumptions.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Report.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {

/// One launch: its inputs, occupancy, waves and prediction, numbers with
/// one decimal (cycles and ns).
static void printLaunch(const LaunchResult &L, raw_ostream &OS) {
  OS << "  launch '" << L.Spec.Text << "' on " << L.Gpu << ":\n";
  if (!L.Predicted) {
    OS << "    no prediction: " << L.Error << "\n";
    return;
  }
  const Prediction &P = L.P;
  OS << "    block " << formatDim(L.Block) << " (" << L.BlockSource
     << "), regs " << L.Regs << " (" << L.RegsSource << "), static shared "
     << L.StaticSharedBytes << " B, dynamic shared "
     << L.Spec.DynamicSharedBytes << " B\n";
  OS << "    occupancy: " << L.BlocksPerSM << " blocks/SM, "
     << L.ActiveWarpsPerSM << " warps/SM (" << format("%.1f", L.Occupancy * 100)
     << "%), limited by " << L.Limiter << "\n";
  OS << "    waves: " << format("%.3f", P.Waves) << " (" << P.FullWaves
     << " full)\n";
  for (const WaveTime &W : P.WaveTimes) {
    OS << "      wave of " << W.Blocks << " blocks, " << W.BlocksOnSM
       << " on the busiest SM: " << format("%.1f", W.Cycles)
       << " cycles (longest warp " << format("%.1f", W.LatencyCycles)
       << ", issue " << format("%.1f", W.IssueCycles) << ", sync "
       << format("%.1f", W.SyncCycles) << ", lat.global "
       << format("%.1f", W.LatGlobal);
    if (W.TurnaroundCycles > 0)
      OS << ", turnaround " << format("%.1f", W.TurnaroundCycles);
    OS << "), bound " << getBoundName(W.B) << "\n";
  }
  OS << "    main thread: time " << format("%.1f", P.ThreadTimeCycles)
     << ", delay " << format("%.1f", P.ThreadDelayCycles) << ", barriers "
     << format("%.1f", P.ThreadBarriers) << "\n";
  OS << "    bytes: global " << format("%.1f", P.GlobalBytes) << ", L2 "
     << format("%.1f", P.L2Bytes) << ", DRAM " << format("%.1f", P.DramBytes)
     << ", shared " << format("%.1f", P.SharedBytes) << "\n";
  if (P.HotAtomics > 0)
    OS << "    atomics on one address: " << format("%.1f", P.HotAtomics) << ", "
       << format("%.1f", P.AtomicCycles) << " cycles in sequence\n";
  if (P.DispatchBlocks > 0)
    OS << "    block dispatch: " << P.DispatchBlocks
       << (P.DispatchBlocks == 1 ? " block" : " blocks")
       << " past the launch regression's range, "
       << format("%.1f", P.DispatchNs) << " ns"
       << (P.DispatchRaised ? " (the execution's time)" : "") << "\n";
  OS << "    predicted " << format("%.1f", P.Ns) << " ns = launch "
     << format("%.1f", P.LaunchNs) << " ns + exec " << format("%.1f", P.ExecNs)
     << " ns";
  // What the way of timing adds (-ktime-time; 0 for device time).
  if (P.TimingNs > 0)
    OS << " + timing " << format("%.1f", P.TimingNs) << " ns";
  OS << "; bound " << getBoundName(P.B) << "\n";
  if (!L.ArchNote.empty())
    OS << "    " << (L.ArchRuns ? "" : "warning: ")
       << "architecture: " << L.ArchNote << "\n";
  for (auto &[Name, V] : L.Estimated)
    OS << "    estimate: " << Name << " = " << V << " (assumed)\n";
  for (auto &[Name, Ns] : L.Models)
    OS << "    model " << Name << ": " << format("%.1f", Ns) << " ns\n";
  for (const std::string &A : L.Assumptions)
    OS << "    assumption: " << A << "\n";
}

void printKernelReport(const KernelReport &R, raw_ostream &OS) {
  StringRef Name = R.Kernel->getName();
  OS << (R.IsDeviceFunction ? "device function " : "kernel ") << Name;
  std::string Demangled = demangle(Name);
  if (Demangled != Name)
    OS << " (" << Demangled << ")";
  if (R.IsDeviceFunction)
    OS << "\n  called by: " << join(R.CalledBy, ", ");
  OS << "\n  gpu: " << (R.Gpus.empty() ? "none" : join(R.Gpus, ", ")) << "\n";
  if (R.Canonicalized)
    OS << "  analysed: canonicalised clone ("
       << (R.IsDeviceFunction ? "device function" : "kernel")
       << " is optnone)\n";
  if (R.HasModel)
    OS << "  time = " << R.Time << "\n  delay = " << R.Delay
       << "\n  barriers = " << R.Barriers << "\n";
  for (const ModelNote &N : R.Notes) {
    OS << "  assumption: " << N.Text;
    if (N.Loc)
      OS << " (line " << N.Loc.getLine() << ")";
    OS << "\n";
  }
  OS << "  loops: " << R.Loops.size() << "\n";
  for (const LoopTrip &T : R.Loops) {
    OS.indent(2 * T.Depth + 2) << T.Name;
    if (T.Loc)
      OS << " (line " << T.Loc.getLine() << ")";
    OS << ": trip = " << T.Trip << (T.Exact ? "" : " [not exact]");
    if (T.HeaderExits)
      OS << " [header runs trip + 1 times]";
    if (R.HasModel)
      OS << ", lat = " << T.Lat << ", del = " << T.Del
         << " per iteration, time = " << T.Time;
    OS << "\n";
    for (const std::string &A : T.Assumptions)
      OS.indent(2 * T.Depth + 4) << "assumption: " << A << "\n";
  }
  for (const LaunchResult &L : R.Launches)
    printLaunch(L, OS);
}

} // namespace ktime
