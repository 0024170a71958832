//===- Print.cpp - Printing the max-plus model ----------------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The text print<kernel-time-maxplus> shows for one variant of one
/// kernel: the instance time, the total, and every graph with its nodes,
/// arcs, height and time (loops: the recurrence, its cycle mean and the
/// loop's time). docs/models/maxplus.md has an example.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlusModel.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace ktime;

namespace {

/// \p D with at most 6 decimals, trailing zeros dropped ("148809.4").
void printNumber(llvm::raw_ostream &OS, double D) {
  if (!std::isfinite(D)) {
    maxplus::Value(D).print(OS);
    return;
  }
  std::string S = llvm::formatv("{0:f6}", D).str();
  while (S.back() == '0')
    S.pop_back();
  if (S.back() == '.')
    S.pop_back();
  OS << (S == "-0" ? "0" : S);
}

void printTime(llvm::raw_ostream &OS, const MPTime &T) {
  OS << T.E;
  if (T.Nominal && !T.E.isConstant()) {
    OS << " = ";
    printNumber(OS, *T.Nominal);
  }
}

void printLoop(llvm::raw_ostream &OS, const MaxPlusGraphReport &R) {
  const LoopTime &LT = *R.Loop;
  OS << "      trip = " << R.Trip << "\n";
  if (!LT.States.empty()) {
    OS << "      recurrence over";
    for (unsigned S : LT.States)
      OS << ' ' << R.Graph.Nodes[S].Label;
    OS << ":\n";
    std::string Text;
    llvm::raw_string_ostream TS(Text);
    LT.Recurrence.print(TS);
    llvm::StringRef Rest(Text);
    while (!Rest.empty()) {
      auto [Line, Tail] = Rest.split('\n');
      OS << "        " << Line << '\n';
      Rest = Tail;
    }
  }
  OS << "      cycle mean = ";
  if (LT.Lambda) {
    printTime(OS, *LT.Lambda);
    if (!LT.CriticalCycle.empty()) {
      OS << " (cycle:";
      for (unsigned C : LT.CriticalCycle)
        OS << ' ' << R.Graph.Nodes[LT.States[C]].Label;
      OS << ')';
    }
  } else {
    OS << "none (no loop-carried data)";
  }
  OS << "\n      first iteration = ";
  printTime(OS, LT.FirstIteration);
  OS << "\n      loop = ";
  printTime(OS, LT.Time);
  OS << (LT.Unrolled ? " (unrolled)" : " (cycle mean x trip)") << '\n';
}

} // namespace

void ktime::printMaxPlusModel(const MaxPlusKernelModel &M,
                              llvm::raw_ostream &OS) {
  OS << "  variant " << getVariantName(M.V)
     << ": instance = " << M.InstanceCycles;
  if (M.InstanceValue && !M.InstanceCycles.isConstant()) {
    OS << " = ";
    printNumber(OS, *M.InstanceValue);
  }
  OS << " cycles, height " << M.Height << ", " << M.Fragments
     << (M.Fragments == 1 ? " fragment\n" : " fragments\n");
  OS << "    n = ";
  printNumber(OS, M.Gpu.Executors);
  OS << " executors (" << M.Gpu.ExecutorsFrom << ")";
  if (M.V == MaxPlusModelOptions::Serialised)
    OS << ", dt = bytes x " << M.Gpu.CyclesPerByte
       << " cycles (sm_mhz / (1000 x dram.bandwidth_gbs))";
  OS << "\n    total = ";
  if (M.Gpu.Threads) {
    OS << "ceil(";
    printNumber(OS, *M.Gpu.Threads);
    OS << " / ";
    printNumber(OS, M.Gpu.Executors);
    OS << ") x instance = ";
    if (M.TotalCycles) {
      printNumber(OS, *M.TotalCycles);
      OS << " cycles\n";
    } else {
      OS << "unknown (the instance has unbound symbols)\n";
    }
  } else {
    OS << "unknown (no thread count N)\n";
  }
  for (const MaxPlusGraphReport &R : M.Graphs) {
    OS << "    " << R.Title << ": " << R.Graph.size() << " nodes, "
       << R.Graph.numArcs() << " arcs, height " << R.Height << ", "
       << (R.Loop ? "one iteration " : "time ");
    printTime(OS, R.Time);
    if (R.DenseTime) {
      OS << ", <1_o, Z^" << R.Height << " (x) 1_i> = ";
      printTime(OS, *R.DenseTime);
    }
    OS << "; Table 1 reduces it to " << R.ReducedNodes << " nodes, "
       << R.ReducedArcs << " arcs\n";
    printKernelGraph(R.Graph, OS, 6);
    if (R.Loop)
      printLoop(OS, R);
  }
  for (const std::string &A : M.Assumptions)
    OS << "    assumption: " << A << '\n';
}
