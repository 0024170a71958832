//===- KernelInputs.h - The per-thread facts a launch prediction needs ----===//
//
// For one kernel and one GPU: the Thread stage's model with the GPU's costs
// and the Memory stage's traffic, bound to a launch's sizes and parameters,
// as the GPU stage's KernelInputs.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_KERNELINPUTS_H
#define KERNELTIME_PLUGIN_KERNELINPUTS_H

#include "KernelTime/GPU.h"
#include "KernelTime/GPU.h"
#include "KernelTime/Thread.h"
#include "llvm/IR/PassManager.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ktime {

class KernelInputBuilder {
public:
  KernelInputBuilder(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                     const GpuTarget &T);

  /// Every symbol of the per-thread expressions (parameters, trip.*).
  const std::set<std::string> &modelSymbols() const { return Symbols; }

  /// The inputs of one launch: \p Params substituted, ntid/nctaid bound to
  /// \p Shape; assumptions made on the way are appended to \p Assumptions.
  KernelInputs build(const std::map<std::string, Expr> &Params,
                     const LaunchShape &Shape, const OccupancyResult &Occ,
                     std::vector<std::string> &Assumptions) const;

private:
  llvm::Function &F;
  llvm::FunctionAnalysisManager &FAM;
  const GpuTarget &T;
  ThreadModel Model;
  std::set<std::string> Symbols;
};

} // namespace ktime

#endif // KERNELTIME_PLUGIN_KERNELINPUTS_H
