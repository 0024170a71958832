//===- BlockSampling.cpp - What one block of a launch gives ---------------===//
//
// A block's warps sampled at their first and last lane (time and delay as
// expressions in the latency symbols, barriers, traffic), or its warps'
// traffic alone; whether two samples give the same numbers; and the
// values of a grid's axis that stand for all of them in a mean
// (spreadPoints). docs/kernel-time.md, "Waves".
//
//===----------------------------------------------------------------------===//
#include "GPUModelImpl.h"

#include <algorithm>
#include <iterator>

using namespace llvm;

namespace ktime {

std::vector<uint64_t> startingPoints(uint64_t N, unsigned Initial) {
  // The first and last values too: a grid's edges are where its guards
  // cut (the blocks past the data, or the few blocks that hold it).
  std::vector<uint64_t> Points = {0};
  uint64_t Strata = std::min<uint64_t>(N, std::max(1u, Initial));
  for (uint64_t I = 0; I != Strata; ++I)
    Points.push_back(std::min(
        N - 1,
        static_cast<uint64_t>((double(I) + 0.5) * double(N) / double(Strata))));
  Points.push_back(N - 1);
  Points.erase(std::unique(Points.begin(), Points.end()), Points.end());
  return Points;
}

Expected<std::vector<SpreadPoint>>
spreadPoints(uint64_t N, unsigned Initial, unsigned MaxPoints,
             function_ref<Expected<bool>(uint64_t, uint64_t)> Differ) {
  if (N == 0)
    return std::vector<SpreadPoint>();
  std::vector<uint64_t> Points = startingPoints(N, Initial);
  // Halve the gaps between neighbours that differ, a pass at a time, so
  // that a step of the block's cost is found to one row or column.
  bool Inserted = true;
  while (Inserted && Points.size() < MaxPoints) {
    Inserted = false;
    std::vector<uint64_t> Next;
    for (size_t I = 0; I != Points.size(); ++I) {
      Next.push_back(Points[I]);
      if (I + 1 == Points.size() || Points[I + 1] - Points[I] < 2 ||
          Points.size() + (Next.size() - I - 1) >= MaxPoints)
        continue;
      Expected<bool> D = Differ(Points[I], Points[I + 1]);
      if (!D)
        return D.takeError();
      if (*D) {
        Next.push_back(Points[I] + (Points[I + 1] - Points[I]) / 2);
        Inserted = true;
      }
    }
    Points = std::move(Next);
  }
  // Each point stands for the values nearer to it than to its neighbours
  // (a tie goes to the lower).
  std::vector<SpreadPoint> Spread;
  uint64_t Start = 0;
  for (size_t I = 0; I != Points.size(); ++I) {
    uint64_t End =
        I + 1 == Points.size() ? N : (Points[I] + Points[I + 1]) / 2 + 1;
    Spread.push_back({Points[I], double(End - Start)});
    Start = End;
  }
  return Spread;
}

LatencyUse getLatencyUse(const KernelInputs &In) {
  auto HasLatency = [](const Expr &E) {
    std::set<std::string> Symbols;
    E.collectSymbols(Symbols);
    return llvm::any_of(Symbols, [](const std::string &S) {
      return StringRef(S).starts_with("lat.");
    });
  };
  return {HasLatency(In.Time), HasLatency(In.Delay)};
}

/// The bytes of each traffic kind of a warp of \p Lanes lanes whose first
/// lane has the ids of \p FirstLane (the expressions are per-lane means).
static Error warpTraffic(const KernelInputs &In, const Bindings &FirstLane,
                         double Lanes,
                         std::array<double, NumTraffic> &Traffic) {
  const Expr *Mem[] = {&In.GlobalBytes,          &In.UncoalescedBytes,
                       &In.L1HitBytes,           &In.L2HitBytes,
                       &In.SectorBytes,          &In.SectorBytesMissingL1,
                       &In.SectorBytesMissingL2, &In.SharedBytes,
                       &In.HotAtomics,           &In.UncoalescedL1HitBytes,
                       &In.L1TagBytes,           &In.L1DataBytes};
  static_assert(std::size(Mem) == NumTraffic,
                "one expression per TrafficKind, in its order");
  for (unsigned K = 0; K != NumTraffic; ++K) {
    Expected<double> V = evaluateAt(*Mem[K], FirstLane);
    if (!V)
      return V.takeError();
    Traffic[K] = std::max(0.0, *V) * Lanes;
  }
  return Error::success();
}

/// The ids and sizes of block \p BlockId, bound for the expressions.
static Bindings blockBindings(const LaunchShape &Shape, uint64_t BlockId,
                              unsigned WarpSize) {
  std::array<uint64_t, 3> Cta = unlinearize(BlockId, Shape.Grid);
  Bindings Base = getLaunchSizeBindings(Shape);
  static const char *Axis[] = {"x", "y", "z"};
  for (int D = 0; D < 3; ++D)
    Base[std::string("ctaid.") + Axis[D]] = toRational(Cta[D]);
  Base["WARP_SZ"] = toRational(WarpSize);
  return Base;
}

Expected<BlockTraffic> sampleBlockTraffic(const KernelInputs &In,
                                          const LaunchShape &Shape,
                                          uint64_t BlockId, unsigned WarpSize) {
  uint64_t Threads = Shape.Block[0] * Shape.Block[1] * Shape.Block[2];
  Bindings B = blockBindings(Shape, BlockId, WarpSize);
  static const char *Axis[] = {"x", "y", "z"};
  BlockTraffic Result;
  for (uint64_t First = 0; First < Threads; First += WarpSize) {
    std::array<uint64_t, 3> Tid = unlinearize(First, Shape.Block);
    for (int D = 0; D < 3; ++D)
      B[std::string("tid.") + Axis[D]] = toRational(Tid[D]);
    B["laneid"] = Rational(0);
    double Lanes =
        double(std::min<uint64_t>(First + WarpSize, Threads) - First);
    std::array<double, NumTraffic> Traffic;
    if (Error E = warpTraffic(In, B, Lanes, Traffic))
      return E;
    Result.push_back(Traffic);
  }
  return Result;
}

Expected<BlockSample> sampleBlock(const KernelInputs &In,
                                  const LaunchShape &Shape, uint64_t BlockId,
                                  unsigned WarpSize, LatencyUse Latency,
                                  bool EdgeWarpsOnly) {
  BlockSample S;
  uint64_t Threads = Shape.Block[0] * Shape.Block[1] * Shape.Block[2];
  Bindings Base = blockBindings(Shape, BlockId, WarpSize);
  static const char *Axis[] = {"x", "y", "z"};
  unsigned Warps = static_cast<unsigned>((Threads + WarpSize - 1) / WarpSize);
  for (unsigned W = 0; W != Warps; ++W) {
    if (EdgeWarpsOnly && W != 0 && W + 1 != Warps)
      continue;
    WarpSample WS;
    uint64_t First = uint64_t(W) * WarpSize;
    uint64_t Last = std::min<uint64_t>(First + WarpSize, Threads) - 1;
    WS.Lanes = static_cast<double>(Last - First + 1);
    for (uint64_t Lane : {First, Last}) {
      std::array<uint64_t, 3> Tid = unlinearize(Lane, Shape.Block);
      std::map<std::string, Expr> Subst;
      for (auto &[Name, V] : Base)
        Subst[Name] = Expr::constant(V);
      for (int D = 0; D < 3; ++D)
        Subst[std::string("tid.") + Axis[D]] =
            Expr::constant(toRational(Tid[D]));
      Rational LaneId = toRational(WarpSize ? Lane % WarpSize : 0);
      Subst["laneid"] = Expr::constant(LaneId);
      Bindings LaneValues = Base;
      for (int D = 0; D < 3; ++D)
        LaneValues[std::string("tid.") + Axis[D]] = toRational(Tid[D]);
      LaneValues["laneid"] = LaneId;
      for (auto [E, HasLat, Into] :
           {std::make_tuple(&In.Time, Latency.Time, &WS.Times),
            std::make_tuple(&In.Delay, Latency.Delay, &WS.Delays)}) {
        if (HasLat) {
          Into->push_back(E->substitute(Subst));
          continue;
        }
        // A symbol left without value: the barriers' or the traffic's
        // evaluation below names it.
        std::optional<Rational> V = E->evaluate(LaneValues);
        Into->push_back(V ? Expr::constant(*V) : E->substitute(Subst));
      }
      if (Lane == First) {
        Expected<double> Barriers = evaluateAt(In.Barriers, LaneValues);
        if (!Barriers)
          return Barriers.takeError();
        WS.Barriers = *Barriers;
        if (Error E = warpTraffic(In, LaneValues, WS.Lanes, WS.Traffic))
          return E;
      }
      if (First == Last)
        break;
    }
    S.Warps.push_back(std::move(WS));
  }
  return S;
}

/// Whether two sampled blocks give the same numbers (a grid's blocks
/// mostly repeat a few kinds: interior, edge, past the data).
bool sameSample(const BlockSample &A, const BlockSample &B) {
  if (A.Warps.size() != B.Warps.size())
    return false;
  for (size_t W = 0; W != A.Warps.size(); ++W) {
    const WarpSample &X = A.Warps[W], &Y = B.Warps[W];
    if (X.Barriers != Y.Barriers || X.Lanes != Y.Lanes ||
        X.Traffic != Y.Traffic || X.Times != Y.Times || X.Delays != Y.Delays)
      return false;
  }
  return true;
}

} // namespace ktime
