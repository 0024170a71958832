//===- CacheHits.cpp - L1 and L2 hit fractions from reuse -----------------===//
//
// A pure function of an access's reuse figures, the target's cache sizes
// and the launch (docs/memory.md, "Cache hit fractions"):
//   reuse r = 1 - unique / requested bytes per block
//   L1 (loads) = r                      if resident bytes <= L1 bytes
//              = r x L1 bytes / resident bytes        otherwise
//   resident bytes = sum over the groups of the access's loop nest of
//     min(blocks x block footprint, grid footprint)
//   (blocks: those an SM holds at once, the occupancy's, but no more than
//   the launch has for each SM: ceil(grid blocks / SMs); the groups: those
//   in the outermost loop around the access or around a copy of its data,
//   every group when one of those is outside every loop: a loop that runs
//   before or after touches nothing between two of its uses)
//   h2 = 1 if the grid footprint fits L2 and the cache is warm, else
//        max(0, 1 - grid footprint / sector bytes reaching L2) (compulsory
//        misses: each distinct byte once, however many sectors its
//        requests move)
//   L2 = (1 - L1) x h2
// A walk (ReuseInfo::WalkStrideBytes), whose request's lanes read their
// next elements from the sectors it fetched: L1 = 1 - max(min(1, step /
// (32 x members)), 1 / (trip x members)), scaled by the share the L1 holds
// of the lines the walks of the same loop keep (a line a lane for each
// walk whose request puts each lane in a sector of its own, the request's
// lines a warp for the others) for the resident blocks, where that is
// more than the reuse; those hits are whole requests
// (HitFractions::WholeRequestL1).
// Global loads on a GPU whose L1 does not cache them (memory.l1.global_loads
// none, or read_only for a load that is not ld.global.nc): L1 = 0.
// Stores and atomics: L1 = 0 (L1 is write-through; atomics run in L2);
// L2 = 1 when the grid footprint fits L2 and the cache is warm (the lines
// stay there, dirty, across launches), else 1 - grid footprint / grid
// requests in sector bytes (rewrites merge in the write-back L2). Constant
// and param loads: the constant cache plays L1. Shared memory is not
// cached. The requested bytes of a group count only the share of its members
// that the launch runs (CacheContext::GroupLiveShare). A figure that mentions a
// thread's ids (a trip count, a guarded execution count) is averaged over
// the threads of the middle block (threadIdSample). Register spills
// (estimateSpillHits) hit a cache in the share of the resident threads' frames
// it holds.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Memory.h"
#include "MemoryImpl.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <set>

using namespace llvm;

namespace ktime {

namespace {

const char *const ThreadMeanNote =
    " (figures that depend on the thread averaged over the threads of the "
    "middle block)";

std::string bytes(double B) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.0f", B) << " B";
  return S;
}

std::string percent(double F) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.1f", F * 100) << " %";
  return S;
}

} // namespace

std::optional<double> evaluateAtLaunch(const std::optional<Expr> &E,
                                       const CacheContext &C,
                                       bool &OverThreads) {
  if (!E)
    return std::nullopt;
  if (std::optional<Rational> R = E->evaluate(C.Launch))
    return R->toDouble();
  if (C.MiddleThread.empty())
    return std::nullopt;
  // The mean over the sampled ids of the dimensions the figure mentions.
  std::set<std::string> Symbols;
  E->collectSymbols(Symbols);
  std::vector<std::pair<std::string, const std::vector<Rational> *>> Dims;
  for (unsigned D = 0; D != 3; ++D) {
    std::string Id = std::string("tid.") + "xyz"[D];
    if (Symbols.count(Id) && !C.ThreadIds[D].empty())
      Dims.push_back({Id, &C.ThreadIds[D]});
  }
  Bindings B = C.MiddleThread;
  std::vector<size_t> At(Dims.size(), 0);
  double Sum = 0;
  size_t Count = 0;
  for (;;) {
    for (size_t K = 0; K != Dims.size(); ++K)
      B[Dims[K].first] = (*Dims[K].second)[At[K]];
    std::optional<Rational> V = E->evaluate(B);
    if (!V)
      return std::nullopt;
    Sum += V->toDouble();
    ++Count;
    size_t K = 0;
    for (; K != Dims.size(); ++K) {
      if (++At[K] != Dims[K].second->size())
        break;
      At[K] = 0;
    }
    if (K == Dims.size())
      break;
  }
  OverThreads = true;
  return Sum / static_cast<double>(Count);
}

