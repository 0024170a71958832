//===- TargetSelection.cpp - Which GPU targets a compile predicts for -----===//
//
// Search order for the target directory: -ktime-target-dir, then
// $KTIME_TARGET_DIR, then <plugin dir>/../share/kerneltime/gpu-targets (the
// build tree mirrors the install tree, so this finds both), then the install
// and build directories known at configure time.
//
//===----------------------------------------------------------------------===//
#include "TargetSelection.h"
#include "Options.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>

using namespace llvm;

namespace ktime {

static std::string pluginRelativeDir() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&pluginRelativeDir), &Info) ||
      !Info.dli_fname)
    return "";
  SmallString<256> Path(Info.dli_fname);
  sys::path::remove_filename(Path); // .../lib
  sys::path::append(Path, "..", KTIME_TARGET_SUBDIR);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

TargetDirChoice findTargetDir() {
  if (!options::TargetDir.empty())
    return {options::TargetDir, "-ktime-target-dir"};
  if (std::optional<std::string> Env = sys::Process::GetEnv("KTIME_TARGET_DIR"))
    if (!Env->empty())
      return {*Env, "KTIME_TARGET_DIR"};
  for (const TargetDirChoice &C :
       {TargetDirChoice{pluginRelativeDir(), "next to the plugin"},
        TargetDirChoice{KTIME_INSTALL_TARGET_DIR, "install directory"},
        TargetDirChoice{KTIME_BUILD_TARGET_DIR, "build directory"}})
    if (!C.Dir.empty() && sys::fs::is_directory(C.Dir))
      return C;
  return {KTIME_INSTALL_TARGET_DIR, "install directory"};
}

Expected<std::vector<GpuTarget>> selectRequestedGpus() {
  TargetRegistry Registry(findTargetDir().Dir);
  std::vector<GpuTarget> Result;
  for (const std::string &Name : options::Gpus) {
    StringRef Trimmed = StringRef(Name).trim();
    if (Trimmed.empty())
      continue;
    Expected<GpuTarget> T = Registry.lookup(Trimmed);
    if (!T)
      return T.takeError();
    // The same GPU named twice (a100,a100-pcie-40gb) is predicted once.
    if (llvm::none_of(Result, [&](const GpuTarget &Seen) {
          return Seen.Name == T->Name;
        }))
      Result.push_back(std::move(*T));
  }
  return Result;
}

Expected<std::optional<GpuTarget>> selectDefaultGpu(StringRef Arch,
                                                    std::string &Why) {
  if (Arch.empty()) {
    Why = "the kernel names no sm_XX (no \"target-cpu\" attribute)";
    return std::nullopt;
  }
  if (!parseSmArch(Arch)) {
    // Not something the user asked KernelTime for: no prediction, no error.
    Why = ("'" + Arch + "' is not an sm_XX architecture").str();
    return std::nullopt;
  }
  TargetDirChoice Dir = findTargetDir();
  TargetRegistry Registry(Dir.Dir);
  Expected<std::optional<GpuTarget>> T = Registry.lookupDefault(Arch);
  if (T && !*T)
    Why =
        ("no target file in " + Dir.Dir + " is the default for " + Arch).str();
  return T;
}

bool GpuChooser::init(Module &M) {
  Expected<std::vector<GpuTarget>> R = selectRequestedGpus();
  if (!R)
    return report(M, R.takeError());
  Requested = std::move(*R);
  return true;
}

std::optional<std::vector<const GpuTarget *>>
GpuChooser::choose(Module &M, StringRef Arch, std::string &Why) {
  std::vector<const GpuTarget *> Result;
  if (!Requested.empty()) {
    for (const GpuTarget &T : Requested)
      Result.push_back(&T);
    return Result;
  }
  auto It = Defaults.find(Arch.str());
  if (It == Defaults.end()) {
    std::string NoneWhy;
    Expected<std::optional<GpuTarget>> T = selectDefaultGpu(Arch, NoneWhy);
    if (!T) {
      report(M, T.takeError());
      return std::nullopt;
    }
    It = Defaults.emplace(Arch.str(), std::make_pair(std::move(*T), NoneWhy))
             .first;
  }
  if (It->second.first)
    Result.push_back(&*It->second.first);
  else
    Why = It->second.second;
  return Result;
}

bool GpuChooser::report(Module &M, Error E) {
  M.getContext().emitError("KernelTime: " + toString(std::move(E)));
  return false;
}

Error listGpus(raw_ostream &OS) {
  TargetDirChoice Dir = findTargetDir();
  TargetRegistry Registry(Dir.Dir);
  Expected<std::vector<GpuTarget>> All = Registry.loadAll();
  if (!All)
    return All.takeError();
  OS << "KernelTime GPU targets in " << Dir.Dir << " (" << Dir.Origin << "):\n";
  for (const GpuTarget &T : *All) {
    OS << "  " << T.Name << "  arch " << T.Arch;
    if (!T.Aliases.empty())
      OS << "  aliases " << join(T.Aliases, ", ");
    if (!T.DefaultFor.empty())
      OS << "  default for " << join(T.DefaultFor, ", ");
    OS << "  (" << T.Description << ")\n";
  }
  return Error::success();
}

} // namespace ktime
