//===- GPUTestUtil.h - Shipped target files for the GPU tests -------------===//
//
// Loads a shipped gpu-targets/*.yaml once per test binary.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_UNITTESTS_GPU_GPUTESTUTIL_H
#define KERNELTIME_UNITTESTS_GPU_GPUTESTUTIL_H

#include "KernelTime/Target.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

#include <string>

namespace ktime {
namespace test {

/// The shipped target file NAME; a failed load fails the test and gives an
/// empty target (whose checks then fail too).
inline const GpuTarget &shippedGpu(llvm::StringRef Name) {
  static llvm::StringMap<GpuTarget> Cache;
  auto It = Cache.find(Name);
  if (It != Cache.end())
    return It->second;
  std::string Path =
      std::string(KTIME_SOURCE_DIR) + "/gpu-targets/" + Name.str() + ".yaml";
  llvm::Expected<GpuTarget> T = loadTargetFile(Path);
  if (!T) {
    ADD_FAILURE() << llvm::toString(T.takeError());
    return Cache[Name];
  }
  return Cache[Name] = std::move(*T);
}

} // namespace test
} // namespace ktime

#endif // KERNELTIME_UNITTESTS_GPU_GPUTESTUTIL_H
