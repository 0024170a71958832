//===- KernelWalk.cpp - Every kernel on every GPU, for the print passes ---===//
#include "KernelWalk.h"
#include "KernelTime/CodegenView.h"
#include "KernelTime/Compat.h"
#include "Options.h"
#include "TargetSelection.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {

void forEachKernelOnEachGpu(Module &M, ModuleAnalysisManager &MAM,
                            StringRef What, raw_ostream &OS,
                            KernelVisitor Visit) {
  if (!compat::getTargetTriple(M).isNVPTX())
    return; // Host side: silent.
  GpuChooser Chooser;
  if (!Chooser.init(M))
    return;
  std::vector<Function *> Kernels;
  for (Function &F : M)
    if (compat::isKernel(F))
      Kernels.push_back(&F);
  OS << "KernelTime " << What << " of module '" << M.getModuleIdentifier()
     << "': " << Kernels.size()
     << (Kernels.size() == 1 ? " kernel\n" : " kernels\n");
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  CopySelection ThroughCopy =
      functionsAnalysedThroughCopy(M, FAM, options::CodegenView);
  std::unique_ptr<CanonicalClone> Clone;
  for (Function *F : Kernels) {
    StringRef Name = F->getName();
    std::string Demangled = demangle(Name);
    std::string Label = ("kernel " + Name).str();
    if (Demangled != Name)
      Label += " (" + Demangled + ")";
    std::string Why;
    std::optional<std::vector<const GpuTarget *>> Targets = Chooser.choose(
        M, F->getFnAttribute("target-cpu").getValueAsString(), Why);
    if (!Targets)
      return;
    if (Targets->empty()) {
      OS << Label << ": no GPU target (" << Why << ")\n";
      continue;
    }
    Function *Analysed = F;
    FunctionAnalysisManager *AnalysedFAM = &FAM;
    if (ThroughCopy.contains(F)) {
      if (!Clone)
        Clone = std::make_unique<CanonicalClone>(M, ThroughCopy,
                                                 options::codegenViewOptions());
      Analysed = &Clone->getClone(*F);
      AnalysedFAM = &Clone->getFAM();
    }
    for (const GpuTarget *T : *Targets) {
      OS << Label << " on " << T->Name << "\n";
      if (F->hasOptNone())
        OS << "  analysed: canonicalised clone (kernel is optnone)\n";
      Visit(*F, *Analysed, *AnalysedFAM, *T);
    }
  }
}

} // namespace ktime
