//===- RegisterEstimate.cpp - Registers per thread before ptxas -----------===//
//
// The largest live-register pressure of the IR plus a fixed overhead, clamped
// to what ptxas allocates. The constants are calibrated against ptxas of CUDA
// 13.0 (utils/calibrate-registers.sh); docs/gpu.md, "Register estimate",
// gives the comparison table and the measured error.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/GPU.h"
#include "RegisterPressure.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace ktime {

namespace {

/// Registers ptxas uses beyond the IR's pressure (what the IR does not
/// show: code generation's temporaries, address arithmetic, ptxas's own
/// scheduling; not itemised). Fitted on the calibration kernels
/// (docs/gpu.md: the least mean |error|, mean error near 0).
constexpr unsigned RegisterOverhead = 7;
/// How far a load moves up its block (PressureOptions), fitted with the
/// overhead: 96 instructions.
constexpr unsigned LoadHoistWindow = 96;
/// The fewest registers ptxas reports for a kernel that does anything
/// (an empty kernel reports 4 on sm_80; CUDA 13.0).
constexpr unsigned MinRegisters = 8;
/// The most registers ptxas gives one thread (PTX ISA: 255 on every target
/// since sm_35; --maxrregcount accepts no more).
constexpr unsigned MaxRegisters = 255;

/// "FILE:LINE" of \p Loc, the file's base name.
std::string fileAndLine(const DILocation &Loc) {
  return sys::path::filename(Loc.getFilename()).str() + ":" +
         std::to_string(Loc.getLine());
}

/// "k.cu:12" with debug locations; in code inlined into the kernel, the
/// kernel's line first, then where the code came from ("k.cu:3, inlined
/// from __clang_cuda_builtin_vars.h:53"); else "basic block 3 of the
/// kernel" (by its place in the function: IR names mean nothing in the
/// source).
std::string describe(const Instruction *I) {
  if (!I)
    return "nowhere";
  if (const DILocation *Loc = I->getDebugLoc().get()) {
    const DILocation *Kernel = Loc;
    while (Kernel->getInlinedAt())
      Kernel = Kernel->getInlinedAt();
    if (Kernel == Loc)
      return fileAndLine(*Loc);
    return fileAndLine(*Kernel) + ", inlined from " + fileAndLine(*Loc);
  }
  const BasicBlock *BB = I->getParent();
  unsigned Index = 1;
  for (const BasicBlock &Other : *BB->getParent()) {
    if (&Other == BB)
      break;
    ++Index;
  }
  return "basic block " + std::to_string(Index) + " of the kernel";
}

} // namespace

RegisterEstimate estimateRegisters(const Function &F) {
  RegisterEstimate E;
  if (F.isDeclaration()) {
    E.Registers = MinRegisters;
    E.How = "no body: the minimum, " + std::to_string(MinRegisters);
    return E;
  }
  PressureOptions Opts;
  Opts.LoadHoistWindow = LoadHoistWindow;
  RegisterPressure P = computeRegisterPressure(F, Opts);
  E.PeakAt = P.At;
  unsigned Raw = P.Max + RegisterOverhead;
  E.Registers = std::clamp(Raw, MinRegisters, MaxRegisters);
  raw_string_ostream OS(E.How);
  OS << "pressure " << P.Max << " at " << describe(P.At) << " + "
     << RegisterOverhead << " overhead";
  if (Raw < MinRegisters)
    OS << ", raised to the minimum " << MinRegisters;
  if (Raw > MaxRegisters)
    OS << ", capped at " << MaxRegisters << " (ptxas spills the rest)";
  if (P.BlockLocal)
    OS << "; function too large for liveness across blocks, only values "
          "within a block counted";
  if (P.OpaqueCalls)
    OS << "; " << P.OpaqueCalls << " call" << (P.OpaqueCalls > 1 ? "s" : "")
       << " not inlined, the callees' registers not counted";
  return E;
}

} // namespace ktime
