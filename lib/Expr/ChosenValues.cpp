//===- ChosenValues.cpp - Values a comparison chooses, as expressions -----===//
//
// A start or bound chosen by a comparison (`k = threadIdx.x ? threadIdx.x :
// blockDim.x`: a select at -O3, a phi joining the two sides of the branch at
// -O0) or a comparison's truth added to a count (`n / T + (tid < n % T)`, a
// zext of an i1) is exact in expressions without a conditional: for
// integers, [x >= 1] = max(0, min(1, x)), so [a < b] = max(0, min(1, b - a)),
// [a == b] = 1 - [|a - b| >= 1], and select(c, x, y) = y + (x - y) * [c].
// Evaluated per thread at a launch it is each thread's own value, so a count
// is weighted by the lanes that take each side (docs/model.md, "From
// ScalarEvolution to expressions").
//
//===----------------------------------------------------------------------===//
#include "KernelTime/ScevToExpr.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {

namespace {

/// [X >= 1] for an integer X: 1 or 0.
Expr atLeastOne(const Expr &X) {
  if (isKnownNonNegative(X))
    return Expr::min(Expr::constant(1), X);
  return Expr::max(Expr::constant(0), Expr::min(Expr::constant(1), X));
}

/// |X| for an integer X, without a max where the sign of X is known (by
/// ScalarEvolution, \p NonNegative, or the symbol facts).
Expr magnitude(const Expr &X, bool NonNegative) {
  if (NonNegative || isKnownNonNegative(X))
    return X;
  if (isKnownNonNegative(-X))
    return -X;
  return Expr::max(X, -X);
}

/// Where control that reaches \p Join from \p From was decided: the block
/// ending in the conditional branch, and the successor of that branch on
/// the way (Join itself for a direct edge).
std::pair<const BasicBlock *, const BasicBlock *>
decidedAt(const BasicBlock *From, const BasicBlock *Join) {
  const auto *Br = dyn_cast<BranchInst>(From->getTerminator());
  if (Br && Br->isConditional())
    return {From, Join};
  if (Br && From->getSinglePredecessor())
    return {From->getSinglePredecessor(), From};
  return {nullptr, nullptr};
}

} // namespace

std::optional<Expr> ScevToExpr::visitComparison(const ICmpInst &Cmp) {
  if (!Cmp.getOperand(0)->getType()->isIntegerTy())
    return std::nullopt;
  const SCEV *SA = SE.getSCEV(const_cast<Value *>(Cmp.getOperand(0)));
  const SCEV *SB = SE.getSCEV(const_cast<Value *>(Cmp.getOperand(1)));
  CmpInst::Predicate Pred = Cmp.getPredicate();
  // An unsigned comparison of values >= 0 is the signed one.
  if (Cmp.isUnsigned()) {
    requireNonNegative(SA, "unsigned comparison");
    requireNonNegative(SB, "unsigned comparison");
  }
  std::optional<Expr> A = visit(SA);
  std::optional<Expr> B = visit(SB);
  if (!A || !B)
    return std::nullopt;
  switch (Pred) {
  case CmpInst::ICMP_SLT:
  case CmpInst::ICMP_ULT:
    return atLeastOne(*B - *A);
  case CmpInst::ICMP_SLE:
  case CmpInst::ICMP_ULE:
    return atLeastOne(*B - *A + 1);
  case CmpInst::ICMP_SGT:
  case CmpInst::ICMP_UGT:
    return atLeastOne(*A - *B);
  case CmpInst::ICMP_SGE:
  case CmpInst::ICMP_UGE:
    return atLeastOne(*A - *B + 1);
  case CmpInst::ICMP_NE:
  case CmpInst::ICMP_EQ: {
    // The difference's sign, where ScalarEvolution knows it: a - b >= 0
    // when b is 0 and a is a remainder or an unsigned value.
    bool NonNegative = SB->isZero() && isNonNegative(SA);
    Expr Differs = magnitude(*A - *B, NonNegative);
    if (NonNegative)
      Differs = Expr::min(Expr::constant(1), Differs);
    else
      Differs = atLeastOne(Differs);
    return Pred == CmpInst::ICMP_NE ? Differs : Expr::constant(1) - Differs;
  }
  default:
    return std::nullopt;
  }
}

std::optional<Expr> ScevToExpr::visitChosen(const Value *V) {
  if (const auto *Cmp = dyn_cast<ICmpInst>(V))
    return visitComparison(*Cmp);
  if (!V->getType()->isIntegerTy())
    return std::nullopt;
  // The comparison and the values it chooses between when it holds (X) and
  // when it does not (Y).
  const Value *Cond = nullptr, *XV = nullptr, *YV = nullptr;
  if (const auto *Sel = dyn_cast<SelectInst>(V)) {
    Cond = Sel->getCondition();
    XV = Sel->getTrueValue();
    YV = Sel->getFalseValue();
  } else if (const auto *Phi = dyn_cast<PHINode>(V);
             Phi && Phi->getNumIncomingValues() == 2) {
    // Unoptimised code joins the two sides of a branch with a phi.
    auto [D0, S0] = decidedAt(Phi->getIncomingBlock(0), Phi->getParent());
    auto [D1, S1] = decidedAt(Phi->getIncomingBlock(1), Phi->getParent());
    if (!D0 || D0 != D1 || S0 == S1)
      return std::nullopt;
    const auto *Br = cast<BranchInst>(D0->getTerminator());
    if (!Br->isConditional() ||
        (S0 != Br->getSuccessor(0) && S0 != Br->getSuccessor(1)) ||
        (S1 != Br->getSuccessor(0) && S1 != Br->getSuccessor(1)))
      return std::nullopt;
    Cond = Br->getCondition();
    bool FirstWhenTrue = S0 == Br->getSuccessor(0);
    XV = Phi->getIncomingValue(FirstWhenTrue ? 0 : 1);
    YV = Phi->getIncomingValue(FirstWhenTrue ? 1 : 0);
  }
  const auto *Cmp = dyn_cast_or_null<ICmpInst>(Cond);
  if (!Cmp)
    return std::nullopt;
  std::optional<Expr> C = visitComparison(*Cmp);
  if (!C)
    return std::nullopt;
  std::optional<Expr> X = visit(SE.getSCEV(const_cast<Value *>(XV)));
  if (!X)
    return std::nullopt;
  std::optional<Expr> Y = visit(SE.getSCEV(const_cast<Value *>(YV)));
  if (!Y)
    return std::nullopt;
  return *Y + (*X - *Y) * *C;
}

} // namespace ktime
