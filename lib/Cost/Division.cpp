//===- Division.cpp - Integer division and remainder ----------------------===//
//
// By a variable: div/rem.s32/.u32, ptxas's emulated sequence, its integer
// ALU part and latency as int.div, its multiplies, conversions and
// reciprocal as their own classes (each on its class's pipe); 64-bit: the
// backend tests at run time whether both operands fit in 32 bits and divides in
// 32 bits if so (CodeGenPrepare's slow-division bypass), which is the path
// priced (for a vector of them too, though llc divides each element in 64
// bits: the assumption says so). By a constant: the shift-and-add sequences
// of LLVM's BuildUDIV/BuildSDIV, counted from the same magic numbers
// (llvm/Support/DivisionByConstantInfo.h) so the counts match what llc emits;
// a vector divided by different constants, each element's own sequence (llc
// divides element by element); an unsigned divisor of all ones or a signed
// quotient by the minimum, a compare and a select. A zero or undef divisor
// is undefined behaviour, which LLVM folds away. docs/costs.md, "Integer
// division".
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/DivisionByConstantInfo.h"

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

struct Sequence {
  unsigned Muls = 0; ///< mul.hi (and the mul of a remainder)
  unsigned Adds = 0; ///< add, sub, shifts, and
};

/// Division by a power of two, |D| = 2^K.
Sequence powerOfTwo(bool Signed, bool Rem, bool Negative, unsigned K) {
  if (!Signed)
    return {0, 1}; // shr.u32 or and.b32
  // sdiv: shr.s32 31, shr.u32 (32 - K), add, shr.s32 K (for K = 1 the sign
  // bit is taken with one shr.u32); a negative divisor negates the result.
  unsigned Div = K == 1 ? 3 : 4;
  if (Rem)
    return {0, Div + 1}; // the last shift becomes and + sub
  return {0, Div + (Negative ? 1 : 0)};
}

Sequence magic(bool Signed, bool Rem, const APInt &D) {
  Sequence S;
  S.Muls = 1; // mul.hi by the magic number
  if (Signed) {
    SignedDivisionByConstantInfo M = SignedDivisionByConstantInfo::get(D);
    if ((D.isStrictlyPositive() && M.Magic.isNegative()) ||
        (D.isNegative() && M.Magic.isStrictlyPositive()))
      ++S.Adds; // add or subtract the numerator
    if (M.ShiftAmount)
      ++S.Adds;
    S.Adds += 2; // shr.u32 of the sign bit, add
  } else {
    UnsignedDivisionByConstantInfo M = UnsignedDivisionByConstantInfo::get(D);
    S.Adds += (M.PreShift ? 1 : 0) + (M.IsAdd ? 3 : 0) + (M.PostShift ? 1 : 0);
  }
  if (Rem) {
    ++S.Muls; // q * d
    ++S.Adds; // x - q * d
  }
  return S;
}

/// Adds a 32-bit division or remainder by a variable to \p B, \p N of them
/// (the registers of a vector or a 64-bit value), one latency deep. ptxas
/// expands div/rem.s32/.u32 into one sequence (the divisor converted to float,
/// its reciprocal, the quotient estimated and corrected with integer
/// multiplies): in ptxas 13.0's code for sm_80, sm_86 and sm_89, 17 to 24
/// instructions, in the mean of the four forms 10 integer ALU (IADD3, ISETP,
/// LOP3, IABS), 7.25 IMAD (4 multiplies, the rest moves and adds ptxas issues
/// as IMAD), an I2F and an F2I, one MUFU.RCP (utils/division-sequence.py counts
/// them; sm_75 9 and 7.75, sm_90 10.25 and 6.5). int.div prices the ALU part's
/// issue and the whole sequence's latency (the target file); the other classes
/// issue beside it, on their classes' pipes, and add no latency of their own.
void addVariableDivision(CostBuilder &B, unsigned N) {
  Rational Elements(static_cast<int64_t>(N));
  B.add(InstrClass::IntDiv, Elements, 1)
      .add(InstrClass::IntMul, Rational(29, 4) * Elements, 0)
      .add(InstrClass::Convert, Rational(2) * Elements, 0)
      .add(InstrClass::Sfu, Elements, 0);
}

/// The dispatch unit sees every instruction of the sequence, 20.25 in the
/// mean: the int.div part stands for 10 ALU instructions, 9 more than the
/// one the built count gives it.
void countDivisionALU(CostInfo &Cost, unsigned N) { Cost.Count += 9 * N; }

/// A constant divisor, one value per element (one for a scalar or a splat):
/// Variable where some element is no constant integer, Undefined where one
/// is zero or undef (undefined behaviour, which LLVM folds to poison).
struct ConstantDivisor {
  enum class Kind { Variable, Undefined, Constants } K = Kind::Variable;
  SmallVector<const ConstantInt *, 4> Elements;
};

ConstantDivisor constantDivisor(const Value *V) {
  auto *C = dyn_cast<Constant>(V);
  if (!C)
    return {};
  if (const Constant *Splat = C->getSplatValue())
    C = Splat;
  SmallVector<const Constant *, 4> Elements;
  if (auto *VT = dyn_cast<FixedVectorType>(C->getType())) {
    for (unsigned I = 0, N = VT->getNumElements(); I < N; ++I)
      Elements.push_back(C->getAggregateElement(I));
  } else {
    Elements.push_back(C);
  }
  ConstantDivisor Result;
  bool Undefined = false;
  for (const Constant *E : Elements) {
    if (E && isa<UndefValue>(E)) {
      Undefined = true;
      continue;
    }
    auto *CI = dyn_cast_or_null<ConstantInt>(E);
    if (!CI)
      return {};
    Undefined |= CI->isZero();
    Result.Elements.push_back(CI);
  }
  Result.K = Undefined ? ConstantDivisor::Kind::Undefined
                       : ConstantDivisor::Kind::Constants;
  return Result;
}

