//===- CopySelection.h - The codegen view's memory-repeat check -*- C++ -*-===//
//
// Internal to lib/CodegenView: whether EarlyCSE with MemorySSA has a memory
// access to merge in a function. The selection of functions to copy asks it
// where an access repeats, and CanonicalClone asks it again after EarlyCSE
// without MemorySSA. functionsAnalysedThroughCopy, the selection itself, is
// declared in include/KernelTime/CodegenView.h.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LIB_CODEGENVIEW_COPYSELECTION_H
#define KERNELTIME_LIB_CODEGENVIEW_COPYSELECTION_H

#include "KernelTime/CodegenView.h"

namespace llvm {
class DominatorTree;
} // namespace llvm

namespace ktime {

/// True if two simple loads or stores of \p F access the same pointer, or
/// two calls that only read memory have the same callee and arguments,
/// where one dominates the other: what EarlyCSE with MemorySSA may merge
/// (or a hash collision, which only costs the run).
bool memoryAccessRepeats(const llvm::Function &F,
                         const llvm::DominatorTree &DT);

} // namespace ktime

#endif // KERNELTIME_LIB_CODEGENVIEW_COPYSELECTION_H
