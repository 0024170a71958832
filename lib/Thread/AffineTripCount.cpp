//===- AffineTripCount.cpp - Readable trip counts of counted loops --------===//
//
// The loop continues while v Pred B, v = a + s*k at the k-th test. With
// s > 0 and "v < B'" (B' = B, or B + 1 for <=), the tests succeed for
// k = 0 .. ceildiv(B' - a, s) - 1, i.e. T = max(0, ceildiv(B' - a, s))
// times; s < 0 mirrors it. "v != B" with a constant step succeeds
// (B - a) / s times (a loop must make progress, so v reaches B exactly). A
// top-tested loop runs its body T times; a bottom-tested (rotated) loop runs it
// once more than its test succeeds: 1 + T = max(1, ceildiv(B' - a + s, s)).
//
//===----------------------------------------------------------------------===//
#include "AffineTripCount.h"
#include "KernelTime/ScevToExpr.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {

namespace {

/// The comparison that decides whether \p L goes on, as "LHS Pred RHS"
/// true meaning another iteration.
struct ContinueTest {
  const SCEV *LHS;
  const SCEV *RHS;
  CmpInst::Predicate Pred;
};

std::optional<ContinueTest>
getContinueTest(const Loop &L, const BasicBlock &Exiting, ScalarEvolution &SE) {
  auto *Br = dyn_cast<BranchInst>(Exiting.getTerminator());
  if (!Br || !Br->isConditional())
    return std::nullopt;
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp || !Cmp->getOperand(0)->getType()->isIntegerTy())
    return std::nullopt;
  CmpInst::Predicate Pred = Cmp->getPredicate();
  if (!L.contains(Br->getSuccessor(0)))
    Pred = CmpInst::getInversePredicate(Pred);
  return ContinueTest{SE.getSCEV(Cmp->getOperand(0)),
                      SE.getSCEV(Cmp->getOperand(1)), Pred};
}

/// The test of the one exit control can really take.
std::optional<ContinueTest> getContinueTest(const Loop &L,
                                            ScalarEvolution &SE) {
  SmallVector<BasicBlock *, 4> Exiting = getTakenExitingBlocks(L);
  if (Exiting.size() != 1)
    return std::nullopt;
  return getContinueTest(L, *Exiting.front(), SE);
}

/// "v != B" with constant start, step and bound: the test succeeds for the
/// k = 0, 1, ... with a + k*s != B in w-bit arithmetic, i.e. T = ((B - a)
/// mod 2^w) / s when s divides it (else the loop wraps around and the
/// general case decides).
std::optional<Expr> constantNotEqualCount(const SCEVAddRecExpr *AR,
                                          const SCEV *Bound,
                                          ScalarEvolution &SE) {
  const auto *A = dyn_cast<SCEVConstant>(AR->getStart());
  const auto *S = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  const auto *B = dyn_cast<SCEVConstant>(Bound);
  if (!A || !S || !B || S->getValue()->isZero())
    return std::nullopt;
  APInt Step = S->getAPInt();
  APInt Distance = B->getAPInt() - A->getAPInt(); // modulo 2^w
  if (Step.isNegative()) {
    Step = -Step;
    Distance = -Distance;
  }
  if (!Distance.urem(Step).isZero())
    return std::nullopt;
  return exprFromAPInt(Distance.udiv(Step), /*Unsigned=*/true);
}

