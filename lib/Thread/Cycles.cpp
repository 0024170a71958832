//===- Cycles.cpp - Times as expressions with a nominal value -------------===//
#include "Cycles.h"
#include "AffineTripCount.h"

#include <set>

namespace ktime {

static std::optional<double> nominalOf(const Expr &E,
                                       const NominalLatencies &N) {
  // Most costs are constants: no walk over the expression.
  if (std::optional<Rational> C = E.getConstant())
    return C->toDouble();
  if (std::optional<Rational> V = E.evaluate(N))
    return V->toDouble();
  return std::nullopt;
}

Cycles::Cycles(Expr E, const NominalLatencies &N)
    : E(std::move(E)), Nominal(nominalOf(this->E, N)) {}

Cycles Cycles::constant(double V) {
  Cycles C;
  // Costs in target files are decimals; keep them exact as rationals.
  C.E = Expr::constant(Rational(static_cast<int64_t>(V * 1000 + 0.5), 1000));
  C.Nominal = V;
  return C;
}

Cycles operator+(const Cycles &A, const Cycles &B) {
  Cycles R;
  R.E = A.E + B.E;
  R.Nominal = A.Nominal && B.Nominal
                  ? std::optional<double>(*A.Nominal + *B.Nominal)
                  : std::nullopt;
  return R;
}

Cycles Cycles::scaled(const Expr &Count, const NominalLatencies &N) const {
  return Cycles(simplifyWithSymbolRanges(E * Count), N);
}

Cycles Cycles::substituted(const std::string &Symbol, const Expr &Value,
                           const NominalLatencies &N) const {
  if (!E.mentions(Symbol))
    return *this;
  return Cycles(simplifyWithSymbolRanges(E.substitute({{Symbol, Value}})), N);
}

/// max(A, B) with the non-constant terms both have taken out:
/// max(Y + a, Y + b) = Y + max(a, b). A block's critical path adds each
/// instruction to the maximum before it, so without this the common part
/// repeats in every operand of every later maximum and the time grows
/// exponentially with the length of the chain.
static Expr symbolicMax(const Expr &A, const Expr &B) {
  Expr Common;
  for (const Expr &T : A.terms())
    if (!T.isConstant() && llvm::is_contained(B.terms(), T))
      Common = Common + T;
  if (Common.isConstant())
    return simplifyWithSymbolRanges(Expr::max(A, B));
  return Common + simplifyWithSymbolRanges(Expr::max(A - Common, B - Common));
}

Cycles maxCycles(const Cycles &A, const Cycles &B) {
  if (A.Nominal && B.Nominal)
    return *A.Nominal >= *B.Nominal ? A : B;
  Cycles R;
  R.E = symbolicMax(A.E, B.E);
  R.Nominal = std::nullopt;
  return R;
}

/// The lat.* symbols \p E mentions.
static std::set<std::string> latencySymbols(const Expr &E) {
  std::set<std::string> All, Lat;
  E.collectSymbols(All);
  for (const std::string &S : All)
    if (llvm::StringRef(S).starts_with("lat."))
      Lat.insert(S);
  return Lat;
}

Cycles maxKeepingLatencies(const Cycles &A, const Cycles &B) {
  if (latencySymbols(A.E) == latencySymbols(B.E))
    return maxCycles(A, B);
  Cycles R;
  R.E = symbolicMax(A.E, B.E);
  R.Nominal = std::nullopt;
  return R;
}

} // namespace ktime
