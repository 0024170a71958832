//===- Footprint.cpp - Distinct bytes an affine address touches -----------===//
//
// The offset c0 + sum_v a_v * v, with each box variable v (tid.*, ctaid.*,
// loop iteration numbers) in [0, R_v), touches a set of Bytes-wide ranges.
// Terms with equal coefficients merge (v + w spans R_v + R_w - 1 values);
// the group's constant shifts decompose into the coefficients (a stencil
// tap at dx + W * dy widens the tid.x and tid.y ranges by the spread of dx
// and dy). Then, from the smallest coefficient up, R copies at stride a of
// a set of U bytes spanning X bytes cover
//   U' = min(U * R, X + a * (R - 1)),   X' = X + a * (R - 1),
// exactly when the set is contiguous (U = X) or a >= X, and at most that
// otherwise. Shifts that do not decompose join as m copies spanning S bytes:
// U' = min(U * m, X + S), an upper bound. A box variable the offset only
// divides by one constant m (a lane tid.x % 32, a warp tid.x / 32) is first
// split into its quotient and remainder: v = m q + r, q in [0, ceil(R / m)),
// r in [0, min(R, m)), exactly v's values when m divides R or R <= m;
// otherwise the result is also capped at Bytes x shifts x the original
// box's points, which the larger split box could exceed.
//
//===----------------------------------------------------------------------===//
#include "MemoryImpl.h"

#include <algorithm>
#include <cassert>
#include <set>

using namespace llvm;

