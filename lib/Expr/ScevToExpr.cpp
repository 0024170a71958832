//===- ScevToExpr.cpp - Convert ScalarEvolution expressions to Exprs ------===//
//
// Add recurrences of enclosing loops become polynomials in the loop's
// iteration symbol ({a,+,b,+,c}<L> = a + b*k + c*k*(k-1)/2 at iteration k);
// smax/umax/smin/umin become max/min; zext/sext/trunc become their operand;
// udiv becomes floor division. The unsigned forms are exact for non-negative
// operands: ScalarEvolution is asked to prove that at the scope's entry, and
// what it cannot prove is recorded as an assumption.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/ScevToExpr.h"
#include "KernelTime/Compat.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ktime {

ScevToExpr::ScevToExpr(ScalarEvolution &SE, const SymbolNamer &Names,
                       std::function<std::string(const Loop *)> IterSymbol)
    : SE(SE), Names(Names), IterSymbol(std::move(IterSymbol)) {}

std::optional<Expr> ScevToExpr::convert(const SCEV *S, const Loop *L) {
  Scope = L;
  Failure.clear();
  Assumptions.clear();
  return visit(S);
}

std::optional<Expr> ScevToExpr::convertUnsigned(const SCEV *S, const Loop *L) {
  if (const auto *C = dyn_cast<SCEVConstant>(S)) {
    Scope = L;
    Failure.clear();
    Assumptions.clear();
    return exprFromAPInt(C->getAPInt(), /*Unsigned=*/true);
  }
  return convert(S, L);
}

Expr exprFromAPInt(const APInt &V, bool Unsigned) {
  APInt Wide = Unsigned ? V.zext(V.getBitWidth() + 1) : V;
  if (Wide.getSignificantBits() <= 64)
    return Expr::constant(Wide.getSExtValue());
  return Expr::constant(
      Rational(compat::toDynamicAPInt(Wide), DynamicAPInt(1)));
}

std::optional<Expr> ScevToExpr::fail(std::string Why) {
  if (Failure.empty())
    Failure = std::move(Why);
  return std::nullopt;
}

const SCEV *ScevToExpr::guarded(const SCEV *S) {
  return Scope ? SE.applyLoopGuards(S, Scope) : S;
}

bool ScevToExpr::isNonNegative(const SCEV *S) {
  if (SE.isKnownNonNegative(S) || SE.isKnownNonNegative(guarded(S)))
    return true;
  return Scope && SE.isLoopEntryGuardedByCond(Scope, ICmpInst::ICMP_SGE, S,
                                              SE.getZero(S->getType()));
}

/// True if \p S is built from constants, parameters and special registers
/// by + and *, from truncations, and from recurrences of loops around
/// \p Scope over such operands: its conversion is congruent to its value
/// modulo 2^k for its width k (a division, an extension or a min would not
/// be). A truncation converts to its operand's value modulo 2^j (or to the
/// operand's value where it fits), congruent whatever the operand is: the
/// remainder count of `(n - min(i, n - 1)) & 3`, trunc n - trunc min, is
/// (n - min(i, n - 1)) mod 4, not (n mod 4) - (min mod 4). A recurrence
/// converts to the polynomial of its loop's iteration number, whose value
/// is the recurrence's unwrapped (the remainder count of an inner loop
/// unrolled at run time, zext(trunc {n,+,-1}) in 3 bits, is (n - i) mod 8);
/// one of a loop not around \p Scope converts to its value at that loop's
/// exit, which need not be.
static bool isRingExpr(const SCEV *S, const Loop *Scope) {
  switch (S->getSCEVType()) {
  case scConstant:
  case scTruncate:
    return true;
  case scAddExpr:
  case scMulExpr:
    return llvm::all_of(
        cast<SCEVNAryExpr>(S)->operands(),
        [Scope](const SCEV *Op) { return isRingExpr(Op, Scope); });
  case scAddRecExpr: {
    const auto *AR = cast<SCEVAddRecExpr>(S);
    if (Scope && !AR->getLoop()->contains(Scope))
      return false;
    return llvm::all_of(AR->operands(), [Scope](const SCEV *Op) {
      return isRingExpr(Op, Scope);
    });
  }
  case scUnknown: {
    const Value *V = cast<SCEVUnknown>(S)->getValue();
    return isa<Argument>(V) || isa<CallInst>(V);
  }
  default:
    return false;
  }
}

