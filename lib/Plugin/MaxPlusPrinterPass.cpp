//===- MaxPlusPrinterPass.cpp - print<kernel-time-maxplus> ----------------===//
//
// Kernels and targets are chosen as for print<kernel-time-cost> (device
// modules only, kernels only, -ktime-gpu or the kernel's sm_XX default,
// -O0 kernels through the canonicalised clone); each kernel and target gets
// the three variants of the model. docs/models/maxplus.md shows the output.
//
//===----------------------------------------------------------------------===//
#include "MaxPlusPrinterPass.h"
#include "KernelTime/Cost.h"
#include "KernelWalk.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {

namespace {

/// A decimal number ("64", "2.5") as a rational.
std::optional<Rational> parseDecimal(StringRef S) {
  bool Negative = S.consume_front("-");
  auto [Whole, Frac] = S.split('.');
  if (Whole.empty() && Frac.empty())
    return std::nullopt;
  uint64_t W = 0, F = 0;
  if ((!Whole.empty() && Whole.getAsInteger(10, W)) ||
      (!Frac.empty() && (Frac.size() > 9 || Frac.getAsInteger(10, F))) ||
      W > (uint64_t(1) << 52))
    return std::nullopt;
  int64_t Scale = 1;
  for (size_t K = 0; K < Frac.size(); ++K)
    Scale *= 10;
  Rational R = Rational(int64_t(W)) + Rational(int64_t(F), Scale);
  return Negative ? -R : R;
}

} // namespace

std::optional<MaxPlusModelOptions> parseMaxPlusPrinterName(StringRef Name,
                                                           std::string &Error) {
  StringRef Params = Name;
  if (!Params.consume_front("print<kernel-time-maxplus") ||
      !Params.consume_back(">"))
    return std::nullopt;
  MaxPlusModelOptions O;
  if (Params.empty())
    return O;
  if (!Params.consume_front("<") || !Params.consume_back(">")) {
    Error = "expected print<kernel-time-maxplus<PARAM;...>>";
    return std::nullopt;
  }
  SmallVector<StringRef, 4> Parts;
  Params.split(Parts, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts) {
    auto [Key, Val] = Part.split('=');
    std::optional<Rational> V = parseDecimal(Val);
    if (Key.empty() || !V) {
      Error = ("parameter '" + Part + "': expected NAME=NUMBER").str();
      return std::nullopt;
    }
    if (Key == "threads" || Key == "executors" || Key == "unroll") {
      if (V->sign() <= 0 || !V->isInteger()) {
        Error = ("parameter '" + Part + "': expected a positive integer").str();
        return std::nullopt;
      }
      if (Key == "threads")
        O.Threads = V->toDouble();
      else if (Key == "executors")
        O.Executors = V->toDouble();
      else
        O.MaxUnroll =
            static_cast<unsigned>(std::min(V->toDouble(), double(1u << 20)));
      continue;
    }
    O.Symbols[Key.str()] = *V;
  }
  return O;
}

PreservedAnalyses MaxPlusPrinterPass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  forEachKernelOnEachGpu(
      M, MAM, "max-plus model", OS,
      [&](Function &, Function &Analysed, FunctionAnalysisManager &FAM,
          const GpuTarget &T) {
        CostModel Costs(T);
        for (MaxPlusModelOptions::Variant V :
             {MaxPlusModelOptions::Naive, MaxPlusModelOptions::WithOps,
              MaxPlusModelOptions::Serialised}) {
          MaxPlusModelOptions Opts = O;
          Opts.V = V;
          printMaxPlusModel(computeMaxPlusModel(Analysed, FAM, Costs, Opts),
                            OS);
        }
      });
  return PreservedAnalyses::all();
}

} // namespace ktime