std::array<std::vector<Rational>, 3> threadIdSample(const Bindings &Launch) {
  constexpr int64_t MostIds[3] = {32, 8, 4};
  std::array<std::vector<Rational>, 3> Ids;
  for (unsigned D = 0; D != 3; ++D) {
    std::string Dim(1, "xyz"[D]);
    auto It = Launch.find("ntid." + Dim);
    if (It == Launch.end() || Launch.count("tid." + Dim))
      continue;
    std::optional<int64_t> Size = It->second.floor().getInt64();
    if (!Size || *Size < 1)
      continue;
    // The first and the last id among them: a loop that only the first
    // threads run (i = tid.x; i < n, n small) is in the mean.
    int64_t K = std::min(*Size, MostIds[D]);
    for (int64_t J = 0; J != K; ++J)
      Ids[D].push_back(Rational(K == 1 ? 0 : J * (*Size - 1) / (K - 1)));
  }
  return Ids;
}

Bindings middleThreadBindings(const Bindings &Launch) {
  Bindings B = Launch;
  for (const char *D : {"x", "y", "z"})
    for (auto [Id, Size] :
         {std::pair{"tid.", "ntid."}, {"ctaid.", "nctaid."}}) {
      auto It = Launch.find(std::string(Size) + D);
      if (It != Launch.end() && !Launch.count(std::string(Id) + D))
        B[std::string(Id) + D] =
            ((It->second - Rational(1)) / Rational(2)).floor();
    }
  return B;
}

std::optional<WalkLines> walkLines(const AccessInfo &A, const GpuTarget &T) {
  // Requests of sectors, which the L1 keeps as lines (not shared memory),
  // of loads it caches.
  bool KeepsLines = A.Space == MemSpace::Global ||
                    A.Space == MemSpace::Generic || A.Space == MemSpace::Local;
  if (!A.Reuse.WalkStrideBytes || !A.Reuse.WalkLoop || !A.IsLoad ||
      A.IsAtomic || !KeepsLines || !l1CachesAccess(A, T))
    return std::nullopt;
  WalkLines W;
  if (A.isUncoalesced() && A.Sectors >= A.ActiveLanes)
    W.PerLane = 1;
  else
    W.PerWarp = std::max(1u, A.Lines);
  return W;
}

std::map<const Loop *, WalkLines> countWalkLines(ArrayRef<AccessInfo> Accesses,
                                                 const GpuTarget &T) {
  std::map<const Loop *, std::map<unsigned, WalkLines>> Groups;
  for (const AccessInfo &A : Accesses)
    if (std::optional<WalkLines> W = walkLines(A, T)) {
      WalkLines &Most = Groups[A.Reuse.WalkLoop][A.Reuse.Group];
      Most.PerLane = std::max(Most.PerLane, W->PerLane);
      Most.PerWarp = std::max(Most.PerWarp, W->PerWarp);
    }
  std::map<const Loop *, WalkLines> Kept;
  for (const auto &[L, G] : Groups)
    for (const WalkLines &W : llvm::make_second_range(G)) {
      Kept[L].PerLane += W.PerLane;
      Kept[L].PerWarp += W.PerWarp;
    }
  return Kept;
}

