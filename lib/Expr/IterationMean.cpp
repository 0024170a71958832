//===- IterationMean.cpp - The mean of an expression over a loop ----------===//
//
// A cost or count that depends on a loop's iteration number, averaged over
// the loop's iterations: the mean iteration in its place, with quotients by
// a constant (the counts of unrolled inner loops) averaged over their
// remainders (include/KernelTime/Expr.h, meanOverIterations).
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Expr.h"
#include "llvm/ADT/SmallVector.h"

namespace ktime {

/// E with every floor and ceiling quotient by a constant m >= 2 whose
/// numerator mentions \p Symbol replaced by its mean over a numerator whose
/// remainder is spread evenly (meanOverIterations).
static Expr averageQuotients(const Expr &E, llvm::StringRef Symbol) {
  if (!E.mentions(Symbol))
    return E;
  llvm::ArrayRef<Expr> Ops = E.operands();
  llvm::SmallVector<Expr, 4> New;
  New.reserve(Ops.size());
  for (const Expr &Op : Ops)
    New.push_back(averageQuotients(Op, Symbol));
  Expr::Kind K = E.getKind();
  if ((K == Expr::Kind::FloorDiv || K == Expr::Kind::CeilDiv) &&
      New[0].mentions(Symbol))
    if (std::optional<int64_t> M = New[1].getInt64(); M && *M >= 2) {
      Expr Spread = Expr::constant(Rational(*M - 1, 2));
      Expr Shifted =
          K == Expr::Kind::FloorDiv ? New[0] - Spread : New[0] + Spread;
      return Expr::max(Expr::constant(0),
                       Shifted * Expr::constant(Rational(1, *M)));
    }
  return E.withOperands(New);
}

Expr meanOverIterations(const Expr &E, llvm::StringRef IterSymbol,
                        const Expr &Mean) {
  if (!E.mentions(IterSymbol))
    return E;
  return averageQuotients(E, IterSymbol).substitute({{IterSymbol.str(), Mean}});
}

} // namespace ktime
