//===- LaunchPrediction.h - Predict the launches the options ask for ------===//
//
// Reads -ktime-launch and -ktime-launch-file, matches each spec with a kernel
// of the module, binds its sizes and parameters into the kernel's per-thread
// model for each GPU, works out registers, shared memory and occupancy, and
// runs the GPU stage's model. Explicit mistakes (a spec that does not parse,
// names no kernel, gives a block over the GPU's limits or a parameter the
// kernel does not have) are errors; what is merely unknown becomes a remark.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_LAUNCHPREDICTION_H
#define KERNELTIME_PLUGIN_LAUNCHPREDICTION_H

#include "KernelTime/Report.h"
#include "KernelTime/Target.h"
#include "KernelTime/Thread.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <vector>

namespace ktime {

/// A kernel as the stages analysed it: the function (the canonical clone at
/// -O0), its analysis manager and the GPUs it is predicted for.
struct AnalysedKernel {
  KernelReport *Report = nullptr;
  llvm::Function *Analysed = nullptr;
  llvm::FunctionAnalysisManager *FAM = nullptr;
  std::vector<const GpuTarget *> Targets;
  /// The report's per-thread model with the loops of Analysed (a clone's
  /// own, valid while the clone lives), for the first target; launches on
  /// that target reuse it instead of running the Thread stage again.
  std::optional<ThreadModel> Model;
};

/// The specs of -ktime-launch and -ktime-launch-file, or std::nullopt after
/// an error (reported through \p M's context).
std::optional<std::vector<LaunchSpec>> readRequestedLaunches(llvm::Module &M);

/// Fills Report->Launches of \p Kernels for every spec. False after an error
/// the user must fix (reported through \p M's context).
bool predictLaunches(llvm::Module &M, const std::vector<LaunchSpec> &Specs,
                     std::vector<AnalysedKernel> &Kernels);

} // namespace ktime

#endif // KERNELTIME_PLUGIN_LAUNCHPREDICTION_H
