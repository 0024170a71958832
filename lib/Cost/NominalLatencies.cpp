//===- NominalLatencies.cpp - Typical values of the latency symbols -------===//
//
// A load's latency is a symbol of its state space (lat.global, ...). To
// choose the longer of two alternative paths the Thread stage needs numbers;
// these are the target file's latencies for each space, a global access
// taken as a DRAM access. They never replace the symbols in the model.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Cost.h"

namespace ktime {

static Rational cycles(double V) {
  // Target latencies have at most a few decimals (32.7 cycles).
  return Rational(static_cast<int64_t>(V * 1000 + 0.5), 1000);
}

Bindings CostModel::getNominalLatencies() const {
  Bindings B;
  B[getLatencySymbol(MemSpace::Global).str()] = cycles(T.DRAM.Latency);
  B[getLatencySymbol(MemSpace::Shared).str()] = cycles(T.Shared.Latency);
  B[getLatencySymbol(MemSpace::Local).str()] = cycles(T.Local.Latency);
  B[getLatencySymbol(MemSpace::Constant).str()] = cycles(T.Constant.Latency);
  B[getLatencySymbol(MemSpace::Param).str()] = cycles(T.Constant.Latency);
  return B;
}

} // namespace ktime
