//===- TargetRegistry.cpp - Finding a target file by name, alias or sm_XX -===//
//
// One directory of target files: a GPU is named by a path, by its file stem
// (a100-pcie-40gb), by an alias one file declares (a100), or, when no GPU is
// named, by the sm_XX a file declares itself the default for. The files of
// its arch/ subdirectory are architecture files, not GPUs. Which directory
// to use is the plugin's business; docs/targets.md gives the rules.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace ktime {
namespace {

Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Index of the alias Name in T.Aliases.
size_t aliasIndex(const GpuTarget &T, StringRef Name) {
  return find(T.Aliases, Name) - T.Aliases.begin();
}

/// Checks that names, aliases and sm defaults of all files are unambiguous.
Error checkConsistent(const std::vector<GpuTarget> &Targets) {
  // Everything a user may type, and the target that owns it.
  std::map<std::string, const GpuTarget *> Owner;
  for (const GpuTarget &T : Targets)
    Owner.emplace(T.Name, &T);
  for (const GpuTarget &T : Targets) {
    for (const std::string &A : T.Aliases) {
      std::string Field = "aliases[" + utostr(aliasIndex(T, A)) + "]";
      auto [It, Inserted] = Owner.emplace(A, &T);
      if (Inserted)
        continue;
      const GpuTarget &Other = *It->second;
      if (Other.Name == A)
        return makeError(T.where(Field) + ": field 'aliases': alias '" + A +
                         "' is the name of the target in " + Other.FilePath);
      return makeError(T.where(Field) + ": field 'aliases': alias '" + A +
                       "' is also an alias of " + Other.Name + " (" +
                       Other.where("aliases") + ")");
    }
  }
  std::map<std::string, const GpuTarget *> DefaultOwner;
  for (const GpuTarget &T : Targets) {
    for (size_t I = 0; I < T.DefaultFor.size(); ++I) {
      auto [It, Inserted] = DefaultOwner.emplace(T.DefaultFor[I], &T);
      if (Inserted)
        continue;
      return makeError(T.where("default_for[" + utostr(I) + "]") +
                       ": field 'default_for': " + T.DefaultFor[I] +
                       " already defaults to " + It->second->Name + " (" +
                       It->second->where("default_for") + ")");
    }
  }
  return Error::success();
}

bool looksLikePath(StringRef NameOrPath) {
  return NameOrPath.contains('/') || NameOrPath.ends_with(".yaml");
}

/// Whether a target file's text may claim \p Plain in default_for: it names
/// it on a line that is not a comment and not the `architecture:` line
/// (which names the file's architecture file), or has a backslash (a YAML
/// escape can spell the name: "sm\x5f87").
bool mayClaim(StringRef Text, StringRef Plain) {
  if (Text.contains('\\'))
    return true;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (!Line.contains(Plain))
      continue;
    StringRef Code = Line.trim();
    if (Code.starts_with("#"))
      continue;
    // Without quotes, a '#' after a blank starts a comment.
    if (!Code.contains('"') && !Code.contains('\'')) {
      size_t Hash = Code.find(" #");
      Code = Code.take_front(std::min(Hash, Code.find("\t#"))).rtrim();
      if (Code.consume_front("architecture:") && Code.trim() == Plain)
        continue;
      if (!Code.contains(Plain))
        continue;
    }
    return true;
  }
  return false;
}

} // namespace

TargetRegistry::TargetRegistry(std::string Dir) : Dir(std::move(Dir)) {}

/// The *.yaml files of \p Dir, sorted by target name (the file stem).
static Expected<std::vector<std::string>> targetFiles(const std::string &Dir) {
  std::error_code EC;
  std::vector<std::string> Files;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef File = It->path();
    if (sys::path::extension(File) != ".yaml")
      continue;
    // Follows symlinks; directories named *.yaml are not target files.
    ErrorOr<sys::fs::basic_file_status> Status = It->status();
    if (Status && sys::fs::is_directory(*Status))
      continue;
    Files.push_back(File.str());
  }
  if (EC)
    return createStringError(EC, "GPU target directory '" + Dir +
                                     "' cannot be read: " + EC.message());
  sort(Files, [](const std::string &A, const std::string &B) {
    return sys::path::stem(A) < sys::path::stem(B);
  });
  return Files;
}

