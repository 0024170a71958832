//===- Sum.cpp - Sums of canonical expressions, term by term --------------===//
//
// A canonical sum lists its terms in term order (Poly.cpp), each term the
// rendering of one (coefficient, monomial) pair. Adding canonical
// expressions therefore only has to merge their term lists: terms whose
// monomial appears once keep their node, and only the terms that combine are
// rendered anew. The result is the one render(toPoly(A) + toPoly(B)) gives,
// without converting and re-rendering every term, which made a long sum
// built one term at a time quadratic in allocations (a stencil's address
// with hundreds of terms).
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace ktime;

namespace {

/// One term of a sum: its node, its coefficient and monomial, and the scale
/// the sum applies to it.
struct Term {
  Expr Node;
  Rational Coef;
  Monomial Mono;
  Rational Scale;
};

void appendTerms(const Expr &E, const Rational &Scale,
                 std::vector<Term> &Terms) {
  if (Scale.isZero() || (E.isConstant() && E.getConstant()->isZero()))
    return;
  for (const Expr &P : E.terms()) {
    Term T{P, Rational(), {}, Scale};
    splitTerm(P, T.Coef, T.Mono);
    Terms.push_back(std::move(T));
  }
}

} // namespace

Expr ktime::linearSum(llvm::ArrayRef<Expr> Ops,
                      llvm::ArrayRef<Rational> Scales) {
  std::vector<Term> Terms;
  size_t Count = 0;
  for (const Expr &Op : Ops)
    Count += Op.terms().size();
  Terms.reserve(Count);
  for (size_t I = 0; I != Ops.size(); ++I)
    appendTerms(Ops[I], Scales.empty() ? Rational(1) : Scales[I], Terms);
  // Each operand's terms are already in term order: a stable sort keeps
  // them and interleaves the operands. The terms are sorted by index (a
  // term is heavy to move).
  llvm::SmallVector<unsigned, 16> Order(Terms.size());
  for (unsigned I = 0; I != Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
    return compareMonomial(Terms[A].Mono, Terms[B].Mono) < 0;
  });
  llvm::SmallVector<Expr, 2> Out;
  for (size_t I = 0; I != Order.size();) {
    const Term &First = Terms[Order[I]];
    size_t J = I + 1;
    while (J != Order.size() &&
           compareMonomial(First.Mono, Terms[Order[J]].Mono) == 0)
      ++J;
    if (J == I + 1 && First.Scale == Rational(1)) {
      Out.push_back(First.Node); // A term of its own keeps its node.
    } else {
      Rational C;
      for (size_t K = I; K != J; ++K)
        C += Terms[Order[K]].Coef * Terms[Order[K]].Scale;
      if (!C.isZero())
        Out.push_back(renderTerm(C, First.Mono));
    }
    I = J;
  }
  if (Out.empty())
    return Expr();
  if (Out.size() == 1)
    return Out.front();
  return makeNode(Expr::Kind::Add, std::move(Out));
}

Expr Expr::sum(llvm::ArrayRef<Expr> Terms) { return linearSum(Terms); }
