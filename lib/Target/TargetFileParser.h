//===- TargetFileParser.h - Reading one target file, field by field -------===//
//
// The parser of a gpu-targets/*.yaml file and of the architecture file it
// names (gpu-targets/arch/sm_XX.yaml), shared by its four parts:
// TargetFileParser.cpp (the schema: each section and its keys),
// TargetFileRead.cpp (the two files: reading, YAML syntax, finding the
// architecture file, and loadTargetFile), YamlFields.cpp (walking mappings and
// reading values, with errors that name the file, line, column and field, and
// the rule that every field is written in exactly one of the two files) and
// TargetFileCheck.cpp (the checks across fields once both are read). Private
// to the Target stage.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_TARGET_TARGETFILEPARSER_H
#define KERNELTIME_TARGET_TARGETFILEPARSER_H

#include "KernelTime/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ktime {
namespace targetfile {

/// The forms an instruction class's delay may take; it gives exactly one.
inline const llvm::StringRef DelayForms[] = {"del", "ops_per_clk_per_sm",
                                             "units_per_pb"};

/// What an architecture file may hold: everything but a card's identity; it
/// must give schema and arch.
inline const llvm::StringRef ArchFileKeys[] = {
    "schema", "arch",   "clocks",       "sm",
    "limits", "memory", "instructions", "launch"};

enum class NumKind { Positive, NonNegative, Any };

/// One instruction class as written, resolved once sm.* is known.
struct RawCost {
  double Lat = 0;
  llvm::StringRef Form; // One of DelayForms.
  double Value = 0;
};

/// A double as a person would write it: 552.3, 1500, 1.0956e-03.
std::string formatNumber(double D);
/// PATH.KEY, or KEY at the top.
std::string joinField(llvm::StringRef Path, llvm::StringRef Key);
/// Lower-case letters, digits, '-', '_' and '.', starting with a letter or
/// digit.
bool isPlainName(llvm::StringRef S);
/// [+-]digits[.digits][e[+-]digits], or .digits; no inf, nan or hex.
bool looksLikeNumber(llvm::StringRef S);
/// The closest of Candidates to Typo, if it is close enough to be a typo.
std::optional<llvm::StringRef>
closest(llvm::StringRef Typo, llvm::ArrayRef<llvm::StringRef> Candidates);

/// One YAML file read and checked for syntax; its stream owns the nodes.
struct YamlDocument {
  std::unique_ptr<llvm::MemoryBuffer> Buffer;
  std::unique_ptr<llvm::yaml::Stream> Stream;
  /// The document's root; null or a NullNode when the file is empty.
  llvm::yaml::Node *Root = nullptr;
};

/// Reads \p Path (a \p What: "target file", "architecture file") into \p SM,
/// whose diagnostic context must be the loader's; syntax errors and a second
/// document are errors naming the file, line and column.
llvm::Expected<std::unique_ptr<YamlDocument>>
readYamlDocument(llvm::StringRef Path, llvm::StringRef What,
                 llvm::SourceMgr &SM);

class TargetFileParser {
public:
  /// \p FallbackDir: a target directory whose arch/ holds the architecture
  /// file when the target file's own directory has none; may be empty.
  TargetFileParser(llvm::StringRef Path, llvm::SourceMgr &SM,
                   llvm::StringRef FallbackDir)
      : Path(Path), SM(SM), FallbackDir(FallbackDir) {}

  /// Fills T from the document (its root must be there) and from the
  /// architecture file it names.
  llvm::Error parse(const YamlDocument &Doc, GpuTarget &T);

private:
  std::string Path;
  llvm::SourceMgr &SM;
  std::string FallbackDir;
  GpuTarget *T = nullptr;
  std::optional<RawCost> Costs[NumInstrClasses];

  // The two files. The architecture file is read first; while it is,
  // InArch is true and ArchPath names it.
  std::unique_ptr<YamlDocument> ArchDoc;
  std::string ArchPath;
  bool InArch = false;
  bool ArchHasSchema = false, ArchHasArch = false;
  uint64_t CardSchema = 0;
  llvm::SMLoc ArchitectureLoc;
  /// Every field given so far, in either file, and where: a field other
  /// than a section is written once.
  llvm::StringMap<llvm::SMLoc> Given;
  /// The mappings read, with their required keys; checked once both files
  /// are read, at the card's mapping where it has one.
  struct PendingMap {
    std::string Path;
    std::vector<llvm::StringRef> Keys;
    llvm::SMLoc Loc;
    bool Classes = false;
  };
  std::vector<PendingMap> Pending;