void ScevToExpr::requireNonNegative(const SCEV *S, StringRef What) {
  if (isNonNegative(S))
    return;
  std::optional<Expr> E = visit(S);
  if (E && isKnownNonNegative(*E))
    return;
  std::string Text;
  raw_string_ostream OS(Text);
  OS << What << " of ";
  if (E)
    OS << *E;
  else
    OS << *S;
  OS << " assumed non-negative";
  if (!is_contained(Assumptions, Text))
    Assumptions.push_back(Text);
}

std::optional<Expr> ScevToExpr::visit(const SCEV *S) {
  switch (S->getSCEVType()) {
  case scConstant:
    return exprFromAPInt(cast<SCEVConstant>(S)->getAPInt(), /*Unsigned=*/false);
  case scVScale:
    return fail("vscale");
  case scPtrToInt:
    return fail("a pointer converted to an integer");
  case scTruncate:
    return visitTrunc(cast<SCEVTruncateExpr>(S));
  case scZeroExtend: {
    const SCEV *Op = cast<SCEVCastExpr>(S)->getOperand();
    // A truncation converts to its unsigned value already.
    if (isa<SCEVTruncateExpr>(Op))
      return visit(Op);
    // A narrow sum of products (the remainder count of a runtime-unrolled
    // loop, zext(trunc n - trunc i) in 2 bits) converts to a value congruent
    // to it modulo 2^k; its unsigned value is that modulo 2^k, exactly.
    unsigned Bits = Op->getType()->getIntegerBitWidth();
    if (Bits <= MaxRemainderBits && !isNonNegative(Op) &&
        isRingExpr(Op, Scope)) {
      std::optional<Expr> E = visit(Op);
      if (!E)
        return std::nullopt;
      Expr Modulus = Expr::constant(int64_t(1) << Bits);
      return *E - Modulus * Expr::floorDiv(*E, Modulus);
    }
    requireNonNegative(Op, "zext");
    return visit(Op);
  }
  case scSignExtend: {
    // An i1 extends to -1 for true.
    const SCEV *Op = cast<SCEVCastExpr>(S)->getOperand();
    std::optional<Expr> E = visit(Op);
    if (E && Op->getType()->isIntegerTy(1))
      return -*E;
    return E;
  }
  case scUDivExpr: {
    const auto *D = cast<SCEVUDivExpr>(S);
    requireNonNegative(D->getLHS(), "unsigned division");
    std::optional<Expr> L = visit(D->getLHS());
    std::optional<Expr> R = visit(D->getRHS());
    if (!L || !R)
      return std::nullopt;
    return Expr::floorDiv(*L, *R);
  }
  case scAddRecExpr:
    return visitAddRec(cast<SCEVAddRecExpr>(S));
  case scAddExpr:
  case scMulExpr:
  case scSMaxExpr:
  case scUMaxExpr:
  case scSMinExpr:
  case scUMinExpr:
  case scSequentialUMinExpr:
    return visitNary(cast<SCEVNAryExpr>(S));
  case scUnknown:
    return visitUnknown(cast<SCEVUnknown>(S));
  case scCouldNotCompute:
    return fail("ScalarEvolution could not compute it");
  }
  return fail("an unsupported SCEV kind");
}

std::optional<Expr> ScevToExpr::visitTrunc(const SCEVTruncateExpr *T) {
  const SCEV *Op = T->getOperand();
  std::optional<Expr> E = visit(Op);
  if (!E)
    return std::nullopt;
  unsigned Bits = T->getType()->getIntegerBitWidth();
  // The value survives when it fits; a narrow truncation is a remainder
  // (and i32 %n, 3 is trunc to i2), exact for any operand since both keep
  // the low bits: x mod 2^k = x - 2^k * floor(x / 2^k).
  if (SE.getUnsignedRangeMax(Op).getActiveBits() <= Bits ||
      SE.getUnsignedRangeMax(guarded(Op)).getActiveBits() <= Bits)
    return E;
  if (Bits <= MaxRemainderBits) {
    Expr Modulus = Expr::constant(int64_t(1) << Bits);
    return *E - Modulus * Expr::floorDiv(*E, Modulus);
  }
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "trunc of " << *E << " assumed to fit in " << Bits << " bits";
  if (!is_contained(Assumptions, Text))
    Assumptions.push_back(Text);
  return E;
}

