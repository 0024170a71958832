//===- LaunchSpec.cpp - Parse launch specifications and launch files ------===//
//
// KERNEL:grid=X[xYxZ],block=X[xYxZ][,shmem=BYTES][,regs=N]
// [,spill_stores=BYTES][,spill_loads=BYTES][,id=NAME][,PARAM=VALUE...]
// (docs/usage.md). Every field is read, so that each mistake is named, not
// only the first; every error names the spec, and the file and line for a
// launch file.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/GPU.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace ktime {

namespace {

/// \p Text with control bytes and bytes beyond ASCII written as \xNN, so
/// that an error about a garbled line of a launch file is readable.
std::string printable(StringRef Text) {
  std::string Out;
  for (unsigned char C : Text) {
    if (C >= 0x20 && C < 0x7f) {
      Out += char(C);
      continue;
    }
    Out += "\\x";
    Out += hexdigit(C >> 4, /*LowerCase=*/true);
    Out += hexdigit(C & 15, /*LowerCase=*/true);
  }
  return Out;
}

Error specError(StringRef Origin, StringRef Text, const Twine &What) {
  return createStringError(inconvertibleErrorCode(),
                           Origin + ": launch spec '" + printable(Text) +
                               "': " + printable(What.str()));
}

/// "4096", "64x64" or "64x64x1": every part a positive integer.
std::optional<std::array<uint64_t, 3>> parseDim(StringRef S) {
  SmallVector<StringRef, 3> Parts;
  S.split(Parts, 'x');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  std::array<uint64_t, 3> D = {1, 1, 1};
  for (size_t I = 0; I != Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, D[I]) || D[I] == 0)
      return std::nullopt;
  return D;
}

} // namespace

std::string formatDim(const std::array<uint64_t, 3> &D) {
  return std::to_string(D[0]) + "x" + std::to_string(D[1]) + "x" +
         std::to_string(D[2]);
}

LaunchSpec parseLaunchSpec(StringRef Text, StringRef Origin, Error &Errors) {
  LaunchSpec L;
  L.Text = Text.trim().str();
  L.Origin = Origin.str();
  // Every mistake is named, not only the first: the fields after one are
  // still read.
  auto Bad = [&](const Twine &What) {
    L.Parses = false;
    Errors =
        joinErrors(std::move(Errors), specError(Origin, L.Text, What.str()));
  };
  StringRef S = L.Text;
  if (any_of(S, [](char C) {
        return (C >= 0 && C < 0x20 && C != '\t') || C == 0x7f;
      })) {
    Bad("contains a control byte");
    return L;
  }
  // The kernel name ends at the last ':' before the first '=' (C++ names
  // such as ns::k keep their '::').
  size_t Eq = S.find('=');
  size_t Colon = S.substr(0, Eq).rfind(':');
  if (Colon == StringRef::npos || Colon == 0) {
    Bad("expected KERNEL:grid=X,block=Y[,NAME=VALUE...]");
    return L;
  }
  L.Kernel = S.substr(0, Colon).trim().str();
  SmallVector<StringRef, 8> Fields;
  S.substr(Colon + 1).split(Fields, ',');
  StringSet<> Seen;
  for (StringRef Field : Fields) {
    Field = Field.trim();
    if (Field.empty()) {
      Bad("empty field");
      continue;
    }
    auto [Key, Value] = Field.split('=');
    Key = Key.trim();
    Value = Value.trim();
    if (!Field.contains('=') || Key.empty() || Value.empty()) {
      Bad("field '" + Field + "' is not NAME=VALUE");
      continue;
    }
    // Every key once: a second grid= or block= silently won before.
    if (!Seen.insert(Key).second) {
      Bad("'" + Key + "' given twice");
      continue;
    }
    if (Key == "grid" || Key == "block") {
      std::optional<std::array<uint64_t, 3>> D = parseDim(Value);
      if (!D) {
        Bad(Key + " '" + Value +
            "' is not X, XxY or XxYxZ with positive integers");
        // Given, if wrong: not also "grid= is missing".
        (Key == "grid" ? L.HasGrid : L.HasBlock) = true;
        continue;
      }
      (Key == "grid" ? L.Grid : L.Block) = *D;
      (Key == "grid" ? L.HasGrid : L.HasBlock) = true;
    } else if (Key == "shmem") {
      if (Value.getAsInteger(10, L.DynamicSharedBytes))
        Bad("shmem '" + Value + "' is not a byte count");
    } else if (Key == "regs") {
      unsigned R;
      if (Value.getAsInteger(10, R) || R == 0)
        Bad("regs '" + Value + "' is not a positive integer");
      else
        L.Regs = R;
    } else if (Key == "spill_stores" || Key == "spill_loads") {
      // A byte count of 32 bits: the sums over a kernel's traffic stay exact
      // (ptxas reports at most kilobytes).
      uint64_t B;
      if (Value.getAsInteger(10, B) || B > UINT32_MAX)
        Bad(Key + " '" + Value + "' is not a byte count below 2^32");
      else
        (Key == "spill_stores" ? L.SpillStoreBytes : L.SpillLoadBytes) = B;
    } else if (Key == "id") {
      L.Id = Value.str();
    } else if (std::optional<SpecNumber> N = parseSpecNumber(Value)) {
      L.Params.push_back({Key.str(), *N});
    } else {
      Bad("value of '" + Key + "' ('" + Value +
          "') is not a number (decimal, with an optional point and exponent, "
          "0x hexadecimal, or true or false)");
    }
  }
  if (!L.HasGrid)
    Bad("grid= is missing");
  return L;
}

/// A launch file of a million lines is 100 MB; anything larger is not one.
static constexpr uint64_t MaxLaunchFileBytes = 256u << 20;

Expected<std::vector<LaunchSpec>> readLaunchFile(StringRef Path,
                                                 Error &Errors) {
  Expected<std::unique_ptr<MemoryBuffer>> Buf =
      readRegularTextFile(Path, "launch file", MaxLaunchFileBytes);
  if (!Buf)
    return Buf.takeError();
  std::vector<LaunchSpec> Result;
  SmallVector<StringRef, 64> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  // Every line that does not parse is named, not only the first.
  for (size_t I = 0; I != Lines.size(); ++I) {
    StringRef Line = Lines[I].trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    Result.push_back(
        parseLaunchSpec(Line, (Path + ":" + Twine(I + 1)).str(), Errors));
  }
  return Result;
}

} // namespace ktime