/// The blocks one SM holds at once: the occupancy's (the context's), but no
/// more than the launch gives each SM, ceil(\p Blocks / SMs), where the
/// grid's size is known: a grid of one block per SM leaves each SM's L1 to
/// that block alone, however many more would fit.
static double residentBlocksPerSM(const GpuTarget &T, const CacheContext &C,
                                  std::optional<double> Blocks) {
  double Resident = std::max(1u, C.ResidentBlocksPerSM);
  if (Blocks && *Blocks > 0 && T.SmCount > 0)
    Resident = std::min(Resident, std::ceil(*Blocks / T.SmCount));
  return Resident;
}

static std::optional<double> launchBlocks(const CacheContext &C,
                                          bool &OverThreads) {
  return evaluateAtLaunch(Expr::symbol("nctaid.x") * Expr::symbol("nctaid.y") *
                              Expr::symbol("nctaid.z"),
                          C, OverThreads);
}

void prepareResidentFootprints(CacheContext &C, const GpuTarget &T) {
  bool OverThreads = false;
  double Resident = residentBlocksPerSM(T, C, launchBlocks(C, OverThreads));
  C.ResidentFootprintBytes.clear();
  C.KernelBlockBytes = C.KernelGridBytes = 0;
  for (const GroupFootprint &G : C.KernelGroupFootprints) {
    std::optional<double> B = evaluateAtLaunch(G.Block, C, OverThreads);
    std::optional<double> Grid = evaluateAtLaunch(G.Grid, C, OverThreads);
    // A loop the launch does not run (a remainder loop of no iterations)
    // spans no bytes, where the footprint's formula may go below zero.
    if (B)
      B = std::max(0.0, *B);
    if (Grid)
      Grid = std::max(0.0, *Grid);
    C.ResidentFootprintBytes.push_back(
        B && Grid ? std::optional<double>(std::min(Resident * *B, *Grid))
                  : std::nullopt);
    C.KernelBlockBytes = B && C.KernelBlockBytes
                             ? std::optional<double>(*C.KernelBlockBytes + *B)
                             : std::nullopt;
    C.KernelGridBytes = Grid && C.KernelGridBytes
                            ? std::optional<double>(*C.KernelGridBytes + *Grid)
                            : std::nullopt;
  }
  C.ResidentFootprintOverThreads = OverThreads;
}

/// \p E under the launch, no less than zero: distinct bytes.
static std::optional<double> bytesAtLaunch(const std::optional<Expr> &E,
                                           const CacheContext &C,
                                           bool &OverThreads) {
  std::optional<double> V = evaluateAtLaunch(E, C, OverThreads);
  if (V)
    V = std::max(0.0, *V);
  return V;
}

/// True if \p A and \p B run in a loop nest in common.
static bool shareNest(const GroupFootprint &A, const GroupFootprint &B) {
  return llvm::any_of(A.Nests, [&](const llvm::Loop *L) {
    return L && llvm::is_contained(B.Nests, L);
  });
}

/// The bytes the blocks an SM holds touch between two uses of \p Group's
/// data: the prepared entries of the loop nests it shares (the file
/// comment); std::nullopt when one of them is unknown or none is prepared.
static std::optional<double>
residentBytesAround(unsigned Group, const CacheContext &C, bool &OverThreads) {
  const std::vector<GroupFootprint> &Entries = C.KernelGroupFootprints;
  if (Entries.empty() || C.ResidentFootprintBytes.size() != Entries.size())
    return std::nullopt;
  const GroupFootprint *Own = nullptr;
  for (const GroupFootprint &E : Entries)
    if (llvm::is_contained(E.Groups, Group))
      Own = &E;
  bool Everything = !Own || llvm::is_contained(Own->Nests, nullptr);
  double Sum = 0;
  for (size_t I = 0; I != Entries.size(); ++I) {
    if (!Everything && !shareNest(Entries[I], *Own))
      continue;
    if (!C.ResidentFootprintBytes[I])
      return std::nullopt;
    Sum += *C.ResidentFootprintBytes[I];
  }
  OverThreads |= C.ResidentFootprintOverThreads;
  return Sum;
}

