//===- KernelTimePass.cpp - The kernel-time and print<kernel-time> passes -===//
//
// Both passes only read the IR; kernel-time adds metadata, which leaves
// every analysis valid and the generated PTX unchanged.
//
//===----------------------------------------------------------------------===//
#include "KernelTimePass.h"
#include "KernelTime/CodegenView.h"
#include "KernelTime/Compat.h"
#include "KernelTime/Memory.h"
#include "KernelTime/Report.h"
#include "ModuleAnalysis.h"
#include "Options.h"
#include "TargetSelection.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {

/// Access remarks (the Memory stage's patterns) for each analysed function
/// with a GPU target; asked only when kernel-time remarks are wanted.
static void emitMemoryRemarks(Module &M, ModuleAnalysisManager &MAM,
                              ArrayRef<KernelReport> Reports,
                              CanonicalClone *Copy) {
  if (Reports.empty())
    return;
  GpuChooser Chooser;
  if (!Chooser.init(M))
    return;
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (const KernelReport &R : Reports) {
    std::string Why;
    std::optional<std::vector<const GpuTarget *>> Targets =
        Chooser.choose(M, R.Arch, Why);
    if (!Targets || Targets->empty())
      continue;
    Function *F = R.Kernel;
    FunctionAnalysisManager *Analyses = &FAM;
    if (R.ThroughClone) {
      // The copy the report was analysed in (analyseModule made it).
      if (!Copy)
        continue;
      F = &Copy->getClone(*R.Kernel);
      Analyses = &Copy->getFAM();
    }
    MemoryAnalysis MA(*F, *Analyses, *Targets->front(),
                      getRequiredBlockDim(*R.Kernel), {},
                      MemoryDetail::Patterns);
    OptimizationRemarkEmitter ORE(R.Kernel);
    emitAccessRemarks(MA, *R.Kernel, ORE);
  }
}

PreservedAnalyses KernelTimePass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (options::RemarkStyle != "short" && options::RemarkStyle != "verbose") {
    M.getContext().emitError("KernelTime: -ktime-remarks='" +
                             options::RemarkStyle +
                             "': unknown style (short, verbose)");
    return PreservedAnalyses::all();
  }
  std::unique_ptr<CanonicalClone> Copy;
  // The copy outlives the analysis only for the access remarks.
  bool WantAccessRemarks = OptimizationRemarkEmitter::allowExtraAnalysis(
      M.getContext(), RemarkPassName);
  std::optional<std::vector<KernelReport>> Reports =
      analyseModule(M, MAM, WantAccessRemarks ? &Copy : nullptr);
  if (!Reports)
    return PreservedAnalyses::all();
  bool Verbose = options::RemarkStyle == "verbose";
  for (const KernelReport &R : *Reports) {
    annotateKernel(R);
    OptimizationRemarkEmitter ORE(R.Kernel);
    emitKernelRemarks(R, ORE, Verbose);
    emitLaunchRemarks(R, ORE, Verbose);
  }
  writeJsonReport(M, options::ReportFile, *Reports);
  if (WantAccessRemarks)
    emitMemoryRemarks(M, MAM, *Reports, Copy.get());
  return PreservedAnalyses::all();
}

PreservedAnalyses KernelTimePrinterPass::run(Module &M,
                                             ModuleAnalysisManager &MAM) {
  if (!compat::getTargetTriple(M).isNVPTX())
    return PreservedAnalyses::all(); // Host side: silent, as kernel-time is.
  std::optional<std::vector<KernelReport>> Reports = analyseModule(M, MAM);
  if (!Reports)
    return PreservedAnalyses::all();
  size_t Kernels = llvm::count_if(
      *Reports, [](const KernelReport &R) { return !R.IsDeviceFunction; });
  OS << "KernelTime model of module '" << M.getModuleIdentifier()
     << "': " << Kernels << (Kernels == 1 ? " kernel" : " kernels");
  if (size_t Device = Reports->size() - Kernels)
    OS << " and " << Device
       << (Device == 1 ? " device function" : " device functions")
       << " they call";
  OS << "\n";
  for (const KernelReport &R : *Reports)
    printKernelReport(R, OS);
  writeJsonReport(M, options::ReportFile, *Reports);
  return PreservedAnalyses::all();
}

} // namespace ktime
