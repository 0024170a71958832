//===- CostPrinterPass.cpp - print<kernel-time-cost> ----------------------===//
//
// Kernels and targets are chosen as for print<kernel-time> (device modules
// only, kernels only, -ktime-gpu or the kernel's sm_XX default, -O0 kernels
// through the canonicalised clone). Each instruction line is the IR, a tab,
// then the cost as printCost writes it; utils/gen-libdevice-costs.py reads
// this output, so keep the tab. docs/costs.md shows an example.
//
//===----------------------------------------------------------------------===//
#include "CostPrinterPass.h"
#include "CanonicalClone.h"
#include "KernelTime/Compat.h"
#include "KernelTime/Cost.h"
#include "TargetSelection.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;

namespace ktime {

namespace {

struct Totals {
  unsigned Instructions = 0, Free = 0, Loads = 0, Stores = 0, Atomics = 0,
           Barriers = 0, Calls = 0, Assumptions = 0;
  Expr Del;
};

void printFunctionCosts(const Function &F, const CostModel &Model,
                        raw_ostream &OS) {
  ModuleSlotTracker MST(F.getParent());
  MST.incorporateFunction(F);
  Totals T;
  for (const BasicBlock &BB : F) {
    OS << "  ";
    BB.printAsOperand(OS, /*PrintType=*/false, MST);
    OS << ":\n";
    for (const Instruction &I : BB) {
      std::string Text;
      raw_string_ostream TS(Text);
      I.print(TS, MST);
      // One line per instruction (a switch prints its cases on several).
      for (size_t Pos; (Pos = Text.find('\n')) != std::string::npos;)
        Text.replace(Pos, 1, " ");
      StringRef Trimmed = StringRef(Text).ltrim(' ');
      OS << "    " << Trimmed;
      OS.indent(Trimmed.size() < 48 ? 48 - Trimmed.size() : 0);
      OS << "\t";
      CostInfo C = Model.getCost(I);
      printCost(C, OS);
      OS << "\n";
      if (C.isFree()) {
        ++T.Free;
        continue;
      }
      T.Instructions += C.Count;
      T.Del += C.Del;
      T.Loads += C.IsLoad && !C.IsAtomic;
      T.Stores += C.IsStore && !C.IsAtomic;
      T.Atomics += C.IsAtomic;
      T.Barriers += C.K == CostInfo::Kind::Barrier;
      T.Calls += C.K == CostInfo::Kind::Call;
      T.Assumptions += !C.Assumption.empty();
    }
  }
  OS << "  total: " << T.Instructions << " instructions (" << T.Free
     << " IR instructions free), del " << T.Del << " (each once), " << T.Loads
     << " loads, " << T.Stores << " stores, " << T.Atomics << " atomics, "
     << T.Barriers << " barriers, " << T.Calls << " calls, " << T.Assumptions
     << " assumptions\n";
}

} // namespace

PreservedAnalyses KernelCostPrinterPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  if (!compat::getTargetTriple(M).isNVPTX())
    return PreservedAnalyses::all(); // Host side: silent.
  GpuChooser Chooser;
  if (!Chooser.init(M))
    return PreservedAnalyses::all();
  std::vector<Function *> Kernels;
  for (Function &F : M)
    if (compat::isKernel(F))
      Kernels.push_back(&F);
  OS << "KernelTime instruction costs of module '" << M.getModuleIdentifier()
     << "': " << Kernels.size()
     << (Kernels.size() == 1 ? " kernel\n" : " kernels\n");
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
      return PreservedAnalyses::all();
    if (Targets->empty()) {
      OS << Label << ": no GPU target (" << Why << ")\n";
      continue;
    }
    const Function *Analysed = F;
    if (F->hasOptNone()) {
      if (!Clone)
        Clone = std::make_unique<CanonicalClone>(M);
      Analysed = &Clone->getClone(*F);
    }
    for (const GpuTarget *T : *Targets) {
      OS << Label << " on " << T->Name << "\n";
      if (Analysed != F)
        OS << "  analysed: canonicalised clone (kernel is optnone)\n";
      printFunctionCosts(*Analysed, CostModel(*T), OS);
    }
  }
  return PreservedAnalyses::all();
}

} // namespace ktime
