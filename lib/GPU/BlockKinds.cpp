//===- BlockKinds.cpp - Blocks of a grid in kinds, and their traffic ------===//
//
// The values of each axis of a grid (ctaid.x, .y, .z) grouped into kinds
// whose blocks give the same numbers (spreadPoints on each axis), and the
// bytes a range of blocks moves: the sum over the kinds, each weighing
// how many of the range's blocks it stands for (docs/kernel-time.md,
// "Traffic: the sum over the blocks").
//
//===----------------------------------------------------------------------===//
#include "GPUModelImpl.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace ktime {

/// At most \p M of \p Points, evenly by index, the first and last kept.
static std::vector<SpreadPoint> thin(const std::vector<SpreadPoint> &Points,
                                     size_t M) {
  if (Points.size() <= M || M < 2)
    return Points;
  std::vector<SpreadPoint> Result;
  for (size_t I = 0; I != M; ++I)
    Result.push_back(Points[I * (Points.size() - 1) / (M - 1)]);
  return Result;
}

/// Values of [0, \p N) for a sum by linear interpolation between them: the
/// first, the last and the middles of \p Initial strata; then, gap by gap
/// and a level at a time, the value halfway between two neighbours
/// wherever it lies \p OffLine (not on the line through them), up to
/// \p MaxPoints values. A step is found to adjacent values in as many
/// halvings as its gap has bits; a cost linear in the value needs none.
static Expected<std::vector<uint64_t>> interpolationPoints(
    uint64_t N, unsigned Initial, unsigned MaxPoints,
    function_ref<Expected<bool>(uint64_t, uint64_t, uint64_t)> OffLine) {
  std::vector<uint64_t> Points = startingPoints(N, Initial);
  std::vector<std::pair<uint64_t, uint64_t>> Gaps, Next;
  for (size_t I = 0; I + 1 < Points.size(); ++I)
    Gaps.push_back({Points[I], Points[I + 1]});
  while (!Gaps.empty() && Points.size() < MaxPoints) {
    Next.clear();
    for (auto [A, B] : Gaps) {
      if (B - A < 2 || Points.size() >= MaxPoints)
        continue;
      uint64_t M = A + (B - A) / 2;
      Expected<bool> Off = OffLine(A, M, B);
      if (!Off)
        return Off.takeError();
      if (!*Off)
        continue;
      Points.push_back(M);
      Next.push_back({A, M});
      Next.push_back({M, B});
    }
    std::swap(Gaps, Next);
  }
  llvm::sort(Points);
  return Points;
}

/// Whether \p M's traffic lies off the line through \p A's and \p B's,
/// in any warp and kind (beyond rounding).
static bool offLine(const BlockTraffic &A, const BlockTraffic &M,
                    const BlockTraffic &B, double Share) {
  for (size_t W = 0; W != M.size() && W != A.size() && W != B.size(); ++W)
    for (unsigned K = 0; K != NumTraffic; ++K) {
      double Line = A[W][K] + (B[W][K] - A[W][K]) * Share;
      double Scale = std::max({1.0, std::abs(A[W][K]), std::abs(B[W][K])});
      if (std::abs(M[W][K] - Line) > 1e-9 * Scale)
        return true;
    }
  return false;
}

