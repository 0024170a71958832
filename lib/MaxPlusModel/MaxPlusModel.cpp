//===- MaxPlusModel.cpp - The max-plus model of a kernel ------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// computeMaxPlusModel: the GPU-dependent inputs (n executors, N threads,
/// the cycles per byte that give dt and dT) from the target and the
/// options, the graphs (MaxPlusGraph.cpp), and the total
/// ceil(N / n) x <1_o, Z^k (x) 1_i> of the paper's section 7.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/Cost.h"
#include "KernelTime/Target.h"
#include "MaxPlusModelImpl.h"

#include <cmath>

using namespace ktime;

llvm::StringRef ktime::getVariantName(MaxPlusModelOptions::Variant V) {
  switch (V) {
  case MaxPlusModelOptions::Naive:
    return "naive";
  case MaxPlusModelOptions::WithOps:
    return "ops";
  case MaxPlusModelOptions::Serialised:
    return "serialised";
  }
  return "?";
}

/// A target figure (a decimal with a few digits) as an exact rational.
static Rational decimal(double V) {
  return Rational(static_cast<int64_t>(std::llround(V * 1000000)), 1000000);
}

MaxPlusGpuInputs ktime::getMaxPlusGpuInputs(const GpuTarget &T,
                                            const MaxPlusModelOptions &O) {
  MaxPlusGpuInputs G;
  if (O.Threads > 0)
    G.Threads = std::floor(O.Threads);
  if (O.Executors > 0) {
    G.Executors = std::floor(O.Executors);
    G.ExecutorsFrom = "option";
  } else {
    G.Executors = double(T.SmCount) * double(T.Limits.ThreadsPerSM);
    G.ExecutorsFrom = "sm.count x limits.threads_per_sm";
    if (G.Threads && *G.Threads < G.Executors) {
      G.Executors = *G.Threads;
      G.ExecutorsFrom = "N (the launch is smaller than the GPU)";
    }
  }
  if (G.Executors < 1)
    G.Executors = 1;
  if (T.DRAM.BandwidthGBs > 0)
    G.CyclesPerByte =
        decimal(T.SmClockMHz) / (decimal(T.DRAM.BandwidthGBs) * 1000);
  return G;
}

MaxPlusKernelModel ktime::computeMaxPlusModel(
    llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
    const CostModel &Costs, const MaxPlusModelOptions &O) {
  Bindings B = Costs.getNominalLatencies();
  for (const auto &[Name, Value] : O.Symbols)
    B[Name] = Value;
  MaxPlusGpuInputs Gpu = getMaxPlusGpuInputs(Costs.getTarget(), O);
  MaxPlusKernelModel M = buildMaxPlusModel(F, FAM, Costs, O, Gpu, B);
  M.Gpu = Gpu;
  if (std::optional<Rational> V = M.InstanceCycles.evaluate(B))
    M.InstanceValue = V->toDouble();
  if (Gpu.Threads && M.InstanceValue)
    M.TotalCycles = std::ceil(*Gpu.Threads / Gpu.Executors) * *M.InstanceValue;
  return M;
}
