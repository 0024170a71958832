//===- GeometricTripCount.cpp - Counts of halving and doubling loops ------===//
//
// A loop whose counter v is divided by 2^c each iteration (lshr, ashr, udiv,
// sdiv by a power of two: the tree reduction "for (s = n / 2; s > 0;
// s >>= 1)") or multiplied by 2^c (shl, mul: the scan "for (d = 1; d < n;
// d *= 2)") and compared with a loop-invariant bound B.
//
// At its k-th test (k = 0, 1, ...) the exit compares v_k = h^(k+j)(a), with
// a the counter's first value and j = 0 when the test reads the phi, 1 when
// it reads the next value. The tests succeed T times in a row:
//  - halving, "v > B" with B >= 0: floor(x / 2^(ck)) > B exactly when
//    2^(ck) <= floor(x / (B + 1)) =: y, x = floor(a / 2^(cj)), so
//    T = floor(log2(y) / c) + 1 (0 for y < 1, as log2 is -1 there);
//  - doubling, "v < B" with a >= 1: x * 2^(ck) < B exactly when
//    2^(ck) <= ceildiv(B, x) - 1 =: y, x = a * 2^(cj), and T is the same.
// A top-tested loop runs its body T times, a bottom-tested one 1 + T. The
// source loop's entry test is the test on a itself (j = 0); behind a guard
// that is that test the count per entry of the guarded region is T at
// j = 0, exact also when the loop is skipped.
//
//===----------------------------------------------------------------------===//
#include "AffineTripCount.h"
#include "KernelTime/ScevToExpr.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

#include <functional>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace ktime {

namespace {

/// A header phi that the latch value divides or multiplies by 2^Shift.
struct GeometricStep {
  const PHINode *Phi = nullptr;
  const BinaryOperator *Next = nullptr;
  bool Halving = false;
  /// The step reads its operand as signed (ashr, sdiv).
  bool Signed = false;
  unsigned Shift = 0;
};

std::optional<GeometricStep> matchStep(const Loop &L, const Value *V) {
  const auto *Phi = dyn_cast<PHINode>(V);
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Phi || !Latch || Phi->getParent() != L.getHeader() ||
      !Phi->getType()->isIntegerTy() || !L.getLoopPredecessor())
    return std::nullopt;
  const auto *Next =
      dyn_cast<BinaryOperator>(Phi->getIncomingValueForBlock(Latch));
  const APInt *C;
  if (!Next || Next->getOperand(0) != Phi ||
      !match(Next->getOperand(1), m_APInt(C)))
    return std::nullopt;
  GeometricStep S;
  S.Phi = Phi;
  S.Next = Next;
  unsigned Width = C->getBitWidth();
  switch (Next->getOpcode()) {
  case Instruction::LShr:
  case Instruction::AShr:
  case Instruction::Shl:
    if (C->isZero() || C->uge(Width))
      return std::nullopt;
    S.Shift = C->getZExtValue();
    break;
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::Mul:
    if (!C->isPowerOf2() || C->isOne() || C->isNegative())
      return std::nullopt;
    S.Shift = C->logBase2();
    break;
  default:
    return std::nullopt;
  }
  if (S.Shift > 62) // 2^Shift is an int64_t below.
    return std::nullopt;
  unsigned Op = Next->getOpcode();
  S.Halving = Op != Instruction::Shl && Op != Instruction::Mul;
  S.Signed = Op == Instruction::AShr || Op == Instruction::SDiv;
  return S;
}

/// The counter a comparison operand reads: \p V is the phi (J = 0) or its
/// next value (J = 1).
std::optional<GeometricStep> matchCounter(const Loop &L, const Value *V,
                                          unsigned &J) {
  if (std::optional<GeometricStep> S = matchStep(L, V)) {
    J = 0;
    return S;
  }
  const auto *BO = dyn_cast<BinaryOperator>(V);
  if (!BO)
    return std::nullopt;
  std::optional<GeometricStep> S = matchStep(L, BO->getOperand(0));
  if (!S || S->Next != BO)
    return std::nullopt;
  J = 1;
  return S;
}

/// The number of k >= 0 with 2^(Shift * k) <= Y: floor(log2(Y) / Shift) + 1,
/// 0 for Y < 1.
Expr powersUpTo(const Expr &Y, unsigned Shift) {
  Expr L = Expr::log2(Y);
  if (Shift > 1)
    L = Expr::floorDiv(L, Expr::constant(Shift));
  return L + 1;
}

} // namespace

std::optional<AffineTrip>
computeGeometricTripCount(const Loop &L, ScalarEvolution &SE, ScevToExpr &Conv,
                          bool HeaderExits,
                          std::vector<std::string> &Assumptions) {
  std::optional<ExitTest> Test = getSoleExitTest(L, HeaderExits);
  if (!Test)
    return std::nullopt;
  return countGeometricTest(L, *Test, SE, Conv, Assumptions);
}

