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
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {

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
    OS << "  analysed: canonicalised clone (kernel is optnone)\n";
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
}

} // namespace ktime
