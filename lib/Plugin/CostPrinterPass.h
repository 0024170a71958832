//===- CostPrinterPass.h - print<kernel-time-cost> ------------------------===//
//
// Prints, for each kernel of an NVPTX module and each GPU target it is
// predicted for, every instruction with the PTX class it is priced as and its
// lat and del (the Cost stage, include/KernelTime/Cost.h):
//   opt -load-pass-plugin=KernelTime.so -passes='print<kernel-time-cost>'
//       -ktime-gpu=a100 -disable-output f.ll
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_COSTPRINTERPASS_H
#define KERNELTIME_PLUGIN_COSTPRINTERPASS_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class raw_ostream;
}

namespace ktime {

/// print<kernel-time-cost>: the cost of every instruction; changes nothing.
class KernelCostPrinterPass
    : public llvm::PassInfoMixin<KernelCostPrinterPass> {
public:
  explicit KernelCostPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace ktime

#endif // KERNELTIME_PLUGIN_COSTPRINTERPASS_H