/// The L1 hits of a walk that keeps lines in L1 (walkLines): a lane's
/// requests, GroupSize an iteration, fetch a new sector once per 32 B of
/// walk and at least once per loop entry (WalkTrip iterations); the others
/// read the sector already fetched, if the L1 holds the lines the loop's
/// walks keep for the resident blocks (CacheContext::WalkLinesKept; else
/// the share it holds). None for other accesses; what it found goes to
/// \p OS.
static std::optional<double>
rowWalkHits(const AccessInfo &A, const GpuTarget &T, const CacheContext &C,
            std::optional<double> Blocks, raw_ostream &OS) {
  const ReuseInfo &R = A.Reuse;
  std::optional<WalkLines> Own = walkLines(A, T);
  if (!Own)
    return std::nullopt;
  double Requests = std::max(1u, R.GroupSize);
  double Misses = std::min(1.0, static_cast<double>(*R.WalkStrideBytes) /
                                    (memory::SectorBytes * Requests));
  bool OverThreads = false;
  if (std::optional<double> Trip = evaluateAtLaunch(R.WalkTrip, C, OverThreads);
      Trip && *Trip >= 1)
    Misses = std::max(Misses, 1 / (*Trip * Requests));
  std::optional<double> Threads = evaluateAtLaunch(
      Expr::symbol("ntid.x") * Expr::symbol("ntid.y") * Expr::symbol("ntid.z"),
      C, OverThreads);
  double L1Bytes = static_cast<double>(C.L1BytesAvailable);
  if (!Threads || L1Bytes <= 0)
    return std::nullopt;
  double Resident = residentBlocksPerSM(T, C, Blocks);
  WalkLines Kept = *Own;
  if (auto It = C.WalkLinesKept.find(R.WalkLoop); It != C.WalkLinesKept.end())
    Kept = It->second;
  // A line a lane for each walk of its own row, the lines of a warp for
  // each walk whose lanes share rows, for every warp of the resident blocks.
  double Warps = std::ceil(*Threads / T.WarpSize);
  double Window = Resident * memory::LineBytes *
                  (*Threads * Kept.PerLane + Warps * Kept.PerWarp);
  double Hits = (1 - Misses) * std::min(1.0, L1Bytes / Window);
  OS << "row walk: " << *R.WalkStrideBytes << " B a step over " << R.GroupSize
     << " request(s), a new sector every " << format("%.3g", 1 / Misses)
     << " requests of a lane; lines kept: " << Kept.PerLane << " a lane, "
     << Kept.PerWarp << " a warp, " << bytes(Window) << " against "
     << bytes(L1Bytes) << ": L1 " << percent(Hits) << "; ";
  return Hits;
}

/// True if, under the launch, \p A's lanes are further apart than its
/// bytes and their later iterations read the rest of the run up to the
/// next lane, or a sector (ReuseInfo::IterationTerms): a run from the
/// access's bytes, each iteration term, smallest step first, extending it
/// while its step is within the run.
static bool sectorsReadLater(const AccessInfo &A, const CacheContext &C,
                             bool &OverThreads) {
  const ReuseInfo &R = A.Reuse;
  std::optional<double> Lane =
      evaluateAtLaunch(R.LaneStrideBytes, C, OverThreads);
  double Bytes = R.ElementBytes;
  if (!Lane || Bytes <= 0 || *Lane <= Bytes + 0.5)
    return false;
  double Run = Bytes;
  for (const auto &[Step, Values] : R.IterationTerms) {
    std::optional<double> S = evaluateAtLaunch(Step, C, OverThreads);
    std::optional<double> N = evaluateAtLaunch(Values, C, OverThreads);
    if (!S || !N || *S > Run + 0.5)
      break;
    Run += *S * std::max(0.0, *N - 1);
  }
  return Run >= std::min(*Lane, static_cast<double>(memory::SectorBytes)) - 0.5;
}

