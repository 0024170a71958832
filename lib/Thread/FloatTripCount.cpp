//===- FloatTripCount.cpp - Counters compared as floating-point numbers ---===//
//
// `for (int i = 1; i <= __log2f(16); i++)`: the loop's one exit compares an
// integer counter converted to floating point (sitofp or uitofp of an affine
// {a,+,s}) with a floating-point bound: a constant, or the approximate
// base-2 logarithm of a power of two, which the compiler leaves as a call of
// llvm.nvvm.lg2.approx. ScalarEvolution does not follow floating point. With
// a constant start, step and bound the count is found by stepping the
// counter and comparing each value as the GPU does: the conversion rounds to
// nearest, the comparison is IEEE 754's, the counter must not wrap.
//
//===----------------------------------------------------------------------===//
#include "AffineTripCount.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace ktime {

/// The most iterations counted this way; a longer loop stays uncounted.
static constexpr uint64_t MaxTrip = uint64_t(1) << 16;

static std::string str(const APFloat &X) {
  SmallString<16> S;
  X.toString(S);
  return std::string(S);
}

/// The value of the loop-invariant bound \p V when it is a constant: a
/// floating-point constant, or lg2.approx of a positive power of two, taken
/// as its exact logarithm (what that assumes is put in \p Assumed).
static std::optional<APFloat> constantBound(const Value *V,
                                            std::string &Assumed) {
  if (const auto *C = dyn_cast<ConstantFP>(V))
    return C->getValueAPF();
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II || (II->getIntrinsicID() != Intrinsic::nvvm_lg2_approx_f &&
              II->getIntrinsicID() != Intrinsic::nvvm_lg2_approx_ftz_f &&
              II->getIntrinsicID() != Intrinsic::nvvm_lg2_approx_d))
    return std::nullopt;
  const auto *Arg = dyn_cast<ConstantFP>(II->getArgOperand(0));
  if (!Arg)
    return std::nullopt;
  const APFloat &X = Arg->getValueAPF();
  if (X.isNegative() || !X.isFiniteNonZero() || !X.isNormal())
    return std::nullopt;
  int Exp = ilogb(X);
  APFloat Power =
      scalbn(APFloat::getOne(X.getSemantics()), Exp, APFloat::rmTowardZero);
  if (Power.compare(X) != APFloat::cmpEqual)
    return std::nullopt;
  APFloat Log(static_cast<double>(Exp));
  bool LosesInfo = false;
  Log.convert(X.getSemantics(), APFloat::rmNearestTiesToEven, &LosesInfo);
  Assumed = "the approximate log2 of " + str(X) + " (lg2.approx, __log2f) " +
            "is taken as its exact value " + std::to_string(Exp) +
            " in the loop's exit test; the CUDA C++ Programming Guide bounds "
            "__log2f's error (2 ulps outside [0.5, 2]), and a result "
            "just on the other side of " +
            std::to_string(Exp) + " would change the count by one";
  return Log;
}

/// \p V stepped by \p S, unless that wraps around the counter's width, read
/// as signed (\p Signed) or unsigned.
static std::optional<APInt> stepCounter(const APInt &V, const APInt &S,
                                        bool Signed) {
  bool Overflow = false;
  APInt Next = Signed           ? V.sadd_ov(S, Overflow)
               : S.isNegative() ? V.usub_ov(-S, Overflow)
                                : V.uadd_ov(S, Overflow);
  if (Overflow)
    return std::nullopt;
  return Next;
}

std::optional<AffineTrip>
computeFloatTripCount(const Loop &L, ScalarEvolution &SE, bool HeaderExits,
                      std::vector<std::string> &Assumptions) {
  auto Exit = getSoleExitComparison(L, HeaderExits);
  const auto *Cmp = Exit ? dyn_cast<FCmpInst>(Exit->first) : nullptr;
  if (!Cmp)
    return std::nullopt;
  // The loop goes on while "operand 0 Pred operand 1", the counter first.
  CmpInst::Predicate Pred = Exit->second;
  const Value *CounterSide = Cmp->getOperand(0);
  const Value *BoundSide = Cmp->getOperand(1);
  if (!isa<SIToFPInst, UIToFPInst>(CounterSide)) {
    std::swap(CounterSide, BoundSide);
    Pred = CmpInst::getSwappedPredicate(Pred);
  }
  if (!isa<SIToFPInst, UIToFPInst>(CounterSide))
    return std::nullopt;
  bool Signed = isa<SIToFPInst>(CounterSide);
  std::string Assumed;
  std::optional<APFloat> Bound = constantBound(BoundSide, Assumed);
  if (!Bound)
    return std::nullopt;
  const Value *Counter = cast<CastInst>(CounterSide)->getOperand(0);
  const auto *AR =
      dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<Value *>(Counter)));
  if (!AR || AR->getLoop() != &L || !AR->isAffine())
    return std::nullopt;
  const auto *Start = dyn_cast<SCEVConstant>(AR->getStart());
  const auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!Start || !Step || Step->getValue()->isZero())
    return std::nullopt;

  // The value the test reads at its K-th run is start + K x step: the
  // header's test runs before the K-th iteration, the latch's after it.
  APInt V = Start->getAPInt();
  for (uint64_t K = 0;; ++K) {
    uint64_t Trip = HeaderExits ? K : K + 1;
    if (Trip > MaxTrip)
      return std::nullopt;
    APFloat X(Bound->getSemantics());
    X.convertFromAPInt(V, Signed, APFloat::rmNearestTiesToEven);
    if (!FCmpInst::compare(X, *Bound, Pred)) {
      if (!Assumed.empty())
        Assumptions.push_back(std::move(Assumed));
      return AffineTrip{Expr::constant(static_cast<int64_t>(Trip)),
                        std::nullopt, Expr::constant(1)};
    }
    std::optional<APInt> Next = stepCounter(V, Step->getAPInt(), Signed);
    if (!Next)
      return std::nullopt;
    V = *Next;
  }
}

} // namespace ktime
