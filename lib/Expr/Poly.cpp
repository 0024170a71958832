//===- Poly.cpp - Sum-of-products normal form -----------------------------===//
//
// Polynomials over key atoms with rational coefficients: addition,
// multiplication (full expansion), content, and the two conversions between
// a canonical Expr tree and its normal form (toPoly, render).
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

using namespace ktime;
using detail::ExprAccess;
using detail::ExprNode;

int ktime::compareMonomial(const Monomial &A, const Monomial &B) {
  if (A.size() != B.size())
    return A.size() > B.size() ? -1 : 1; // Higher degree first.
  for (size_t I = 0, E = A.size(); I < E; ++I)
    if (int C = compareExpr(A[I], B[I]))
      return C;
  return 0;
}

static bool exprLess(const Expr &A, const Expr &B) {
  return compareExpr(A, B) < 0;
}

Rational ktime::rationalGcd(const Rational &A, const Rational &B) {
  if (A.isZero())
    return B.abs();
  if (B.isZero())
    return A.abs();
  llvm::DynamicAPInt N =
      llvm::gcd(llvm::abs(A.getNumerator()), llvm::abs(B.getNumerator()));
  llvm::DynamicAPInt D = llvm::lcm(A.getDenominator(), B.getDenominator());
  return Rational(N, D);
}

Poly Poly::constant(const Rational &C) {
  Poly P;
  P.addTerm({}, C);
  return P;
}

Poly Poly::atom(const Expr &Key, const Rational &Coef) {
  Poly P;
  P.addTerm({Key}, Coef);
  return P;
}

bool Poly::isConstant() const {
  return Terms.empty() || (Terms.size() == 1 && Terms.begin()->first.empty());
}

Rational Poly::constantTerm() const {
  if (Terms.empty() || !Terms.rbegin()->first.empty())
    return Rational(0);
  return Terms.rbegin()->second;
}

Rational Poly::leadingCoefficient() const {
  return Terms.empty() ? Rational(0) : Terms.begin()->second;
}

Rational Poly::content() const {
  Rational G;
  for (const auto &[M, C] : Terms)
    G = rationalGcd(G, C);
  return G;
}

bool Poly::isIntegral() const {
  for (const auto &[M, C] : Terms) {
    if (!C.isInteger())
      return false;
    for (const Expr &A : M)
      if (!A.isIntegral())
        return false;
  }
  return true;
}

void Poly::addTerm(const Monomial &M, const Rational &C) {
  if (C.isZero())
    return;
  // Terms arrive in term order more often than not (a sum's terms, the
  // constant last): try the end first.
  auto It = Terms.end();
  if (!Terms.empty() && compareMonomial(Terms.back().first, M) >= 0)
    It = llvm::lower_bound(Terms, M, [](const Term &T, const Monomial &X) {
      return compareMonomial(T.first, X) < 0;
    });
  if (It == Terms.end() || compareMonomial(It->first, M) != 0) {
    Terms.insert(It, Term(M, C));
    return;
  }
  It->second += C;
  if (It->second.isZero())
    Terms.erase(It);
}

/// \p A + \p Sign x \p B, both lists in term order, merged in one pass.
static Poly::TermList mergeTerms(const Poly::TermList &A,
                                 const Poly::TermList &B, int Sign) {
  Poly::TermList Out;
  Out.reserve(A.size() + B.size());
  auto I = A.begin(), J = B.begin();
  while (I != A.end() || J != B.end()) {
    int Order = I == A.end()   ? 1
                : J == B.end() ? -1
                               : compareMonomial(I->first, J->first);
    if (Order < 0) {
      Out.push_back(*I++);
    } else if (Order > 0) {
      Out.push_back(*J++);
      if (Sign < 0)
        Out.back().second = -Out.back().second;
    } else {
      Rational C = I->second;
      if (Sign < 0)
        C -= J->second;
      else
        C += J->second;
      if (!C.isZero())
        Out.push_back(Poly::Term(I->first, C));
      ++I;
      ++J;
    }
  }
  return Out;
}

Poly &Poly::operator+=(const Poly &O) {
  if (&O == this)
    return *this = scaled(Rational(2));
  if (O.Terms.size() == 1)
    addTerm(O.Terms.front().first, O.Terms.front().second);
  else if (!O.Terms.empty())
    Terms = mergeTerms(Terms, O.Terms, 1);
  return *this;
}

Poly &Poly::operator-=(const Poly &O) {
  if (&O == this) {
    Terms.clear();
    return *this;
  }
  if (O.Terms.size() == 1)
    addTerm(O.Terms.front().first, -O.Terms.front().second);
  else if (!O.Terms.empty())
    Terms = mergeTerms(Terms, O.Terms, -1);
  return *this;
}

Poly Poly::scaled(const Rational &C) const {
  if (C.isZero())
    return Poly();
  Poly P = *this;
  for (auto &Term : P.Terms)
    Term.second *= C;
  return P;
}

