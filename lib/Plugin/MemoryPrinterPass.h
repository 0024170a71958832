//===- MemoryPrinterPass.h - print<kernel-time-memory> --------------------===//
//
// Prints, for each kernel of an NVPTX module and each GPU target it is
// predicted for, every memory access as the Memory stage sees it (space,
// pattern, sectors, bank conflicts, serialization, reuse, assumptions) and
// the lanes of a warp that take each side of every conditional branch:
//   opt -load-pass-plugin=KernelTime.so -passes='print<kernel-time-memory>'
//       -ktime-gpu=a100 -disable-output f.ll
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_MEMORYPRINTERPASS_H
#define KERNELTIME_PLUGIN_MEMORYPRINTERPASS_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class raw_ostream;
}

namespace ktime {

/// print<kernel-time-memory>: the Memory stage of every kernel; changes
/// nothing.
class KernelMemoryPrinterPass
    : public llvm::PassInfoMixin<KernelMemoryPrinterPass> {
public:
  explicit KernelMemoryPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace ktime

#endif // KERNELTIME_PLUGIN_MEMORYPRINTERPASS_H