Expected<std::array<WaveSolver::AxisKinds, 3>>
WaveSolver::boxKinds(const std::array<uint64_t, 3> &Box, bool ByTraffic) {
  const std::array<uint64_t, 3> &G = Shape.Grid;
  auto Id = [&](const std::array<uint64_t, 3> &C) {
    return C[0] + G[0] * (C[1] + G[1] * C[2]);
  };
  const unsigned Initial = 8, MaxPoints = 24, TrafficMaxPoints = 128;
  auto Plain = [](uint64_t, uint64_t) -> Expected<bool> { return false; };
  // Two values of axis D differ when a block of theirs at one of the other
  // axes' starting values (at most 4 of each) does: in the traffic of any
  // warp (ByTraffic), else in its first or last warp (a guard monotone in
  // the thread ids shows at the block's edges, as it does at a warp's
  // first and last lane, unless another guard idles those warps).
  auto BlocksDiffer = [&](uint64_t A, uint64_t B) -> Expected<bool> {
    if (ByTraffic) {
      Expected<const BlockTraffic *> TA = trafficSample(A);
      if (!TA)
        return TA.takeError();
      Expected<const BlockTraffic *> TB = trafficSample(B);
      if (!TB)
        return TB.takeError();
      return **TA != **TB;
    }
    Expected<const BlockSample *> SA = edgeSample(A);
    if (!SA)
      return SA.takeError();
    Expected<const BlockSample *> SB = edgeSample(B);
    if (!SB)
      return SB.takeError();
    return !sameSample(**SA, **SB);
  };
  std::array<std::vector<SpreadPoint>, 3> Across;
  for (unsigned D = 0; D != 3; ++D) {
    Expected<std::vector<SpreadPoint>> Start =
        spreadPoints(Box[D], Initial, Initial, Plain);
    if (!Start)
      return Start.takeError();
    Across[D] = thin(*Start, 4);
  }
  auto Differ = [&](unsigned D) {
    unsigned U = (D + 1) % 3, V = (D + 2) % 3;
    return [&, D, U, V](uint64_t A, uint64_t B) -> Expected<bool> {
      for (const SpreadPoint &PU : Across[U])
        for (const SpreadPoint &PV : Across[V]) {
          std::array<uint64_t, 3> CA, CB;
          CA[D] = A;
          CB[D] = B;
          CA[U] = CB[U] = PU.Value;
          CA[V] = CB[V] = PV.Value;
          Expected<bool> Differs = BlocksDiffer(Id(CA), Id(CB));
          if (!Differs || *Differs)
            return Differs;
        }
      return false;
    };
  };
  // By traffic, the values of axis D are chosen for a sum by linear
  // interpolation: a value halfway between two is added where, at one of
  // the other axes' starting values, its block's traffic lies off the line
  // through theirs (interpolationPoints). Each weighs the values nearest
  // to it, as spreadPoints' do (the mean block's times do not use them).
  auto TrafficPoints = [&](unsigned D) -> Expected<std::vector<SpreadPoint>> {
    unsigned U = (D + 1) % 3, V = (D + 2) % 3;
    auto OffLine = [&](uint64_t A, uint64_t M, uint64_t B) -> Expected<bool> {
      double Share = double(M - A) / double(B - A);
      for (const SpreadPoint &PU : Across[U])
        for (const SpreadPoint &PV : Across[V]) {
          std::array<uint64_t, 3> C;
          C[U] = PU.Value;
          C[V] = PV.Value;
          const BlockTraffic *T[3];
          uint64_t Values[3] = {A, M, B};
          for (unsigned I = 0; I != 3; ++I) {
            C[D] = Values[I];
            Expected<const BlockTraffic *> S = trafficSample(Id(C));
            if (!S)
              return S.takeError();
            T[I] = *S;
          }
          if (offLine(*T[0], *T[1], *T[2], Share))
            return true;
        }
      return false;
    };
    Expected<std::vector<uint64_t>> Values =
        interpolationPoints(Box[D], Initial, TrafficMaxPoints, OffLine);
    if (!Values)
      return Values.takeError();
    std::vector<SpreadPoint> Points;
    for (size_t I = 0; I != Values->size(); ++I) {
      uint64_t Start = I == 0 ? 0 : ((*Values)[I - 1] + (*Values)[I]) / 2 + 1;
      uint64_t End = I + 1 == Values->size()
                         ? Box[D]
                         : ((*Values)[I] + (*Values)[I + 1]) / 2 + 1;
      Points.push_back({(*Values)[I], double(End - Start)});
    }
    return Points;
  };
  // Values that do not differ form one kind, weighing their sum.
  std::array<AxisKinds, 3> Result;
  for (unsigned D = 0; D != 3; ++D) {
    auto Differs = Differ(D);
    Expected<std::vector<SpreadPoint>> Points =
        ByTraffic ? TrafficPoints(D)
                  : spreadPoints(Box[D], Initial, MaxPoints, Differs);
    if (!Points)
      return Points.takeError();
    AxisKinds &A = Result[D];
    for (const SpreadPoint &P : *Points) {
      unsigned Kind = 0;
      for (; Kind != A.Kinds.size(); ++Kind) {
        Expected<bool> Diff = Differs(A.Kinds[Kind].Value, P.Value);
        if (!Diff)
          return Diff.takeError();
        if (!*Diff)
          break;
      }
      if (Kind == A.Kinds.size())
        A.Kinds.push_back({P.Value, 0});
      A.Kinds[Kind].Weight += P.Weight;
      A.Points.push_back({P.Value, Kind});
    }
  }
  return Result;
}

Expected<const std::array<WaveSolver::AxisKinds, 3> *> WaveSolver::gridKinds() {
  if (!GridKinds) {
    Expected<std::array<AxisKinds, 3>> K =
        boxKinds(Shape.Grid, /*ByTraffic=*/true);
    if (!K)
      return K.takeError();
    GridKinds = std::move(*K);
  }
  return &*GridKinds;
}

