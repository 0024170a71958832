//===- Division.cpp - Canonical floor and ceiling division ----------------===//
//
// Canonicalises floor(A / B) and ceil(A / B). Constant quotients fold
// exactly. For a constant divisor the numerator is scaled to coprime integer
// coefficients over a positive integer divisor p; integral terms divisible
// by p and whole multiples of p in the constant move out of the division;
// an integral ceil(X / p) becomes floor((X + p - 1) / p), and an integral
// numerator also loses any factor its non-constant part shares with p;
// nested divisions by constants merge. The result is a polynomial plus one key
// atom. The numerator's sign is kept as written (floor(-n / 4) and
// -ceildiv(n, 4) stay two forms) so trip counts read naturally. A symbolic
// divisor gets a positive leading coefficient and loses the content it
// shares with the numerator. A zero divisor stays symbolic.
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"

using namespace ktime;

static Expr::Kind divKind(bool Ceil) {
  return Ceil ? Expr::Kind::CeilDiv : Expr::Kind::FloorDiv;
}

static Rational roundQuotient(const Rational &Q, bool Ceil) {
  return Ceil ? Q.ceil() : Q.floor();
}

static bool isIntegralMonomial(const Monomial &M) {
  for (const Expr &A : M)
    if (!A.isIntegral())
      return false;
  return true;
}

/// If \p X is K + r with K a division key by a positive integer constant,
/// returns K.
static std::optional<Expr> nestedDivision(const Poly &X) {
  const Poly::TermList &T = X.terms();
  size_t NonConstant = T.size() - (X.constantTerm().isZero() ? 0 : 1);
  if (NonConstant != 1)
    return std::nullopt;
  const auto &[M, C] = *T.begin();
  if (M.size() != 1 || C != Rational(1))
    return std::nullopt;
  Expr::Kind K = M.front().getKind();
  if (K != Expr::Kind::FloorDiv && K != Expr::Kind::CeilDiv)
    return std::nullopt;
  std::optional<Rational> D = M.front().operands()[1].getConstant();
  if (!D || !D->isInteger() || D->sign() <= 0)
    return std::nullopt;
  return M.front();
}

static Poly divByConstant(Poly A, Rational B, bool Ceil) {
  if (A.isConstant())
    return Poly::constant(roundQuotient(A.constantTerm() / B, Ceil));
  if (B.sign() < 0) {
    A = A.scaled(Rational(-1));
    B = -B;
  }
  // A / B == (A * q / g) / p with B / g == p / q: integer coefficients whose
  // gcd is coprime to p.
  Rational G = A.content();
  Rational PQ = B / G;
  A = A.scaled(Rational(PQ.getDenominator(), llvm::DynamicAPInt(1)) / G);
  Rational P(PQ.getNumerator(), llvm::DynamicAPInt(1));

  Poly Result, X;
  for (const auto &[M, C] : A.terms()) {
    if (M.empty())
      continue;
    Rational Q = C / P;
    if (Q.isInteger() && isIntegralMonomial(M))
      Result.addTerm(M, Q);
    else
      X.addTerm(M, C);
  }
  Rational R0 = A.constantTerm();
  Rational Q0 = roundQuotient(R0 / P, Ceil);
  Result += Poly::constant(Q0);
  X += Poly::constant(R0 - Q0 * P);
  if (X.isConstant())
    return Result; // The remainder alone rounds to 0.

  // floor((floor(Y / c) + r) / p) == floor((Y + r * c) / (c * p)), and
  // likewise for ceil. As K = ceil(Y / c) is an integer,
  // floor((K + r) / p) == ceil((K + r - p + 1) / p): merge that too (an
  // integral ceil over a floor becomes a floor first, below).
  if (std::optional<Expr> Inner = nestedDivision(X)) {
    bool InnerCeil = Inner->getKind() == Expr::Kind::CeilDiv;
    Rational R = X.constantTerm();
    if (InnerCeil && !Ceil)
      R -= P - Rational(1);
    if (InnerCeil || !Ceil) {
      Rational C1 = *Inner->operands()[1].getConstant();
      Poly Num = toPoly(Inner->operands()[0]) + Poly::constant(R * C1);
      return Result + divByConstant(Num, C1 * P, InnerCeil);
    }
  }
  if (X.isIntegral()) {
    // ceil(X / p) == floor((X + p - 1) / p); the new constant may share a
    // factor with p, so normalise again.
    if (Ceil)
      return Result + divByConstant(X + Poly::constant(P - Rational(1)), P,
                                    /*Ceil=*/false);
    // floor((d * L + r) / (d * p')) == floor((L + floor(r / d)) / p') for
    // integral L: the form is then the same whether it is written as a
    // floor or (dropping r == p - 1) as a ceildiv.
    Rational R = X.constantTerm();
    Poly L = X - Poly::constant(R);
    Rational D = rationalGcd(L.content(), P);
    if (D != Rational(1))
      return Result + divByConstant(L.scaled(Rational(1) / D) +
                                        Poly::constant((R / D).floor()),
                                    P / D, /*Ceil=*/false);
  }
  return Result +
         Poly::atom(makeNode(divKind(Ceil), {render(X), Expr::constant(P)}));
}

static Poly divBySymbolic(Poly A, Poly B, bool Ceil) {
  if (A.isZero())
    return Poly();
  if (B.leadingCoefficient().sign() < 0) {
    A = A.scaled(Rational(-1));
    B = B.scaled(Rational(-1));
  }
  Rational G = rationalGcd(A.content(), B.content());
  A = A.scaled(Rational(1) / G);
  B = B.scaled(Rational(1) / G);
  return Poly::atom(makeNode(divKind(Ceil), {render(A), render(B)}));
}

Poly ktime::divPoly(const Poly &A, const Poly &B, bool Ceil) {
  if (!B.isConstant())
    return divBySymbolic(A, B, Ceil);
  Rational D = B.constantTerm();
  if (D.isZero())
    return Poly::atom(makeNode(divKind(Ceil), {render(A), Expr()}));
  return divByConstant(A, D, Ceil);
}
