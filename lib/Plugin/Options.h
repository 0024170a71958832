//===- Options.h - KernelTime's command-line options ----------------------===//
//
// Every option is a cl::opt with the prefix -ktime- (under clang: -mllvm).
// docs/usage.md documents each one.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_PLUGIN_OPTIONS_H
#define KERNELTIME_PLUGIN_OPTIONS_H

#include "KernelTime/CodegenView.h"
#include "KernelTime/Launch.h"
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
/// -ktime-launch=SPEC (repeatable) and -ktime-launch-file=FILE: the launches
/// to predict.
extern llvm::cl::list<std::string> Launches;
extern llvm::cl::opt<std::string> LaunchFile;
/// -ktime-report=FILE.json: the JSON report.
extern llvm::cl::opt<std::string> ReportFile;
/// -ktime-remarks=short|verbose: the Kernel remark of a launch in one short
/// line (default) or with every part of the prediction.
extern llvm::cl::opt<std::string> RemarkStyle;
/// -ktime-regs=N: registers per thread for launches whose spec has no regs=.
extern llvm::cl::opt<unsigned> Regs;
/// -ktime-sm-clock=MHZ, -ktime-mem-clock=MHZ: clocks (0: the target's).
extern llvm::cl::opt<double> SmClockMHz;
extern llvm::cl::opt<double> MemClockMHz;
/// -ktime-cold-cache: caches hold nothing of the kernel's data at launch.
extern llvm::cl::opt<bool> ColdCache;
extern llvm::cl::opt<bool> CodegenView;
extern llvm::cl::opt<bool> BarrierFragments;
/// -ktime-rotate-with-tree: the -O0 copy's loops rotated keeping the
/// dominator tree up to date after each (RotateLoops.h).
extern llvm::cl::opt<bool> RotateWithTree;
/// -ktime-hits=KERNEL:l1=F,l2=F (repeatable): the kernel's cache hit
/// fractions instead of the Memory stage's estimate.
extern llvm::cl::list<std::string> Hits;
/// -ktime-unknown-trip=N: the count a launch assumes for a loop whose count
/// is not known (0: no estimate).
extern llvm::cl::opt<unsigned> UnknownTrip;
/// -ktime-model=kp|maxplus|mwp-cwp|kdt|all: the models to predict with.
extern llvm::cl::opt<std::string> Model;

/// The launch stage's options, as given.
LaunchOptions launchOptions();
/// The codegen view's options, as given.
CodegenViewOptions codegenViewOptions();

} // namespace options
} // namespace ktime

#endif // KERNELTIME_PLUGIN_OPTIONS_H