/// The sequence llc emits for a division or remainder by the constant \p D
/// (not zero); \p What names it, and is empty where nothing is emitted.
Sequence constantSequence(bool Signed, bool Rem, const APInt &D,
                          StringRef &What) {
  if (D.isOne() || (Signed && D.isAllOnes() && Rem)) {
    What = "";
    return {};
  }
  if (Signed && D.isAllOnes()) {
    What = "negation";
    return {0, 1};
  }
  // Only the divisor itself reaches the largest unsigned divisor, or the
  // smallest signed one: llc compares and selects (setp.eq, selp: the
  // quotient 1 or 0, the remainder 0 or the numerator).
  if ((!Signed && D.isAllOnes()) || (Signed && !Rem && D.isMinSignedValue())) {
    What = "compare and select (divisor all ones or the minimum)";
    return {0, 2};
  }
  if (!Signed ? D.isPowerOf2() : D.abs().isPowerOf2()) {
    unsigned K = (Signed ? D.abs() : D).logBase2();
    What = "shifts (power-of-two divisor)";
    return powerOfTwo(Signed, Rem, Signed && D.isNegative(), K);
  }
  What = "mul.hi sequence (constant divisor)";
  return magic(Signed, Rem, D);
}

} // namespace

CostInfo costDivRem(const CostContext &Ctx, const BinaryOperator &I) {
  unsigned Op = I.getOpcode();
  bool Signed = Op == Instruction::SDiv || Op == Instruction::SRem;
  bool Rem = Op == Instruction::URem || Op == Instruction::SRem;
  unsigned Regs = getRegisterCount(I.getType());
  unsigned Bits = getScalarBits(I.getType(), Ctx.DL);
  bool Wide = Bits > 32;

  ConstantDivisor C = constantDivisor(I.getOperand(1));
  if (C.K == ConstantDivisor::Kind::Undefined)
    return makeFree("divisor zero or undef: undefined, folded away");
  if (C.K == ConstantDivisor::Kind::Variable) {
    if (!Wide) {
      CostBuilder B = Ctx.builder();
      addVariableDivision(B, Regs);
      CostInfo Cost = B.build(CostInfo::Kind::Compute,
                              Rem ? "rem by a variable" : "div by a variable");
      countDivisionALU(Cost, Regs);
      return Cost;
    }
    // or.b64 of the operands, and.b64 of the high word, setp.ne.b64, two
    // branches, then the 32-bit division.
    CostBuilder B = Ctx.builder();
    B.add(InstrClass::IntAdd, 4 * Regs, 4).add(InstrClass::Branch, 2 * Regs, 2);
    addVariableDivision(B, Regs);
    CostInfo Cost = B.build(CostInfo::Kind::Compute, "64-bit division");
    countDivisionALU(Cost, Regs);
    Cost.Assumption =
        isa<VectorType>(I.getType())
            ? "64-bit division priced as the scalar's 32-bit path (both "
              "operands below 2^32), but the backend's bypass skips vectors: "
              "llc emits div/rem.u64 or .s64 per element, which costs more"
            : "64-bit division assumed to take the backend's 32-bit path "
              "(both operands below 2^32)";
    return Cost;
  }

  // A 64-bit sequence: each add or shift is two 32-bit instructions, a
  // 64-bit mul.hi about four multiplies (two of them dependent).
  unsigned AddWords = Wide ? 2 : 1, MulWords = Wide ? 4 : 1;
  unsigned MulChain = Wide ? 2 : 1;
  // llc divides element by element: every element's sequence issues, side by
  // side, the latency the longest one's. A scalar or a splat is one value
  // standing for every register.
  unsigned Copies = Regs / C.Elements.size();
  Rational MulLat = Ctx.Computed.classFigures(Ctx.T, InstrClass::IntMul).first;
  Rational AddLat = Ctx.Computed.classFigures(Ctx.T, InstrClass::IntAdd).first;
  unsigned Muls = 0, Adds = 0;
  Sequence Longest;
  Rational LongestLat(-1);
  StringRef What;
  for (const ConstantInt *E : C.Elements) {
    Sequence S = constantSequence(Signed, Rem, E->getValue(), What);
    Muls += S.Muls * Copies;
    Adds += S.Adds * Copies;
    Rational Lat = MulLat * Rational(S.Muls * MulChain) +
                   AddLat * Rational(S.Adds * AddWords);
    if (LongestLat < Lat) {
      LongestLat = Lat;
      Longest = S;
    }
  }
  if (Muls == 0 && Adds == 0)
    return makeFree(Rem ? "remainder is 0" : "division by 1");
  if (C.Elements.size() > 1)
    What = "a sequence per element (constant divisors)";
  return Ctx.builder()
      .add(InstrClass::IntMul, Muls * MulWords, Longest.Muls * MulChain)
      .add(InstrClass::IntAdd, Adds * AddWords, Longest.Adds * AddWords)
      .build(CostInfo::Kind::Compute, What);
}

} // namespace detail
} // namespace ktime