/// The first values of an induction variable whose start \p Start holds one
/// phi outside \p L (the join after a runtime-unrolled loop's prologue): the
/// start with the phi replaced by each of its incoming values, converted (an
/// empty list if one cannot be, or the start holds no such phi).
template <typename ConvertFn>
SmallVector<Expr, 2> convertJoinedStart(const SCEV *Start, const Loop &L,
                                        ScalarEvolution &SE,
                                        ConvertFn Convert) {
  const PHINode *Phi = nullptr;
  bool Several = false;
  auto FindPhi = [&](const SCEV *X) {
    if (const auto *U = dyn_cast<SCEVUnknown>(X))
      if (const auto *P = dyn_cast<PHINode>(U->getValue())) {
        Several |= Phi && Phi != P;
        Phi = P;
      }
    return true;
  };
  (void)SCEVExprContains(Start, [&](const SCEV *X) {
    FindPhi(X);
    return false;
  });
  SmallVector<Expr, 2> Out;
  if (!Phi || Several || L.contains(Phi) || Phi->getNumIncomingValues() > 4)
    return Out;
  for (const Use &In : Phi->incoming_values()) {
    ValueToSCEVMapTy Map;
    Map[Phi] = SE.getSCEV(In.get());
    std::optional<Expr> E =
        Convert(SCEVParameterRewriter::rewrite(Start, SE, Map));
    if (!E)
      return {};
    if (!is_contained(Out, *E))
      Out.push_back(*E);
  }
  return Out;
}

/// The count of a loop whose induction variable starts at \p A, steps by
/// \p S (upwards if \p Up, downwards if \p Down) and goes on while
/// "v Pred B".
std::optional<AffineTrip> countFromStart(const Expr &A, const Expr &B,
                                         const Expr &S, CmpInst::Predicate Pred,
                                         bool Up, bool Down, bool HeaderExits) {
  // Distance to the bound in units of the step, both counted upwards.
  Expr Distance, Stride;
  Expr One = Expr::constant(1);
  switch (Pred) {
  case CmpInst::ICMP_SLT:
  case CmpInst::ICMP_ULT:
  case CmpInst::ICMP_SLE:
  case CmpInst::ICMP_ULE:
    if (!Up)
      return std::nullopt;
    Distance = B - A;
    if (Pred == CmpInst::ICMP_SLE || Pred == CmpInst::ICMP_ULE)
      Distance = Distance + One;
    Stride = S;
    break;
  case CmpInst::ICMP_SGT:
  case CmpInst::ICMP_UGT:
  case CmpInst::ICMP_SGE:
  case CmpInst::ICMP_UGE:
    if (!Down)
      return std::nullopt;
    Distance = A - B;
    if (Pred == CmpInst::ICMP_SGE || Pred == CmpInst::ICMP_UGE)
      Distance = Distance + One;
    Stride = -S;
    break;
  case CmpInst::ICMP_NE: {
    // The loop must make progress, so v reaches B exactly: B - a is a
    // multiple of s and the test succeeds (B - a) / s times.
    std::optional<int64_t> C = S.getInt64();
    if (!C || *C == 0)
      return std::nullopt;
    Distance = *C > 0 ? B - A : A - B;
    Stride = Expr::constant(*C > 0 ? *C : -*C);
    Expr Succeeding = Expr::floorDiv(Distance, Stride);
    if (HeaderExits)
      return AffineTrip{Succeeding, std::nullopt, Stride};
    return AffineTrip{Succeeding + One, Distance + Stride, Stride};
  }
  default:
    return std::nullopt;
  }
  if (HeaderExits)
    return AffineTrip{
        Expr::max(Expr::constant(0), Expr::ceilDiv(Distance, Stride)),
        std::nullopt, Stride};
  return AffineTrip{Expr::max(One, Expr::ceilDiv(Distance + Stride, Stride)),
                    Distance + Stride, Stride};
}

/// A product in \p X of two or more variables that may wrap (no nuw).
const SCEV *wrappingProduct(const SCEV *X) {
  const SCEV *Found = nullptr;
  (void)SCEVExprContains(X, [&](const SCEV *S) {
    const auto *M = dyn_cast<SCEVMulExpr>(S);
    if (!M || M->hasNoUnsignedWrap() ||
        llvm::count_if(M->operands(), [](const SCEV *Op) {
          return !isa<SCEVConstant>(Op);
        }) < 2)
      return false;
    Found = M;
    return true;
  });
  return Found;
}

