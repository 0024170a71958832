//===- ModuleAnalysis.h - Run the stages over every kernel of a module ----===//
//
// The wiring (docs/design.md): device modules only (NVPTX triple), kernels
// only;
// GPU targets from -ktime-gpu or the kernel's sm_XX; -O0 kernels through a
// canonicalised clone; then the Thread stage on each kernel.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_MODULEANALYSIS_H
#define KERNELTIME_PLUGIN_MODULEANALYSIS_H

#include "KernelTime/CodegenView.h"
#include "KernelTime/Report.h"
#include "llvm/IR/PassManager.h"

#include <memory>
#include <optional>
#include <vector>

namespace ktime {

/// One report per kernel of \p M; empty for a host module. std::nullopt
/// after an error the user must fix (reported through the LLVMContext).
/// \p KeepCopy, when given, gets the copy the reports with ThroughClone were
/// analysed in (null if none was made), for the Memory stage to use again.
/// Without it and without launches nothing reads a kernel's analyses after
/// its report: each kernel's copy is freed, and the analyses of a function
/// analysed in place are dropped but for its loops and dominator trees (the
/// report's loops point into them), so that the next kernel reuses the
/// memory.
std::optional<std::vector<KernelReport>>
analyseModule(llvm::Module &M, llvm::ModuleAnalysisManager &MAM,
              std::unique_ptr<CanonicalClone> *KeepCopy = nullptr);

} // namespace ktime

#endif // KERNELTIME_PLUGIN_MODULEANALYSIS_H
