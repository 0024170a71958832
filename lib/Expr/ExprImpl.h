//===- ExprImpl.h - Private representation of KernelTime expressions ------===//
//
// Internal to lib/Expr. An Expr points to an immutable ExprNode that is
// always in canonical form. Arithmetic happens on Poly, a sum-of-products
// normal form (coefficient x sorted monomial of "key" atoms), and the result
// is rendered back into an Expr tree. Atoms are symbols and the canonical
// keys of min/max/floordiv/ceildiv/log2 (MinMax.cpp, Division.cpp); a rendered
// atom that looks different from its key (a min/max with a coefficient pushed
// into its operands, a floor division shown as ceildiv) remembers its key.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELTIME_LIB_EXPR_EXPRIMPL_H
#define KERNELTIME_LIB_EXPR_EXPRIMPL_H

#include "KernelTime/Expr.h"

#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace ktime {
namespace detail {

struct ExprNode {
  Expr::Kind K = Expr::Kind::Constant;
  Rational Value;                 // Constant only.
  std::string Name;               // Symbol only.
  llvm::SmallVector<Expr, 2> Ops; // See Expr::operands().
  // Set on a rendered Min/Max/FloorDiv/CeilDiv whose key differs from the
  // node itself: the node equals NormCoef * NormKey. Null: the node is a key.
  std::shared_ptr<const ExprNode> NormKey;
  Rational NormCoef;
};

struct ExprAccess {
  static Expr make(std::shared_ptr<const ExprNode> N) {
    return Expr(std::move(N));
  }
  static const ExprNode &node(const Expr &E) { return *E.Node; }
  static const std::shared_ptr<const ExprNode> &ptr(const Expr &E) {
    return E.Node;
  }
};

} // namespace detail

/// Structural three-way comparison of canonical trees (<0, 0, >0).
int compareExpr(const Expr &A, const Expr &B);

/// A product of key atoms, sorted by compareExpr; repeats are powers.
using Monomial = llvm::SmallVector<Expr, 2>;

/// Term order: higher degree first, then atoms lexicographically; the empty
/// monomial (the constant term) comes last.
int compareMonomial(const Monomial &A, const Monomial &B);

/// A polynomial over key atoms with rational coefficients; never stores a
/// zero coefficient. The terms are a list sorted in term order, each
/// monomial once: most polynomials have a few terms, and a canonical sum
/// converts to one by appending its terms in the order it lists them.
class Poly {
public:
  using Term = std::pair<Monomial, Rational>;
  using TermList = llvm::SmallVector<Term, 2>;

  Poly() = default;
  static Poly constant(const Rational &C);
  static Poly atom(const Expr &Key, const Rational &Coef = Rational(1));

  const TermList &terms() const { return Terms; }
  bool isZero() const { return Terms.empty(); }
  bool isConstant() const;
  /// The constant term (0 if none).
  Rational constantTerm() const;
  /// Coefficient of the first term in term order (0 for the zero poly).
  Rational leadingCoefficient() const;
  /// The positive rational gcd of all coefficients (0 for the zero poly).
  Rational content() const;
  /// All coefficients integers and all atoms integral.
  bool isIntegral() const;

  void addTerm(const Monomial &M, const Rational &C);
  Poly &operator+=(const Poly &O);
  Poly &operator-=(const Poly &O);
  Poly scaled(const Rational &C) const;
  friend Poly operator+(Poly A, const Poly &B) { return A += B; }
  friend Poly operator-(Poly A, const Poly &B) { return A -= B; }
  friend Poly operator*(const Poly &A, const Poly &B);
  bool operator==(const Poly &O) const;

private:
  TermList Terms;
};

Poly operator*(const Poly &A, const Poly &B);

/// Positive gcd of two rationals (gcd of numerators over lcm of
/// denominators); gcd(0, x) == |x|.
Rational rationalGcd(const Rational &A, const Rational &B);

/// The normal form of a canonical Expr.
Poly toPoly(const Expr &E);
/// The coefficient and monomial of \p T, a canonical expression that is
/// not a sum (its one term of toPoly).
void splitTerm(const Expr &T, Rational &Coef, Monomial &Mono);
/// The canonical Expr of a normal form.
Expr render(const Poly &P);

/// Builds a node; for keys leave NormKey null.
Expr makeNode(Expr::Kind K, llvm::SmallVector<Expr, 2> Ops,
              std::shared_ptr<const detail::ExprNode> NormKey = nullptr,
              const Rational &NormCoef = Rational(1));

/// The canonical sum of \p Ops, each times its entry of \p Scales (all 1
/// when empty): render(sum of Scales[I] * toPoly(Ops[I])), merging the
/// operands' term lists and keeping the nodes of terms that do not combine.
Expr linearSum(llvm::ArrayRef<Expr> Ops, llvm::ArrayRef<Rational> Scales = {});
/// Canonical min (\p K == Min) or max (\p K == Max) of the operands.
Poly minMaxPoly(Expr::Kind K, std::vector<Poly> Ops);
/// Canonical floor(A / B) or, with \p Ceil, ceil(A / B).
Poly divPoly(const Poly &A, const Poly &B, bool Ceil);

/// floor(log2(R)) for R >= 1, -1 for R < 1 (the value of Expr::log2).
Rational floorLog2(const Rational &R);

/// The rendered form of one term: \p Coef times the key atoms of \p M.
Expr renderTerm(const Rational &Coef, const Monomial &M);
/// The rendered form of a key atom standing alone with coefficient 1 in a
/// product (a floor division may show as ceildiv).
Expr renderAtom(const Expr &Key);

} // namespace ktime

#endif // KERNELTIME_LIB_EXPR_EXPRIMPL_H
