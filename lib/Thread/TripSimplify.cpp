//===- TripSimplify.cpp - Simplify trip counts with facts about symbols ---===//
//
// The Expr algebra knows nothing about what a symbol may be; the symbol facts
// of ScevToExpr.h do (ids and sizes, iteration numbers are never negative).
// With them, max(1, iter.L3 + 1) is iter.L3 + 1.
//
//===----------------------------------------------------------------------===//
#include "AffineTripCount.h"
#include "KernelTime/ScevToExpr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

using namespace llvm;

namespace ktime {

/// The operands of a min (IsMax false) or max that no other operand
/// provably dominates; all of them when there are very many (the
/// comparison is pairwise).
static SmallVector<Expr, 4> undominatedOperands(ArrayRef<Expr> Ops,
                                                bool IsMax) {
  constexpr size_t MaxPrunedOperands = 64;
  if (Ops.size() > MaxPrunedOperands)
    return SmallVector<Expr, 4>(Ops.begin(), Ops.end());
  SmallVector<Expr, 4> Kept;
  for (size_t I = 0; I != Ops.size(); ++I) {
    bool Dominated = false;
    for (size_t J = 0; J != Ops.size() && !Dominated; ++J) {
      if (I == J)
        continue;
      const Expr &High = IsMax ? Ops[J] : Ops[I];
      const Expr &Low = IsMax ? Ops[I] : Ops[J];
      // Of two equal operands keep the first.
      Dominated =
          isKnownNonNegativeDifference(High, Low) && (High != Low || J < I);
    }
    if (!Dominated)
      Kept.push_back(Ops[I]);
  }
  return Kept;
}

/// \p E with its operands replaced by \p Ops, re-simplified; min and max
/// are rebuilt by \p MinMax (IsMax says which).
static Expr rebuild(const Expr &E, ArrayRef<Expr> Ops,
                    function_ref<Expr(ArrayRef<Expr>, bool)> MinMax) {
  if (E.getKind() == Expr::Kind::Min || E.getKind() == Expr::Kind::Max)
    return MinMax(Ops, /*IsMax=*/E.getKind() == Expr::Kind::Max);
  return E.withOperands(Ops);
}

namespace {
/// simplifyWithSymbolRanges's results by the identity of the expression,
/// which each entry keeps alive so that its node is not reused.
using RangeResults = DenseMap<const void *, std::pair<Expr, Expr>>;
/// The open scope's results; null when no scope is open.
thread_local std::unique_ptr<RangeResults> OpenScope;
} // namespace

SymbolRangeCacheScope::SymbolRangeCacheScope() : Outermost(!OpenScope) {
  if (Outermost)
    OpenScope = std::make_unique<RangeResults>();
}

SymbolRangeCacheScope::~SymbolRangeCacheScope() {
  if (!Outermost)
    return;
  OpenScope.reset();
}

static Expr simplifyUncached(const Expr &E);

Expr simplifyWithSymbolRanges(const Expr &E) {
  if (E.operands().empty())
    return E;
  if (!OpenScope)
    return simplifyUncached(E);
  auto It = OpenScope->find(E.getIdentity());
  if (It != OpenScope->end())
    return It->second.second;
  Expr Result = simplifyUncached(E);
  // The recursion may have grown the map: insert anew.
  OpenScope->try_emplace(E.getIdentity(), E, Result);
  return Result;
}

static Expr simplifyUncached(const Expr &E) {
  SmallVector<Expr, 4> Ops;
  bool Changed = false;
  for (const Expr &Op : E.operands()) {
    Ops.push_back(simplifyWithSymbolRanges(Op));
    Changed |= !(Ops.back() == Op);
  }
  // E is canonical: with the same operands it is E again, unless a min or
  // max loses an operand that another dominates.
  bool MinMax =
      E.getKind() == Expr::Kind::Min || E.getKind() == Expr::Kind::Max;
  if (!Changed && !MinMax)
    return E;
  return rebuild(E, Ops, [&](ArrayRef<Expr> Ops, bool IsMax) {
    SmallVector<Expr, 4> Kept = undominatedOperands(Ops, IsMax);
    if (!Changed && Kept.size() == Ops.size())
      return E;
    return IsMax ? Expr::max(Kept) : Expr::min(Kept);
  });
}

/// True if X >= 1 implies Y >= 1: Y is X plus something non-negative, or a
/// ceiling division of such a Y by a positive divisor.
static bool isAtLeastOneWhen(const Expr &Y, const Expr &X) {
  if (isKnownNonNegativeDifference(Y, X))
    return true;
  if (Y.getKind() == Expr::Kind::CeilDiv)
    return isKnownPositive(Y.operands()[1]) &&
           isAtLeastOneWhen(Y.operands()[0], X);
  return false;
}

/// True if A >= B whenever X >= 1: A - B is non-negative, or exceeds
/// X - 1 by something non-negative.
static bool isAtLeastWhen(const Expr &A, const Expr &B, const Expr &X) {
  Expr Gap = A - B;
  return isKnownNonNegative(Gap) || isKnownNonNegative(Gap - (X - 1));
}

Expr simplifyUnderGuard(const Expr &Trip, const Expr &X) {
  if (Trip.operands().empty())
    return Trip;
  SmallVector<Expr, 4> Ops;
  for (const Expr &Op : Trip.operands())
    Ops.push_back(simplifyUnderGuard(Op, X));
  return rebuild(Trip, Ops, [&](ArrayRef<Expr> Ops, bool IsMax) {
    // A constant <= 1 under a max with an operand that X >= 1 makes >= 1.
    bool HasWitness = IsMax && llvm::any_of(Ops, [&](const Expr &Y) {
                        return isAtLeastOneWhen(Y, X);
                      });
    SmallVector<Expr, 4> Kept;
    for (size_t I = 0; I != Ops.size(); ++I) {
      std::optional<Rational> C = Ops[I].getConstant();
      bool Dominated = HasWitness && C && *C <= Rational(1);
      for (size_t J = 0; J != Ops.size() && !Dominated; ++J)
        if (J != I && Ops[I] != Ops[J])
          Dominated = IsMax ? isAtLeastWhen(Ops[J], Ops[I], X)
                            : isAtLeastWhen(Ops[I], Ops[J], X);
      if (!Dominated)
        Kept.push_back(Ops[I]);
    }
    if (Kept.empty())
      Kept.push_back(Ops.front());
    return IsMax ? Expr::max(Kept) : Expr::min(Kept);
  });
}

bool isSameTestAs(const Expr &D, const Expr &X) {
  if (simplifyUnderGuard(D, X) == X)
    return true;
  // D = q + k with q = floor(Y / c) or ceil(Y / c), c >= 1: floor(Y / c) >=
  // 1 - k exactly when Y >= c * (1 - k), ceil(Y / c) >= 1 - k exactly when
  // Y >= 1 - c * k (Y, c, k integers). Then D >= 1 is Y - m + 1 >= 1.
  Rational K;
  Expr Q = D;
  if (D.getKind() == Expr::Kind::Add && D.operands().size() == 2 &&
      D.operands()[1].isConstant()) {
    Q = D.operands()[0];
    K = *D.operands()[1].getConstant();
  }
  bool Floor = Q.getKind() == Expr::Kind::FloorDiv;
  if (!Floor && Q.getKind() != Expr::Kind::CeilDiv)
    return false;
  const Expr &Y = Q.operands()[0];
  std::optional<Rational> C = Q.operands()[1].getConstant();
  if (!C || !C->isInteger() || *C < Rational(1) || !K.isInteger() ||
      !Y.isIntegral())
    return false;
  Rational Least = Floor ? *C * (Rational(1) - K) : Rational(1) - *C * K;
  Expr Test = Y - Expr::constant(Least) + 1;
  return simplifyUnderGuard(Test, X) == X;
}

bool isPositiveExactlyWhen(const Expr &Trip, const Expr &X) {
  if (Trip == X)
    return true;
  // ceildiv(X, D) >= 1 exactly when X >= 1, for D >= 1.
  return Trip.getKind() == Expr::Kind::CeilDiv && Trip.operands()[0] == X &&
         isKnownPositive(Trip.operands()[1]);
}

} // namespace ktime
