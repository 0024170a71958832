//===- MemoryPrinterPass.cpp - print<kernel-time-memory> ------------------===//
//
// Kernels and targets are chosen as for print<kernel-time-cost> (device
// modules only, kernels only, -ktime-gpu or the kernel's sm_XX default,
// -O0 kernels through the canonicalised clone). The block shape comes from
// the kernel's "nvvm.reqntid"; without it the shape is unknown and the
// Memory stage says what it assumed. docs/memory.md shows an example.
//
//===----------------------------------------------------------------------===//
#include "MemoryPrinterPass.h"
#include "KernelTime/Memory.h"
#include "KernelWalk.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {

namespace {

void printBranches(const Function &F, const MemoryAnalysis &MA,
                   raw_ostream &OS) {
  ModuleSlotTracker MST(F.getParent());
  MST.incorporateFunction(F);
  for (const BasicBlock &BB : F) {
    const auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    for (const BasicBlock *Succ : Br->successors()) {
      OS << "  branch ";
      BB.printAsOperand(OS, /*PrintType=*/false, MST);
      OS << " -> ";
      Succ->printAsOperand(OS, /*PrintType=*/false, MST);
      OS << ": active lanes ";
      if (std::optional<Expr> L = MA.activeLanes(BB, *Succ))
        OS << *L << " of " << MA.warpLanes();
      else
        OS << "unknown";
      OS << "\n";
    }
  }
}

void printKernel(Function &F, FunctionAnalysisManager &FAM, const GpuTarget &T,
                 const Function &Original, raw_ostream &OS) {
  std::optional<std::array<unsigned, 3>> Block = getRequiredBlockDim(Original);
  MemoryAnalysis MA(F, FAM, T, Block);
  OS << "  block ";
  if (Block)
    OS << (*Block)[0] << "x" << (*Block)[1] << "x" << (*Block)[2]
       << " (nvvm.reqntid)";
  else
    OS << "unknown";
  OS << ", " << MA.accesses().size()
     << (MA.accesses().size() == 1 ? " access\n" : " accesses\n");
  // A reqntid no launch on this GPU can use is modelled all the same, and
  // said (a launch with that block is refused).
  if (Block) {
    const OccupancyLimits &L = T.Limits;
    uint64_t Threads = uint64_t((*Block)[0]) * (*Block)[1] * (*Block)[2];
    bool Over = Threads > L.ThreadsPerBlock;
    for (int D = 0; D != 3; ++D)
      Over |= (*Block)[D] > L.MaxBlockDim[D];
    if (Over)
      OS << "  warning: block " << (*Block)[0] << "x" << (*Block)[1] << "x"
         << (*Block)[2] << " is over " << T.Name << "'s limits ("
         << L.ThreadsPerBlock << " threads per block, " << L.MaxBlockDim[0]
         << "x" << L.MaxBlockDim[1] << "x" << L.MaxBlockDim[2]
         << "): no launch on it can have this block\n";
  }
  for (const std::string &A : MA.kernelAssumptions())
    OS << "  assumed: " << A << "\n";
  for (const AccessInfo &A : MA.accesses()) {
    OS << "  ";
    printAccess(A, OS);
  }
  printBranches(F, MA, OS);
}

} // namespace

PreservedAnalyses KernelMemoryPrinterPass::run(Module &M,
                                               ModuleAnalysisManager &MAM) {
  forEachKernelOnEachGpu(
      M, MAM, "memory accesses", OS,
      [&](Function &Kernel, Function &Analysed, FunctionAnalysisManager &FAM,
          const GpuTarget &T) { printKernel(Analysed, FAM, T, Kernel, OS); });
  return PreservedAnalyses::all();
}

} // namespace ktime
