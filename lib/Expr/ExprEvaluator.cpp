//===- ExprEvaluator.cpp - Evaluation and substitution --------------------===//
//
// Exact evaluation of an expression under bindings of its symbols (nullopt
// for an unbound symbol or a zero divisor), and substitution of symbols by
// expressions followed by re-simplification.
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"
#include "llvm/ADT/DenseMap.h"

using namespace ktime;
using ktime::detail::ExprAccess;
using ktime::detail::ExprNode;

namespace {

/// Evaluates an expression DAG: a node shared by several parents (the
/// Thread stage's maxima and substituted launch values share subterms
/// widely) is evaluated once per call.
class Evaluator {
public:
  explicit Evaluator(const Bindings &B) : B(B) {}

  std::optional<Rational> eval(const Expr &E) {
    const std::shared_ptr<const ExprNode> &Ptr = ExprAccess::ptr(E);
    const ExprNode &N = *Ptr;
    switch (N.K) {
    case Expr::Kind::Constant:
      return N.Value;
    case Expr::Kind::Symbol: {
      auto It = B.find(N.Name);
      if (It == B.end())
        return std::nullopt;
      return It->second;
    }
    default:
      break;
    }
    bool Shared = Ptr.use_count() > 1;
    if (Shared)
      if (auto It = Memo.find(&N); It != Memo.end())
        return It->second;
    std::optional<Rational> V = compute(N);
    if (Shared)
      Memo.try_emplace(&N, V);
    return V;
  }

private:
  std::optional<Rational> compute(const ExprNode &N) {
    if (N.K == Expr::Kind::FloorDiv || N.K == Expr::Kind::CeilDiv) {
      std::optional<Rational> Num = eval(N.Ops[0]);
      std::optional<Rational> Den = eval(N.Ops[1]);
      if (!Num || !Den || Den->isZero())
        return std::nullopt;
      Rational Q = *Num / *Den;
      return N.K == Expr::Kind::FloorDiv ? Q.floor() : Q.ceil();
    }
    if (N.K == Expr::Kind::Log2) {
      std::optional<Rational> V = eval(N.Ops[0]);
      if (!V)
        return std::nullopt;
      return floorLog2(*V);
    }
    std::optional<Rational> Acc;
    for (const Expr &Op : N.Ops) {
      std::optional<Rational> V = eval(Op);
      if (!V)
        return std::nullopt;
      if (!Acc)
        Acc = *V;
      else if (N.K == Expr::Kind::Add)
        *Acc += *V;
      else if (N.K == Expr::Kind::Mul)
        *Acc *= *V;
      else if (N.K == Expr::Kind::Min ? *V < *Acc : *V > *Acc)
        Acc = *V;
    }
    return Acc;
  }

  const Bindings &B;
  llvm::DenseMap<const ExprNode *, std::optional<Rational>> Memo;
};

} // namespace

std::optional<Rational> Expr::evaluate(const Bindings &B) const {
  return Evaluator(B).eval(*this);
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
