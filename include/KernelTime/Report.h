//===- Report.h - KernelTime's outputs: IR metadata, remarks, printouts ---===//
//
// The Report stage (docs/design.md): writes the model into the IR as metadata
// (ktime.trip, ktime.lat and ktime.del on each loop's !llvm.loop,
// !ktime.kernel on each kernel),
// emits the optimization remarks of pass "kernel-time" (Loop, Assumption,
// Kernel, NoTarget, Canonicalized, Access) and prints the model for
// print<kernel-time>.
// docs/usage.md describes every output; test/Plugin and test/clang test them.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_REPORT_H
#define KERNELTIME_REPORT_H

#include "KernelTime/GPU.h"
#include "KernelTime/Thread.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class Loop;
class OptimizationRemarkEmitter;
class raw_ostream;
} // namespace llvm

namespace ktime {

class MemoryAnalysis;

/// The pass name remarks carry (-Rpass-analysis=kernel-time).
inline constexpr const char *RemarkPassName = "kernel-time";

/// One side of a kernel's two-way branch at a launch: its symbol
/// (taken.sideN), line name and line, and where the share of the threads
/// that take it came from.
struct BranchUse {
  std::string Name, LineName;
  unsigned Line = 0;
  /// "bound" (the launch gave it, or gave the other side's), "lanes" (a
  /// condition on ids and parameters: the model counts the lanes), "loop"
  /// (the side enters a loop, whose count covers the threads that skip it),
  /// "assumed" (a branch on data the launch gives no share for: every lane,
  /// an estimate).
  std::string Source;
  /// The share where it is one number: bound, or 1 when assumed.
  std::optional<double> Share;
};

/// One launch of a kernel predicted on one GPU (or why it could not be).
struct LaunchResult {
  LaunchSpec Spec;
  std::string Gpu;
  /// The spec's parameter values as the kernel receives them (a
  /// floating-point parameter's rounded to its type), in the order written.
  std::vector<std::pair<std::string, Rational>> Params;
  /// The block size used, and where it came from: "spec", "reqntid",
  /// "launch bounds".
  std::array<uint64_t, 3> Block = {1, 1, 1};
  std::string BlockSource;
  /// Registers per thread and where they came from: "spec", "option",
  /// "estimate"; static shared memory of the kernel in bytes.
  unsigned Regs = 0;
  std::string RegsSource;
  uint64_t StaticSharedBytes = 0;
  /// Occupancy: resident blocks per SM, active warps, their fraction of the
  /// SM's maximum, and the limiting resource.
  unsigned BlocksPerSM = 0;
  unsigned ActiveWarpsPerSM = 0;
  double Occupancy = 0;
  std::string Limiter;
  /// Set when there is a prediction; otherwise Error says why not.
  bool Predicted = false;
  std::string Error;
  Prediction P;
  /// Per-thread expressions of the kernel with the launch's values bound
  /// (the ids left free) and the per-thread memory quantities.
  Expr Time, Delay, Barriers, GlobalBytes, UncoalescedBytes, SharedBytes;
  /// Every assumption of the prediction (the kernel's notes included).
  std::vector<std::string> Assumptions;
  /// The loop counts (trip.*) the code does not give and the spec did not
  /// bind, with the values assumed (-ktime-unknown-trip): when not empty,
  /// the prediction is an estimate.
  std::vector<std::pair<std::string, Rational>> Estimated;
  /// Every side of the kernel's branches, in the order of their symbols.
  std::vector<BranchUse> Branches;
  /// The fields of the kernel's by-value struct parameters that the
  /// prediction can depend on (their values decide a branch or reach an
  /// address), by the names expressions print them with, and those among
  /// them that the spec does not bind and the model needs (taken as
  /// unknown values: WithholdFieldNames).
  std::vector<std::string> Fields, UnboundFields;
  /// The kernel's architecture against the GPU's: whether the GPU runs the
  /// code, and what to say when they differ (empty when they are the same).
  std::string GpuArch;
  bool ArchRuns = true;
  std::string ArchNote;
  /// -ktime-model=all: each model's prediction in ns.
  std::vector<std::pair<std::string, double>> Models;
  /// Each loop's count (KernelReport::Loops, in order) with the launch's
  /// values and sizes bound: a number, or an expression of the ids (or of an
  /// outer loop's iteration).
  std::vector<Expr> LoopTrips;
};

/// What one kernel's analysis produced, ready to report.
struct KernelReport {
  llvm::Function *Kernel = nullptr;
  /// A device function that kernels call (it survived inlining, as at
  /// -O0), analysed so that its loops are counted too; the kernels calling
  /// it, directly or through other device functions.
  bool IsDeviceFunction = false;
  std::vector<std::string> CalledBy;
  /// Target names the prediction is for (empty: none known).
  std::vector<std::string> Gpus;
  /// The kernel's sm_XX ("target-cpu"), and why no target was found for it
  /// when Gpus is empty.
  std::string Arch;
  std::string NoTargetWhy;
  /// True if the kernel was optnone (-O0) and a canonicalised clone was
  /// analysed instead.
  bool Canonicalized = false;
  /// True if a copy of the module was analysed (Canonicalized, or the codegen
  /// view of include/KernelTime/CodegenView.h); its loops are mapped back.
  bool ThroughClone = false;
  std::vector<LoopTrip> Loops;
  /// The per-thread model (for the first GPU of Gpus), when a target is
  /// known; Loops then carry lat, del and time too.
  bool HasModel = false;
  Expr Time;
  Expr Delay;
  Expr Barriers;
  /// What was assumed about the function as a whole (irreducible cycles,
  /// calls, unknown intrinsics, ...), with where.
  std::vector<ModelNote> Notes;
  /// The loop of the analysed module each entry of Loops maps to (the same
  /// loop, or the original one when a clone was analysed; null if the loop
  /// has no counterpart).
  std::vector<llvm::Loop *> OriginalLoops;
  /// The launches of this kernel the options asked for, per GPU.
  std::vector<LaunchResult> Launches;
};

/// Sets the operand {!"ktime.<Key>", !"<Value>"} of \p L's !llvm.loop,
/// replacing an earlier ktime.<Key> and creating the loop ID if there is
/// none. Metadata only: code generation ignores it.
void setLoopAnnotation(llvm::Loop &L, llvm::StringRef Key,
                       llvm::StringRef Value);

/// Annotates every loop of \p R that has an original loop (ktime.trip, and
/// ktime.lat and ktime.del with a model) and the kernel (!ktime.kernel with
/// its time, delay and barriers).
void annotateKernel(const KernelReport &R);

/// Emits the Kernel, Loop and Assumption remarks of \p R, the Canonicalized
/// remark when a clone was analysed and the NoTarget remark when no GPU is
/// known; unless \p Verbose, a long expression is named by its symbols.
void emitKernelRemarks(const KernelReport &R,
                       llvm::OptimizationRemarkEmitter &ORE,
                       bool Verbose = false);

/// Emits one Kernel remark per launch of \p R: the predicted time, its
/// bound with the figures behind it and the occupancy, in one short line
/// (\p Verbose: also the time's parts, registers and the per-thread
/// expressions); or why there is no prediction.
void emitLaunchRemarks(const KernelReport &R,
                       llvm::OptimizationRemarkEmitter &ORE,
                       bool Verbose = false);

/// Appends the launches of \p Reports to the JSON report \p Path
/// (docs/usage.md's schema), creating it if needed, under a
/// file lock so that several compilations can share one report.
llvm::Error appendJsonReport(llvm::StringRef Path,
                             const std::vector<KernelReport> &Reports);

/// appendJsonReport for the device code \p M, a failure reported as an
/// error of its context; nothing where \p Path is empty or \p M is not
/// NVPTX code (a host compilation writes no report).
void writeJsonReport(llvm::Module &M, llvm::StringRef Path,
                     const std::vector<KernelReport> &Reports);

/// Emits an Access remark at each uncoalesced global, generic or local
/// access (factor above 1), each bank-conflicted shared access and each
/// serialized constant access of \p MA, with the numbers as arguments
/// (Sectors, MinSectors, Factor, StrideBytes, Degree, Wavefronts,
/// Serialization). \p Reported is the function the remarks are for (the
/// original kernel when \p MA analysed a canonicalised clone).
void emitAccessRemarks(const MemoryAnalysis &MA, const llvm::Function &Reported,
                       llvm::OptimizationRemarkEmitter &ORE);

/// Prints \p R as print<kernel-time> shows it.
void printKernelReport(const KernelReport &R, llvm::raw_ostream &OS);

} // namespace ktime

#endif // KERNELTIME_REPORT_H