namespace ktime {
namespace memory {

namespace {

struct Term {
  Expr Coef;
  Expr Range;
  /// Only loop iteration numbers (iter.*) merged into this term.
  bool IterationOnly = false;
};

/// Value of \p E with every symbol set to \p V (an ordering key for
/// symbolic coefficients: sizes grow with their symbols).
double valueAt(const Expr &E, int64_t V) {
  std::set<std::string> Syms;
  E.collectSymbols(Syms);
  Bindings B;
  for (const std::string &S : Syms)
    B[S] = Rational(V);
  std::optional<Rational> R = E.evaluate(B);
  return R ? R->toDouble() : 0;
}

/// The widest spread of steps along one coefficient that the group's
/// shifts may add to its range (the taps of a stencil are a few steps).
constexpr int64_t MaxSpread = 32;

int64_t roundDiv(int64_t C, int64_t A) {
  // Nearest integer to C / A (A > 0), halves rounding up.
  int64_t N = 2 * C + A, D = 2 * A;
  return N >= 0 ? N / D : -((-N + D - 1) / D);
}

/// True if Q - P >= 0 for every value of the symbols: with each size
/// (ntid.*, nctaid.*, at least 1) written 1 + s, no term is negative.
bool knownLE(const Expr &P, const Expr &Q) {
  Expr D = Q - P;
  std::set<std::string> Syms;
  D.collectSymbols(Syms);
  std::map<std::string, Expr> Shift;
  for (const std::string &S : Syms)
    if (StringRef(S).starts_with("ntid.") ||
        StringRef(S).starts_with("nctaid."))
      Shift[S] = Expr::symbol(S) + 1;
  return isKnownNonNegative(D.substitute(Shift));
}

/// min(P, Q), decided where the sizes' ranges decide it.
Expr minOf(const Expr &P, const Expr &Q) {
  if (knownLE(P, Q))
    return P;
  if (knownLE(Q, P))
    return Q;
  return Expr::min(P, Q);
}

/// m if \p E is floor(\p Sym / m) with m a constant > 1.
std::optional<int64_t> quotientDivisor(const Expr &E, StringRef Sym) {
  if (E.getKind() != Expr::Kind::FloorDiv || !E.operands()[0].isSymbol() ||
      E.operands()[0].getSymbolName() != Sym)
    return std::nullopt;
  std::optional<int64_t> M = E.operands()[1].getInt64();
  return M && *M > 1 ? M : std::nullopt;
}

/// The divisors m of the floor(\p Sym / m) in \p E, m a constant > 1;
/// \p Other is set where \p Sym is divided by anything else.
void collectDivisors(const Expr &E, StringRef Sym, std::set<int64_t> &Out,
                     bool &Other) {
  if (E.getKind() == Expr::Kind::FloorDiv ||
      E.getKind() == Expr::Kind::CeilDiv) {
    if (std::optional<int64_t> M = quotientDivisor(E, Sym))
      Out.insert(*M);
    else if (E.mentions(Sym))
      Other = true;
    return;
  }
  for (const Expr &O : E.operands())
    collectDivisors(O, Sym, Out, Other);
}

/// \p E with every floor(\p Sym / \p M) replaced by \p Q.
Expr replaceQuotient(const Expr &E, StringRef Sym, int64_t M, const Expr &Q) {
  if (quotientDivisor(E, Sym) == M)
    return Q;
  if (E.operands().empty() || !E.mentions(Sym))
    return E;
  SmallVector<Expr, 4> Ops;
  for (const Expr &O : E.operands())
    Ops.push_back(replaceQuotient(O, Sym, M, Q));
  return E.withOperands(Ops);
}

/// Splits each box variable that \p Offset divides by one constant m into
/// a quotient and a remainder variable (file comment); Exact is cleared
/// where their box holds values the variable does not take.
void splitDividedVars(Expr &Offset, std::vector<BoxVar> &Box, bool &Exact) {
  for (size_t K = 0; K != Box.size(); ++K) {
    std::set<int64_t> Divisors;
    bool Other = false;
    collectDivisors(Offset, Box[K].Symbol, Divisors, Other);
    if (Divisors.size() != 1 || Other)
      continue;
    int64_t M = *Divisors.begin();
    BoxVar V = Box[K];
    std::string Q = V.Symbol + ".div" + std::to_string(M);
    std::string R = V.Symbol + ".mod" + std::to_string(M);
    Offset = replaceQuotient(Offset, V.Symbol, M, Expr::symbol(Q))
                 .substitute({{V.Symbol, Expr::constant(M) * Expr::symbol(Q) +
                                             Expr::symbol(R)}});
    std::optional<int64_t> Range = V.Range.getInt64();
    if (!Range || (*Range > M && *Range % M != 0))
      Exact = false;
    Box[K] = {Q, Expr::ceilDiv(V.Range, Expr::constant(M))};
    Box.push_back({R, minOf(V.Range, Expr::constant(M))});
  }
}

} // namespace

std::optional<Expr> footprintBytes(const Expr &Offset, ArrayRef<int64_t> Shifts,
                                   unsigned Bytes, ArrayRef<BoxVar> Box,
                                   bool &Exact, IterationRun *Run) {
  Exact = true;
  if (Run)
    *Run = IterationRun();
  Expr Split = Offset;
  std::vector<BoxVar> SplitBox(Box.begin(), Box.end());
  bool SplitExact = true;
  splitDividedVars(Split, SplitBox, SplitExact);
  // A split box larger than the variable's range must not count more
  // bytes than the points of the original box give: Bytes a shift a point.
  std::optional<Expr> Points;
  if (!SplitExact) {
    Exact = false;
    Points = Expr::constant(static_cast<int64_t>(std::max<size_t>(
        1, std::set<int64_t>(Shifts.begin(), Shifts.end()).size())));
    for (const BoxVar &V : Box)
      if (Offset.mentions(V.Symbol))
        Points = *Points * V.Range;
  }
  Box = SplitBox;
  std::vector<std::string> Syms;
  for (const BoxVar &V : Box)
    Syms.push_back(V.Symbol);
  if (!isLinearIn(Split, Syms))
    return std::nullopt;
  LinearParts Parts = linearParts(Split, Syms);

  // Coefficients, made positive, equal ones merged.
  std::vector<Term> Terms;
  for (size_t K = 0; K != Box.size(); ++K) {
    const BoxVar &V = Box[K];
    Expr A = Parts.Coef[K];
    if (A == Expr::constant(0))
      continue;
    std::optional<Rational> C = A.getConstant();
    if ((C && C->sign() < 0) || (!C && valueAt(A, 1) < 0))
      A = -A;
    bool Iteration = StringRef(V.Symbol).starts_with("iter.");
    if (Run && V.Symbol == "tid.x")
      Run->LaneStride = A;
    auto Same =
        llvm::find_if(Terms, [&](const Term &T) { return T.Coef == A; });
    if (Same != Terms.end()) {
      Same->Range = Same->Range + V.Range - 1;
      Same->IterationOnly = Same->IterationOnly && Iteration;
    } else {
      Terms.push_back({A, V.Range, Iteration});
    }
  }

  // The group's shifts, relative to the smallest, as steps along the
  // constant coefficients (largest first, nearest multiple).
  std::vector<int64_t> Rel;
  if (!Shifts.empty()) {
    int64_t Min = *std::min_element(Shifts.begin(), Shifts.end());
    std::set<int64_t> Distinct;
    for (int64_t S : Shifts)
      Distinct.insert(S - Min);
    Rel.assign(Distinct.begin(), Distinct.end());
  }
  std::vector<size_t> ConstOrder;
  for (size_t I = 0; I != Terms.size(); ++I)
    if (std::optional<int64_t> C = Terms[I].Coef.getInt64(); C && *C > 0)
      ConstOrder.push_back(I);
  llvm::sort(ConstOrder, [&](size_t X, size_t Y) {
    return *Terms[X].Coef.getInt64() > *Terms[Y].Coef.getInt64();
  });
  std::vector<int64_t> MinK(Terms.size(), 0), MaxK(Terms.size(), 0);
  bool Decomposed = true;
  for (int64_t C : Rel) {
    for (size_t I : ConstOrder) {
      int64_t A = *Terms[I].Coef.getInt64();
      int64_t K = roundDiv(C, A);
      C -= K * A;
      MinK[I] = std::min(MinK[I], K);
      MaxK[I] = std::max(MaxK[I], K);
    }
    if (C != 0)
      Decomposed = false;
  }
  // A widened range is contiguous only while the spread stays below the
  // range; keep spreads small (stencil taps), else treat the shifts apart.
  for (size_t I = 0; I != Terms.size(); ++I)
    if (MaxK[I] - MinK[I] > MaxSpread)
      Decomposed = false;
  if (Decomposed) {
    for (size_t I = 0; I != Terms.size(); ++I) {
      Terms[I].Range = Terms[I].Range + (MaxK[I] - MinK[I]);
      // Members of one iteration widen it: not all later iterations.
      if (MaxK[I] != MinK[I])
        Terms[I].IterationOnly = false;
    }
    Rel.clear();
  } else if (Rel.size() > 1) {
    // Evenly spaced shifts (unrolled rows) are one more term.
    int64_t Step = Rel[1] - Rel[0];
    bool Even = true;
    for (size_t I = 1; I != Rel.size(); ++I)
      Even = Even && Rel[I] - Rel[I - 1] == Step;
    if (Even) {
      // The members of one iteration, not later iterations.
      Terms.push_back({Expr::constant(Step),
                       Expr::constant(static_cast<int64_t>(Rel.size())),
                       /*IterationOnly=*/false});
      Rel.clear();
    }
  }

  // Smallest coefficient first: constants by value, then symbolic ones.
  llvm::stable_sort(Terms, [](const Term &X, const Term &Y) {
    std::optional<Rational> CX = X.Coef.getConstant(),
                            CY = Y.Coef.getConstant();
    if (CX && CY)
      return *CX < *CY;
    if (CX || CY)
      return CX.has_value();
    return valueAt(X.Coef, 2) < valueAt(Y.Coef, 2);
  });

  Expr U = Expr::constant(Bytes), X = U;
  for (const Term &T : Terms) {
    if (Run && T.IterationOnly)
      Run->IterationTerms.push_back({T.Coef, T.Range});
    Expr NewX = X + T.Coef * (T.Range - 1);
    if (!(U == X) && !knownLE(X, T.Coef))
      Exact = false;
    U = minOf(U * T.Range, NewX);
    X = NewX;
  }
  if (Rel.size() > 1) {
    U = minOf(U * static_cast<int64_t>(Rel.size()), X + Rel.back());
    Exact = false;
  }
  if (Points)
    U = minOf(U, Expr::constant(Bytes) * *Points);
  return U;
}

bool isLinearIn(const Expr &E, ArrayRef<std::string> Syms) {
  auto IsBox = [&](const Expr &F) {
    return F.isSymbol() && llvm::is_contained(Syms, F.getSymbolName().str());
  };
  auto MentionsBox = [&](const Expr &F) {
    return llvm::any_of(Syms,
                        [&](const std::string &S) { return F.mentions(S); });
  };
  for (const Expr &T : E.terms()) {
    ArrayRef<Expr> Factors =
        T.getKind() == Expr::Kind::Mul ? T.operands() : ArrayRef<Expr>(T);
    unsigned Box = 0;
    for (const Expr &F : Factors) {
      if (IsBox(F))
        ++Box;
      else if (MentionsBox(F))
        return false;
    }
    if (Box > 1)
      return false;
  }
  return true;
}

std::pair<Expr, Rational> splitConstant(const Expr &E) {
  if (std::optional<Rational> C = E.getConstant())
    return {Expr(), *C};
  if (E.getKind() != Expr::Kind::Add)
    return {E, Rational(0)};
  // A canonical sum has at most one constant term, its last.
  std::optional<Rational> C = E.operands().back().getConstant();
  if (!C)
    return {E, Rational(0)};
  return {E - Expr::constant(*C), *C};
}

LinearParts linearParts(const Expr &E, ArrayRef<std::string> Syms) {
  assert(std::set<std::string>(Syms.begin(), Syms.end()).size() ==
             Syms.size() &&
         "the symbols must be distinct");
  std::vector<std::vector<Expr>> Cofactors(Syms.size());
  for (const Expr &T : E.terms()) {
    ArrayRef<Expr> Factors =
        T.getKind() == Expr::Kind::Mul ? T.operands() : ArrayRef<Expr>(T);
    size_t Which = Syms.size();
    for (const Expr &F : Factors)
      if (F.isSymbol())
        for (size_t K = 0; K != Syms.size(); ++K)
          if (F.getSymbolName() == Syms[K])
            Which = K;
    if (Which != Syms.size())
      Cofactors[Which].push_back(
          T.substitute({{Syms[Which], Expr::constant(1)}}));
  }
  LinearParts P;
  for (const std::vector<Expr> &C : Cofactors)
    P.Coef.push_back(Expr::sum(C));
  return P;
}

} // namespace memory
} // namespace ktime