/// \p Bytes, a group's requests per block, under the launch: only the
/// members that run request bytes (CacheContext::GroupLiveShare).
static std::optional<double> requestsAtLaunch(const std::optional<Expr> &Bytes,
                                              const ReuseInfo &R,
                                              const CacheContext &C,
                                              bool &OverThreads) {
  std::optional<double> V = evaluateAtLaunch(Bytes, C, OverThreads);
  if (auto Live = C.GroupLiveShare.find(R.Group);
      V && Live != C.GroupLiveShare.end())
    *V *= Live->second;
  return V;
}

/// The part of \p L1 (hits, a share of the requested bytes) that finds its
/// line still being fetched by an earlier tap of the same iteration: one
/// iteration's requests reuse r_i = 1 - unique / asked of their bytes
/// (ReuseInfo::IterationUniqueBytesPerBlock); of its distinct bytes, the
/// share m = (1 - L1) / (1 - r_i) is fetched from beyond the L1 (the
/// misses, 1 - L1 of all requests, are that share of the iterations'
/// distinct bytes), and the repeats of those wait for the fill:
/// min(L1, r_i m). Where an iteration moves the addresses by a step s under
/// a sector, a new sector comes only every 32 / s iterations and the
/// others' bytes were fetched before: m is at most s / 32. A stencil's
/// taps outside any loop miss together (m = 1: every hit waits); a loop
/// that re-reads data resident from earlier iterations (L1 near 1) has few
/// waiting. Only groups whose taps a warp issues together have the
/// iteration's figures (lib/Memory/Reuse.cpp).
static double pendingHits(const ReuseInfo &R, const CacheContext &C, double L1,
                          bool &OverThreads) {
  if (L1 <= 0 || !R.IterationRequestedBytesPerBlock ||
      !R.IterationUniqueBytesPerBlock)
    return 0;
  std::optional<double> Asked =
      requestsAtLaunch(R.IterationRequestedBytesPerBlock, R, C, OverThreads);
  std::optional<double> Unique =
      bytesAtLaunch(R.IterationUniqueBytesPerBlock, C, OverThreads);
  if (!Asked || !Unique || *Asked <= 0 || *Unique <= 0)
    return 0;
  double Reuse = std::clamp(1 - *Unique / *Asked, 0.0, 1.0);
  if (Reuse <= 0)
    return 0;
  double Fetched = (1 - L1) / (1 - Reuse);
  if (R.IterationStepBytes && *R.IterationStepBytes < memory::SectorBytes)
    Fetched = std::min(Fetched, static_cast<double>(*R.IterationStepBytes) /
                                    static_cast<double>(memory::SectorBytes));
  return std::min(L1, Reuse * Fetched);
}

