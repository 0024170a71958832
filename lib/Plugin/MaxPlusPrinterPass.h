//===- MaxPlusPrinterPass.h - print<kernel-time-maxplus> ------------------===//
//
// Prints, for each kernel of an NVPTX module and each GPU target it is
// predicted for, the max-plus model of Antonyuk & Mikheev
// (include/KernelTime/MaxPlusModel.h): every kernel graph with its nodes,
// arcs, height and time, and the instance and total time of each variant:
//   opt -load-pass-plugin=KernelTime.so -ktime-gpu=a100 -disable-output f.ll
//       -passes='print<kernel-time-maxplus>'
//       -passes='print<kernel-time-maxplus<threads=1000;executors=4;arg3=64>>'
// Parameters (';'-separated): threads=N, executors=n, unroll=LIMIT, and
// SYMBOL=VALUE binding a symbol (a parameter, trip.L12, lat.global).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_MAXPLUSPRINTERPASS_H
#define KERNELTIME_PLUGIN_MAXPLUSPRINTERPASS_H

#include "KernelTime/MaxPlusModel.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
}

namespace ktime {

/// The options of a print<kernel-time-maxplus...> pipeline name; std::nullopt
/// if \p Name is another pass. A name of this pass with a bad parameter sets
/// \p Error (and returns std::nullopt).
std::optional<MaxPlusModelOptions> parseMaxPlusPrinterName(llvm::StringRef Name,
                                                           std::string &Error);

/// print<kernel-time-maxplus>: the max-plus model; changes nothing.
class MaxPlusPrinterPass : public llvm::PassInfoMixin<MaxPlusPrinterPass> {
public:
  MaxPlusPrinterPass(llvm::raw_ostream &OS, MaxPlusModelOptions O)
      : OS(OS), O(std::move(O)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
  MaxPlusModelOptions O;
};

} // namespace ktime

#endif // KERNELTIME_PLUGIN_MAXPLUSPRINTERPASS_H