/// How many of [\p Lo, \p Hi) each run of \p A's values holds, by kind:
/// calls \p Add(kind, count) for each run that overlaps.
/// The values [\p Lo, \p Hi) of an axis, shared among its points \p P
/// (each a value and its kind): a
/// value between two points goes to both, in proportion to its nearness
/// (linear interpolation, exact for a cost linear in the value and for a
/// step between adjacent points). Calls \p Add(kind, weight) per point.
template <typename AddFn>
static void overlapPoints(const std::vector<std::pair<uint64_t, unsigned>> &P,
                          uint64_t Lo, uint64_t Hi, AddFn Add) {
  for (size_t I = 0; I + 1 < P.size(); ++I) {
    uint64_t Left = P[I].first, Right = P[I + 1].first;
    uint64_t From = std::max(Left, Lo), To = std::min(Right, Hi);
    if (From >= To)
      continue;
    // The values From .. To - 1: their sum of (Right - v) / (Right - Left)
    // goes to the left point, the rest to the right one.
    double N = double(To - From);
    double ToLeft =
        (N * double(Right) - N * (double(From) + double(To - 1)) / 2) /
        double(Right - Left);
    Add(P[I].second, ToLeft);
    if (N > ToLeft)
      Add(P[I + 1].second, N - ToLeft);
  }
  // The last point, which no segment above holds.
  uint64_t Last = P.back().first;
  if (Lo <= Last && Last < Hi)
    Add(P.back().second, 1.0);
}

Expected<std::array<double, NumTraffic>>
WaveSolver::rangeTraffic(uint64_t FirstBlock, uint64_t NBlocks) {
  Expected<const std::array<AxisKinds, 3> *> K = gridKinds();
  if (!K)
    return K.takeError();
  const AxisKinds &X = (**K)[0], &Y = (**K)[1], &Z = (**K)[2];
  const std::array<uint64_t, 3> &G = Shape.Grid;
  // The range's blocks by kind. Rows (one ctaid.y and .z) from RowLo to
  // RowHi, each with the ctaid.x values [XLo, XHi), go plane by plane: a
  // plane's rows by the runs of Y they overlap, whole planes by the runs
  // of Z.
  std::map<std::array<unsigned, 3>, double> Weights;
  auto AddRows = [&](uint64_t RowLo, uint64_t RowHi, uint64_t XLo,
                     uint64_t XHi) {
    auto AddPlanes = [&](uint64_t ZLo, uint64_t ZHi, uint64_t YLo,
                         uint64_t YHi) {
      overlapPoints(Z.Points, ZLo, ZHi, [&](unsigned KZ, double NZ) {
        overlapPoints(Y.Points, YLo, YHi, [&](unsigned KY, double NY) {
          overlapPoints(X.Points, XLo, XHi, [&](unsigned KX, double NX) {
            Weights[{KX, KY, KZ}] += NZ * NY * NX;
          });
        });
      });
    };
    uint64_t ZFirst = RowLo / G[1], ZLast = (RowHi - 1) / G[1];
    if (ZFirst == ZLast) {
      AddPlanes(ZFirst, ZFirst + 1, RowLo % G[1], (RowHi - 1) % G[1] + 1);
      return;
    }
    AddPlanes(ZFirst, ZFirst + 1, RowLo % G[1], G[1]);
    if (ZLast > ZFirst + 1)
      AddPlanes(ZFirst + 1, ZLast, 0, G[1]);
    AddPlanes(ZLast, ZLast + 1, 0, (RowHi - 1) % G[1] + 1);
  };
  uint64_t End = FirstBlock + NBlocks;
  uint64_t RowFirst = FirstBlock / G[0], RowLast = (End - 1) / G[0];
  if (RowFirst == RowLast) {
    AddRows(RowFirst, RowFirst + 1, FirstBlock % G[0], (End - 1) % G[0] + 1);
  } else {
    AddRows(RowFirst, RowFirst + 1, FirstBlock % G[0], G[0]);
    if (RowLast > RowFirst + 1)
      AddRows(RowFirst + 1, RowLast, 0, G[0]);
    AddRows(RowLast, RowLast + 1, 0, (End - 1) % G[0] + 1);
  }
  std::array<double, NumTraffic> Traffic = {};
  for (const auto &[Kinds, Weight] : Weights) {
    uint64_t Id =
        X.Kinds[Kinds[0]].Value +
        G[0] * (Y.Kinds[Kinds[1]].Value + G[1] * Z.Kinds[Kinds[2]].Value);
    Expected<const BlockTraffic *> S = trafficSample(Id);
    if (!S)
      return S.takeError();
    for (const std::array<double, NumTraffic> &Warp : **S)
      for (unsigned T = 0; T != NumTraffic; ++T)
        Traffic[T] += Warp[T] * Weight;
  }
  return Traffic;
}

} // namespace ktime
