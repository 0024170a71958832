//===- Plugin.cpp - KernelTime's entry point for opt and clang ------------===//
//
// Registers the passes with the new pass manager:
//   opt -load-pass-plugin=KernelTime.so -passes=kernel-time
//   opt -load-pass-plugin=KernelTime.so -passes='print<kernel-time>'
//   opt -load-pass-plugin=KernelTime.so -passes='print<kernel-time-cost>'
//   opt -load-pass-plugin=KernelTime.so -passes='print<kernel-time-memory>'
//   opt -load-pass-plugin=KernelTime.so -passes='print<kernel-time-maxplus>'
//   clang++ -x cuda -fpass-plugin=KernelTime.so ...   (optimizer's last
//   extension point, every -O level; host modules are left alone)
// and handles -ktime-list-gpus, which prints the targets and exits.
//
//===----------------------------------------------------------------------===//
#include "CostPrinterPass.h"
#include "KernelTime/Compat.h"
#include "KernelTimePass.h"
#include "MaxPlusPrinterPass.h"
#include "MemoryPrinterPass.h"
#include "Options.h"
#include "TargetSelection.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace {

void registerCallbacks(PassBuilder &PB) {
  // Options are parsed by the time a PassBuilder is set up, in opt and clang.
  if (ktime::options::ListGpus) {
    if (Error E = ktime::listGpus(outs())) {
      errs() << "error: KernelTime: " << toString(std::move(E)) << "\n";
      std::exit(1);
    }
    outs().flush();
    std::exit(0);
  }
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "kernel-time") {
          MPM.addPass(ktime::KernelTimePass());
          return true;
        }
        if (Name == "print<kernel-time>") {
          MPM.addPass(ktime::KernelTimePrinterPass(outs()));
          return true;
        }
        if (Name == "print<kernel-time-cost>") {
          MPM.addPass(ktime::KernelCostPrinterPass(outs()));
          return true;
        }
        if (Name == "print<kernel-time-memory>") {
          MPM.addPass(ktime::KernelMemoryPrinterPass(outs()));
          return true;
        }
        std::string Error;
        if (std::optional<ktime::MaxPlusModelOptions> O =
                ktime::parseMaxPlusPrinterName(Name, Error)) {
          MPM.addPass(ktime::MaxPlusPrinterPass(outs(), std::move(*O)));
          return true;
        }
        if (!Error.empty())
          errs() << "error: KernelTime: " << Name << ": " << Error << "\n";
        return false;
      });
  ktime::compat::registerOptimizerLast(
      PB, [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(ktime::KernelTimePass());
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "KernelTime", KTIME_VERSION,
          registerCallbacks};
}