std::optional<Expr> ScevToExpr::visitNary(const SCEVNAryExpr *N) {
  SmallVector<Expr, 4> Ops;
  bool Unsigned = isa<SCEVUMaxExpr>(N) || isa<SCEVUMinExpr>(N) ||
                  isa<SCEVSequentialUMinExpr>(N);
  for (const SCEV *Op : N->operands()) {
    if (Unsigned)
      requireNonNegative(Op, "unsigned min/max");
    std::optional<Expr> E = visit(Op);
    if (!E)
      return std::nullopt;
    Ops.push_back(*E);
  }
  switch (N->getSCEVType()) {
  case scAddExpr: {
    Expr Sum = Expr::constant(0);
    for (const Expr &E : Ops)
      Sum = Sum + E;
    return Sum;
  }
  case scMulExpr: {
    // Products of sums expand term by term: refuse what would not fit.
    uint64_t Terms = 1;
    for (const Expr &E : Ops) {
      Terms *= std::max<size_t>(
          1, E.getKind() == Expr::Kind::Add ? E.operands().size() : 1);
      if (Terms > MaxExpandedTerms)
        return fail("a product of sums too large to expand (over " +
                    std::to_string(MaxExpandedTerms) + " terms)");
    }
    Expr Prod = Expr::constant(1);
    for (const Expr &E : Ops)
      Prod = Prod * E;
    return Prod;
  }
  case scSMaxExpr:
  case scUMaxExpr:
    return Expr::max(Ops);
  default:
    return Expr::min(Ops);
  }
}

std::optional<Expr> ScevToExpr::visitAddRec(const SCEVAddRecExpr *AR) {
  // A recurrence of a loop that does not enclose the scope (a runtime-unrolled
  // loop's prologue, run before it) stands for its value when that loop
  // exited: its start plus its steps times its count, which ScalarEvolution
  // gives when it knows the count. Its iteration number would be a symbol no
  // launch binds.
  if (Scope && !AR->getLoop()->contains(Scope)) {
    const SCEV *AtExit = SE.getSCEVAtScope(AR, Scope);
    if (AtExit != AR && !SCEVExprContains(AtExit, [&](const SCEV *X) {
          const auto *Inner = dyn_cast<SCEVAddRecExpr>(X);
          return Inner && Inner->getLoop() == AR->getLoop();
        }))
      return visit(AtExit);
  }
  // The value at iteration k of {c0,+,c1,+,...,+,cm} is sum_i ci * C(k, i).
  Expr K = Expr::symbol(IterSymbol(AR->getLoop()));
  Expr Result = Expr::constant(0);
  Expr Binomial = Expr::constant(1); // C(k, i)
  for (unsigned I = 0, E = AR->getNumOperands(); I != E; ++I) {
    std::optional<Expr> C = visit(AR->getOperand(I));
    if (!C)
      return std::nullopt;
    Result = Result + *C * Binomial;
    // C(k, i + 1) = C(k, i) * (k - i) / (i + 1), exact as a polynomial with
    // rational coefficients.
    Binomial =
        Binomial * (K - Expr::constant(I)) * Expr::constant(Rational(1, I + 1));
  }
  return Result;
}

