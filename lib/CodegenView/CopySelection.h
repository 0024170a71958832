//===- CopySelection.h - Which functions the codegen view copies -*- C++
//-*-===//
//
// Internal to lib/CodegenView: the check CanonicalClone runs on a copied
// function after EarlyCSE without MemorySSA, to know whether the MemorySSA
// run has anything left to do. functionsAnalysedThroughCopy, the selection
// itself, is declared in include/KernelTime/CodegenView.h.
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