  // Diagnostics.
  FileLoc locOf(llvm::SMLoc Loc) const;
  std::string at(llvm::SMLoc Loc) const;
  llvm::Error fieldError(llvm::SMLoc Loc, llvm::StringRef Field,
                         const llvm::Twine &Msg) const;
  llvm::Error fieldError(llvm::StringRef Field, const llvm::Twine &Msg) const;
  llvm::SMLoc startOf(llvm::yaml::Node *N, llvm::SMLoc Fallback) const;
  std::string describe(llvm::yaml::Node *N) const;
  void record(llvm::StringRef Field, llvm::SMLoc Loc);

  // Fields across the two files.
  /// Notes that \p Field is given at \p Loc; an error if the other file
  /// gives it too (sections, which both may hold, are not claimed).
  llvm::Error claim(llvm::StringRef Field, llvm::SMLoc Loc);
  /// Remembers a mapping's required keys for checkRequired.
  void expect(llvm::StringRef Path, llvm::ArrayRef<llvm::StringRef> Keys,
              llvm::SMLoc Loc, bool Classes);
  /// Every required key of every mapping read is given in one of the files.
  llvm::Error checkRequired() const;

  // Walking mappings and reading values.
  using FieldFn = llvm::function_ref<llvm::Error(
      llvm::StringRef Key, llvm::yaml::Node *Value, llvm::SMLoc KeyLoc)>;
  /// Calls Fn on every key of the mapping N; a key outside Keys and
  /// Optional is an error, and so is a duplicate; the Keys missing from
  /// both files are reported by checkRequired.
  llvm::Error forEachField(llvm::yaml::Node *N, llvm::SMLoc MapLoc,
                           llvm::StringRef Path,
                           llvm::ArrayRef<llvm::StringRef> Keys, FieldFn Fn,
                           llvm::ArrayRef<llvm::StringRef> Optional = {});
  llvm::Expected<llvm::yaml::MappingNode *>
  asMapping(llvm::yaml::Node *N, llvm::SMLoc KeyLoc, llvm::StringRef Field);
  llvm::Expected<std::string>
  readString(llvm::yaml::Node *N, llvm::SMLoc KeyLoc, llvm::StringRef Field);
  /// A number of \p Kind; with \p Range, also within what GPUs have.
  llvm::Expected<double> readNumber(llvm::yaml::Node *N, llvm::SMLoc KeyLoc,
                                    llvm::StringRef Field, NumKind Kind,
                                    const PhysicalRange *Range = nullptr);
  llvm::Expected<uint64_t> readInt(llvm::yaml::Node *N, llvm::SMLoc KeyLoc,
                                   llvm::StringRef Field, bool AllowZero,
                                   const PhysicalRange *Range = nullptr);
  llvm::Error
  readList(llvm::yaml::Node *N, llvm::SMLoc KeyLoc, llvm::StringRef Field,
           llvm::function_ref<llvm::Error(llvm::yaml::Node *Item,
                                          llvm::SMLoc ItemLoc,
                                          const std::string &ItemField)>
               Fn);
  /// An error at \p Loc unless \p Value is in \p Range.
  llvm::Error checkRange(llvm::SMLoc Loc, llvm::StringRef Field, double Value,
                         const PhysicalRange &Range) const;
  llvm::Error readUnsigned(llvm::yaml::Node *N, llvm::SMLoc KeyLoc,
                           llvm::StringRef Field, unsigned &Out,
                           bool AllowZero = false);

  // The sections.
  /// Reads the architecture file the card's `architecture:` names, if any.
  llvm::Error parseArchitecture(const YamlDocument &Card);
  llvm::Error parseTop(llvm::StringRef Key, llvm::yaml::Node *Value,
                       llvm::SMLoc KeyLoc);
  llvm::Error parseNameList(llvm::yaml::Node *N, llvm::SMLoc KeyLoc,
                            llvm::StringRef Field,
                            std::vector<std::string> &Out, bool SmArchs);
  llvm::Error parseLimits(llvm::yaml::Node *N, llvm::SMLoc KeyLoc);
  llvm::Error parseMemory(llvm::yaml::Node *N, llvm::SMLoc KeyLoc);
  /// memory.l1.global_loads: all, read_only or none.
  llvm::Error readL1GlobalLoads(llvm::yaml::Node *N, llvm::SMLoc KeyLoc,
                                llvm::StringRef Field);
  llvm::Error parseInstructions(llvm::yaml::Node *N, llvm::SMLoc KeyLoc);
  llvm::Error parseCost(InstrClass C, llvm::yaml::Node *N, llvm::SMLoc KeyLoc,
                        llvm::StringRef Field);
  llvm::Error parseLaunch(llvm::yaml::Node *N, llvm::SMLoc KeyLoc);
  llvm::Error resolveAndCheck();
};

} // namespace targetfile
} // namespace ktime

#endif // KERNELTIME_TARGET_TARGETFILEPARSER_H
