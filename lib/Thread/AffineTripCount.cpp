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

/// An affine counter of \p L as a comparison reads it: the recurrence,
/// and, when the comparison reads it extended to a wider type, how.
struct Counter {
  const SCEVAddRecExpr *AR = nullptr;
  /// The comparison reads zext(AR) or sext(AR) (ExtWidth bits), or AR.
  bool Extended = false;
  bool SignExtended = false;
  unsigned ExtWidth = 0;
  /// The counter's first value where AR reads its next values (a widened
  /// counter's test of i + s), else null (AR's start).
  const SCEV *First = nullptr;
};

/// The affine recurrence of \p L that \p X extends (zext or sext), if any.
std::optional<Counter> extendedCounter(const SCEV *X, const Loop &L) {
  if (!isa<SCEVZeroExtendExpr>(X) && !isa<SCEVSignExtendExpr>(X))
    return std::nullopt;
  const auto *AR =
      dyn_cast<SCEVAddRecExpr>(cast<SCEVCastExpr>(X)->getOperand());
  if (!AR || AR->getLoop() != &L || !AR->isAffine())
    return std::nullopt;
  return Counter{AR, true, isa<SCEVSignExtendExpr>(X),
                 X->getType()->getIntegerBitWidth()};
}

/// A counter that instcombine widened: an int counter compared with a
/// size_t bound becomes a 64-bit header phi P whose next value is
/// ext(trunc(P) + s), so ScalarEvolution sees no recurrence. \p V (P or its
/// next value) is then ext of the narrow counter {a, +, s} (or of
/// {a + s, +, s}, the next value), a = trunc(P's first value), when P's
/// first value is ext(a) of the same kind.
std::optional<Counter> widenedCounter(const Value *V, const Loop &L,
                                      ScalarEvolution &SE) {
  const BasicBlock *Latch = L.getLoopLatch();
  const BasicBlock *Preheader = L.getLoopPredecessor();
  if (!Latch || !Preheader)
    return std::nullopt;
  const PHINode *Phi = dyn_cast<PHINode>(V);
  bool Next = !Phi;
  const Value *NextV = Phi && Phi->getParent() == L.getHeader()
                           ? Phi->getIncomingValueForBlock(Latch)
                           : V;
  const auto *Ext = dyn_cast<CastInst>(NextV);
  if (!Ext || (!isa<SExtInst>(Ext) && !isa<ZExtInst>(Ext)))
    return std::nullopt;
  const auto *Add = dyn_cast<BinaryOperator>(Ext->getOperand(0));
  if (!Add || Add->getOpcode() != Instruction::Add)
    return std::nullopt;
  for (unsigned I = 0; I != 2; ++I) {
    const auto *Trunc = dyn_cast<TruncInst>(Add->getOperand(I));
    const Value *StepV = Add->getOperand(1 - I);
    if (!Trunc)
      continue;
    const auto *P = dyn_cast<PHINode>(Trunc->getOperand(0));
    if (!P || P->getParent() != L.getHeader() || (Phi && P != Phi) ||
        P->getType() != Ext->getType() ||
        P->getIncomingValueForBlock(Latch) != Ext)
      continue;
    bool Signed = isa<SExtInst>(Ext);
    Type *Narrow = Add->getType();
    const SCEV *Step = SE.getSCEV(const_cast<Value *>(StepV));
    const SCEV *First = SE.getSCEV(P->getIncomingValueForBlock(Preheader));
    const SCEV *Start = SE.getTruncateExpr(First, Narrow);
    const SCEV *Back = Signed ? SE.getSignExtendExpr(Start, P->getType())
                              : SE.getZeroExtendExpr(Start, P->getType());
    if (Back != First || !SE.isLoopInvariant(Step, &L))
      return std::nullopt;
    bool NoWrap = Signed ? Add->hasNoSignedWrap() : Add->hasNoUnsignedWrap();
    SCEV::NoWrapFlags Flags = !NoWrap  ? SCEV::FlagAnyWrap
                              : Signed ? SCEV::FlagNSW
                                       : SCEV::FlagNUW;
    const SCEV *NarrowFirst = Start;
    if (Next)
      Start = SE.getAddExpr(Start, Step);
    const auto *AR =
        dyn_cast<SCEVAddRecExpr>(SE.getAddRecExpr(Start, Step, &L, Flags));
    if (!AR)
      return std::nullopt;
    return Counter{AR, true, Signed, P->getType()->getIntegerBitWidth(),
                   NarrowFirst};
  }
  return std::nullopt;
}

} // namespace