/// Parses \p Files of \p Dir and checks them against each other.
static Expected<std::vector<GpuTarget>>
loadConsistent(const std::vector<std::string> &Files, const std::string &Dir) {
  std::vector<GpuTarget> Targets;
  for (const std::string &File : Files) {
    Expected<GpuTarget> T = loadTargetFile(File, Dir);
    if (!T)
      return T.takeError();
    Targets.push_back(std::move(*T));
  }
  if (Error E = checkConsistent(Targets))
    return E;
  return Targets;
}

Expected<std::vector<GpuTarget>> TargetRegistry::loadAll() const {
  Expected<std::vector<std::string>> Files = targetFiles(Dir);
  if (!Files)
    return Files.takeError();
  return loadConsistent(*Files, Dir);
}

Expected<GpuTarget> TargetRegistry::lookup(StringRef NameOrPath) const {
  // A file elsewhere may name an architecture file of this directory.
  if (looksLikePath(NameOrPath))
    return loadTargetFile(NameOrPath, Dir);

  std::string Name = NameOrPath.trim().lower();
  Expected<std::vector<GpuTarget>> Targets = loadAll();
  if (!Targets)
    return Targets.takeError();
  for (GpuTarget &T : *Targets)
    if (T.Name == Name)
      return std::move(T);
  for (GpuTarget &T : *Targets)
    if (is_contained(T.Aliases, Name))
      return std::move(T);

  std::string Known, Aliases;
  for (const GpuTarget &T : *Targets) {
    Known += (Known.empty() ? "" : ", ") + T.Name;
    for (const std::string &A : T.Aliases)
      Aliases += (Aliases.empty() ? "" : ", ") + A + " -> " + T.Name;
  }
  if (Known.empty())
    Known = "none";
  if (Aliases.empty())
    Aliases = "none";
  return makeError("unknown GPU '" + NameOrPath + "'; known: " + Known +
                   " (aliases: " + Aliases + "); target directory: " + Dir);
}

Expected<std::optional<GpuTarget>>
TargetRegistry::lookupDefault(StringRef SmArch) const {
  std::optional<unsigned> Version = parseSmArch(SmArch);
  if (!Version)
    return makeError("invalid GPU architecture '" + SmArch +
                     "'; expected sm_<digits> such as sm_80");
  std::string Plain = "sm_" + utostr(*Version);
  // A file can only claim sm_XX if its text names it outside comments and
  // its `architecture:` line: only those files are parsed (the plugin asks
  // this in every compile; parsing every file was a twentieth of its time).
  // A file with a backslash is parsed too (mayClaim), and so is a file that
  // cannot be read, so that the error says why.
  Expected<std::vector<std::string>> Files = targetFiles(Dir);
  if (!Files)
    return Files.takeError();
  std::vector<std::string> Candidates;
  for (const std::string &File : *Files) {
    Expected<std::unique_ptr<MemoryBuffer>> Text = readTargetFile(File);
    if (!Text) {
      consumeError(Text.takeError());
      Candidates.push_back(File);
    } else if (mayClaim((*Text)->getBuffer(), Plain)) {
      Candidates.push_back(File);
    }
  }
  Expected<std::vector<GpuTarget>> Targets = loadConsistent(Candidates, Dir);
  if (!Targets)
    return Targets.takeError();
  for (GpuTarget &T : *Targets)
    if (is_contained(T.DefaultFor, Plain))
      return std::optional<GpuTarget>(std::move(T));
  return std::optional<GpuTarget>();
}

} // namespace ktime
