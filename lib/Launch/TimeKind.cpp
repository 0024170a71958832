//===- TimeKind.cpp - -ktime-time: the time a way of timing reports -------===//
//
// device  the kernel's duration on the GPU (Nsight, nvprof): the GPU
//         stage's prediction as it is.
// events  cudaEventRecord, one launch, cudaEventRecord (NVBench's cold
//         GPU time): the device duration plus what the events and the
//         launch's start add on this system, which an empty launch shows:
//         T + max(0, E - e), E the empty launch's measured time, e its
//         device duration by the target's launch regression.
// host    a host clock around the launch and a synchronise: the same form,
//         E being the host time of an empty launch.
// batch   events around many back-to-back launches, divided by their
//         number: launches overlap their start with the previous kernel, so
//         a launch takes max(T, E), E the time per launch of empty kernels
//         launched back to back (the launch rate).
//
//===----------------------------------------------------------------------===//
#include "TimeKind.h"
#include "KernelTime/GPU.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace ktime {

/// True for device, events, batch and host.
static bool isKnownTimeKind(StringRef Kind) {
  return Kind == "device" || Kind == "events" || Kind == "batch" ||
         Kind == "host";
}

std::optional<std::string> checkTimeOptions(const LaunchOptions &Opts) {
  if (!isKnownTimeKind(Opts.TimeKind))
    return "-ktime-time='" + Opts.TimeKind +
           "': unknown way of timing (device, events, batch, host)";
  double E = Opts.EmptyLaunchUs;
  const PhysicalRange &R = physical::EmptyLaunchUs;
  if (E != 0 && !R.contains(E))
    return formatv("-ktime-empty-launch-us={0}: not the time of an empty "
                   "launch in microseconds (between {1} and {2}; 0 or "
                   "absent: none given)",
                   format("%g", E), format("%g", R.Min), format("%g", R.Max))
        .str();
  if (E != 0 && Opts.TimeKind == "device")
    return std::string("-ktime-empty-launch-us needs -ktime-time=events, "
                       "batch or host: the device duration "
                       "(-ktime-time=device) has no timing overhead to add");
  return std::nullopt;
}

/// The device duration of an empty launch on \p T: one block of one warp,
/// by the target's launch regression (evaluated at its range's nearest
/// edge), in ns.
static double emptyLaunchDeviceNs(const GpuTarget &T) {
  return T.cyclesToNs(launchCycles(T, 1, T.WarpSize, nullptr));
}

void applyTimeKind(LaunchResult &L, const GpuTarget &T,
                   const LaunchOptions &Opts) {
  StringRef Kind = Opts.TimeKind;
  if (Kind == "device")
    return;
  if (Opts.EmptyLaunchUs == 0) {
    L.Assumptions.push_back(
        ("-ktime-time=" + Kind +
         " without -ktime-empty-launch-us: what this way of timing adds on "
         "this system is not known, so the device duration is predicted")
            .str());
    return;
  }
  double EmptyNs = Opts.EmptyLaunchUs * 1e3;
  double DeviceEmptyNs = emptyLaunchDeviceNs(T);
  bool Batch = Kind == "batch";
  double Added = std::max(0.0, EmptyNs - DeviceEmptyNs);
  auto Timed = [&](double DeviceNs) {
    return Batch ? std::max(DeviceNs, EmptyNs) : DeviceNs + Added;
  };
  Prediction &P = L.P;
  double Ns = Timed(P.Ns);
  P.TimingNs = Ns - P.Ns;
  P.Ns = Ns;
  // What the timer adds is launch overhead as that way of timing sees it.
  if (P.LaunchNs + P.TimingNs > P.ExecNs)
    P.B = Bound::Launch;
  for (auto &[Name, ModelNs] : L.Models)
    ModelNs = Timed(ModelNs);
  std::string Empty =
      formatv("{0:F3} us, -ktime-empty-launch-us", Opts.EmptyLaunchUs).str();
  if (Batch && P.TimingNs > 0)
    L.Assumptions.push_back(
        formatv("-ktime-time=batch: {0:F3} us added: a launch among "
                "back-to-back launches takes at least what an empty one does "
                "({1})",
                P.TimingNs / 1e3, Empty)
            .str());
  else if (Batch)
    L.Assumptions.push_back(
        formatv("-ktime-time=batch: nothing added: the launch takes longer "
                "than an empty one among back-to-back launches ({0})",
                Empty)
            .str());
  else if (Added > 0)
    L.Assumptions.push_back(
        formatv("-ktime-time={0}: {1:F3} us added, what this way of timing "
                "reports for an empty launch ({2}) beyond its device "
                "duration ({3:F3} us, the launch regression for one block of "
                "one warp)",
                Kind, Added / 1e3, Empty, DeviceEmptyNs / 1e3)
            .str());
  else
    L.Assumptions.push_back(
        formatv("-ktime-time={0}: nothing added: the empty launch ({1}) is "
                "no longer than its device duration by the launch regression "
                "({2:F3} us for one block of one warp)",
                Kind, Empty, DeviceEmptyNs / 1e3)
            .str());
}

} // namespace ktime
