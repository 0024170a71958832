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

/// The traffic expressions, one per TrafficKind in its order, then the
/// barriers.
static std::vector<Expr> trafficAndBarriers(const KernelInputs &In) {
  const Expr *Traffic[] = {&In.GlobalBytes,          &In.UncoalescedBytes,
                           &In.L1HitBytes,           &In.L2HitBytes,
                           &In.SectorBytes,          &In.SectorBytesMissingL1,
                           &In.SectorBytesMissingL2, &In.SharedBytes,
                           &In.HotAtomics,           &In.UncoalescedL1HitBytes,
                           &In.L1TagBytes,           &In.L1DataBytes,
                           &In.L1PendingHitBytes};
  static_assert(std::size(Traffic) == NumTraffic,
                "one expression per TrafficKind, in its order");
  std::vector<Expr> All;
  for (const Expr *E : Traffic)
    All.push_back(*E);
  All.push_back(In.Barriers);
  return All;
}

SamplingExprs::SamplingExprs(const KernelInputs &In)
    : TrafficAndBarriers(trafficAndBarriers(In)),
      TimeAndDelay({In.Time, In.Delay}) {}

/// The bytes of each traffic kind of a warp of \p Lanes lanes whose first
/// lane has the ids of \p FirstLane (the expressions are per-lane means),
/// and, if \p Barriers is given, the barriers it passes.
static Error warpTraffic(const SamplingExprs &Compiled,
                         const Bindings &FirstLane, double Lanes,
                         std::array<double, NumTraffic> &Traffic,
                         double *Barriers = nullptr) {
  const CompiledExprs &Exprs = Compiled.TrafficAndBarriers;
  std::vector<std::optional<Rational>> Values;
  Exprs.evaluate(FirstLane, Values);
  // Without a value, evaluateAt names what the bindings lack.
  auto ValueOf = [&](unsigned K) -> Expected<double> {
    if (Values[K])
      return Values[K]->toDouble();
    return evaluateAt(Exprs.root(K), FirstLane);
  };
  if (Barriers) {
    // The barriers first: a symbol left without value is named in their
    // message.
    Expected<double> V = ValueOf(NumTraffic);
    if (!V)
      return V.takeError();
    *Barriers = *V;
  }
  for (unsigned K = 0; K != NumTraffic; ++K) {
    Expected<double> V = ValueOf(K);
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

Expected<BlockTraffic> sampleBlockTraffic(const SamplingExprs &Compiled,
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
    if (Error E = warpTraffic(Compiled, B, Lanes, Traffic))
      return E;
    Result.push_back(Traffic);
  }
  return Result;
}

Expected<BlockSample> sampleBlock(const SamplingExprs &Compiled,
                                  const LaunchShape &Shape, uint64_t BlockId,
                                  unsigned WarpSize, bool EdgeWarpsOnly) {
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
      Rational LaneId = toRational(WarpSize ? Lane % WarpSize : 0);
      Bindings LaneValues = Base;
      for (int D = 0; D < 3; ++D)
        LaneValues[std::string("tid.") + Axis[D]] = toRational(Tid[D]);
      LaneValues["laneid"] = LaneId;
      // The ids substituted: a constant where the time or the delay has no
      // latency symbol; an expression in the latencies, which the
      // bandwidth iterations evaluate, where it has (or where a symbol is
      // left without value: the barriers' or the traffic's evaluation below
      // names it).
      std::vector<Expr> TimeAndDelay;
      Compiled.TimeAndDelay.substitute(LaneValues, TimeAndDelay);
      WS.Times.push_back(TimeAndDelay[0]);
      WS.Delays.push_back(TimeAndDelay[1]);
      if (Lane == First)
        if (Error E = warpTraffic(Compiled, LaneValues, WS.Lanes, WS.Traffic,
                                  &WS.Barriers))
          return E;
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
