//===- WarpLayout.cpp - The ids of each lane of a warp --------------------===//
//
// Threads form warps in the order of their linear id tid.x + ntid.x *
// (tid.y + ntid.y * tid.z). With the block shape unknown, a warp is assumed
// to span WarpSize consecutive tid.x starting at a multiple of WarpSize:
// lane l has tid.x = WarpSize * w.x + l and lane 0's tid.y, tid.z. With the
// shape known, a block whose x size is a multiple of the warp size gives the
// same layout; one whose x size divides the warp size puts WarpSize / ntid.x
// rows in a warp (lane l: tid.x = l % ntid.x, tid.y = r * w.y + l / ntid.x);
// any other shape has warps that straddle rows irregularly: the block's
// first warp is modelled, and the ids of every warp of the block are listed
// (BlockWarps) for the mean of a shared access's bank conflicts.
//
//===----------------------------------------------------------------------===//
#include "MemoryImpl.h"

#include <functional>

using namespace llvm;

namespace ktime {
namespace memory {

namespace {

const char *Dim[3] = {"x", "y", "z"};

std::string helper(unsigned D) { return std::string("ktime.w.") + Dim[D]; }
std::string tid(unsigned D) { return std::string("tid.") + Dim[D]; }

} // namespace

WarpLayout WarpLayout::make(std::optional<std::array<unsigned, 3>> Block,
                            unsigned WarpSize) {
  WarpLayout W;
  int64_t WS = WarpSize ? WarpSize : 32;
  W.Block = Block;
  W.Lanes = static_cast<unsigned>(WS);
  // Per dimension: lane l's id is Base[d] + Id(l)[d]; Base is a multiple of
  // Scale[d] (a helper symbol times it), 0, or lane 0's own symbol.
  enum class BaseKind { Zero, Helper, Own };
  std::array<BaseKind, 3> Base = {BaseKind::Own, BaseKind::Own, BaseKind::Own};
  std::array<int64_t, 3> Scale = {1, 1, 1};
  std::map<std::string, Expr> Sizes;
  std::function<std::array<int64_t, 3>(int64_t)> Id =
      [](int64_t L) -> std::array<int64_t, 3> { return {L, 0, 0}; };

  if (!Block) {
    Base[0] = BaseKind::Helper;
    Scale[0] = WS;
    W.Multiples["ntid.x"] = WS;
    W.SizeMultiples["ntid.x"] = Expr::symbol("ktime.n.x") * WS;
    W.SizeBack["ktime.n.x"] =
        Expr::symbol("ntid.x") * Expr::constant(Rational(1, WS));
    W.Assumptions.push_back(
        "block shape unknown: a warp is assumed to span " + std::to_string(WS) +
        " consecutive tid.x (ntid.x a multiple of " + std::to_string(WS) + ")");
  } else {
    int64_t BX = std::max(1u, (*Block)[0]), BY = std::max(1u, (*Block)[1]),
            BZ = std::max(1u, (*Block)[2]);
    // Saturated far above any GPU's block (callers pass checked shapes).
    constexpr int64_t MaxThreads = int64_t(1) << 31;
    int64_t Threads = std::min(
        std::min(BX, MaxThreads) * std::min(BY, MaxThreads), MaxThreads);
    Threads = std::min(Threads * std::min(BZ, MaxThreads), MaxThreads);
    W.Lanes = static_cast<unsigned>(std::min(WS, Threads));
    bool Straddles = false;
    if (BX % WS == 0) {
      Base[0] = BX == WS ? BaseKind::Zero : BaseKind::Helper;
      Scale[0] = WS;
    } else if (WS % BX == 0) {
      int64_t Rows = WS / BX;
      Base[0] = BaseKind::Zero;
      if (BY % Rows == 0) {
        Base[1] = BY == Rows ? BaseKind::Zero : BaseKind::Helper;
        Scale[1] = Rows;
        Id = [BX](int64_t L) -> std::array<int64_t, 3> {
          return {L % BX, L / BX, 0};
        };
      } else if (Rows % BY == 0) {
        int64_t Planes = Rows / BY;
        Base[1] = BaseKind::Zero;
        if (BZ % Planes == 0 || Threads <= WS) {
          Base[2] = (BZ == Planes || Threads <= WS) ? BaseKind::Zero
                                                    : BaseKind::Helper;
          Scale[2] = Planes;
          Id = [BX, BY](int64_t L) -> std::array<int64_t, 3> {
            return {L % BX, (L / BX) % BY, L / (BX * BY)};
          };
        } else {
          Straddles = true;
        }
      } else {
        Straddles = true;
      }
    } else {
      Straddles = true;
    }
    if (Straddles) {
      Base = {BaseKind::Zero, BaseKind::Zero, BaseKind::Zero};
      Id = [BX, BY](int64_t L) -> std::array<int64_t, 3> {
        return {L % BX, (L / BX) % BY, L / (BX * BY)};
      };
      // The block's warps differ in where they change rows: each is listed
      // (at most MaxWarpsAveraged, spread over the block), so that a shared
      // access's bank conflicts can be taken as their mean.
      int64_t Warps = std::max<int64_t>(1, (Threads + WS - 1) / WS);
      int64_t Listed = std::min<int64_t>(Warps, MaxWarpsAveraged);
      for (int64_t K = 0; K != Listed; ++K) {
        int64_t Warp = K * Warps / Listed;
        std::vector<std::array<int64_t, 3>> Ids;
        for (int64_t L = Warp * WS; L < std::min(Threads, (Warp + 1) * WS); ++L)
          Ids.push_back(Id(L));
        W.BlockWarps.push_back(std::move(Ids));
      }
      W.Assumptions.push_back(
          "block " + std::to_string(BX) + "x" + std::to_string(BY) + "x" +
          std::to_string(BZ) +
          ": warps straddle rows unevenly; the block's first warp is "
          "modelled, and a shared access's bank conflicts are the mean over " +
          std::to_string(Listed) + " of its " + std::to_string(Warps) +
          " warps");
    }
    for (unsigned D = 0; D != 3; ++D)
      Sizes["ntid." + std::string(Dim[D])] =
          Expr::constant(static_cast<int64_t>((*Block)[D] ? (*Block)[D] : 1));
  }

  for (unsigned D = 0; D != 3; ++D)
    if (Base[D] == BaseKind::Helper)
      W.Back[helper(D)] =
          Expr::symbol(tid(D)) * Expr::constant(Rational(1, Scale[D]));

  W.PerLane.resize(W.Lanes);
  W.IdDelta.resize(W.Lanes);
  W.RowOf.resize(W.Lanes);
  for (unsigned L = 0; L != W.Lanes; ++L) {
    std::map<std::string, Expr> &S = W.PerLane[L];
    std::array<int64_t, 3> Ids = Id(L);
    W.IdDelta[L] = Ids;
    W.RowOf[L] = Ids[1] + Ids[2] * (W.Lanes + 1);
    for (unsigned D = 0; D != 3; ++D) {
      Expr Offset = Expr::constant(Ids[D]);
      switch (Base[D]) {
      case BaseKind::Zero:
        S[tid(D)] = Offset;
        break;
      case BaseKind::Helper:
        S[tid(D)] = Expr::symbol(helper(D)) * Scale[D] + Offset;
        break;
      case BaseKind::Own:
        if (Ids[D] != 0)
          S[tid(D)] = Expr::symbol(tid(D)) + Offset;
        break;
      }
    }
    S["laneid"] = Expr::constant(L);
    // The sizes, when known, are constants for every lane.
    S.insert(Sizes.begin(), Sizes.end());
  }
  return W;
}

namespace {

const std::vector<std::string> &idSymbols() {
  static const std::vector<std::string> Ids = {"tid.x", "tid.y", "tid.z",
                                               "laneid"};
  return Ids;
}

/// E's constant coefficients of the ids \p Wanted asks for (the others 0),
/// when E is linear in the ids; std::nullopt otherwise.
std::optional<std::array<int64_t, 4>>
coefficients(const Expr &E, const std::array<bool, 4> &Wanted) {
  const std::vector<std::string> &Ids = idSymbols();
  if (!isLinearIn(E, Ids))
    return std::nullopt;
  LinearParts Parts = linearParts(E, Ids);
  std::array<int64_t, 4> Coef = {0, 0, 0, 0};
  for (unsigned K = 0; K != 4; ++K) {
    if (!Wanted[K] || !E.mentions(Ids[K]))
      continue;
    std::optional<int64_t> C = Parts.Coef[K].getInt64();
    if (!C)
      return std::nullopt;
    Coef[K] = *C;
  }
  return Coef;
}

} // namespace

std::optional<std::array<int64_t, 4>>
WarpLayout::idCoefficients(const Expr &E) const {
  return coefficients(E, {true, true, true, true});
}

std::optional<std::vector<int64_t>>
WarpLayout::linearDeltas(const Expr &E) const {
  std::vector<int64_t> D(Lanes, 0);
  if (llvm::none_of(idSymbols(),
                    [&](const std::string &S) { return E.mentions(S); }))
    return D;
  // Only the ids that vary across the warp need a constant coefficient.
  std::array<bool, 4> Varies = {false, false, false, Lanes > 1};
  for (unsigned K = 0; K != 3; ++K)
    for (unsigned L = 1; L != Lanes && !Varies[K]; ++L)
      Varies[K] = IdDelta[L][K] != 0;
  std::optional<std::array<int64_t, 4>> Coef = coefficients(E, Varies);
  if (!Coef)
    return std::nullopt;
  for (unsigned L = 0; L != Lanes; ++L)
    D[L] = (*Coef)[0] * IdDelta[L][0] + (*Coef)[1] * IdDelta[L][1] +
           (*Coef)[2] * IdDelta[L][2] + (*Coef)[3] * L;
  return D;
}

std::optional<std::vector<Expr>>
WarpLayout::symbolicDeltas(const Expr &E, ArrayRef<unsigned> Lanes) const {
  const std::vector<std::string> &Ids = idSymbols();
  if (Lanes.empty() || !isLinearIn(E, Ids))
    return std::nullopt;
  LinearParts Parts = linearParts(E, Ids);
  unsigned L0 = Lanes.front();
  // The coefficients hold no id; the lane's sizes still apply to them.
  for (Expr &C : Parts.Coef)
    C = C.substitute(PerLane[L0]);
  std::vector<Expr> D;
  for (unsigned L : Lanes) {
    std::vector<Expr> Terms;
    for (unsigned K = 0; K != 4; ++K) {
      int64_t Step =
          K < 3 ? IdDelta[L][K] - IdDelta[L0][K] : int64_t(L) - int64_t(L0);
      if (Step != 0)
        Terms.push_back(Parts.Coef[K] * Step);
    }
    D.push_back(Expr::sum(Terms));
  }
  return D;
}

} // namespace memory
} // namespace ktime