SmallVector<Expr, 2>
convertJoinedStart(const SCEV *Start, const Loop &L, ScalarEvolution &SE,
                   function_ref<std::optional<Expr>(const SCEV *)> Convert,
                   bool *LeftByLoop) {
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
  // The value a loop before L left at its exit (the unrolled loop's, or
  // its prologue's): a recurrence of a loop that does not hold L.
  std::optional<Expr> Left;
  unsigned LeftCount = 0;
  for (const Use &In : Phi->incoming_values()) {
    ValueToSCEVMapTy Map;
    const SCEV *V = SE.getSCEV(In.get());
    Map[Phi] = V;
    std::optional<Expr> E =
        Convert(SCEVParameterRewriter::rewrite(Start, SE, Map));
    if (!E)
      return {};
    if (SCEVExprContains(V, [&](const SCEV *X) {
          const auto *AR = dyn_cast<SCEVAddRecExpr>(X);
          return AR && !AR->getLoop()->contains(&L);
        })) {
      Left = *E;
      ++LeftCount;
    }
    if (!is_contained(Out, *E))
      Out.push_back(*E);
  }
  // A runtime-unrolled loop's remainder is entered where the loop before
  // it left off, or, on the path that skips that loop, at the value before
  // it; the unroller skips the loop only where it would run no iteration,
  // and there the value it leaves is the value before it. So the value it
  // leaves is the first value on every path.
  if (LeftCount == 1 && Out.size() > 1) {
    if (LeftByLoop)
      *LeftByLoop = true;
    return {*Left};
  }
  return Out;
}

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

std::optional<std::pair<const CmpInst *, CmpInst::Predicate>>
getSoleExitComparison(const Loop &L, bool HeaderExits) {
  SmallVector<BasicBlock *, 4> Exiting = getTakenExitingBlocks(L);
  if (Exiting.size() != 1 ||
      (Exiting.front() != L.getLoopLatch() &&
       !(HeaderExits && Exiting.front() == L.getHeader())))
    return std::nullopt;
  auto *Br = dyn_cast<BranchInst>(Exiting.front()->getTerminator());
  if (!Br || !Br->isConditional())
    return std::nullopt;
  auto *Cmp = dyn_cast<CmpInst>(Br->getCondition());
  if (!Cmp)
    return std::nullopt;
  CmpInst::Predicate Pred = Cmp->getPredicate();
  if (!L.contains(Br->getSuccessor(0)))
    Pred = CmpInst::getInversePredicate(Pred);
  return std::make_pair(Cmp, Pred);
}

std::optional<ExitTest> getSoleExitTest(const Loop &L, bool HeaderExits) {
  auto Exit = getSoleExitComparison(L, HeaderExits);
  if (!Exit)
    return std::nullopt;
  auto *Cmp = dyn_cast<ICmpInst>(Exit->first);
  if (!Cmp || !Cmp->getOperand(0)->getType()->isIntOrPtrTy())
    return std::nullopt;
  return ExitTest{Cmp, Exit->second, HeaderExits};
}

std::optional<AffineTrip>
computeAffineTripCount(const Loop &L, ScalarEvolution &SE, ScevToExpr &Conv,
                       bool HeaderExits,
                       std::vector<std::string> &Assumptions) {
  if (!L.getExitingBlock())
    return std::nullopt;
  std::optional<ExitTest> Test = getSoleExitTest(L, HeaderExits);
  if (!Test)
    return std::nullopt;
  return countAffineTest(L, *Test, SE, Conv, Assumptions);
}

