//===- MaxPlusModelImpl.h - Internals of the max-plus kernel model --------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What MaxPlusModel.cpp (options, GPU inputs, totals) needs from the graph
/// builder of MaxPlusGraph.cpp, and the data classification both use.
///
//===----------------------------------------------------------------------===//

#ifndef KERNELTIME_MAXPLUSMODEL_MAXPLUSMODELIMPL_H
#define KERNELTIME_MAXPLUSMODEL_MAXPLUSMODELIMPL_H

#include "KernelTime/MaxPlusModel.h"
#include "llvm/ADT/DenseSet.h"

namespace llvm {
class Value;
}

namespace ktime {

/// The values of \p F that are states of data (docs/models/maxplus.md):
/// everything computed from a value read from memory (or returned by a call
/// that may read memory), and everything that flows into a value written to
/// memory, passed to a call with side effects, or returned. The rest are
/// index computations (addresses and branch conditions from parameters,
/// thread ids and constants), which the paper leaves out of the graph.
llvm::DenseSet<const llvm::Value *> findDataValues(const llvm::Function &F);

/// Builds the graphs of \p F and fills InstanceCycles, Height, Fragments,
/// Assumptions and Graphs of the result; \p B gives the comparison values.
MaxPlusKernelModel
buildMaxPlusModel(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                  const CostModel &Costs, const MaxPlusModelOptions &O,
                  const MaxPlusGpuInputs &Gpu, const Bindings &B);

} // namespace ktime

#endif // KERNELTIME_MAXPLUSMODEL_MAXPLUSMODELIMPL_H
