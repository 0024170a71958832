//===- ExprEvaluator.cpp - Evaluation and substitution --------------------===//
//
// Exact evaluation of an expression under bindings of its symbols (nullopt
// for an unbound symbol or a zero divisor), and substitution of symbols by
// expressions followed by re-simplification.
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"

using namespace ktime;

std::optional<Rational> Expr::evaluate(const Bindings &B) const {
  switch (getKind()) {
  case Kind::Constant:
    return getConstant();
  case Kind::Symbol: {
    auto It = B.find(getSymbolName().str());
    if (It == B.end())
      return std::nullopt;
    return It->second;
  }
  case Kind::FloorDiv:
  case Kind::CeilDiv: {
    std::optional<Rational> N = operands()[0].evaluate(B);
    std::optional<Rational> D = operands()[1].evaluate(B);
    if (!N || !D || D->isZero())
      return std::nullopt;
    Rational Q = *N / *D;
    return getKind() == Kind::FloorDiv ? Q.floor() : Q.ceil();
  }
  case Kind::Add:
  case Kind::Mul:
  case Kind::Min:
  case Kind::Max:
    break;
  }
  std::optional<Rational> Acc;
  for (const Expr &Op : operands()) {
    std::optional<Rational> V = Op.evaluate(B);
    if (!V)
      return std::nullopt;
    if (!Acc)
      Acc = *V;
    else if (getKind() == Kind::Add)
      *Acc += *V;
    else if (getKind() == Kind::Mul)
      *Acc *= *V;
    else if (getKind() == Kind::Min ? *V < *Acc : *V > *Acc)
      Acc = *V;
  }
  return Acc;
}

Expr Expr::substitute(const std::map<std::string, Expr> &Subst) const {
  if (isSymbol()) {
    auto It = Subst.find(getSymbolName().str());
    return It == Subst.end() ? *this : It->second;
  }
  if (isConstant() || Subst.empty())
    return *this;
  llvm::SmallVector<Expr, 4> Ops;
  bool Changed = false;
  for (const Expr &Op : operands()) {
    Ops.push_back(Op.substitute(Subst));
    Changed |=
        detail::ExprAccess::ptr(Ops.back()) != detail::ExprAccess::ptr(Op);
  }
  if (!Changed)
    return *this;
  switch (getKind()) {
  case Kind::Add: {
    Poly P;
    for (const Expr &Op : Ops)
      P += toPoly(Op);
    return render(P);
  }
  case Kind::Mul: {
    Poly P = Poly::constant(Rational(1));
    for (const Expr &Op : Ops)
      P = P * toPoly(Op);
    return render(P);
  }
  case Kind::FloorDiv:
    return floorDiv(Ops[0], Ops[1]);
  case Kind::CeilDiv:
    return ceilDiv(Ops[0], Ops[1]);
  case Kind::Min:
    return min(Ops);
  case Kind::Max:
    return max(Ops);
  case Kind::Constant:
  case Kind::Symbol:
    break;
  }
  return *this;
}
