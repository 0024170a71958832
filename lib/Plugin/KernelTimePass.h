//===- KernelTimePass.h - The kernel-time and print<kernel-time> passes ---===//
#ifndef KERNELTIME_PLUGIN_KERNELTIMEPASS_H
#define KERNELTIME_PLUGIN_KERNELTIMEPASS_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class raw_ostream;
}

namespace ktime {

/// kernel-time: analyses every kernel, annotates its loops with ktime.*
/// metadata and emits the remarks. Required, so it runs at -O0 too.
class KernelTimePass : public llvm::PassInfoMixin<KernelTimePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// print<kernel-time>: prints the model of every kernel; changes nothing.
class KernelTimePrinterPass
    : public llvm::PassInfoMixin<KernelTimePrinterPass> {
public:
  explicit KernelTimePrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace ktime

#endif // KERNELTIME_PLUGIN_KERNELTIMEPASS_H