/// The affine recurrence of \p L that \p X extends (zext or sext), if any.
const SCEVAddRecExpr *extendedCounter(const SCEV *X, const Loop &L) {
  if (!isa<SCEVZeroExtendExpr>(X) && !isa<SCEVSignExtendExpr>(X))
    return nullptr;
  const auto *AR =
      dyn_cast<SCEVAddRecExpr>(cast<SCEVCastExpr>(X)->getOperand());
  if (!AR || AR->getLoop() != &L || !AR->isAffine())
    return nullptr;
  return AR;
}

} // namespace

SmallVector<BasicBlock *, 4> getTakenExitingBlocks(const Loop &L) {
  SmallVector<BasicBlock *, 4> Exiting, Taken;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting)
    if (llvm::any_of(successors(BB), [&](const BasicBlock *S) {
          return !L.contains(S) && !isa<UnreachableInst>(S->getTerminator());
        }))
      Taken.push_back(BB);
  return Taken;
}

std::optional<AffineTrip>
computeAffineTripCount(const Loop &L, ScalarEvolution &SE, ScevToExpr &Conv,
                       bool HeaderExits,
                       std::vector<std::string> &Assumptions) {
  BasicBlock *Exiting = L.getExitingBlock();
  if (!Exiting || (Exiting != L.getLoopLatch() &&
                   !(HeaderExits && Exiting == L.getHeader())))
    return std::nullopt;
  std::optional<ContinueTest> Test = getContinueTest(L, SE);
  if (!Test)
    return std::nullopt;
  // An int counter compared with a size_t bound: the test reads the
  // counter's zext or sext (ScalarEvolution keeps it outside the recurrence
  // when it cannot prove that the counter does not wrap).
  const SCEVCastExpr *Ext = nullptr;
  const SCEV *LHS = Test->LHS, *RHS = Test->RHS;
  if (!isa<SCEVAddRecExpr>(LHS) && !isa<SCEVAddRecExpr>(RHS)) {
    if (const SCEVAddRecExpr *In = extendedCounter(LHS, L)) {
      Ext = cast<SCEVCastExpr>(LHS);
      LHS = In;
    } else if (const SCEVAddRecExpr *In = extendedCounter(RHS, L)) {
      Ext = cast<SCEVCastExpr>(RHS);
      RHS = In;
    }
  }
  const auto *AR = dyn_cast<SCEVAddRecExpr>(LHS);
  const SCEV *Bound = RHS;
  CmpInst::Predicate Pred = Test->Pred;
  if (!AR || AR->getLoop() != &L) {
    AR = dyn_cast<SCEVAddRecExpr>(RHS);
    Bound = LHS;
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  if (!AR || AR->getLoop() != &L || !AR->isAffine() ||
      !SE.isLoopInvariant(Bound, &L))
    return std::nullopt;

  const SCEV *Step = AR->getStepRecurrence(SE);
  if (Pred == CmpInst::ICMP_NE && !Ext)
    if (std::optional<Expr> T = constantNotEqualCount(AR, Bound, SE))
      return AffineTrip{HeaderExits ? *T : *T + 1, std::nullopt,
                        Expr::constant(1)};
  // With a constant start, step and bound there is nothing to keep readable,
  // and the formulas below count in unbounded integers: a counter that wraps
  // around its width (no nsw/nuw, or a "!=" the step jumps over) would get a
  // wrong count, even a negative one. ScalarEvolution's own count is exact
  // in w-bit arithmetic, and it says when there is none (an endless loop).
  if (isa<SCEVConstant>(AR->getStart()) && isa<SCEVConstant>(Step) &&
      isa<SCEVConstant>(Bound))
    return std::nullopt;
  // The operands of an unsigned comparison are unsigned numbers (an i8
  // bound of -56 is 200).
  bool Unsigned = CmpInst::isUnsigned(Pred);
  auto ConvertOperand = [&](const SCEV *X) {
    return Unsigned ? Conv.convertUnsigned(X, &L) : Conv.convert(X, &L);
  };
  std::vector<std::string> Assumed;
  if (Ext) {
    // The extended counter is read as the counter's own value: a zext as an
    // unsigned number, a sext as a signed one, which an unsigned test may
    // compare only when it starts non-negative (below).
    Assumed.push_back("the " +
                      std::to_string(AR->getType()->getIntegerBitWidth()) +
                      "-bit counter of the loop, compared as a " +
                      std::to_string(Ext->getType()->getIntegerBitWidth()) +
                      "-bit value, is assumed not to wrap around");
  }
  // A product of two variables (tid * k) in an unsigned comparison, or in
  // the "!=" test of a counter not known free of signed wrap (an unsigned
  // one), may exceed the width where ScalarEvolution does not know it stays
  // within: it is read as its mathematical value, and the remark says so.
  if (Unsigned || (Pred == CmpInst::ICMP_NE && !AR->hasNoSignedWrap()))
    for (const SCEV *X : {AR->getStart(), Bound})
      if (const SCEV *M = wrappingProduct(X))
        if (std::optional<Expr> E = Conv.convertUnsigned(M, &L)) {
          std::string Text =
              "the unsigned product " + E->str() +
              " is assumed not to wrap around its " +
              std::to_string(M->getType()->getIntegerBitWidth()) + " bits";
          if (!is_contained(Assumed, Text))
            Assumed.push_back(Text);
        }
  auto ConvertStart = [&](const SCEV *X) {
    if (!Ext)
      return ConvertOperand(X);
    return isa<SCEVZeroExtendExpr>(Ext) ? Conv.convertUnsigned(X, &L)
                                        : Conv.convert(X, &L);
  };
  // The first values of the induction variable: its start, or, when the
  // start is a join of values from outside the loop (a runtime-unrolled
  // loop's prologue enters it at i or at i + 1), each joined value.
  SmallVector<Expr, 2> Starts;
  if (std::optional<Expr> A = ConvertStart(AR->getStart()))
    Starts.push_back(*A);
  else
    Starts = convertJoinedStart(AR->getStart(), L, SE, ConvertStart);
  llvm::append_range(Assumed, Conv.getAssumptions());
  std::optional<Expr> S = Conv.convert(Step, &L);
  llvm::append_range(Assumed, Conv.getAssumptions());
  std::optional<Expr> B = ConvertOperand(Bound);
  llvm::append_range(Assumed, Conv.getAssumptions());
  if (Starts.empty() || !B || !S)
    return std::nullopt;
  if (Ext && isa<SCEVSignExtendExpr>(Ext) && Unsigned &&
      !SE.isKnownNonNegative(AR->getStart()) &&
      !llvm::all_of(Starts,
                    [](const Expr &A) { return isKnownNonNegative(A); }))
    return std::nullopt;
  // ScalarEvolution's ranges lose the sign of products such as
  // ntid.x * nctaid.x; the symbol facts keep it.
  bool Up = SE.isKnownPositive(Step) || isKnownPositive(*S);
  bool Down = SE.isKnownNegative(Step) || isKnownPositive(-*S);
  if (!Up && !Down)
    return std::nullopt;

  std::optional<AffineTrip> Result;
  for (const Expr &A : Starts) {
    std::optional<AffineTrip> One =
        countFromStart(A, *B, *S, Pred, Up, Down, HeaderExits);
    if (!One)
      return std::nullopt;
    if (!Result)
      Result = One;
    else // Each start is the count of the path entering with it; the
         // largest is exact for that path and bounds the others (by less
         // than one unrolled iteration for a remainder prologue).
      Result = AffineTrip{Expr::max(Result->Trip, One->Trip), std::nullopt,
                          Result->Stride};
  }
  for (const std::string &Text : Assumed)
    if (!is_contained(Assumptions, Text))
      Assumptions.push_back(Text);
  if (Starts.size() > 1) {
    Result->Trip = simplifyWithSymbolRanges(Result->Trip);
    Assumptions.push_back("the loop is entered with one of " +
                          std::to_string(Starts.size()) +
                          " first values (a runtime-unrolled loop's "
                          "prologue); its count is the largest of theirs, " +
                          Result->Trip.str());
  }
  return Result;
}

} // namespace ktime
