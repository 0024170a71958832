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
#include "LoopCountsAtLaunch.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticInfo.h"

#include <set>

using namespace llvm;

namespace ktime {

/// Times longer than this are named by their symbols in a short remark
/// (-ktime-remarks=verbose prints them whole); a trip count, the loop
/// remark's point, only beyond MaxShortTrip.
static constexpr size_t MaxShortExpr = 80;
static constexpr size_t MaxShortTrip = 160;
/// The symbols a shortened expression lists, at most.
static constexpr size_t MaxListedSymbols = 5;

/// Appends Key = value: an integer argument when the expression is an
/// integer constant, its text otherwise; unless \p Verbose, an expression
/// longer than MaxShortExpr as "an expression of" its symbols (argument
/// <Key>Symbols), and \p Shortened is set.
static void appendValue(OptimizationRemarkAnalysis &R, StringRef Key,
                        const Expr &E, bool Verbose, bool &Shortened,
                        size_t MaxChars = MaxShortExpr) {
  if (std::optional<int64_t> C = E.getInt64()) {
    R << ore::NV(Key, static_cast<long long>(*C));
    return;
  }
  std::string Text = E.str();
  if (Verbose || Text.size() <= MaxChars) {
    R << ore::NV(Key, Text);
    return;
  }
  std::set<std::string> Symbols;
  E.collectSymbols(Symbols);
  std::vector<std::string> Listed(Symbols.begin(), Symbols.end());
  if (Listed.size() > MaxListedSymbols) {
    Listed.resize(MaxListedSymbols);
    Listed.push_back("...");
  }
  R << "an expression of "
    << ore::NV((Key + "Symbols").str(), join(Listed, ", "));
  Shortened = true;
}

/// The note that ends a remark whose expressions were shortened.
static void appendVerboseNote(OptimizationRemarkAnalysis &R, bool Shortened) {
  if (Shortened)
    R << " (in full: -ktime-remarks=verbose)";
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

/// The count of loop \p Index at the kernel's first predicted launch, as
/// the Loop remark gives it (" (launch SPEC: N)"); empty without one, and
/// where the count is a number already.
static std::string countAtLaunch(const KernelReport &R, size_t Index) {
  if (R.Loops[Index].Trip.isConstant())
    return "";
  for (const LaunchResult &L : R.Launches) {
    if (!L.Predicted)
      continue;
    std::string Count = describeCountAtLaunch(L, Index);
    if (Count.empty())
      return "";
    return " (launch " +
           (L.Spec.Id.empty() ? "'" + L.Spec.Text + "'" : L.Spec.Id) + ": " +
           Count + ")";
  }
  return "";
}

static void emitLoopRemark(const KernelReport &Report, size_t Index,
                           const Loop &Where, bool Verbose,
                           OptimizationRemarkEmitter &ORE) {
  const LoopTrip &T = Report.Loops[Index];
  bool HasModel = Report.HasModel;
  ORE.emit([&] {
    std::string AtLaunch = countAtLaunch(Report, Index);
    OptimizationRemarkAnalysis R(RemarkPassName, "Loop", Where.getStartLoc(),
                                 Where.getHeader());
    bool Shortened = false;
    R << "loop " << ore::NV("Loop", T.Name) << ": trip = ";
    appendValue(R, "Trip", T.Trip, Verbose, Shortened, MaxShortTrip);
    if (!AtLaunch.empty())
      R << ore::NV("TripAtLaunch", AtLaunch);
    if (HasModel) {
      R << ", lat = ";
      appendValue(R, "Lat", T.Lat, Verbose, Shortened);
      R << " cycles, del = ";
      appendValue(R, "Del", T.Del, Verbose, Shortened);
      R << " cycles per iteration";
    }
    appendVerboseNote(R, Shortened);
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

void emitKernelRemarks(const KernelReport &R, OptimizationRemarkEmitter &ORE,
                       bool Verbose) {
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
      bool Shortened = false;
      K << "kernel: one thread alone takes time = ";
      appendValue(K, "Time", R.Time, Verbose, Shortened);
      K << " cycles, delay = ";
      appendValue(K, "Delay", R.Delay, Verbose, Shortened);
      K << " issue cycles, barriers = ";
      appendValue(K, "Barriers", R.Barriers, Verbose, Shortened);
      K << " (costs of " << ore::NV("Gpu", R.Gpus.front()) << ")";
      appendVerboseNote(K, Shortened);
      return K;
    });
  for (const ModelNote &N : R.Notes)
    emitAssumption(F, N.Loc, &F.getEntryBlock(), N.Text, ORE);
  for (size_t I = 0, E = R.Loops.size(); I != E; ++I)
    if (const Loop *Orig = R.OriginalLoops[I])
      emitLoopRemark(R, I, *Orig, Verbose, ORE);
}

} // namespace ktime
