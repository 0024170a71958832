//===- TimeKind.h - -ktime-time: the time a way of timing reports ---------===//
//
// The GPU stage predicts a launch's device duration: what a profiler
// reports (Nsight's gpu__time_duration, nvprof). Users and data sets also
// time a kernel with CUDA events around one launch, with events around many
// back-to-back launches (time per launch), or on the host around the
// launch and a synchronise. Each adds something fixed of the system to an
// empty launch's time; -ktime-time names the way, -ktime-empty-launch-us
// gives what that way reports for an empty launch, and this stage turns the
// device duration into the time that way would report
// (docs/kernel-time.md, "Which time").
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LAUNCH_TIMEKIND_H
#define KERNELTIME_LAUNCH_TIMEKIND_H

#include "KernelTime/Launch.h"
#include "KernelTime/Report.h"
#include "KernelTime/Target.h"

#include <optional>
#include <string>

namespace ktime {

/// An error message for -ktime-time and -ktime-empty-launch-us of \p Opts,
/// or std::nullopt when they are valid.
std::optional<std::string> checkTimeOptions(const LaunchOptions &Opts);

/// Turns the device duration of the predicted launch \p L on \p T (and
/// every model's time of -ktime-model=all) into the time the way of timing
/// of \p Opts reports, recording the added part in L.P.TimingNs and what
/// was done in L.Assumptions.
void applyTimeKind(LaunchResult &L, const GpuTarget &T,
                   const LaunchOptions &Opts);

} // namespace ktime

#endif // KERNELTIME_LAUNCH_TIMEKIND_H
