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
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstrTypes.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class SCEV;
class ICmpInst;
class Loop;
class ScalarEvolution;
} // namespace llvm

namespace ktime {

class ScevToExpr;

/// The blocks of \p L from which control can really leave it: exiting
/// blocks with an exit that does not end in `unreachable` (a switch's
/// impossible default is no exit).
llvm::SmallVector<llvm::BasicBlock *, 4>
getTakenExitingBlocks(const llvm::Loop &L);

/// The values of \p Start, which holds one phi outside \p L (the join in
/// front of a runtime-unrolled loop's prologue or remainder: 0 where the
/// unrolled loop did not run, where it stopped otherwise), with the phi
/// replaced by each of its incoming values and converted by \p Convert
/// (the distinct ones; an empty list if one cannot be converted, or
/// \p Start holds no such phi). Where exactly one incoming value is what a
/// loop before \p L left at its exit, that one alone, with *\p LeftByLoop
/// set if given: the unroller skips a loop only where it would run no
/// iteration, leaving the value before it, so the value the loop leaves is
/// the first value on every path.
llvm::SmallVector<Expr, 2> convertJoinedStart(
    const llvm::SCEV *Start, const llvm::Loop &L, llvm::ScalarEvolution &SE,
    llvm::function_ref<std::optional<Expr>(const llvm::SCEV *)> Convert,
    bool *LeftByLoop = nullptr);

/// The count of a loop with an affine exit test.
struct AffineTrip {
  /// Iterations per entry into the loop.
  Expr Trip;
  /// For a bottom-tested loop: the distance D (in units of the increasing
  /// direction) from the induction variable's first value to the bound, and
  /// the positive stride S, so that Trip = max(1, ceildiv(D, S)); the source
  /// loop's own entry test is "D >= 1", and behind a guard that is exactly
  /// that test the count per entry of the guarded region is
  /// max(0, ceildiv(D, S)).
  std::optional<Expr> EntryDistance;
  Expr Stride;
  /// The count per entry of the region behind a guard that is the entry
  /// test "EntryDistance >= 1", when it is not max(0, ceildiv(X, Stride))
  /// (a halving or doubling loop).
  std::optional<Expr> GuardedTrip = std::nullopt;
};

/// One integer comparison that decides whether a loop goes on: "operand 0
/// Pred operand 1" true means it may take another iteration. TopTested when
/// the test runs before the body's work (in the header, or before the latch),
/// false for the latch's test after the body.
struct ExitTest {
  const llvm::ICmpInst *Cmp = nullptr;
  llvm::CmpInst::Predicate Pred = llvm::CmpInst::BAD_ICMP_PREDICATE;
  bool TopTested = false;
};

/// The comparison that decides \p L's only exit, if that exit is at its latch
/// or (when \p HeaderExits) at its header, and the predicate under which the
/// loop goes on ("operand 0 Pred operand 1").
std::optional<std::pair<const llvm::CmpInst *, llvm::CmpInst::Predicate>>
getSoleExitComparison(const llvm::Loop &L, bool HeaderExits);

/// The test of \p L's only exit, if that exit is at its latch or (when
/// \p HeaderExits) at its header and is an integer comparison.
std::optional<ExitTest> getSoleExitTest(const llvm::Loop &L, bool HeaderExits);

/// The count of a loop that goes on while \p Test holds, if the comparison
/// reads an affine induction variable {a,+,s} (or one a wider type holds, as
/// instcombine widens an int counter compared with a size_t bound) and an
/// invariant bound B, and the sign of s is known.
std::optional<AffineTrip>
countAffineTest(const llvm::Loop &L, const ExitTest &Test,
                llvm::ScalarEvolution &SE, ScevToExpr &Conv,
                std::vector<std::string> &Assumptions);

/// As countAffineTest, for a counter divided or multiplied by 2^c each
/// iteration (GeometricTripCount.cpp).
std::optional<AffineTrip>
countGeometricTest(const llvm::Loop &L, const ExitTest &Test,
                   llvm::ScalarEvolution &SE, ScevToExpr &Conv,
                   std::vector<std::string> &Assumptions);

/// The count of \p L, if its only exit is an integer comparison of an affine
/// induction variable {a,+,s} with an invariant bound B and the sign of s is
/// known. \p HeaderExits says whether the test runs before the body
/// (header) or after it (latch). What the conversion assumed is appended to
/// \p Assumptions.
std::optional<AffineTrip>
computeAffineTripCount(const llvm::Loop &L, llvm::ScalarEvolution &SE,
                       ScevToExpr &Conv, bool HeaderExits,
                       std::vector<std::string> &Assumptions);

/// The count of \p L, if its only exit compares a counter that each
/// iteration divides by 2^c (lshr, ashr, udiv, sdiv) or multiplies by 2^c
/// (shl, mul) with an invariant bound: a log2 of the bound's ratio to the
/// start (GeometricTripCount.cpp).
std::optional<AffineTrip>
computeGeometricTripCount(const llvm::Loop &L, llvm::ScalarEvolution &SE,
                          ScevToExpr &Conv, bool HeaderExits,
                          std::vector<std::string> &Assumptions);

/// The count of \p L, if its only exit compares an integer counter converted
/// to floating point (sitofp, uitofp) with a constant bound, or with the
/// approximate logarithm of a power of two, and the counter's start and
/// step are constants: found by stepping it (FloatTripCount.cpp).
std::optional<AffineTrip>
computeFloatTripCount(const llvm::Loop &L, llvm::ScalarEvolution &SE,
                      bool HeaderExits, std::vector<std::string> &Assumptions);

/// The count of a loop that several tests can end (ExitTests.cpp).
struct SeveralTestsTrip {
  /// The least of the counted tests' counts.
  Expr Trip;
  unsigned Tests = 0;
  unsigned Counted = 0;
};

/// The count of \p L when several tests can end it (several exits, or an
/// exit condition joined with && or ||) and at least one of them is
/// counted: the least of their counts.
std::optional<SeveralTestsTrip>
countSeveralExitTests(const llvm::Loop &L, llvm::ScalarEvolution &SE,
                      ScevToExpr &Conv, std::vector<std::string> &Assumptions);

/// Simplifications that need the symbol facts of ScevToExpr.h: drops min/max
/// operands another operand provably dominates.
Expr simplifyWithSymbolRanges(const Expr &E);

/// While one lives, simplifyWithSymbolRanges remembers its result for every
/// expression node it simplified, so that the parts a kernel's costs share
/// (a loop's time inside every maximum after it) are simplified once.
/// Scopes nest; the outermost one's results are kept until it ends.
class SymbolRangeCacheScope {
public:
  SymbolRangeCacheScope();
  ~SymbolRangeCacheScope();
  SymbolRangeCacheScope(const SymbolRangeCacheScope &) = delete;
  SymbolRangeCacheScope &operator=(const SymbolRangeCacheScope &) = delete;

private:
  bool Outermost;
};

/// Simplifies \p Trip knowing that the loop is entered only when X >= 1:
/// max(1, Y) becomes Y when X >= 1 already makes Y >= 1, and any min/max
/// operand another one dominates when X >= 1 goes (max(0, n + 9) is n + 9
/// when n + 10 >= 1).
Expr simplifyUnderGuard(const Expr &Trip, const Expr &X);

/// True if "D >= 1" holds exactly when "X >= 1" does: D is X under that
/// guard, or a floor or ceiling division of Y by a constant plus a constant
/// whose test is such a test of Y.
bool isSameTestAs(const Expr &D, const Expr &X);

/// True if "Trip >= 1" holds exactly when "X >= 1" does, so that
/// max(0, Trip) counts the iterations per entry of the guarded region.
bool isPositiveExactlyWhen(const Expr &Trip, const Expr &X);

} // namespace ktime

#endif // KERNELTIME_THREAD_AFFINETRIPCOUNT_H
