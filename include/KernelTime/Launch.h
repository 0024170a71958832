//===- Launch.h - The launch stage: one kernel's facts and a launch spec --===//
//
// The launch stage turns one kernel's Thread and Memory facts and a launch
// spec into the GPU stage's inputs and the other models' inputs. It reads
// the launch specs (LaunchOptions, filled from -ktime-launch and
// -ktime-launch-file by the plugin), matches each spec with a kernel
// of the module, binds its sizes and parameters into the kernel's per-thread
// model for each GPU, works out registers, shared memory and occupancy, and
// runs the GPU stage's model. Explicit mistakes (a spec that does not parse,
// names no kernel, gives a block over the GPU's limits or a parameter the
// kernel does not have) are errors; what is merely unknown becomes a remark.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LAUNCH_H
#define KERNELTIME_LAUNCH_H

#include "KernelTime/Report.h"
#include "KernelTime/Target.h"
#include "KernelTime/Thread.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>
#include <vector>

namespace ktime {

/// What the user asks of the launch stage; the plugin fills it from its
/// -ktime-* options (docs/usage.md), whose names the diagnostics use.
struct LaunchOptions {
  /// -ktime-launch: launch specs, and -ktime-launch-file: a file of them.
  std::vector<std::string> Launches;
  std::string LaunchFile;
  /// -ktime-regs: registers per thread for specs without regs= (0: the
  /// estimate).
  unsigned Regs = 0;
  /// -ktime-hits: KERNEL:l1=F,l2=F, cache hit fractions instead of the
  /// estimate.
  std::vector<std::string> Hits;
  /// -ktime-sm-clock, -ktime-mem-clock: MHz (0: the target file's).
  double SmClockMHz = 0, MemClockMHz = 0;
  /// -ktime-cold-cache: caches hold none of the kernel's data at launch.
  bool ColdCache = false;
  /// -ktime-time: which time is predicted (device, events, batch, host;
  /// docs/kernel-time.md, "Which time"), and -ktime-empty-launch-us: what
  /// that way of timing gives an empty launch on the user's system (0: not
  /// given).
  std::string TimeKind = "device";
  double EmptyLaunchUs = 0;
  /// -ktime-barrier-fragments: a kernel's barrier fragments run
  /// in sequence in each wave.
  bool BarrierFragments = true;
  /// -ktime-model: kp, maxplus, mwp-cwp, kdt or all.
  std::string Model = "kp";
  /// -ktime-unknown-trip: the count a launch assumes for a loop whose count
  /// the code does not give and the spec does not bind (docs/usage.md,
  /// "Estimates"); 0: no estimate, such a launch gets no prediction.
  unsigned UnknownTrip = 16;
};

/// A kernel as the stages analysed it: the function (the canonical clone at
/// -O0), its analysis manager and the GPUs it is predicted for.
struct AnalysedKernel {
  KernelReport *Report = nullptr;
  llvm::Function *Analysed = nullptr;
  llvm::FunctionAnalysisManager *FAM = nullptr;
  std::vector<const GpuTarget *> Targets;
  /// The report's per-thread model with the loops of Analysed (a clone's
  /// own, valid while the clone lives), for the first target; launches on
  /// that target reuse it instead of running the Thread stage again.
  std::optional<ThreadModel> Model;
};

/// The specs of \p Opts (-ktime-launch and -ktime-launch-file), those that
/// do not parse among them (LaunchSpec::Parses false, every mistake in
/// them reported through \p M's context), or std::nullopt after an error in
/// another option of \p Opts or a launch file that cannot be read.
std::optional<std::vector<LaunchSpec>>
readRequestedLaunches(llvm::Module &M, const LaunchOptions &Opts);

/// Fills Report->Launches of \p Kernels for every spec; a spec that does not
/// parse is checked against its kernel (the values that parsed) and not
/// predicted. False after an error the user must fix (every one reported
/// through \p M's context), and when some spec does not parse.
bool predictLaunches(llvm::Module &M, const std::vector<LaunchSpec> &Specs,
                     std::vector<AnalysedKernel> &Kernels,
                     const LaunchOptions &Opts);

} // namespace ktime

#endif // KERNELTIME_LAUNCH_H
