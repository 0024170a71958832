//===- ModuleCopy.h - A copy of chosen functions of a module ----*- C++ -*-===//
//
// The copy CanonicalClone analyses: every global and function of a module,
// with the bodies of chosen functions. LLVM's CloneModule maps every
// instruction through a ValueToValueMapTy, whose value handles (two per
// instruction, each an entry in the context's handle table) cost about a
// tenth of the whole pass on a large file. Here the globals go through
// CloneModule, all functions as declarations, and the chosen bodies are
// copied with a plain map. Debug metadata is shared with the original
// (the copy is analysed and freed, never emitted), except assignment IDs,
// which the context links across modules: the copy gets fresh ones.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_CODEGENVIEW_MODULECOPY_H
#define KERNELTIME_CODEGENVIEW_MODULECOPY_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Module.h"

#include <memory>

namespace ktime {

/// A copy of \p M in which the functions of \p Bodies are defined as in
/// \p M and every other function is a declaration. \p Map gets the copy of
/// each function of \p M and of each block of \p Bodies. Modules with a
/// block whose address is taken go through CloneModule, which maps
/// blockaddress constants, and define the functions of those blocks as
/// well (CUDA device code has none).
std::unique_ptr<llvm::Module>
copyModuleWithBodies(const llvm::Module &M,
                     const llvm::DenseSet<const llvm::Function *> &Bodies,
                     llvm::DenseMap<const llvm::Value *, llvm::Value *> &Map);

} // namespace ktime

#endif // KERNELTIME_CODEGENVIEW_MODULECOPY_H
