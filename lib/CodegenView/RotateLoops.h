//===- RotateLoops.h - loop(loop-rotate) a stretch of loops at a time -----===//
//
// The canonical copy's loop rotation: the same loops rotated in the same
// order with the same LLVM utility as loop(loop-rotate), but with the rest
// of the function cut off, so that the dominator tree's updates do not walk
// everything after each loop of a long -O0 kernel.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_CODEGENVIEW_ROTATELOOPS_H
#define KERNELTIME_CODEGENVIEW_ROTATELOOPS_H

#include "llvm/IR/PassManager.h"

namespace ktime {

/// Rotates the loops of \p F as the pipeline loop(loop-rotate) does (the
/// loops must be in simplified and LCSSA form already); returns what it
/// preserves, as that pipeline would. The function is cut after every
/// \p CutEvery outermost loops (0: not cut).
llvm::PreservedAnalyses rotateLoops(llvm::Function &F,
                                    llvm::FunctionAnalysisManager &FAM,
                                    unsigned CutEvery);

} // namespace ktime

#endif // KERNELTIME_CODEGENVIEW_ROTATELOOPS_H
