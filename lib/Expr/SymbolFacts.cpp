//===- SymbolFacts.cpp - What the symbols of expressions can be -----------===//
//
// The Expr algebra treats symbols as unknown integers. The symbols
// SymbolNamer and the Thread stage create have known ranges: PTX ids
// (tid, ctaid, laneid, warpid) are >= 0, sizes (ntid, nctaid, WARP_SZ) are
// >= 1, loop iteration numbers and trip counts are >= 0. Kernel parameters
// have no known range. A log2 is >= -1, and >= 0 when its operand is >= 1.
//
//===----------------------------------------------------------------------===//
#include "ExprImpl.h"
#include "KernelTime/ScevToExpr.h"
#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace ktime {

static bool isPositiveSymbol(StringRef Name) {
  return Name.starts_with("ntid.") || Name.starts_with("nctaid.") ||
         Name == "WARP_SZ";
}

static bool isNonNegativeSymbol(StringRef Name) {
  return isPositiveSymbol(Name) || Name.starts_with("tid.") ||
         Name.starts_with("ctaid.") || Name == "laneid" || Name == "warpid" ||
         Name.starts_with("iter.") || Name.starts_with("trip.");
}

bool isKnownNonNegative(const Expr &E) {
  switch (E.getKind()) {
  case Expr::Kind::Constant:
    return *E.getConstant() >= Rational(0);
  case Expr::Kind::Symbol:
    return isNonNegativeSymbol(E.getSymbolName());
  case Expr::Kind::Add: {
    // Each log2 term is >= -1, so log2(x) + 1 is >= 0.
    Rational Slack;
    for (const Expr &T : E.operands()) {
      if (T.getKind() == Expr::Kind::Log2)
        Slack -= Rational(1);
      else if (T.isConstant())
        Slack += *T.getConstant();
      else if (!isKnownNonNegative(T))
        return false;
    }
    return Slack >= Rational(0);
  }
  case Expr::Kind::Mul:
  case Expr::Kind::Min:
    return llvm::all_of(E.operands(), isKnownNonNegative);
  case Expr::Kind::Max:
    return llvm::any_of(E.operands(), isKnownNonNegative);
  case Expr::Kind::FloorDiv:
  case Expr::Kind::CeilDiv:
    return isKnownNonNegative(E.operands()[0]) &&
           isKnownPositive(E.operands()[1]);
  case Expr::Kind::Log2: // log2(x) >= 0 exactly when x >= 1.
    return isKnownPositive(E.operands()[0]);
  }
  return false;
}

bool isKnownNonNegativeDifference(const Expr &X, const Expr &Y) {
  // A term whose monomial only one side has stays in X - Y by itself:
  // X's as it is (linearSum keeps the node of a term that does not
  // combine), Y's negated. The difference is known non-negative only if
  // every such term is (a constant or a log2 aside), so one that is not
  // says no without building the difference: a term of X that is not
  // known non-negative, or a term c * s1 * ... of Y with c > 0 and symbols
  // s1, ... (negated, a product with the factor -c).
  struct Term {
    const Expr *Node;
    Rational Coef;
    Monomial Mono;
  };
  auto Split = [](const Expr &E) {
    SmallVector<Term, 4> Terms;
    for (const Expr &T : E.terms())
      if (!T.isConstant()) {
        Terms.push_back({&T, Rational(), {}});
        splitTerm(T, Terms.back().Coef, Terms.back().Mono);
      }
    return Terms;
  };
  SmallVector<Term, 4> XTerms = Split(X), YTerms = Split(Y);
  auto In = [](ArrayRef<Term> Terms, const Monomial &M) {
    return llvm::any_of(
        Terms, [&](const Term &T) { return compareMonomial(T.Mono, M) == 0; });
  };
  for (const Term &XT : XTerms)
    if (XT.Node->getKind() != Expr::Kind::Log2 &&
        !isKnownNonNegative(*XT.Node) && !In(YTerms, XT.Mono))
      return false;
  for (const Term &YT : YTerms)
    if (YT.Coef.sign() > 0 &&
        llvm::all_of(YT.Mono, [](const Expr &A) { return A.isSymbol(); }) &&
        !In(XTerms, YT.Mono))
      return false;
  return isKnownNonNegative(X - Y);
}

bool isKnownPositive(const Expr &E) {
  switch (E.getKind()) {
  case Expr::Kind::Constant:
    return *E.getConstant() > Rational(0);
  case Expr::Kind::Symbol:
    return isPositiveSymbol(E.getSymbolName());
  case Expr::Kind::Mul:
  case Expr::Kind::Min:
    return llvm::all_of(E.operands(), isKnownPositive);
  case Expr::Kind::Add:
    return llvm::all_of(E.operands(), isKnownNonNegative) &&
           llvm::any_of(E.operands(), isKnownPositive);
  case Expr::Kind::Max:
    return llvm::any_of(E.operands(), isKnownPositive);
  case Expr::Kind::FloorDiv:
    return false;
  case Expr::Kind::CeilDiv:
    return isKnownPositive(E.operands()[0]) && isKnownPositive(E.operands()[1]);
  case Expr::Kind::Log2: // log2(x) >= 1 exactly when x >= 2.
    return isKnownPositive(E.operands()[0] - 1);
  }
  return false;
}

} // namespace ktime