Poly ktime::operator*(const Poly &A, const Poly &B) {
  Poly P;
  for (const auto &[MA, CA] : A.terms()) {
    for (const auto &[MB, CB] : B.terms()) {
      Monomial M;
      M.reserve(MA.size() + MB.size());
      std::merge(MA.begin(), MA.end(), MB.begin(), MB.end(),
                 std::back_inserter(M), exprLess);
      P.addTerm(M, CA * CB);
    }
  }
  return P;
}

bool Poly::operator==(const Poly &O) const {
  if (Terms.size() != O.Terms.size())
    return false;
  for (auto I = Terms.begin(), J = O.Terms.begin(); I != Terms.end(); ++I, ++J)
    if (compareMonomial(I->first, J->first) != 0 || I->second != J->second)
      return false;
  return true;
}

/// The (coefficient, key) of a rendered atom.
static std::pair<Rational, Expr> atomKey(const Expr &E) {
  const ExprNode &N = ExprAccess::node(E);
  if (N.NormKey)
    return {N.NormCoef, ExprAccess::make(N.NormKey)};
  return {Rational(1), E};
}

void ktime::splitTerm(const Expr &T, Rational &Coef, Monomial &Mono) {
  Coef = Rational(1);
  Mono.clear();
  switch (T.getKind()) {
  case Expr::Kind::Constant:
    Coef = *T.getConstant();
    return;
  case Expr::Kind::Symbol:
    Mono.push_back(T);
    return;
  case Expr::Kind::Add:
    llvm_unreachable("a sum is not a term");
  case Expr::Kind::Mul:
    for (const Expr &Op : T.operands()) {
      if (Op.isConstant()) {
        Coef *= *Op.getConstant();
        continue;
      }
      auto [C, Key] = atomKey(Op);
      Coef *= C;
      Mono.push_back(Key);
    }
    llvm::sort(Mono, exprLess);
    return;
  case Expr::Kind::FloorDiv:
  case Expr::Kind::CeilDiv:
  case Expr::Kind::Min:
  case Expr::Kind::Max:
  case Expr::Kind::Log2: {
    auto [C, Key] = atomKey(T);
    Coef = C;
    Mono.push_back(Key);
    return;
  }
  }
}

Poly ktime::toPoly(const Expr &E) {
  Poly P;
  if (E.getKind() == Expr::Kind::Add) {
    for (const Expr &Op : E.operands())
      P += toPoly(Op);
    return P;
  }
  Rational Coef;
  Monomial M;
  splitTerm(E, Coef, M);
  P.addTerm(M, Coef);
  return P;
}

static Expr::Kind flipMinMax(Expr::Kind K) {
  return K == Expr::Kind::Min ? Expr::Kind::Max : Expr::Kind::Min;
}

Expr ktime::renderAtom(const Expr &Key) {
  if (Key.getKind() != Expr::Kind::FloorDiv)
    return Key;
  // floor((M + p - 1) / p) == ceil(M / p) for integral M: show the ceildiv.
  const Expr &Num = Key.operands()[0];
  std::optional<Rational> P = Key.operands()[1].getConstant();
  if (!P || *P < Rational(2) || !P->isInteger() || !Num.isIntegral())
    return Key;
  Poly NumPoly = toPoly(Num);
  Rational R = NumPoly.constantTerm();
  if (R != *P - Rational(1))
    return Key;
  NumPoly -= Poly::constant(R);
  return makeNode(Expr::Kind::CeilDiv, {render(NumPoly), Expr::constant(*P)},
                  ExprAccess::ptr(Key), Rational(1));
}

Expr ktime::renderTerm(const Rational &Coef, const Monomial &M) {
  if (M.empty())
    return Expr::constant(Coef);
  Expr::Kind K = M.front().getKind();
  if (M.size() == 1 && (K == Expr::Kind::Min || K == Expr::Kind::Max)) {
    if (Coef == Rational(1))
      return M.front();
    // c * max(X) == max(c * X) for c > 0 and min(c * X) for c < 0.
    llvm::SmallVector<Expr, 2> Ops;
    for (const Expr &Op : M.front().operands())
      Ops.push_back(render(toPoly(Op).scaled(Coef)));
    llvm::sort(Ops, exprLess);
    return makeNode(Coef.sign() > 0 ? K : flipMinMax(K), std::move(Ops),
                    ExprAccess::ptr(M.front()), Coef);
  }
  if (M.size() == 1 && Coef == Rational(1))
    return renderAtom(M.front());
  llvm::SmallVector<Expr, 2> Ops;
  if (Coef != Rational(1))
    Ops.push_back(Expr::constant(Coef));
  for (const Expr &A : M)
    Ops.push_back(renderAtom(A));
  return makeNode(Expr::Kind::Mul, std::move(Ops));
}

Expr ktime::render(const Poly &P) {
  if (P.isZero())
    return Expr();
  if (P.terms().size() == 1) {
    const auto &[M, C] = *P.terms().begin();
    return renderTerm(C, M);
  }
  llvm::SmallVector<Expr, 2> Terms;
  for (const auto &[M, C] : P.terms())
    Terms.push_back(renderTerm(C, M));
  return makeNode(Expr::Kind::Add, std::move(Terms));
}
