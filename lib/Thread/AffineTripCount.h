//===- AffineTripCount.h - Readable trip counts of counted loops ----------===//
//
// For a loop whose one exit compares an affine induction variable with a
// loop-invariant bound, the trip count follows from the comparison directly,
// in a form people read (max(1, ceildiv(n - i0, s)) rather than
// ScalarEvolution's umin/udiv spelling of the same number).
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_THREAD_AFFINETRIPCOUNT_H
#define KERNELTIME_THREAD_AFFINETRIPCOUNT_H

#include "KernelTime/Expr.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Loop;
class ScalarEvolution;
} // namespace llvm

namespace ktime {

class ScevToExpr;

/// Iterations per entry of \p L, if its only exit is an integer comparison of
/// an affine induction variable {a,+,s} with an invariant bound B and the
/// sign of s is known. \p HeaderExits says whether the test runs before the
/// body (header) or after it (latch). What the conversion assumed is
/// appended to \p Assumptions.
std::optional<Expr>
computeAffineTripCount(const llvm::Loop &L, llvm::ScalarEvolution &SE,
                       ScevToExpr &Conv, bool HeaderExits,
                       std::vector<std::string> &Assumptions);

/// Simplifications that need the symbol facts of ScevToExpr.h: drops min/max
/// operands another operand provably dominates.
Expr simplifyWithSymbolRanges(const Expr &E);

/// Simplifies \p Trip knowing that the loop is entered only when X >= 1:
/// max(1, Y) becomes Y when X >= 1 already makes Y >= 1.
Expr simplifyUnderGuard(const Expr &Trip, const Expr &X);

/// True if "Trip >= 1" holds exactly when "X >= 1" does, so that
/// max(0, Trip) counts the iterations per entry of the guarded region.
bool isPositiveExactlyWhen(const Expr &Trip, const Expr &X);

} // namespace ktime

#endif // KERNELTIME_THREAD_AFFINETRIPCOUNT_H