HitFractions estimateHits(const AccessInfo &A, const GpuTarget &T,
                          const CacheContext &C) {
  HitFractions H;
  if (A.Space == MemSpace::Shared) {
    H.Why = "shared memory: on chip, not cached";
    return H;
  }
  const ReuseInfo &R = A.Reuse;
  bool OverThreads = false;
  // The requests that share the group's compulsory misses: its own, or
  // those of every group reading the same bytes.
  std::optional<double> Req = requestsAtLaunch(
      R.DataRequestedBytesPerBlock ? R.DataRequestedBytesPerBlock
                                   : R.RequestedBytesPerBlock,
      R, C, OverThreads);
  std::optional<double> Uniq =
      bytesAtLaunch(R.UniqueBytesPerBlock, C, OverThreads);
  std::optional<double> Grid =
      bytesAtLaunch(R.GridFootprintBytes, C, OverThreads);
  std::optional<double> Blocks = launchBlocks(C, OverThreads);
  double Resident = residentBlocksPerSM(T, C, Blocks);
  std::string Why;
  raw_string_ostream OS(Why);

  double Reuse = 0;
  if (Req && Uniq && *Req > 0)
    Reuse = std::clamp(1 - *Uniq / *Req, 0.0, 1.0);
  else
    OS << "reuse unknown (footprint not evaluated under the launch); ";

  if (A.Space == MemSpace::Constant || A.Space == MemSpace::Param) {
    double Footprint = Uniq ? *Uniq * Resident : 0;
    double Cache = static_cast<double>(T.Constant.SizeBytes);
    H.L1 = Uniq && Footprint > Cache && Footprint > 0 ? Cache / Footprint : 1;
    H.L2 = 1 - H.L1;
    OS << "constant cache: " << percent(H.L1) << " of the requests (working "
       << "set " << (Uniq ? bytes(Footprint) : std::string("unknown"))
       << " per SM against " << bytes(Cache) << "), the rest from L2";
    if (OverThreads)
      OS << ThreadMeanNote;
    H.Why = std::move(Why);
    return H;
  }

  // The kernel's totals: the sums of its groups' footprints as prepared
  // (each no less than zero), else the sums' expressions.
  bool Prepared =
      !C.KernelGroupFootprints.empty() &&
      C.ResidentFootprintBytes.size() == C.KernelGroupFootprints.size();
  std::optional<double> KernelBlock =
      Prepared ? C.KernelBlockBytes
               : bytesAtLaunch(C.KernelBlockFootprintBytes, C, OverThreads);
  std::optional<double> KernelGrid =
      Prepared ? C.KernelGridBytes
               : bytesAtLaunch(C.KernelGridFootprintBytes, C, OverThreads);
  if (Prepared)
    OverThreads |= C.ResidentFootprintOverThreads;
  std::optional<double> BlockFoot = KernelBlock ? KernelBlock : Uniq;
  std::optional<double> GridFoot = KernelGrid ? KernelGrid : Grid;
  double L2Size = static_cast<double>(T.L2.SizeBytes);
  bool FitsL2 = GridFoot && *GridFoot <= L2Size;
  bool Loads = A.IsLoad && !A.IsAtomic;

  // Generic loads are analysed as global ones (docs/memory.md).
  bool GlobalLoad = A.Space == MemSpace::Global || A.Space == MemSpace::Generic;
  if (Loads && GlobalLoad && !T.l1CachesGlobalLoad(A.ReadOnly)) {
    OS << "L1: not used, this GPU caches "
       << (T.L1Global == L1GlobalLoads::None ? "global loads"
                                             : "global loads but ld.global.nc")
       << " in L2 only (memory.l1.global_loads: "
       << getL1GlobalLoadsName(T.L1Global) << "); ";
  } else if (Loads) {
    double L1Bytes = static_cast<double>(C.L1BytesAvailable);
    // The distinct bytes of the blocks an SM holds at once: per group no
    // more than theirs apart, nor than the whole grid's (blocks that read
    // one array hold it once).
    std::optional<double> SMFoot;
    if (BlockFoot)
      SMFoot = Resident * *BlockFoot;
    if (KernelBlock)
      if (std::optional<double> Around =
              residentBytesAround(R.Group, C, OverThreads))
        SMFoot = Around;
    if (L1Bytes <= 0) {
      H.L1 = 0;
      OS << "no L1 left for data; ";
    } else if (SMFoot && *SMFoot > L1Bytes) {
      H.L1 = Reuse * L1Bytes / *SMFoot;
      OS << "L1: reuse " << percent(Reuse) << " scaled by the fraction of "
         << bytes(*SMFoot) << " resident that fits " << bytes(L1Bytes) << "; ";
    } else {
      H.L1 = Reuse;
      OS << "L1: reuse " << percent(Reuse) << " within a block";
      if (SMFoot)
        OS << " (" << bytes(*SMFoot) << " resident fits " << bytes(L1Bytes)
           << ")";
      OS << "; ";
      if (sectorsReadLater(A, C, OverThreads))
        H.SectorsKept = true;
    }
    if (std::optional<double> Walk = rowWalkHits(A, T, C, Blocks, OS);
        Walk && *Walk > H.L1) {
      H.L1 = H.WholeRequestL1 = *Walk;
      H.SectorsKept = false;
    }
    if (H.SectorsKept)
      OS << "the lanes read the rest of their sectors from L1 in later "
            "iterations; ";
    // A walk's hits (WholeRequestL1 set) wait for no fill: its misses are
    // every warp's request for a new sector, warps reading one line
    // together included.
    if (H.WholeRequestL1 <= 0)
      H.L1Pending = pendingHits(R, C, H.L1, OverThreads);
    if (H.L1Pending > 0)
      OS << percent(H.L1Pending) << " of the requests find their line still "
         << "being fetched by an earlier tap of the same iteration and wait "
         << "for it; ";
  } else {
    OS << (A.IsAtomic ? "atomics run in L2" : "stores write through L1")
       << "; ";
  }

  double H2 = 0;
  if (FitsL2 && !C.ColdCache) {
    H2 = 1;
    OS << "L2: grid footprint " << bytes(*GridFoot) << " fits " << bytes(L2Size)
       << " (warm across launches)";
  } else if (Grid && Req && Blocks && *Req > 0) {
    // In sectors, the unit the misses are charged in: a request that
    // moves more sectors than its bytes need (a two-wide block's rows)
    // still misses only the distinct bytes once.
    Rational Asked(static_cast<int64_t>(A.BytesPerThread));
    double Moved =
        A.BytesPerThread > 0 && A.TransferredBytesPerThread > 0
            ? sectorBytesOnMiss(A.TransferredBytesPerThread, Asked, H)
                      .toDouble() /
                  Asked.toDouble()
            : 1;
    double ToL2 = *Req * Moved * *Blocks * (Loads ? 1 - H.L1 : 1);
    H2 = ToL2 > 0 ? std::clamp(1 - *Grid / ToL2, 0.0, 1.0) : 0;
    OS << "L2: " << (C.ColdCache ? "cold cache" : "footprint exceeds L2")
       << ", compulsory misses only (" << bytes(*Grid) << " of " << bytes(ToL2)
       << " reaching L2)";
  } else {
    OS << "L2: grid footprint unknown under the launch, no L2 hits assumed";
  }
  H.L2 = (Loads ? 1 - H.L1 : 1) * H2;
  if (OverThreads)
    OS << ThreadMeanNote;
  H.Why = std::move(Why);
  return H;
}

