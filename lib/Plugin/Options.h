//===- Options.h - KernelTime's command-line options ----------------------===//
//
// Every option is a cl::opt with the prefix -ktime- (under clang: -mllvm).
// docs/usage.md documents each one.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_OPTIONS_H
#define KERNELTIME_PLUGIN_OPTIONS_H

#include "llvm/Support/CommandLine.h"

#include <string>

namespace ktime {
namespace options {

/// -ktime-gpu=NAME[,NAME...]|PATH: the GPUs to predict for.
extern llvm::cl::list<std::string> Gpus;
/// -ktime-target-dir=DIR: where the GPU target files are.
extern llvm::cl::opt<std::string> TargetDir;
/// -ktime-list-gpus: print the known targets and exit.
extern llvm::cl::opt<bool> ListGpus;

} // namespace options
} // namespace ktime

#endif // KERNELTIME_PLUGIN_OPTIONS_H
