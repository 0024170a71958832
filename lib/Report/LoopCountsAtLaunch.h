//===- LoopCountsAtLaunch.h - A loop's count at a launch, in words -*- C++ -*-//
//
// What the Loop remark says a loop's count is at the kernel's first
// predicted launch (docs/usage.md, "Remarks").
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_REPORT_LOOPCOUNTSATLAUNCH_H
#define KERNELTIME_REPORT_LOOPCOUNTSATLAUNCH_H

#include "KernelTime/Report.h"
#include <string>

namespace ktime {

/// Loop \p Index's count at launch \p L: "N" when the launch fixes it, "MIN
/// to MAX, mean M over the threads" when it depends on the thread and block
/// ids (every thread of a launch of at most MaxThreadsEvaluated threads,
/// else that many spread evenly over the launch, and the text says so);
/// empty when it depends on anything else (an outer loop's iteration).
std::string describeCountAtLaunch(const LaunchResult &L, size_t Index);

/// The most threads whose counts describeCountAtLaunch evaluates (at least
/// one block's).
constexpr uint64_t MaxThreadsEvaluated = 2048;

} // namespace ktime

#endif // KERNELTIME_REPORT_LOOPCOUNTSATLAUNCH_H