Rational sectorBytesOnMiss(const Rational &Moved, const Rational &Asked,
                           const HitFractions &H) {
  return H.SectorsKept && Asked < Moved ? Asked : Moved;
}

HitFractions estimateSpillHits(uint64_t FrameBytesPerThread,
                               uint64_t ThreadsPerSM, uint64_t ThreadsOnGpu,
                               const GpuTarget &T, const CacheContext &C) {
  HitFractions H;
  std::string Why;
  raw_string_ostream OS(Why);
  double Frame = static_cast<double>(FrameBytesPerThread);
  double PerSM =
      Frame * static_cast<double>(std::max<uint64_t>(1, ThreadsPerSM));
  double PerGpu =
      Frame * static_cast<double>(std::max<uint64_t>(1, ThreadsOnGpu));
  double L1Bytes = static_cast<double>(C.L1BytesAvailable);
  double L2Bytes = static_cast<double>(T.L2.SizeBytes);
  H.L1 = PerSM > 0 ? std::min(1.0, L1Bytes / PerSM) : 1;
  H.L2 = PerGpu > 0 ? (1 - H.L1) * std::min(1.0, L2Bytes / PerGpu) : 0;
  OS << "spill frames " << bytes(PerSM) << " per SM against " << bytes(L1Bytes)
     << " of L1: " << percent(H.L1) << "; " << bytes(PerGpu)
     << " on the GPU against " << bytes(L2Bytes) << " of L2: " << percent(H.L2)
     << " more";
  H.Why = std::move(Why);
  return H;
}

} // namespace ktime
