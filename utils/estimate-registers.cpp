// estimate-registers.cpp - KernelTime's register estimate for each kernel of
// an LLVM IR file, next to the raw pressure it starts from.
//
// Built and run by utils/calibrate-registers.sh (read that file for how to
// run it); not part of the KernelTime build. Prints one line per kernel:
//   MANGLED-NAME <tab> ESTIMATE <tab> HOW
#include "KernelTime/GPU.h"

#include "llvm/IR/CallingConv.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    llvm::errs() << "usage: " << Argv[0] << " FILE.ll\n";
    return 2;
  }
  llvm::LLVMContext Ctx;
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> M = llvm::parseIRFile(Argv[1], Err, Ctx);
  if (!M) {
    Err.print(Argv[0], llvm::errs());
    return 1;
  }
  for (const llvm::Function &F : *M) {
    if (F.isDeclaration() ||
        F.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      continue;
    ktime::RegisterEstimate E = ktime::estimateRegisters(F);
    llvm::outs() << F.getName() << "\t" << E.Registers << "\t" << E.How << "\n";
  }
  return 0;
}
