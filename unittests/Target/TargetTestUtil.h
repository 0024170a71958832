//===- TargetTestUtil.h - Files and directories for the Target tests ------===//
//
// Where the shipped target files, their architecture files and the bad
// inputs live in the source tree, and a scratch directory that removes
// itself.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_UNITTESTS_TARGET_TARGETTESTUTIL_H
#define KERNELTIME_UNITTESTS_TARGET_TARGETTESTUTIL_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <string>
#include <vector>

namespace ktime {
namespace test {

inline std::string shippedTargetDir() {
  return std::string(KTIME_SOURCE_DIR) + "/gpu-targets";
}

inline std::string shippedTarget(llvm::StringRef Name) {
  return shippedTargetDir() + "/" + Name.str() + ".yaml";
}

/// The shipped architecture files (gpu-targets/arch/*.yaml).
inline std::vector<std::string> shippedArchFiles() {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(shippedTargetDir() + "/arch", EC),
       End;
       It != End && !EC; It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".yaml")
      Files.push_back(It->path());
  EXPECT_FALSE(EC) << EC.message();
  std::sort(Files.begin(), Files.end());
  return Files;
}

inline std::string readFile(llvm::StringRef Path);

/// The architecture file a shipped target names ("sm_80"), read from its
/// `architecture:` line.
inline std::string shippedArchOf(llvm::StringRef Name) {
  std::string Text = readFile(shippedTarget(Name));
  size_t Pos = Text.find("\narchitecture: ");
  EXPECT_NE(Pos, std::string::npos) << Name.str() << " names no architecture";
  if (Pos == std::string::npos)
    return "";
  return llvm::StringRef(Text)
      .drop_front(Pos + 15)
      .take_until([](char C) { return C == '\n' || C == ' '; })
      .str();
}

inline std::string badInput(llvm::StringRef FileName) {
  return std::string(KTIME_SOURCE_DIR) + "/test/errors/Inputs/" +
         FileName.str();
}

inline std::string readFile(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  EXPECT_TRUE(static_cast<bool>(Buffer)) << "cannot read " << Path.str();
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

/// 1-based number of the line where the first occurrence of Needle in Text
/// starts, 0 if none. A leading '\n' in Needle anchors it to a line start and
/// does not count as part of the line before.
inline unsigned lineOf(llvm::StringRef Text, llvm::StringRef Needle) {
  size_t Pos = Text.find(Needle);
  if (Pos == llvm::StringRef::npos)
    return 0;
  if (Needle.starts_with("\n"))
    ++Pos;
  return Text.take_front(Pos).count('\n') + 1;
}

/// A fresh directory, removed with everything in it at the end of the test.
class ScratchDir {
public:
  /// With a copy of the shipped architecture files in arch/, which the
  /// copies of shipped target files name.
  ScratchDir() {
    std::error_code EC =
        llvm::sys::fs::createUniqueDirectory("ktime-target-test", Path);
    EXPECT_FALSE(EC) << EC.message();
    EC = llvm::sys::fs::create_directory(Path + "/arch");
    EXPECT_FALSE(EC) << EC.message();
    for (const std::string &Arch : shippedArchFiles())
      write(("arch/" + llvm::sys::path::filename(Arch)).str(), readFile(Arch));
  }
  ~ScratchDir() { llvm::sys::fs::remove_directories(Path); }
  ScratchDir(const ScratchDir &) = delete;
  ScratchDir &operator=(const ScratchDir &) = delete;

  std::string path() const { return Path.str().str(); }
  std::string file(llvm::StringRef Name) const {
    return (Path + "/" + Name).str();
  }
  /// Writes Contents to Name in the directory and returns its path.
  std::string write(llvm::StringRef Name, llvm::StringRef Contents) const {
    std::string File = file(Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    EXPECT_FALSE(EC) << EC.message();
    OS << Contents;
    return File;
  }
  /// Copies a shipped target file into the directory.
  std::string copyShipped(llvm::StringRef Name) const {
    return write((Name + ".yaml").str(), readFile(shippedTarget(Name)));
  }

private:
  llvm::SmallString<128> Path;
};

/// Replaces the first occurrence of From in Text (which must contain it).
inline std::string replaceOnce(llvm::StringRef Text, llvm::StringRef From,
                               llvm::StringRef To) {
  size_t Pos = Text.find(From);
  EXPECT_NE(Pos, llvm::StringRef::npos) << "no '" << From.str() << "'";
  if (Pos == llvm::StringRef::npos)
    return Text.str();
  return (Text.take_front(Pos) + To + Text.drop_front(Pos + From.size())).str();
}

} // namespace test
} // namespace ktime

#endif // KERNELTIME_UNITTESTS_TARGET_TARGETTESTUTIL_H
