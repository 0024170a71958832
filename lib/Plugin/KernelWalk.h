//===- KernelWalk.h - Every kernel on every GPU, for the print passes -----===//
//
// The print<kernel-time-cost>, print<kernel-time-memory> and
// print<kernel-time-maxplus> passes share their frame: device modules only,
// a header line, each kernel with each of its GPU targets, optnone kernels
// through the canonicalised clone.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_KERNELWALK_H
#define KERNELTIME_PLUGIN_KERNELWALK_H

#include "KernelTime/Target.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"

namespace ktime {

/// What a print pass does with one kernel on one GPU: \p Kernel is the
/// module's function, \p Analysed the one to read (its canonicalised clone
/// when \p Kernel is optnone) with its analysis manager.
using KernelVisitor = llvm::function_ref<void(
    llvm::Function &Kernel, llvm::Function &Analysed,
    llvm::FunctionAnalysisManager &FAM, const GpuTarget &T)>;

/// Prints "KernelTime WHAT of module 'M': N kernels", then for each kernel
/// and target "kernel NAME (DEMANGLED) on GPU" (and "  analysed:
/// canonicalised clone (kernel is optnone)") and calls \p Visit; a kernel
/// without target gets "kernel NAME: no GPU target (why)". Silent on a host
/// module; stops after an error (reported through the module's context).
void forEachKernelOnEachGpu(llvm::Module &M, llvm::ModuleAnalysisManager &MAM,
                            llvm::StringRef What, llvm::raw_ostream &OS,
                            KernelVisitor Visit);

} // namespace ktime

#endif // KERNELTIME_PLUGIN_KERNELWALK_H
