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
#include "KernelTime/Cost.h"
#include "KernelWalk.h"
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
                                             ModuleAnalysisManager &MAM) {
  forEachKernelOnEachGpu(M, MAM, "instruction costs", OS,
                         [&](Function &, Function &Analysed,
                             FunctionAnalysisManager &, const GpuTarget &T) {
                           printFunctionCosts(Analysed, CostModel(T), OS);
                         });
  return PreservedAnalyses::all();
}

} // namespace ktime
