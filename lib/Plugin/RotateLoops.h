//===- RotateLoops.h - loop(loop-rotate) a stretch of loops at a time -----===//
//
// The canonical copy's loop rotation: the same loops rotated in the same
// order with the same LLVM utility as loop(loop-rotate), but with the rest
// of the function cut off, so that the dominator tree's updates do not walk
// everything after each loop of a long -O0 kernel.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_ROTATELOOPS_H
#define KERNELTIME_PLUGIN_ROTATELOOPS_H

#include "llvm/IR/PassManager.h"

namespace ktime {

/// Rotates the loops of \p F as the pipeline loop(loop-rotate) does (the
/// loops must be in simplified and LCSSA form already); returns what it
/// preserves, as that pipeline would.
llvm::PreservedAnalyses rotateLoops(llvm::Function &F,
                                    llvm::FunctionAnalysisManager &FAM);

} // namespace ktime

#endif // KERNELTIME_PLUGIN_ROTATELOOPS_H
