//===- MinMax.cpp - Canonical min and max ---------------------------------===//
//
// Canonicalises min/max: drops operands dominated by another at a constant
// difference (which folds constants and removes duplicates), flattens
// nested operations of the same kind (moving a constant added to the nested
// one into its operands), drops dominated operands again, and
// turns the survivors into a key atom times a coefficient: the operands are
// divided by their common positive content, and of the two equal forms
// max(X) == -min(-X) the one with fewer operands of negative leading
// coefficient is the key (max on a tie). Rendering (Poly.cpp) pushes the
// coefficient back into the operands.
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"

using namespace ktime;

static Expr::Kind flip(Expr::Kind K) {
  return K == Expr::Kind::Min ? Expr::Kind::Max : Expr::Kind::Min;
}

/// If \p P is c * K + d with K a min/max key, the kind c * K really is (a
/// max with a negative coefficient is a min), K, c and d.
static std::optional<std::tuple<Expr::Kind, Expr, Rational, Rational>>
asMinMax(const Poly &P) {
  Rational D = P.constantTerm();
  if (P.terms().size() != (D.isZero() ? 1u : 2u))
    return std::nullopt;
  const auto &[M, C] = *P.terms().begin();
  if (M.size() != 1)
    return std::nullopt;
  Expr::Kind K = M.front().getKind();
  if (K != Expr::Kind::Min && K != Expr::Kind::Max)
    return std::nullopt;
  return std::make_tuple(C.sign() > 0 ? K : flip(K), M.front(), C, D);
}

/// Whether \p A - \p B is a constant: the same terms with the same
/// coefficients but for the constant term (compared in place, without
/// building the difference).
static bool differByConstant(const Poly &A, const Poly &B) {
  auto I = A.terms().begin(), IE = A.terms().end();
  auto J = B.terms().begin(), JE = B.terms().end();
  // The constant term (the empty monomial) comes last in term order.
  auto Last = [](auto It, auto End) { return It == End || It->first.empty(); };
  for (; !Last(I, IE) && !Last(J, JE); ++I, ++J)
    if (compareMonomial(I->first, J->first) != 0 || I->second != J->second)
      return false;
  return Last(I, IE) && Last(J, JE);
}

/// Adds \p P to \p Kept unless some kept operand beats it by a constant;
/// removes the kept operand that \p P beats by a constant. Kept never holds
/// two operands at a constant difference.
static void addOperand(Expr::Kind K, std::vector<Poly> &Kept, const Poly &P) {
  for (auto It = Kept.begin(); It != Kept.end(); ++It) {
    if (!differByConstant(P, *It))
      continue;
    Rational Diff = P.constantTerm() - It->constantTerm();
    bool PWins = K == Expr::Kind::Max ? Diff > Rational(0) : Diff < Rational(0);
    if (PWins)
      *It = P;
    return;
  }
  Kept.push_back(P);
}

Poly ktime::minMaxPoly(Expr::Kind K, std::vector<Poly> Ops) {
  // Dominance among the operands as given (max(A, A + 1) with A a max), then
  // among the flattened ones.
  std::vector<Poly> Given;
  for (const Poly &P : Ops)
    addOperand(K, Given, P);
  if (Given.size() == 1)
    return Given.front();
  std::vector<Poly> Kept;
  for (const Poly &P : Given) {
    auto Nested = asMinMax(P);
    if (Nested && std::get<0>(*Nested) == K) {
      // max(max(X) * c + d, ...) == max(X * c + d, ...) for c > 0.
      const auto &[NK, Key, C, D] = *Nested;
      for (const Expr &Op : Key.operands())
        addOperand(K, Kept, toPoly(Op).scaled(C) + Poly::constant(D));
      continue;
    }
    addOperand(K, Kept, P);
  }
  if (Kept.empty())
    return Poly();
  if (Kept.size() == 1)
    return Kept.front();

  Rational G;
  for (const Poly &P : Kept)
    G = rationalGcd(G, P.content());
  unsigned Negative = 0, Positive = 0;
  for (Poly &P : Kept) {
    P = P.scaled(Rational(1) / G);
    int S = P.leadingCoefficient().sign();
    Negative += S < 0;
    Positive += S > 0;
  }
  // Negating every operand turns Positive into the negative count.
  Rational Coef = G;
  if (Positive < Negative || (Positive == Negative && K == Expr::Kind::Min)) {
    K = flip(K);
    Coef = -G;
    for (Poly &P : Kept)
      P = P.scaled(Rational(-1));
  }
  llvm::SmallVector<Expr, 2> Rendered;
  for (const Poly &P : Kept)
    Rendered.push_back(render(P));
  llvm::sort(Rendered, [](const Expr &A, const Expr &B) {
    return compareExpr(A, B) < 0;
  });
  return Poly::atom(makeNode(K, std::move(Rendered)), Coef);
}
