//===- GpuTarget.cpp - Small helpers of the loaded target -----------------===//
//
// The launch regression, sm_XX parsing and field locations of a GpuTarget.
// The formulas are the ones docs/targets.md gives; the coefficients come from
// the target file.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Target.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace ktime {

double LaunchModel::slope(double WarpsPerBlock) const {
  return SlopeB2 * WarpsPerBlock * WarpsPerBlock + SlopeB1 * WarpsPerBlock +
         SlopeB0;
}

double LaunchModel::cycles(double GridSize, double WarpsPerBlock) const {
  return InterceptCycles + slope(WarpsPerBlock) * GridSize;
}

bool LaunchModel::inFitRange(double GridSize, double WarpsPerBlock) const {
  return GridSize >= FitGridMin && GridSize <= FitGridMax &&
         WarpsPerBlock >= FitWarpsMin && WarpsPerBlock <= FitWarpsMax;
}

std::string GpuTarget::where(StringRef Field) const {
  auto It = Locations.find(Field);
  if (It == Locations.end() || It->second.Line == 0)
    return FilePath;
  return FilePath + ":" + utostr(It->second.Line) + ":" +
         utostr(It->second.Column);
}

std::optional<unsigned> parseSmArch(StringRef Arch) {
  if (!Arch.consume_front("sm_"))
    return std::nullopt;
  // sm_90a (architecture-specific) and sm_100f (family-specific) run the same
  // hardware as sm_90 and sm_100.
  if (Arch.ends_with("a") || Arch.ends_with("f"))
    Arch = Arch.drop_back();
  if (Arch.empty() || !all_of(Arch, isDigit))
    return std::nullopt;
  unsigned Version = 0;
  if (Arch.getAsInteger(10, Version) || Version == 0)
    return std::nullopt;
  return Version;
}

} // namespace ktime
