//===- GpuTarget.cpp - Small helpers of the loaded target -----------------===//
//
// The launch regression, the names of the L1's global-load caching, sm_XX
// parsing, the check of code for one architecture against a GPU of another,
// and field locations of a GpuTarget.
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

StringRef getL1GlobalLoadsName(L1GlobalLoads G) {
  switch (G) {
  case L1GlobalLoads::All:
    return "all";
  case L1GlobalLoads::ReadOnly:
    return "read_only";
  case L1GlobalLoads::None:
    return "none";
  }
  llvm_unreachable("unknown L1GlobalLoads");
}

std::string GpuTarget::where(StringRef Field) const {
  auto It = Locations.find(Field);
  const std::string &File = It == Locations.end() || It->second.File.empty()
                                ? FilePath
                                : It->second.File;
  if (It == Locations.end() || It->second.Line == 0)
    return File;
  return File + ":" + utostr(It->second.Line) + ":" + utostr(It->second.Column);
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

/// "8.0" for 80.
static std::string capability(unsigned Version) {
  return utostr(Version / 10) + "." + utostr(Version % 10);
}

ArchCheck checkArchitecture(StringRef CodeArch, StringRef GpuArch) {
  ArchCheck C;
  std::optional<unsigned> Code = parseSmArch(CodeArch);
  std::optional<unsigned> Gpu = parseSmArch(GpuArch);
  if (!Code || !Gpu || CodeArch == GpuArch)
    return C;
  std::string Both =
      ("the kernel is compiled for " + CodeArch + " (compute capability " +
       capability(*Code) + ") and predicted on a GPU of " + GpuArch + " (" +
       capability(*Gpu) + ")")
          .str();
  // The CUDA C++ Programming Guide, "Binary Compatibility" and "PTX
  // Compatibility": code runs on its compute capability and newer ones
  // (a cubin within its major version, PTX through the driver's JIT);
  // sm_XXa code only on exactly XX, sm_XXf code within XX's family (the
  // same major version, the same or a newer minor one).
  bool Specific = CodeArch.ends_with("a");
  bool Family = CodeArch.ends_with("f");
  if (Specific)
    C.Runs = *Code == *Gpu;
  else if (Family)
    C.Runs = *Code / 10 == *Gpu / 10 && *Gpu >= *Code;
  else
    C.Runs = *Gpu >= *Code;
  if (!C.Runs) {
    C.Note =
        Both + ", which cannot run it: " +
        (Specific ? "architecture-specific code (" + CodeArch.str() +
                        ") runs only on compute capability " + capability(*Code)
         : Family ? "family-specific code (" + CodeArch.str() +
                        ") runs only on compute capability " +
                        capability(*Code) + " to " + utostr(*Code / 10) + ".9"
                  : std::string("a GPU runs code compiled for "
                                "its compute capability or an "
                                "older one")) +
        "; predicted as if it could (compile for " + GpuArch.str() +
        " to predict what it runs)";
    return C;
  }
  if (*Code != *Gpu)
    C.Note =
        Both + ": the GPU runs it (" +
        (*Code / 10 == *Gpu / 10
             ? std::string("binary-compatible within compute capability ") +
                   utostr(*Gpu / 10) + ".x"
             : std::string("the driver compiles its PTX for the GPU")) +
        "), but code compiled for " + GpuArch.str() +
        " may differ from what is predicted";
  return C;
}

} // namespace ktime
