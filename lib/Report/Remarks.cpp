//===- Remarks.cpp - KernelTime's optimization remarks --------------------===//
//
// Pass name "kernel-time", kind OptimizationRemarkAnalysis: shown by
// clang -Rpass-analysis=kernel-time and opt -pass-remarks-analysis=kernel-time,
// saved by -fsave-optimization-record. Remark names: Kernel (the per-thread
// model), Loop (at the loop's line), Assumption (what was assumed and why),
// DeviceFunction (a called device function is analysed too), Canonicalized
// (an -O0 function was analysed through a simplified copy), NoTarget (no GPU
// target known). Numbers are remark arguments (Trip, Lat, Del, Time, Delay,
// Barriers) for YAML consumers.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Report.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticInfo.h"

using namespace llvm;

namespace ktime {

/// Appends Key = value: an integer argument when the expression is an
/// integer constant, its text otherwise.
static void appendValue(OptimizationRemarkAnalysis &R, StringRef Key,
                        const Expr &E) {
  if (std::optional<int64_t> C = E.getInt64())
    R << ore::NV(Key, static_cast<long long>(*C));
  else
    R << ore::NV(Key, E.str());
}

static void emitAssumption(const Function &F, const DebugLoc &Loc,
                           const BasicBlock *Block, const std::string &Text,
                           OptimizationRemarkEmitter &ORE) {
  ORE.emit([&] {
    DiagnosticLocation Where =
        Loc ? DiagnosticLocation(Loc) : DiagnosticLocation(F.getSubprogram());
    return OptimizationRemarkAnalysis(RemarkPassName, "Assumption", Where,
                                      Block)
           << "assumption: " << ore::NV("Assumption", Text);
  });
}

static void emitLoopRemark(const LoopTrip &T, bool HasModel, const Loop &Where,
                           OptimizationRemarkEmitter &ORE) {
  ORE.emit([&] {
    OptimizationRemarkAnalysis R(RemarkPassName, "Loop", Where.getStartLoc(),
                                 Where.getHeader());
    R << "loop: trip = ";
    appendValue(R, "Trip", T.Trip);
    if (HasModel) {
      R << ", lat = ";
      appendValue(R, "Lat", T.Lat);
      R << " cycles, del = ";
      appendValue(R, "Del", T.Del);
      R << " cycles per iteration";
    }
    return R;
  });
  for (const std::string &A : T.Assumptions)
    emitAssumption(*Where.getHeader()->getParent(), Where.getStartLoc(),
                   Where.getHeader(), A, ORE);
}

static std::string joinDemangled(const std::vector<std::string> &Names) {
  std::vector<std::string> Readable;
  for (const std::string &N : Names)
    Readable.push_back(demangle(N));
  return join(Readable, ", ");
}

void emitKernelRemarks(const KernelReport &R, OptimizationRemarkEmitter &ORE) {
  Function &F = *R.Kernel;
  if (R.Gpus.empty() && !R.NoTargetWhy.empty())
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(RemarkPassName, "NoTarget", &F)
             << "warning: no GPU target for "
             << ore::NV("Arch", R.Arch.empty() ? "this kernel" : R.Arch) << ": "
             << R.NoTargetWhy
             << "; no prediction (name a GPU with -ktime-gpu=NAME)";
    });
  if (R.IsDeviceFunction)
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(RemarkPassName, "DeviceFunction", &F)
             << "device function "
             << ore::NV("Function", demangle(F.getName().str()))
             << " is called by "
             << ore::NV("CalledBy", joinDemangled(R.CalledBy))
             << "; its loops run in every call";
    });
  if (R.Canonicalized)
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(RemarkPassName, "Canonicalized", &F)
             << (R.IsDeviceFunction ? "device function" : "kernel")
             << " is not optimised (optnone, -O0): KernelTime analyses "
                "a canonicalised copy of it (mem2reg, simplification, "
                "invariant hoisting, loop rotation), which is faster than "
                "the code this compile emits";
    });
  if (R.HasModel && !R.IsDeviceFunction)
    ORE.emit([&] {
      OptimizationRemarkAnalysis K(RemarkPassName, "Kernel", &F);
      K << "kernel: one thread alone takes time = ";
      appendValue(K, "Time", R.Time);
      K << " cycles, delay = ";
      appendValue(K, "Delay", R.Delay);
      K << " issue cycles, barriers = ";
      appendValue(K, "Barriers", R.Barriers);
      K << " (costs of " << ore::NV("Gpu", R.Gpus.front()) << ")";
      return K;
    });
  for (const ModelNote &N : R.Notes)
    emitAssumption(F, N.Loc, &F.getEntryBlock(), N.Text, ORE);
  for (size_t I = 0, E = R.Loops.size(); I != E; ++I)
    if (const Loop *Orig = R.OriginalLoops[I])
      emitLoopRemark(R.Loops[I], R.HasModel, *Orig, ORE);
}

} // namespace ktime
