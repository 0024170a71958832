//===- YamlFields.cpp - Walking a target file's mappings and values -------===//
//
// The generic half of the target file parser: every mapping's keys checked
// (unknown, duplicate, missing from both the target file and its
// architecture file, given in both), scalars read as strings, numbers,
// integers and lists, and every error located at its file, line, column and
// field.
//
//===----------------------------------------------------------------------===//
#include "TargetFileParser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

using namespace llvm;

namespace ktime {
namespace targetfile {

std::string formatNumber(double D) {
  char Buf[32];
  snprintf(Buf, sizeof(Buf), "%.6g", D);
  return Buf;
}

std::string joinField(StringRef Path, StringRef Key) {
  if (Path.empty())
    return Key.str();
  return (Path + "." + Key).str();
}

bool isPlainName(StringRef S) {
  if (S.empty() || !(isDigit(S[0]) || isLower(S[0])))
    return false;
  return all_of(S, [](char C) {
    return isDigit(C) || isLower(C) || C == '-' || C == '_' || C == '.';
  });
}

bool looksLikeNumber(StringRef S) {
  S.consume_front("+") || S.consume_front("-");
  size_t IntDigits = S.take_while(isDigit).size();
  S = S.drop_front(IntDigits);
  size_t FracDigits = 0;
  if (S.consume_front("."))
    FracDigits = S.take_while(isDigit).size();
  S = S.drop_front(FracDigits);
  if (IntDigits + FracDigits == 0)
    return false;
  if (S.consume_front("e") || S.consume_front("E")) {
    S.consume_front("+") || S.consume_front("-");
    size_t ExpDigits = S.take_while(isDigit).size();
    if (ExpDigits == 0)
      return false;
    S = S.drop_front(ExpDigits);
  }
  return S.empty();
}

std::optional<StringRef> closest(StringRef Typo,
                                 ArrayRef<StringRef> Candidates) {
  std::optional<StringRef> Best;
  unsigned BestDistance = 0;
  for (StringRef C : Candidates) {
    unsigned D = Typo.edit_distance(C, /*AllowReplacements=*/true);
    if (!Best || D < BestDistance) {
      Best = C;
      BestDistance = D;
    }
  }
  unsigned Limit = std::max<unsigned>(2, Typo.size() / 3);
  if (Best && BestDistance <= Limit)
    return Best;
  return std::nullopt;
}

FileLoc TargetFileParser::locOf(SMLoc Loc) const {
  unsigned Buffer = Loc.isValid() ? SM.FindBufferContainingLoc(Loc) : 0;
  if (!Buffer)
    return {0, 0, InArch ? ArchPath : std::string()};
  auto [Line, Col] = SM.getLineAndColumn(Loc, Buffer);
  StringRef File = SM.getMemoryBuffer(Buffer)->getBufferIdentifier();
  return {Line, Col, File == Path ? std::string() : File.str()};
}

std::string TargetFileParser::at(SMLoc Loc) const {
  FileLoc L = locOf(Loc);
  const std::string &File = L.File.empty() ? Path : L.File;
  if (L.Line == 0)
    return File;
  return File + ":" + utostr(L.Line) + ":" + utostr(L.Column);
}

Error TargetFileParser::fieldError(SMLoc Loc, StringRef Field,
                                   const Twine &Msg) const {
  return createStringError(inconvertibleErrorCode(),
                           at(Loc) + ": field '" + Field + "': " + Msg);
}

Error TargetFileParser::fieldError(StringRef Field, const Twine &Msg) const {
  return createStringError(inconvertibleErrorCode(),
                           T->where(Field) + ": field '" + Field + "': " + Msg);
}

SMLoc TargetFileParser::startOf(yaml::Node *N, SMLoc Fallback) const {
  // The parser gives null and alias nodes the position of the next token.
  if (!N || isa<yaml::NullNode>(N) || isa<yaml::AliasNode>(N))
    return Fallback;
  SMLoc Start = N->getSourceRange().Start;
  return Start.isValid() ? Start : Fallback;
}

std::string TargetFileParser::describe(yaml::Node *N) const {
  if (!N || isa<yaml::NullNode>(N))
    return "nothing";
  auto Quote = [](StringRef Text) {
    // Enough of the text to recognise it.
    constexpr size_t Max = 40;
    Text = Text.trim();
    if (Text.size() > Max)
      return ("'" + Text.take_front(Max) + "...'").str();
    return ("'" + Text + "'").str();
  };
  if (auto *S = dyn_cast<yaml::ScalarNode>(N)) {
    SmallString<32> Storage;
    return Quote(S->getValue(Storage));
  }
  if (auto *B = dyn_cast<yaml::BlockScalarNode>(N))
    return Quote(B->getValue());
  if (isa<yaml::MappingNode>(N))
    return "a mapping";
  if (isa<yaml::SequenceNode>(N))
    return "a list";
  return "a YAML alias (anchors and aliases are not supported)";
}

void TargetFileParser::record(StringRef Field, SMLoc Loc) {
  T->Locations[Field] = locOf(Loc);
}

/// Mappings that both files may hold, each giving some of their keys; every
/// other field is written once. A file's schema is its own.
static bool isSection(StringRef Field) {
  static const StringRef Sections[] = {"clocks",
                                       "sm",
                                       "limits",
                                       "memory",
                                       "instructions",
                                       "launch",
                                       "memory.l1",
                                       "memory.shared",
                                       "memory.l2",
                                       "memory.dram",
                                       "memory.uncoalesced",
                                       "memory.constant",
                                       "memory.local"};
  return is_contained(Sections, Field);
}

Error TargetFileParser::claim(StringRef Field, SMLoc Loc) {
  if (Field == "schema") {
    if (!InArch)
      Given[Field] = Loc;
    return Error::success();
  }
  if (isSection(Field))
    return Error::success();
  auto [It, Inserted] = Given.try_emplace(Field, Loc);
  if (Inserted)
    return Error::success();
  // Duplicates within one file are caught by the mapping's own check, so the
  // first is in the architecture file, read before the card.
  return fieldError(Loc, Field,
                    "also given in the architecture file, at " +
                        at(It->second) +
                        "; a field is written once, in the target file or in "
                        "its architecture file");
}

void TargetFileParser::expect(StringRef MapPath, ArrayRef<StringRef> Keys,
                              SMLoc Loc, bool Classes) {
  for (PendingMap &P : Pending)
    if (P.Path == MapPath) {
      // The card's mapping, read last, is where a missing key is reported.
      P.Loc = Loc;
      for (StringRef K : Keys)
        if (!is_contained(P.Keys, K))
          P.Keys.push_back(K);
      return;
    }
  Pending.push_back({MapPath.str(),
                     std::vector<StringRef>(Keys.begin(), Keys.end()), Loc,
                     Classes});
}

Error TargetFileParser::checkRequired() const {
  for (const PendingMap &P : Pending)
    for (StringRef K : P.Keys) {
      std::string Field = joinField(P.Path, K);
      if (Given.count(Field))
        continue;
      return fieldError(P.Loc, Field,
                        P.Classes ? "required instruction class is missing"
                                  : "required field is missing");
    }
  return Error::success();
}

Error TargetFileParser::forEachField(yaml::Node *N, SMLoc MapLoc,
                                     StringRef MapPath,
                                     ArrayRef<StringRef> Keys, FieldFn Fn,
                                     ArrayRef<StringRef> Optional) {
  Expected<yaml::MappingNode *> Map = asMapping(N, MapLoc, MapPath);
  if (!Map)
    return Map.takeError();
  if (!MapPath.empty())
    Given.try_emplace(MapPath, MapLoc);
  StringMap<SMLoc> Seen;
  for (yaml::KeyValueNode &KV : **Map) {
    yaml::Node *KeyNode = KV.getKey();
    auto *Key = dyn_cast_or_null<yaml::ScalarNode>(KeyNode);
    SMLoc KeyLoc = startOf(KeyNode, MapLoc);
    if (!Key)
      return fieldError(KeyLoc, MapPath.empty() ? "<top level>" : MapPath,
                        "keys must be plain names, got " + describe(KeyNode));
    SmallString<32> Storage;
    StringRef K = Key->getValue(Storage);
    std::string Field = joinField(MapPath, K);
    if (!is_contained(Keys, K) && !is_contained(Optional, K)) {
      std::string Msg = "unknown field";
      SmallVector<StringRef, 16> Known(Keys.begin(), Keys.end());
      Known.append(Optional.begin(), Optional.end());
      if (std::optional<StringRef> Near = closest(K, Known))
        Msg += (" (did you mean '" + *Near + "'?)").str();
      return fieldError(KeyLoc, Field, Msg);
    }
    auto [It, Inserted] = Seen.try_emplace(K, KeyLoc);
    if (!Inserted)
      return fieldError(KeyLoc, Field,
                        "duplicate key (first given at " + at(It->second) +
                            ")");
    if (Error E = claim(Field, KeyLoc))
      return E;
    // Readers of scalar values move this to the value itself.
    record(Field, KeyLoc);
    yaml::Node *Value = KV.getValue();
    if (Error E = Fn(K, Value, KeyLoc))
      return E;
  }
  expect(MapPath, Keys, MapLoc, /*Classes=*/false);
  return Error::success();
}

Expected<yaml::MappingNode *>
TargetFileParser::asMapping(yaml::Node *N, SMLoc KeyLoc, StringRef Field) {
  if (auto *Map = dyn_cast_or_null<yaml::MappingNode>(N))
    return Map;
  return fieldError(startOf(N, KeyLoc), Field.empty() ? "<top level>" : Field,
                    "must be a mapping, got " + describe(N));
}

Expected<std::string> TargetFileParser::readString(yaml::Node *N, SMLoc KeyLoc,
                                                   StringRef Field) {
  SMLoc Loc = startOf(N, KeyLoc);
  record(Field, Loc);
  if (auto *S = dyn_cast_or_null<yaml::ScalarNode>(N)) {
    SmallString<64> Storage;
    return S->getValue(Storage).str();
  }
  if (auto *B = dyn_cast_or_null<yaml::BlockScalarNode>(N))
    return B->getValue().str();
  return fieldError(Loc, Field, "must be a string, got " + describe(N));
}

Error TargetFileParser::checkRange(SMLoc Loc, StringRef Field, double Value,
                                   const PhysicalRange &Range) const {
  if (Range.contains(Value))
    return Error::success();
  return fieldError(Loc, Field,
                    "must be between " + formatNumber(Range.Min) + " and " +
                        formatNumber(Range.Max) + " " + Range.Unit +
                        " (no GPU has a value outside), got " +
                        formatNumber(Value));
}

Expected<double> TargetFileParser::readNumber(yaml::Node *N, SMLoc KeyLoc,
                                              StringRef Field, NumKind Kind,
                                              const PhysicalRange *Range) {
  SMLoc Loc = startOf(N, KeyLoc);
  record(Field, Loc);
  const char *What = Kind == NumKind::Positive      ? "a positive number"
                     : Kind == NumKind::NonNegative ? "a non-negative number"
                                                    : "a number";
  auto *S = dyn_cast_or_null<yaml::ScalarNode>(N);
  if (!S)
    return fieldError(Loc, Field,
                      Twine("must be ") + What + ", got " + describe(N));
  SmallString<32> Storage;
  StringRef Text = S->getValue(Storage).trim();
  double Value = 0;
  if (!looksLikeNumber(Text) || Text.getAsDouble(Value) ||
      !std::isfinite(Value))
    return fieldError(Loc, Field,
                      Twine("must be ") + What + ", got '" + Text + "'");
  if ((Kind == NumKind::Positive && !(Value > 0)) ||
      (Kind == NumKind::NonNegative && Value < 0))
    return fieldError(Loc, Field,
                      Twine("must be ") + What + ", got '" + Text + "'");
  if (Range)
    if (Error E = checkRange(Loc, Field, Value, *Range))
      return E;
  return Value;
}

Expected<uint64_t> TargetFileParser::readInt(yaml::Node *N, SMLoc KeyLoc,
                                             StringRef Field, bool AllowZero,
                                             const PhysicalRange *Range) {
  SMLoc Loc = startOf(N, KeyLoc);
  record(Field, Loc);
  const char *What =
      AllowZero ? "a non-negative integer" : "a positive integer";
  auto *S = dyn_cast_or_null<yaml::ScalarNode>(N);
  if (!S)
    return fieldError(Loc, Field,
                      Twine("must be ") + What + ", got " + describe(N));
  SmallString<32> Storage;
  StringRef Text = S->getValue(Storage).trim();
  StringRef Digits = Text;
  Digits.consume_front("+");
  uint64_t Value = 0;
  if (Digits.empty() || !all_of(Digits, isDigit) ||
      Digits.getAsInteger(10, Value) || (!AllowZero && Value == 0))
    return fieldError(Loc, Field,
                      Twine("must be ") + What + ", got '" + Text + "'");
  if (Range)
    if (Error E = checkRange(Loc, Field, double(Value), *Range))
      return E;
  return Value;
}

Error TargetFileParser::readUnsigned(yaml::Node *N, SMLoc KeyLoc,
                                     StringRef Field, unsigned &Out,
                                     bool AllowZero) {
  Expected<uint64_t> V = readInt(N, KeyLoc, Field, AllowZero);
  if (!V)
    return V.takeError();
  if (*V > std::numeric_limits<unsigned>::max())
    return fieldError(startOf(N, KeyLoc), Field,
                      "is too large, got '" + utostr(*V) + "'");
  Out = static_cast<unsigned>(*V);
  return Error::success();
}

Error TargetFileParser::readList(
    yaml::Node *N, SMLoc KeyLoc, StringRef Field,
    function_ref<Error(yaml::Node *, SMLoc, const std::string &)> Fn) {
  SMLoc Loc = startOf(N, KeyLoc);
  record(Field, Loc);
  auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N);
  if (!Seq)
    return fieldError(Loc, Field, "must be a list, got " + describe(N));
  unsigned Index = 0;
  for (yaml::Node &Item : *Seq) {
    std::string ItemField = (Field + "[" + Twine(Index++) + "]").str();
    if (Error E = Fn(&Item, startOf(&Item, Loc), ItemField))
      return E;
  }
  return Error::success();
}

Error TargetFileParser::parseNameList(yaml::Node *N, SMLoc KeyLoc,
                                      StringRef Field,
                                      std::vector<std::string> &Out,
                                      bool SmArchs) {
  return readList(
      N, KeyLoc, Field,
      [&](yaml::Node *Item, SMLoc ItemLoc,
          const std::string &ItemField) -> Error {
        Expected<std::string> S = readString(Item, ItemLoc, ItemField);
        if (!S)
          return S.takeError();
        if (SmArchs) {
          std::optional<unsigned> V = parseSmArch(*S);
          if (!V || *S != "sm_" + utostr(*V))
            return fieldError(ItemLoc, Field,
                              "must list architectures like "
                              "sm_80, got '" +
                                  *S + "'");
        } else if (!isPlainName(*S)) {
          return fieldError(ItemLoc, Field,
                            "names are lowercase letters, digits, "
                            "'.', '_' and '-', got '" +
                                *S + "'");
        }
        if (is_contained(Out, *S))
          return fieldError(ItemLoc, Field, "'" + *S + "' is listed twice");
        Out.push_back(*S);
        return Error::success();
      });
}

} // namespace targetfile
} // namespace ktime
