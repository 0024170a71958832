//===- RotateLoops.h - loop(loop-rotate) without tree updates -------------===//
//
// The canonical copy's loop rotation: the same loops rotated in the same
// order with the same LLVM utility as loop(loop-rotate), but without
// updating the dominator tree after each loop (each update costs time
// proportional to the whole function); the tree is recomputed once.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_CODEGENVIEW_ROTATELOOPS_H
#define KERNELTIME_CODEGENVIEW_ROTATELOOPS_H

#include "llvm/IR/PassManager.h"

namespace ktime {

/// Rotates the loops of \p F as the pipeline loop(loop-rotate) does (the
/// loops must be in simplified and LCSSA form already); returns what it
/// preserves, as that pipeline would. \p WithTree keeps the dominator tree
/// up to date after each loop, as loop(loop-rotate) does (slower; the
/// result is the same).
llvm::PreservedAnalyses rotateLoops(llvm::Function &F,
                                    llvm::FunctionAnalysisManager &FAM,
                                    bool WithTree);

} // namespace ktime

#endif // KERNELTIME_CODEGENVIEW_ROTATELOOPS_H