std::optional<AffineTrip>
countGeometricTest(const Loop &L, const ExitTest &Test, ScalarEvolution &SE,
                   ScevToExpr &Conv, std::vector<std::string> &Assumptions) {
  bool HeaderExits = Test.TopTested;
  const ICmpInst *Cmp = Test.Cmp;
  // The test as "counter Pred bound", true meaning another iteration.
  CmpInst::Predicate Pred = Test.Pred;
  unsigned J = 0;
  const Value *BoundV = Cmp->getOperand(1);
  std::optional<GeometricStep> S = matchCounter(L, Cmp->getOperand(0), J);
  if (!S) {
    S = matchCounter(L, Cmp->getOperand(1), J);
    BoundV = Cmp->getOperand(0);
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  if (!S)
    return std::nullopt;
  const SCEV *Bound = SE.getSCEV(const_cast<Value *>(BoundV));
  if (!SE.isLoopInvariant(Bound, &L))
    return std::nullopt;
  const SCEV *Start =
      SE.getSCEV(S->Phi->getIncomingValueForBlock(L.getLoopPredecessor()));
  const SCEV *Zero = SE.getZero(Start->getType());
  auto EntryKnown = [&](CmpInst::Predicate P, const SCEV *X) {
    return SE.isKnownPredicate(P, X, Zero) ||
           SE.isLoopEntryGuardedByCond(&L, P, X, Zero);
  };
  bool StartNonNegative = EntryKnown(CmpInst::ICMP_SGE, Start);

  // "v != 0" of a halving counter is "v >u 0"; the counter's values are
  // unsigned numbers if it is halved unsigned or never negative.
  if (Pred == CmpInst::ICMP_NE && S->Halving && Bound->isZero())
    Pred = CmpInst::ICMP_UGT;
  bool Unsigned = CmpInst::isUnsigned(Pred);
  if (S->Halving && Unsigned == S->Signed && !StartNonNegative)
    return std::nullopt;
  // A counter doubled from 0 or below never grows: a loop that goes on
  // while it is below a bound would not end, so the kernel's returning says
  // its first value is at least 1 where the loop is entered.
  std::vector<std::string> Assumed;
  if (!S->Halving && !EntryKnown(CmpInst::ICMP_SGT, Start)) {
    if ((Pred != CmpInst::ICMP_SLT && Pred != CmpInst::ICMP_SLE) ||
        EntryKnown(CmpInst::ICMP_SLE, Start))
      return std::nullopt;
    Assumed.push_back("the doubled counter's first value is assumed to be at "
                      "least 1: the loop would not end otherwise");
  }
  // A counter halved unsigned is an unsigned number whatever the test.
  bool UnsignedStart = Unsigned || (S->Halving && !S->Signed);
  std::optional<Expr> A =
      UnsignedStart ? Conv.convertUnsigned(Start, &L) : Conv.convert(Start, &L);
  llvm::append_range(Assumed, Conv.getAssumptions());
  std::optional<Expr> B =
      Unsigned ? Conv.convertUnsigned(Bound, &L) : Conv.convert(Bound, &L);
  llvm::append_range(Assumed, Conv.getAssumptions());
  if (!A || !B)
    return std::nullopt;

  Expr Scale = Expr::constant(Rational(int64_t(1) << S->Shift));
  std::function<Expr(unsigned)> Count; // T for a test reading h^Jx(a).
  std::optional<Expr> EntryDistance;
  if (S->Halving) {
    // "v > B" with B >= 0 (at B < 0 a non-negative counter never fails).
    Expr Above; // The least value that continues: B + 1, or B for ">=".
    const SCEV *AboveScev = Bound;
    switch (Pred) {
    case CmpInst::ICMP_SGT:
    case CmpInst::ICMP_UGT:
      Above = *B + 1;
      AboveScev = SE.getAddExpr(Bound, SE.getOne(Bound->getType()));
      break;
    case CmpInst::ICMP_SGE:
    case CmpInst::ICMP_UGE:
      Above = *B;
      break;
    default:
      return std::nullopt;
    }
    if (!Unsigned && !isKnownPositive(Above) && !SE.isKnownPositive(AboveScev))
      return std::nullopt;
    if (Unsigned && Above.getInt64() == 0)
      return std::nullopt; // "v >=u 0" always holds.
    // A latch that tests the phi, "v >= m * 2^c", tests the next value:
    // "floor(v / 2^c) >= m" (instcombine's "s >> 1 != 0" is "s >=u 2").
    std::optional<int64_t> M = Above.getInt64();
    int64_t Factor = int64_t(1) << S->Shift;
    if (!HeaderExits && J == 0 && M && *M >= Factor && *M % Factor == 0) {
      Above = Expr::constant(*M / Factor);
      J = 1;
    }
    Count = [&, Above](unsigned Jx) {
      Expr X = *A;
      for (unsigned I = 0; I < Jx; ++I)
        X = Expr::floorDiv(X, Scale);
      return powersUpTo(Expr::floorDiv(X, Above), S->Shift);
    };
    EntryDistance = *A - Above + 1;
  } else {
    Expr Limit; // "v < Limit".
    switch (Pred) {
    case CmpInst::ICMP_SLT:
    case CmpInst::ICMP_ULT:
      Limit = *B;
      break;
    case CmpInst::ICMP_SLE:
    case CmpInst::ICMP_ULE:
      Limit = *B + 1;
      break;
    default:
      return std::nullopt;
    }
    bool NoWrap =
        Unsigned ? S->Next->hasNoUnsignedWrap() : S->Next->hasNoSignedWrap();
    if (!NoWrap)
      Assumed.push_back(
          "the doubled counter is assumed not to wrap around its " +
          std::to_string(S->Phi->getType()->getIntegerBitWidth()) + " bits");
    Count = [&, Limit](unsigned Jx) {
      Expr X = *A;
      for (unsigned I = 0; I < Jx; ++I)
        X = X * Scale;
      return powersUpTo(Expr::ceilDiv(Limit, X) - 1, S->Shift);
    };
    EntryDistance = Limit - *A;
  }

  for (const std::string &Text : Assumed)
    if (!is_contained(Assumptions, Text))
      Assumptions.push_back(Text);
  AffineTrip Result;
  Result.Stride = Expr::constant(1);
  if (HeaderExits) {
    Result.Trip = Count(J);
    return Result;
  }
  Result.Trip = Count(J) + 1;
  if (J == 1) { // Rotated: the latch tests the next value.
    Result.EntryDistance = EntryDistance;
    Result.GuardedTrip = Count(0);
  }
  return Result;
}

} // namespace ktime
