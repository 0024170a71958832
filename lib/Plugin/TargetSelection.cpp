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
#include <mutex>

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

namespace {

/// Loading the target files (every file, to resolve aliases and check
/// that no two claim one name) takes milliseconds; a compile asks for the
/// same targets several times (the analysis, the Access remarks), so the
/// targets read for one directory and one request are kept for the rest of
/// the process. Errors are not kept: they stop the compile.
struct TargetCache {
  std::mutex Lock;
  std::map<std::string, std::vector<GpuTarget>> Requested;
  std::map<std::string, std::pair<std::optional<GpuTarget>, std::string>>
      Defaults;
};

TargetCache &targetCache() {
  static TargetCache Cache;
  return Cache;
}

/// The target named \p Name (a target name or an alias, as
/// TargetRegistry::lookup compares them) among \p All.
std::optional<GpuTarget> findByName(ArrayRef<GpuTarget> All, StringRef Name) {
  std::string Lower = Name.trim().lower();
  for (const GpuTarget &T : All)
    if (T.Name == Lower)
      return T;
  for (const GpuTarget &T : All)
    if (is_contained(T.Aliases, Lower))
      return T;
  return std::nullopt;
}

Expected<std::vector<GpuTarget>> loadRequestedGpus(const std::string &Dir) {
  TargetRegistry Registry(Dir);
  // Every file is read once for all the names; paths, unknown names and a
  // directory that does not load go through lookup, which says why.
  std::optional<std::vector<GpuTarget>> All;
  std::vector<GpuTarget> Result;
  for (const std::string &Name : options::Gpus) {
    StringRef Trimmed = StringRef(Name).trim();
    if (Trimmed.empty())
      continue;
    bool IsPath = Trimmed.contains('/') || Trimmed.ends_with(".yaml");
    if (!IsPath && !All) {
      Expected<std::vector<GpuTarget>> Loaded = Registry.loadAll();
      if (Loaded)
        All = std::move(*Loaded);
      else
        consumeError(Loaded.takeError());
    }
    std::optional<GpuTarget> Found;
    if (!IsPath && All)
      Found = findByName(*All, Trimmed);
    Expected<GpuTarget> T = Found ? Expected<GpuTarget>(std::move(*Found))
                                  : Registry.lookup(Trimmed);
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

} // namespace

Expected<std::vector<GpuTarget>> selectRequestedGpus() {
  std::string Dir = findTargetDir().Dir;
  std::string Key = Dir;
  for (const std::string &Name : options::Gpus)
    Key += '\0' + Name;
  TargetCache &Cache = targetCache();
  std::lock_guard<std::mutex> Guard(Cache.Lock);
  auto It = Cache.Requested.find(Key);
  if (It != Cache.Requested.end())
    return It->second;
  Expected<std::vector<GpuTarget>> R = loadRequestedGpus(Dir);
  if (R)
    Cache.Requested.emplace(Key, *R);
  return R;
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
  std::string Key = Dir.Dir + '\0' + Arch.str();
  TargetCache &Cache = targetCache();
  std::lock_guard<std::mutex> Guard(Cache.Lock);
  auto It = Cache.Defaults.find(Key);
  if (It != Cache.Defaults.end()) {
    Why = It->second.second;
    return It->second.first;
  }
  TargetRegistry Registry(Dir.Dir);
  Expected<std::optional<GpuTarget>> T = Registry.lookupDefault(Arch);
  if (T && !*T)
    Why =
        ("no target file in " + Dir.Dir + " is the default for " + Arch).str();
  if (T)
    Cache.Defaults.emplace(Key, std::make_pair(*T, Why));
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
