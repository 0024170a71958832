//===- SpecChecks.h - A launch spec checked against the module --*- C++ -*-===//
//
// Private to the launch stage: the kernel a spec names, its block (the
// spec's, else the kernel's reqntid or __launch_bounds__) within the GPU's
// limits, and the -ktime-hits a kernel has (SpecChecks.cpp). Each error
// names the spec, so that one compile can name every mistake.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LAUNCH_SPECCHECKS_H
#define KERNELTIME_LAUNCH_SPECCHECKS_H

#include "KernelInputs.h"
#include "KernelTime/GPU.h"
#include "KernelTime/Launch.h"
#include "llvm/Support/Error.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace ktime {

/// An error about \p Spec: "ORIGIN: launch spec 'TEXT': WHAT".
llvm::Error specError(const LaunchSpec &Spec, const llvm::Twine &What);

/// Reports each error of \p Errors (joined errors one by one) through \p M's
/// context, prefixed "KernelTime: ".
void reportErrors(llvm::Module &M, llvm::Error Errors);

/// True when \p Name names \p F: its mangled name, its unqualified base
/// name or its qualified name ("ns::k").
bool matchesKernel(const llvm::Function &F, llvm::StringRef Name);

/// The kernel \p Spec names; an error for none or several.
llvm::Expected<AnalysedKernel *>
findKernel(const LaunchSpec &Spec, std::vector<AnalysedKernel> &Kernels);

/// The block of a launch of \p Spec on \p T: the spec's, else \p F's
/// reqntid, else its __launch_bounds__ maximum (\p Source says which); an
/// error for none, for a kernel attribute that does not parse where the
/// block comes from it, and for a block or grid over \p T's limits.
llvm::Expected<std::array<uint64_t, 3>> checkBlock(const LaunchSpec &Spec,
                                                   const llvm::Function &F,
                                                   const GpuTarget &T,
                                                   std::string &Source);

/// -ktime-hits=KERNEL:l1=F,l2=F for \p F, if given; an error for a value
/// that does not parse.
llvm::Expected<std::optional<HitOverride>>
hitOverride(const llvm::Function &F, const std::vector<std::string> &AllHits);

} // namespace ktime

#endif // KERNELTIME_LAUNCH_SPECCHECKS_H