std::optional<AffineTrip>
countAffineTest(const Loop &L, const ExitTest &Test, ScalarEvolution &SE,
                ScevToExpr &Conv, std::vector<std::string> &Assumptions) {
  bool HeaderExits = Test.TopTested;
  const Value *LHSV = Test.Cmp->getOperand(0);
  const Value *RHSV = Test.Cmp->getOperand(1);
  if (!LHSV->getType()->isIntOrPtrTy())
    return std::nullopt;
  const SCEV *LHS = SE.getSCEV(const_cast<Value *>(LHSV));
  const SCEV *RHS = SE.getSCEV(const_cast<Value *>(RHSV));
  CmpInst::Predicate Pred = Test.Pred;
  // An int counter compared with a size_t bound: the test reads the
  // counter's zext or sext (ScalarEvolution keeps it outside the recurrence
  // when it cannot prove that the counter does not wrap), or instcombine
  // widened the counter itself.
  std::optional<Counter> C;
  const SCEV *Bound = nullptr;
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(LHS);
      AR && AR->getLoop() == &L) {
    C = Counter{AR};
    Bound = RHS;
  } else if (const auto *AR = dyn_cast<SCEVAddRecExpr>(RHS);
             AR && AR->getLoop() == &L) {
    C = Counter{AR};
    Bound = LHS;
    Pred = CmpInst::getSwappedPredicate(Pred);
  } else if ((C = extendedCounter(LHS, L)) ||
             (C = widenedCounter(LHSV, L, SE))) {
    Bound = RHS;
  } else if ((C = extendedCounter(RHS, L)) ||
             (C = widenedCounter(RHSV, L, SE))) {
    Bound = LHS;
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  if (!C)
    return std::nullopt;
  const SCEVAddRecExpr *AR = C->AR;
  bool Ext = C->Extended;
  if (!AR->isAffine() || !SE.isLoopInvariant(Bound, &L))
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
                      std::to_string(C->ExtWidth) +
                      "-bit value, is assumed not to wrap around");
  }
  // A product of two variables (tid * k) in an unsigned comparison, or in
  // the "!=" test of a counter not known free of signed wrap (an unsigned
  // one), may exceed the width where ScalarEvolution does not know it stays
  // within: it is read as its mathematical value, and the remark says so.
  if (Unsigned || (Pred == CmpInst::ICMP_NE && !AR->hasNoSignedWrap()))
    for (const SCEV *X : {C->First ? C->First : AR->getStart(), Bound})
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
    return C->SignExtended ? Conv.convert(X, &L) : Conv.convertUnsigned(X, &L);
  };
  // The first values of the induction variable: its start, or, when the
  // start is a join of values from outside the loop (a runtime-unrolled
  // loop's prologue enters it at i or at i + 1), each joined value.
  SmallVector<Expr, 2> Starts;
  bool LeftByLoop = false;
  if (std::optional<Expr> A = ConvertStart(AR->getStart()))
    Starts.push_back(*A);
  else
    Starts =
        convertJoinedStart(AR->getStart(), L, SE, ConvertStart, &LeftByLoop);
  llvm::append_range(Assumed, Conv.getAssumptions());
  std::optional<Expr> S = Conv.convert(Step, &L);
  llvm::append_range(Assumed, Conv.getAssumptions());
  std::optional<Expr> B = ConvertOperand(Bound);
  llvm::append_range(Assumed, Conv.getAssumptions());
  if (Starts.empty() || !B || !S)
    return std::nullopt;
  if (Ext && C->SignExtended && Unsigned &&
      !SE.isKnownNonNegative(AR->getStart()) &&
      !llvm::all_of(Starts,
                    [](const Expr &A) { return isKnownNonNegative(A); }))
    return std::nullopt;
  // ScalarEvolution's ranges lose the sign of products such as
  // ntid.x * nctaid.x; the symbol facts keep it.
  bool Up = SE.isKnownPositive(Step) || isKnownPositive(*S);
  bool Down = SE.isKnownNegative(Step) || isKnownPositive(-*S);
  if (!Up && !Down) {
    // A signed counter that goes on while v < B (or v > B) never ends
    // unless its step goes towards B: the step's sign follows from the
    // kernel's returning.
    Up = Pred == CmpInst::ICMP_SLT || Pred == CmpInst::ICMP_SLE;
    Down = Pred == CmpInst::ICMP_SGT || Pred == CmpInst::ICMP_SGE;
    if (!Up && !Down)
      return std::nullopt;
    Assumed.push_back("the step of the counter, " + S->str() + ", is assumed " +
                      (Up ? "positive" : "negative") +
                      ": the loop would not end otherwise");
    // A thread whose step has the other sign cannot be in the loop of a
    // kernel that returns; the count stays defined for it (a launch
    // evaluates it for every thread) with the step clamped to +-1.
    S = Up ? Expr::max(Expr::constant(1), *S)
           : Expr::min(Expr::constant(-1), *S);
  }

  std::optional<AffineTrip> Result;
  // Whether every start gives the same count (a prologue that runs the
  // remainder (n - i) mod 4 leaves floor((n - i) / 4) iterations, as the
  // path that skips it does): then the count is exact for every path.
  bool SameCount = true;
  for (const Expr &A : Starts) {
    std::optional<AffineTrip> One =
        countFromStart(A, *B, *S, Pred, Up, Down, HeaderExits);
    if (!One)
      return std::nullopt;
    if (!Result) {
      Result = One;
      continue;
    }
    SameCount = SameCount && simplifyWithSymbolRanges(One->Trip) ==
                                 simplifyWithSymbolRanges(Result->Trip);
    // Each start is the count of the path entering with it; the largest is
    // exact for that path and bounds the others (by less than one unrolled
    // iteration for a remainder prologue).
    if (!SameCount)
      Result = AffineTrip{Expr::max(Result->Trip, One->Trip), std::nullopt,
                          Result->Stride};
  }
  for (const std::string &Text : Assumed)
    if (!is_contained(Assumptions, Text))
      Assumptions.push_back(Text);
  // The distance to the bound differs by path: no guard is "its" entry
  // test.
  if (Starts.size() > 1 || LeftByLoop) {
    Result->EntryDistance = std::nullopt;
    Result->GuardedTrip = std::nullopt;
  }
  if (Starts.size() > 1 && !SameCount) {
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
