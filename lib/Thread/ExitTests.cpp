//===- ExitTests.cpp - Counts of loops that several tests can end ---------===//
//
// A loop may be ended by several tests: several exits (a search that breaks)
// or one exit whose condition joins tests with && or || (`i < n && i <
// chunk`). The loop stops at the first test that fails, so its count is the
// least of the counts each test would give alone (each by
// AffineTripCount.cpp's or GeometricTripCount.cpp's rules, top-tested unless
// it is a test of the latch). When every test is counted that is the count;
// when some cannot be (they read data loaded in the loop), the least of the
// others is the count if those never end the loop: an upper bound, which an
// Assumption states.
//
//===----------------------------------------------------------------------===//
#include "AffineTripCount.h"
#include "KernelTime/ScevToExpr.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace ktime {

namespace {

/// A condition that lets the loop go on when it is \p ContinueWhen.
struct Condition {
  const Value *V;
  bool ContinueWhen;
  bool TopTested;
};

/// Splits \p C into the tests that must all pass for another iteration:
/// "a && b" going on when true, "a || b" going on when false, as
/// instructions or, unoptimised, as an i1 phi joining a stop constant from a
/// block that branched on a test ("phi [false, %a_failed], [b, %a_held]").
void splitTests(const Loop &L, const Condition &C,
                SmallVectorImpl<Condition> &Out, unsigned Depth = 0) {
  const Value *A = nullptr, *B = nullptr;
  if (Depth < 8) {
    if ((C.ContinueWhen && match(C.V, m_LogicalAnd(m_Value(A), m_Value(B)))) ||
        (!C.ContinueWhen && match(C.V, m_LogicalOr(m_Value(A), m_Value(B))))) {
      splitTests(L, {A, C.ContinueWhen, C.TopTested}, Out, Depth + 1);
      splitTests(L, {B, C.ContinueWhen, C.TopTested}, Out, Depth + 1);
      return;
    }
    if (match(C.V, m_Not(m_Value(A)))) {
      splitTests(L, {A, !C.ContinueWhen, C.TopTested}, Out, Depth + 1);
      return;
    }
    if (const auto *Phi = dyn_cast<PHINode>(C.V);
        Phi && Phi->getType()->isIntegerTy(1) && L.contains(Phi) &&
        Phi->getParent() != L.getHeader()) {
      SmallVector<Condition, 4> Parts;
      bool Joined = true;
      for (unsigned I = 0; I != Phi->getNumIncomingValues() && Joined; ++I) {
        const Value *In = Phi->getIncomingValue(I);
        const BasicBlock *From = Phi->getIncomingBlock(I);
        const auto *Stop = dyn_cast<ConstantInt>(In);
        if (!Stop) {
          Parts.push_back({In, C.ContinueWhen, C.TopTested});
          continue;
        }
        const auto *Br = dyn_cast<BranchInst>(From->getTerminator());
        // A constant that goes on makes the join an "or" of the paths.
        Joined = Stop->isOne() != C.ContinueWhen && L.contains(From) && Br &&
                 Br->isConditional() &&
                 Br->getSuccessor(0) != Br->getSuccessor(1);
        if (Joined) // The stop edge is taken when the test fails.
          Parts.push_back({Br->getCondition(),
                           Br->getSuccessor(0) != Phi->getParent(),
                           C.TopTested});
      }
      if (Joined) {
        for (const Condition &P : Parts)
          splitTests(L, P, Out, Depth + 1);
        return;
      }
    }
  }
  Out.push_back(C);
}

} // namespace

std::optional<SeveralTestsTrip>
countSeveralExitTests(const Loop &L, ScalarEvolution &SE, ScevToExpr &Conv,
                      std::vector<std::string> &Assumptions) {
  SmallVector<Condition, 4> Tests;
  for (BasicBlock *BB : getTakenExitingBlocks(L)) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br || !Br->isConditional())
      return std::nullopt; // A switch: not split here.
    splitTests(L,
               {Br->getCondition(), L.contains(Br->getSuccessor(0)),
                BB != L.getLoopLatch()},
               Tests);
  }
  if (Tests.size() < 2)
    return std::nullopt;
  SeveralTestsTrip Result;
  Result.Tests = Tests.size();
  std::vector<std::string> Assumed;
  std::optional<Expr> Least;
  for (const Condition &C : Tests) {
    const auto *Cmp = dyn_cast<ICmpInst>(C.V);
    if (!Cmp || !Cmp->getOperand(0)->getType()->isIntOrPtrTy())
      continue;
    ExitTest Test{
        Cmp, C.ContinueWhen ? Cmp->getPredicate() : Cmp->getInversePredicate(),
        C.TopTested};
    std::optional<AffineTrip> One = countAffineTest(L, Test, SE, Conv, Assumed);
    if (!One)
      One = countGeometricTest(L, Test, SE, Conv, Assumed);
    if (!One)
      continue;
    ++Result.Counted;
    Least = Least ? Expr::min(*Least, One->Trip) : One->Trip;
  }
  if (!Least)
    return std::nullopt;
  Result.Trip = simplifyWithSymbolRanges(*Least);
  for (const std::string &Text : Assumed)
    if (!is_contained(Assumptions, Text))
      Assumptions.push_back(Text);
  return Result;
}

} // namespace ktime
