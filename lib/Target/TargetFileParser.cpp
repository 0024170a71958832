//===- TargetFileParser.cpp - One target file: YAML -> GpuTarget ----------===//
//
// Reads a gpu-targets/*.yaml file with the low-level llvm::yaml::Stream API so
// that every error can name the file, line, column and field:
//   FILE:LINE:COL: field 'memory.dram.bandwidth_gbs': must be a positive
//   number, got '-5'
// Unknown keys, duplicate keys, missing keys, wrong types and out-of-range
// values are all errors; docs/targets.md lists the fields and the messages.
// A first pass only checks the YAML syntax, so a syntax error anywhere is
// reported before any field error.
//
// A card file may name its architecture file (`architecture: sm_86`, read
// from arch/sm_86.yaml by TargetFileRead.cpp): the figures every card of
// that architecture shares. That file is read first; each field is then
// written in exactly one of the two, and an error in either names the file
// it is in.
//
//===----------------------------------------------------------------------===//
#include "TargetFileParser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace llvm;

namespace ktime {
namespace targetfile {

/// The schema versions this code reads: 1, every field in the one file; 2,
/// also architecture files.
constexpr uint64_t SchemaVersion = 2;
constexpr uint64_t OldestSchemaVersion = 1;

// The keys of every mapping, in the order docs/targets.md documents them.
// Every key is required, in the target file or in its architecture file.
const StringRef TopKeys[] = {
    "schema", "name", "aliases", "arch",   "default_for",  "description",
    "clocks", "sm",   "limits",  "memory", "instructions", "launch"};
// A target file's optional key: its architecture file.
const StringRef CardOptionalKeys[] = {"architecture"};
const StringRef ClockKeys[] = {"sm_mhz", "memory_mhz"};
const StringRef SmKeys[] = {"count", "warp_size", "processing_blocks",
                            "dispatch_per_clk"};
const StringRef LimitKeys[] = {"threads_per_block",
                               "threads_per_sm",
                               "warps_per_sm",
                               "blocks_per_sm",
                               "registers_per_sm",
                               "registers_per_block",
                               "registers_per_thread",
                               "register_alloc_unit",
                               "shared_per_sm_bytes",
                               "shared_per_block_bytes",
                               "shared_alloc_unit_bytes",
                               "shared_reserved_per_block_bytes",
                               "shared_carveouts_kb",
                               "max_grid_dim",
                               "max_block_dim"};
const StringRef MemoryKeys[] = {"l1",          "shared",   "l2",   "dram",
                                "uncoalesced", "constant", "local"};
const StringRef L1Keys[] = {"latency", "bandwidth_bytes_per_clk", "size_bytes"};
// Optional keys: without global_loads, the L1 caches every global load;
// without tags_per_clk, an L1 request is priced by the sectors it moves.
const StringRef L1OptionalKeys[] = {"global_loads", "tags_per_clk"};
const StringRef SharedKeys[] = {"latency", "store_latency", "banks",
                                "bank_width_bytes", "bandwidth_bytes_per_clk"};
// An optional key: without it, the banks serve at the shared rate.
const StringRef SharedOptionalKeys[] = {"bank_bytes_per_clk"};
const StringRef L2Keys[] = {"latency", "far_latency", "bandwidth_gbs",
                            "size_bytes"};
// An optional key: without it, atomics on one address are not serialised.
const StringRef L2OptionalKeys[] = {"same_address_atomic_cycles"};
const StringRef DramKeys[] = {"latency", "bandwidth_gbs", "peak_bandwidth_gbs"};
const StringRef UncoalescedKeys[] = {"latency", "bandwidth_gbs"};
const StringRef ConstantKeys[] = {"latency", "cache_bytes"};
const StringRef LocalKeys[] = {"latency"};
const StringRef LaunchKeys[] = {
    "intercept_cycles", "slope_b2",     "slope_b1",      "slope_b0",
    "fit_grid_min",     "fit_grid_max", "fit_warps_min", "fit_warps_max"};
// An optional key: without it, a block slot is refilled at once.
const StringRef LaunchOptionalKeys[] = {"block_turnaround_cycles"};
// An instruction class gives lat and exactly one of the three delay forms.
const StringRef CostKeys[] = {"lat", "del", "ops_per_clk_per_sm",
                              "units_per_pb"};

Error TargetFileParser::parse(const YamlDocument &Doc, GpuTarget &Target) {
  T = &Target;
  yaml::Node *Root = Doc.Root;
  SMLoc RootLoc = startOf(Root, SMLoc());
  if (!isa<yaml::MappingNode>(Root))
    return createStringError(inconvertibleErrorCode(),
                             at(RootLoc) +
                                 ": a target file is a mapping of the fields "
                                 "in docs/targets.md, got " +
                                 describe(Root));
  if (Error E = parseArchitecture(Doc))
    return E;
  if (Error E = forEachField(
          Root, RootLoc, "", TopKeys,
          [&](StringRef Key, yaml::Node *Value, SMLoc KeyLoc) {
            return parseTop(Key, Value, KeyLoc);
          },
          CardOptionalKeys))
    return E;
  if (ArchDoc && CardSchema < SchemaVersion)
    return fieldError(ArchitectureLoc, "architecture",
                      "architecture files need schema " +
                          utostr(SchemaVersion) + "; this file says schema " +
                          utostr(CardSchema));
  if (Error E = checkRequired())
    return E;
  return resolveAndCheck();
}

Error TargetFileParser::parseTop(StringRef Key, yaml::Node *Value,
                                 SMLoc KeyLoc) {
  if (Key == "schema") {
    Expected<uint64_t> V = readInt(Value, KeyLoc, Key, /*AllowZero=*/true);
    if (!V)
      return V.takeError();
    if (InArch && *V != SchemaVersion)
      return fieldError(startOf(Value, KeyLoc), Key,
                        "an architecture file is schema " +
                            utostr(SchemaVersion) + ", got '" + utostr(*V) +
                            "'");
    if (*V < OldestSchemaVersion || *V > SchemaVersion)
      return fieldError(startOf(Value, KeyLoc), Key,
                        "unsupported schema version '" + utostr(*V) +
                            "'; this KernelTime reads schema " +
                            utostr(OldestSchemaVersion) + " and " +
                            utostr(SchemaVersion));
    if (InArch)
      ArchHasSchema = true;
    else
      CardSchema = *V;
    return Error::success();
  }
  if (Key == "architecture")
    return Error::success(); // Read by parseArchitecture.
  if (Key == "name") {
    Expected<std::string> S = readString(Value, KeyLoc, Key);
    if (!S)
      return S.takeError();
    StringRef Stem = sys::path::stem(Path);
    if (*S != Stem)
      return fieldError(startOf(Value, KeyLoc), Key,
                        "must be the file name without .yaml, '" + Stem +
                            "', got '" + *S + "'");
    if (!isPlainName(*S))
      return fieldError(startOf(Value, KeyLoc), Key,
                        "names are lowercase letters, digits, '.', '_' and "
                        "'-', got '" +
                            *S + "'");
    T->Name = *S;
    return Error::success();
  }
  if (Key == "aliases")
    return parseNameList(Value, KeyLoc, Key, T->Aliases, /*SmArchs=*/false);
  if (Key == "default_for")
    return parseNameList(Value, KeyLoc, Key, T->DefaultFor, /*SmArchs=*/true);
  if (Key == "arch") {
    Expected<std::string> S = readString(Value, KeyLoc, Key);
    if (!S)
      return S.takeError();
    std::optional<unsigned> V = parseSmArch(*S);
    if (!V || *S != "sm_" + utostr(*V))
      return fieldError(startOf(Value, KeyLoc), Key,
                        "must look like sm_80, got '" + *S + "'");
    if (InArch) {
      StringRef Stem = sys::path::stem(ArchPath);
      if (*S != Stem)
        return fieldError(startOf(Value, KeyLoc), Key,
                          "must be the architecture file's name without "
                          ".yaml, '" +
                              Stem + "', got '" + *S + "'");
      ArchHasArch = true;
    }
    T->Arch = *S;
    return Error::success();
  }
  if (Key == "description") {
    Expected<std::string> S = readString(Value, KeyLoc, Key);
    if (!S)
      return S.takeError();
    if (StringRef(*S).trim().empty())
      return fieldError(startOf(Value, KeyLoc), Key, "must not be empty");
    T->Description = StringRef(*S).trim().str();
    return Error::success();
  }
  if (Key == "clocks")
    return forEachField(Value, KeyLoc, Key, ClockKeys,
                        [&](StringRef K, yaml::Node *V, SMLoc L) -> Error {
                          std::string F = joinField("clocks", K);
                          // A clock of 1e308 MHz made every time infinite, one
                          // of 1e-300 MHz every time hundreds of digits long.
                          Expected<double> D =
                              readNumber(V, L, F, NumKind::Positive,
                                         K == "sm_mhz" ? &physical::SmClock
                                                       : &physical::MemClock);
                          if (!D)
                            return D.takeError();
                          (K == "sm_mhz" ? T->SmClockMHz : T->MemClockMHz) = *D;
                          return Error::success();
                        });
  if (Key == "sm")
    return forEachField(Value, KeyLoc, Key, SmKeys,
                        [&](StringRef K, yaml::Node *V, SMLoc L) -> Error {
                          unsigned &Out = K == "count"       ? T->SmCount
                                          : K == "warp_size" ? T->WarpSize
                                          : K == "dispatch_per_clk"
                                              ? T->DispatchPerClk
                                              : T->ProcessingBlocks;
                          return readUnsigned(V, L, joinField("sm", K), Out);
                        });
  if (Key == "limits")
    return parseLimits(Value, KeyLoc);
  if (Key == "memory")
    return parseMemory(Value, KeyLoc);
  if (Key == "instructions")
    return parseInstructions(Value, KeyLoc);
  assert(Key == "launch" && "TopKeys and parseTop out of sync");
  return parseLaunch(Value, KeyLoc);
}

Error TargetFileParser::parseLimits(yaml::Node *N, SMLoc KeyLoc) {
  OccupancyLimits &L = T->Limits;
  return forEachField(
      N, KeyLoc, "limits", LimitKeys,
      [&](StringRef K, yaml::Node *V, SMLoc Loc) -> Error {
        std::string F = joinField("limits", K);
        if (K == "shared_carveouts_kb")
          return readList(
              V, Loc, F,
              [&](yaml::Node *Item, SMLoc ItemLoc,
                  const std::string &ItemField) -> Error {
                Expected<uint64_t> KB =
                    readInt(Item, ItemLoc, ItemField, /*AllowZero=*/true);
                if (!KB)
                  return KB.takeError();
                if (!L.SharedCarveoutsBytes.empty() &&
                    *KB * 1024 <= L.SharedCarveoutsBytes.back())
                  return fieldError(ItemLoc, F, "must be in ascending order");
                L.SharedCarveoutsBytes.push_back(*KB * 1024);
                return Error::success();
              });
        if (K == "max_grid_dim" || K == "max_block_dim") {
          std::array<uint64_t, 3> &Dims =
              K == "max_grid_dim" ? L.MaxGridDim : L.MaxBlockDim;
          unsigned Count = 0;
          if (Error E = readList(V, Loc, F,
                                 [&](yaml::Node *Item, SMLoc ItemLoc,
                                     const std::string &ItemField) -> Error {
                                   Expected<uint64_t> D =
                                       readInt(Item, ItemLoc, ItemField,
                                               /*AllowZero=*/false);
                                   if (!D)
                                     return D.takeError();
                                   if (Count < 3)
                                     Dims[Count] = *D;
                                   ++Count;
                                   return Error::success();
                                 }))
            return E;
          if (Count != 3)
            return fieldError(startOf(V, Loc), F,
                              "must list 3 sizes (x, y, z), got " +
                                  utostr(Count));
          return Error::success();
        }
        if (K.ends_with("_bytes")) {
          uint64_t *Out =
              K == "shared_per_sm_bytes"       ? &L.SharedPerSMBytes
              : K == "shared_per_block_bytes"  ? &L.SharedPerBlockBytes
              : K == "shared_alloc_unit_bytes" ? &L.SharedAllocUnitBytes
                                               : &L.SharedReservedPerBlockBytes;
          Expected<uint64_t> B =
              readInt(V, Loc, F,
                      /*AllowZero=*/K == "shared_reserved_per_block_bytes");
          if (!B)
            return B.takeError();
          *Out = *B;
          return Error::success();
        }
        unsigned *Out = K == "threads_per_block"      ? &L.ThreadsPerBlock
                        : K == "threads_per_sm"       ? &L.ThreadsPerSM
                        : K == "warps_per_sm"         ? &L.WarpsPerSM
                        : K == "blocks_per_sm"        ? &L.BlocksPerSM
                        : K == "registers_per_sm"     ? &L.RegistersPerSM
                        : K == "registers_per_block"  ? &L.RegistersPerBlock
                        : K == "registers_per_thread" ? &L.RegistersPerThread
                                                      : &L.RegisterAllocUnit;
        return readUnsigned(V, Loc, F, *Out);
      });
}

Error TargetFileParser::parseMemory(yaml::Node *N, SMLoc KeyLoc) {
  auto Level = [&](StringRef Name, ArrayRef<StringRef> Keys, MemLevel &M,
                   yaml::Node *V, SMLoc Loc,
                   ArrayRef<StringRef> Optional = {}) -> Error {
    std::string Path = joinField("memory", Name);
    return forEachField(
        V, Loc, Path, Keys,
        [&](StringRef K, yaml::Node *FV, SMLoc FL) -> Error {
          std::string F = joinField(Path, K);
          if (K == "same_address_atomic_cycles") {
            Expected<double> D =
                readNumber(FV, FL, F, NumKind::Positive, &physical::InstrDelay);
            if (!D)
              return D.takeError();
            T->L2SameAddressAtomicCycles = *D;
            return Error::success();
          }
          if (K == "global_loads")
            return readL1GlobalLoads(FV, FL, F);
          if (K == "tags_per_clk") {
            Expected<uint64_t> N =
                readInt(FV, FL, F, /*AllowZero=*/false, &physical::TagsPerClk);
            if (!N)
              return N.takeError();
            T->L1TagsPerClk = static_cast<unsigned>(*N);
            return Error::success();
          }
          if (K == "size_bytes" || K == "cache_bytes") {
            Expected<uint64_t> B =
                readInt(FV, FL, F, /*AllowZero=*/false, &physical::CacheBytes);
            if (!B)
              return B.takeError();
            M.SizeBytes = *B;
            return Error::success();
          }
          if (K == "banks")
            return readUnsigned(FV, FL, F, T->SharedBanks);
          if (K == "bank_width_bytes")
            return readUnsigned(FV, FL, F, T->SharedBankWidthBytes);
          const PhysicalRange &Range =
              K.ends_with("latency") ? physical::Latency
              : K.ends_with("_gbs")  ? physical::Bandwidth
                                     : physical::BytesPerClk;
          Expected<double> D = readNumber(FV, FL, F, NumKind::Positive, &Range);
          if (!D)
            return D.takeError();
          if (K == "latency")
            M.Latency = *D;
          else if (K == "bandwidth_gbs")
            M.BandwidthGBs = *D;
          else if (K == "bandwidth_bytes_per_clk")
            M.BytesPerClkPerSM = *D;
          else if (K == "bank_bytes_per_clk")
            T->SharedBankBytesPerClk = *D;
          else if (K == "store_latency")
            T->SharedStoreLatency = *D;
          else if (K == "far_latency")
            T->L2FarLatency = *D;
          else if (K == "peak_bandwidth_gbs")
            T->DRAMPeakBandwidthGBs = *D;
          else
            llvm_unreachable("memory key without a destination");
          return Error::success();
        },
        Optional);
  };
  return forEachField(
      N, KeyLoc, "memory", MemoryKeys,
      [&](StringRef K, yaml::Node *V, SMLoc Loc) -> Error {
        if (K == "l1")
          return Level(K, L1Keys, T->L1, V, Loc, L1OptionalKeys);
        if (K == "shared")
          return Level(K, SharedKeys, T->Shared, V, Loc, SharedOptionalKeys);
        if (K == "l2")
          return Level(K, L2Keys, T->L2, V, Loc, L2OptionalKeys);
        if (K == "dram")
          return Level(K, DramKeys, T->DRAM, V, Loc);
        if (K == "uncoalesced")
          return Level(K, UncoalescedKeys, T->Uncoalesced, V, Loc);
        if (K == "constant")
          return Level(K, ConstantKeys, T->Constant, V, Loc);
        return Level(K, LocalKeys, T->Local, V, Loc);
      });
}

Error TargetFileParser::readL1GlobalLoads(yaml::Node *N, SMLoc KeyLoc,
                                          StringRef Field) {
  Expected<std::string> S = readString(N, KeyLoc, Field);
  if (!S)
    return S.takeError();
  for (L1GlobalLoads G :
       {L1GlobalLoads::All, L1GlobalLoads::ReadOnly, L1GlobalLoads::None})
    if (*S == getL1GlobalLoadsName(G)) {
      T->L1Global = G;
      return Error::success();
    }
  return fieldError(startOf(N, KeyLoc), Field,
                    "must be all, read_only or none, got '" + *S + "'");
}

Error TargetFileParser::parseInstructions(yaml::Node *N, SMLoc KeyLoc) {
  Expected<yaml::MappingNode *> Map = asMapping(N, KeyLoc, "instructions");
  if (!Map)
    return Map.takeError();
  Given.try_emplace("instructions", KeyLoc);
  SmallVector<StringRef, NumInstrClasses> Names;
  for (size_t I = 0; I < NumInstrClasses; ++I)
    Names.push_back(getInstrClassName(static_cast<InstrClass>(I)));
  StringMap<SMLoc> Seen;
  for (yaml::KeyValueNode &KV : **Map) {
    yaml::Node *KeyNode = KV.getKey();
    SMLoc Loc = startOf(KeyNode, KeyLoc);
    auto *Key = dyn_cast_or_null<yaml::ScalarNode>(KeyNode);
    if (!Key)
      return fieldError(Loc, "instructions",
                        "keys must be instruction class names, got " +
                            describe(KeyNode));
    SmallString<32> Storage;
    StringRef Name = Key->getValue(Storage);
    std::string Field = joinField("instructions", Name);
    std::optional<InstrClass> C = parseInstrClassName(Name);
    if (!C) {
      std::string Msg = "unknown instruction class";
      if (std::optional<StringRef> Near = closest(Name, Names))
        Msg += (" (did you mean '" + *Near + "'?)").str();
      return fieldError(Loc, Field, Msg);
    }
    auto [It, Inserted] = Seen.try_emplace(Name, Loc);
    if (!Inserted)
      return fieldError(
          Loc, Field, "duplicate key (first given at " + at(It->second) + ")");
    if (Error E = claim(Field, Loc))
      return E;
    record(Field, Loc);
    if (Error E = parseCost(*C, KV.getValue(), Loc, Field))
      return E;
  }
  // A class with a fallback is optional (docs/targets.md).
  SmallVector<StringRef, NumInstrClasses> Required;
  for (size_t I = 0; I < NumInstrClasses; ++I)
    if (!getFallbackClass(static_cast<InstrClass>(I)))
      Required.push_back(Names[I]);
  expect("instructions", Required, KeyLoc, /*Classes=*/true);
  return Error::success();
}

Error TargetFileParser::parseCost(InstrClass C, yaml::Node *N, SMLoc KeyLoc,
                                  StringRef Field) {
  RawCost Raw;
  bool HasLat = false;
  SMLoc FormLoc;
  // Not forEachField: lat is required but the delay forms are one-of-three.
  Expected<yaml::MappingNode *> Map = asMapping(N, KeyLoc, Field);
  if (!Map)
    return Map.takeError();
  StringMap<SMLoc> Seen;
  for (yaml::KeyValueNode &KV : **Map) {
    yaml::Node *KeyNode = KV.getKey();
    SMLoc Loc = startOf(KeyNode, KeyLoc);
    auto *Key = dyn_cast_or_null<yaml::ScalarNode>(KeyNode);
    if (!Key)
      return fieldError(Loc, Field,
                        "keys must be plain names, got " + describe(KeyNode));
    SmallString<32> Storage;
    StringRef K = Key->getValue(Storage);
    std::string F = joinField(Field, K);
    if (!is_contained(CostKeys, K)) {
      std::string Msg = "unknown field";
      if (std::optional<StringRef> Near = closest(K, CostKeys))
        Msg += (" (did you mean '" + *Near + "'?)").str();
      return fieldError(Loc, F, Msg);
    }
    auto [It, Inserted] = Seen.try_emplace(K, Loc);
    if (!Inserted)
      return fieldError(
          Loc, F, "duplicate key (first given at " + at(It->second) + ")");
    const PhysicalRange &Range = K == "lat"   ? physical::InstrLatency
                                 : K == "del" ? physical::InstrDelay
                                 : K == "ops_per_clk_per_sm"
                                     ? physical::OpsPerClkPerSM
                                     : physical::UnitsPerPB;
    Expected<double> V =
        readNumber(KV.getValue(), Loc, F, NumKind::Positive, &Range);
    if (!V)
      return V.takeError();
    if (K == "lat") {
      Raw.Lat = *V;
      HasLat = true;
      continue;
    }
    if (!Raw.Form.empty())
      return fieldError(Loc, F,
                        "give only one of 'del', 'ops_per_clk_per_sm' and "
                        "'units_per_pb'; '" +
                            Raw.Form + "' is given at " + at(FormLoc));
    // Point Form at the static key table, not at Storage.
    Raw.Form = *find(DelayForms, K);
    Raw.Value = *V;
    FormLoc = Loc;
  }
  if (!HasLat)
    return fieldError(KeyLoc, joinField(Field, "lat"),
                      "required field is missing");
  if (Raw.Form.empty())
    return fieldError(KeyLoc, Field,
                      "give one of 'del', 'ops_per_clk_per_sm' and "
                      "'units_per_pb'");
  Costs[static_cast<size_t>(C)] = Raw;
  return Error::success();
}

Error TargetFileParser::parseLaunch(yaml::Node *N, SMLoc KeyLoc) {
  LaunchModel &L = T->Launch;
  return forEachField(
      N, KeyLoc, "launch", LaunchKeys,
      [&](StringRef K, yaml::Node *V, SMLoc Loc) -> Error {
        std::string F = joinField("launch", K);
        if (K == "fit_grid_min" || K == "fit_grid_max") {
          Expected<uint64_t> G = readInt(V, Loc, F, /*AllowZero=*/false);
          if (!G)
            return G.takeError();
          (K == "fit_grid_min" ? L.FitGridMin : L.FitGridMax) = *G;
          return Error::success();
        }
        if (K == "fit_warps_min")
          return readUnsigned(V, Loc, F, L.FitWarpsMin);
        if (K == "fit_warps_max")
          return readUnsigned(V, Loc, F, L.FitWarpsMax);
        if (K == "block_turnaround_cycles") {
          Expected<double> D = readNumber(V, Loc, F, NumKind::NonNegative,
                                          &physical::Turnaround);
          if (!D)
            return D.takeError();
          L.BlockTurnaroundCycles = *D;
          return Error::success();
        }
        Expected<double> D = readNumber(
            V, Loc, F,
            K == "intercept_cycles" ? NumKind::NonNegative : NumKind::Any);
        if (!D)
          return D.takeError();
        double &Out = K == "intercept_cycles" ? L.InterceptCycles
                      : K == "slope_b2"       ? L.SlopeB2
                      : K == "slope_b1"       ? L.SlopeB1
                                              : L.SlopeB0;
        Out = *D;
        return Error::success();
      },
      LaunchOptionalKeys);
}

} // namespace targetfile
} // namespace ktime
