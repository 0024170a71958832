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
  return withOperands(Ops);
}
