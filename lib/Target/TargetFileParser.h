//===- TargetFileParser.h - Reading one target file, field by field -------===//
//
// The parser of a gpu-targets/*.yaml file, shared by its three parts:
// TargetFileParser.cpp (the schema: each section and its keys, and
// loadTargetFile), YamlFields.cpp (walking mappings and reading values, with
// errors that name the file, line, column and field) and TargetFileCheck.cpp
// (the checks across fields once the file is read). Private to the Target
// stage.
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

#include <optional>
#include <string>
#include <vector>

namespace ktime {
namespace targetfile {

/// The forms an instruction class's delay may take; it gives exactly one.
inline const llvm::StringRef DelayForms[] = {"del", "ops_per_clk_per_sm",
                                             "units_per_pb"};

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

class TargetFileParser {
public:
  TargetFileParser(llvm::StringRef Path, llvm::SourceMgr &SM)
      : Path(Path), SM(SM) {}

  /// Fills T from the root node of the document.
  llvm::Error parse(llvm::yaml::Node *Root, GpuTarget &T);

private:
  std::string Path;
  llvm::SourceMgr &SM;
  GpuTarget *T = nullptr;
  std::optional<RawCost> Costs[NumInstrClasses];

  // Diagnostics.
  FileLoc locOf(llvm::SMLoc Loc) const;
  std::string at(llvm::SMLoc Loc) const;
  llvm::Error fieldError(llvm::SMLoc Loc, llvm::StringRef Field,
                         const llvm::Twine &Msg) const;
  llvm::Error fieldError(llvm::StringRef Field, const llvm::Twine &Msg) const;
  llvm::SMLoc startOf(llvm::yaml::Node *N, llvm::SMLoc Fallback) const;
  std::string describe(llvm::yaml::Node *N) const;
  void record(llvm::StringRef Field, llvm::SMLoc Loc);

  // Walking mappings and reading values.
  using FieldFn = llvm::function_ref<llvm::Error(
      llvm::StringRef Key, llvm::yaml::Node *Value, llvm::SMLoc KeyLoc)>;
  llvm::Error forEachField(llvm::yaml::Node *N, llvm::SMLoc MapLoc,
                           llvm::StringRef Path,
                           llvm::ArrayRef<llvm::StringRef> Keys, FieldFn Fn);
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
  llvm::Error parseTop(llvm::StringRef Key, llvm::yaml::Node *Value,
                       llvm::SMLoc KeyLoc);
  llvm::Error parseNameList(llvm::yaml::Node *N, llvm::SMLoc KeyLoc,
                            llvm::StringRef Field,
                            std::vector<std::string> &Out, bool SmArchs);
  llvm::Error parseLimits(llvm::yaml::Node *N, llvm::SMLoc KeyLoc);
  llvm::Error parseMemory(llvm::yaml::Node *N, llvm::SMLoc KeyLoc);
  llvm::Error parseInstructions(llvm::yaml::Node *N, llvm::SMLoc KeyLoc);
  llvm::Error parseCost(InstrClass C, llvm::yaml::Node *N, llvm::SMLoc KeyLoc,
                        llvm::StringRef Field);
  llvm::Error parseLaunch(llvm::yaml::Node *N, llvm::SMLoc KeyLoc);
  llvm::Error resolveAndCheck();
};

} // namespace targetfile
} // namespace ktime

#endif // KERNELTIME_TARGET_TARGETFILEPARSER_H