std::optional<Expr> ScevToExpr::visitDivision(const Value *V) {
  // ScalarEvolution has no signed division: n / 16 in C on an int stays an
  // unknown sdiv. Division, remainder and right shift by a positive constant
  // are floor division and its remainder for a non-negative dividend.
  const auto *BO = dyn_cast<BinaryOperator>(V);
  if (!BO || !BO->getType()->isIntegerTy())
    return std::nullopt;
  const auto *C = dyn_cast<ConstantInt>(BO->getOperand(1));
  if (!C)
    return visitDivisionByValue(*BO);
  if (!C->getValue().isStrictlyPositive())
    return std::nullopt;
  unsigned Op = BO->getOpcode();
  APInt Divisor = C->getValue();
  if (Op == Instruction::AShr || Op == Instruction::LShr) {
    if (Divisor.uge(BO->getType()->getIntegerBitWidth() - 1))
      return std::nullopt;
    Divisor = APInt::getOneBitSet(BO->getType()->getIntegerBitWidth() + 1,
                                  Divisor.getZExtValue());
  } else if (Op != Instruction::SDiv && Op != Instruction::UDiv &&
             Op != Instruction::SRem && Op != Instruction::URem) {
    return std::nullopt;
  }
  const SCEV *Dividend = SE.getSCEV(BO->getOperand(0));
  requireNonNegative(Dividend, BO->getOpcodeName());
  std::optional<Expr> N = visit(Dividend);
  if (!N)
    return std::nullopt;
  Expr D = exprFromAPInt(Divisor, /*Unsigned=*/true);
  Expr Quotient = Expr::floorDiv(*N, D);
  if (Op == Instruction::SRem || Op == Instruction::URem)
    return *N - D * Quotient;
  return Quotient;
}

std::optional<Expr> ScevToExpr::visitDivisionByValue(const BinaryOperator &BO) {
  // (n + tile - 1) / tile with tile = blockDim.x: floor division and its
  // remainder for a non-negative dividend and a positive divisor, each
  // stated as an assumption where the IR does not show it.
  unsigned Op = BO.getOpcode();
  if (Op != Instruction::SDiv && Op != Instruction::UDiv &&
      Op != Instruction::SRem && Op != Instruction::URem)
    return std::nullopt;
  const SCEV *Dividend = SE.getSCEV(BO.getOperand(0));
  const SCEV *Divisor = SE.getSCEV(BO.getOperand(1));
  std::optional<Expr> N = visit(Dividend);
  std::optional<Expr> D = visit(Divisor);
  if (!N || !D)
    return std::nullopt;
  requireNonNegative(Dividend, BO.getOpcodeName());
  if (!SE.isKnownPositive(Divisor) && !isKnownPositive(*D)) {
    std::string Text;
    raw_string_ostream(Text) << "the divisor " << *D << " of an "
                             << BO.getOpcodeName() << " assumed positive";
    if (!is_contained(Assumptions, Text))
      Assumptions.push_back(Text);
  }
  Expr Quotient = Expr::floorDiv(*N, *D);
  if (Op == Instruction::SRem || Op == Instruction::URem)
    return *N - *D * Quotient;
  return Quotient;
}

std::optional<Expr> ScevToExpr::visitUnknown(const SCEVUnknown *U) {
  if (std::optional<std::string> Name = Names.getSymbol(U->getValue()))
    return Expr::symbol(*Name);
  if (std::optional<Expr> E = visitDivision(U->getValue()))
    return E;
  if (ReadChosenValues)
    if (std::optional<Expr> E = visitChosen(U->getValue()))
      return E;
  return fail("a value that is neither a kernel parameter nor a PTX "
              "special register (" +
              describeValue(*U->getValue()) + ")");
}

std::string ScevToExpr::describeValue(const Value &V) {
  // What the value is, in the source's terms: IR names mean nothing there.
  std::string What = "a value computed in the kernel";
  const auto *ByVal = isa<LoadInst>(V)
                          ? dyn_cast<Argument>(getUnderlyingObject(
                                cast<LoadInst>(V).getPointerOperand()))
                          : nullptr;
  if (ByVal && ByVal->hasByValAttr())
    What = "a value loaded from a struct passed by value, but not a named "
           "field";
  else if (isa<LoadInst>(V))
    What = "a value loaded from memory";
  else if (isa<CallBase>(V))
    What = "a call's result";
  else if (isa<PHINode>(V))
    What = "a value merged from several paths";
  else if (isa<ExtractValueInst>(V))
    What = "a field of an aggregate";
  else if (isa<SelectInst>(V))
    What = "a value chosen by a condition";
  if (const auto *I = dyn_cast<Instruction>(&V))
    if (const DebugLoc &DL = I->getDebugLoc())
      What += " at line " + std::to_string(DL.getLine());
  return What;
}

} // namespace ktime
