//===- Division.cpp - Integer division and remainder ----------------------===//
//
// By a variable: div/rem.s32/.u32, ptxas's emulated sequence, its integer
// ALU part and latency as int.div, its multiplies, conversions and
// reciprocal as their own classes (each on its class's pipe); 64-bit: the
// backend tests at run time whether both operands fit in 32 bits and divides in
// 32 bits if so (CodeGenPrepare's slow-division bypass), which is the path
// priced. By a constant: the shift-and-add sequences of LLVM's
// BuildUDIV/BuildSDIV, counted from the same magic numbers
// (llvm/Support/DivisionByConstantInfo.h) so the counts match what llc emits.
// docs/costs.md, "Integer division".
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

const ConstantInt *constantDivisor(const Value *V) {
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C;
  if (auto *C = dyn_cast<Constant>(V))
    return dyn_cast_or_null<ConstantInt>(C->getSplatValue());
  return nullptr;
}

} // namespace

CostInfo costDivRem(const CostContext &Ctx, const BinaryOperator &I) {
  unsigned Op = I.getOpcode();
  bool Signed = Op == Instruction::SDiv || Op == Instruction::SRem;
  bool Rem = Op == Instruction::URem || Op == Instruction::SRem;
  unsigned Regs = getRegisterCount(I.getType());
  unsigned Bits = getScalarBits(I.getType(), Ctx.DL);
  bool Wide = Bits > 32;

  const ConstantInt *C = constantDivisor(I.getOperand(1));
  if (!C || C->isZero()) {
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
    Cost.Assumption = "64-bit division assumed to take the backend's 32-bit "
                      "path (both operands below 2^32)";
    return Cost;
  }

  const APInt &D = C->getValue();
  if (D.isOne() || (Signed && D.isAllOnes() && Rem))
    return makeFree(Rem ? "remainder is 0" : "division by 1");
  Sequence S;
  StringRef What;
  if (Signed && D.isAllOnes()) {
    S = {0, 1};
    What = "negation";
  } else if (!Signed ? D.isPowerOf2() : D.abs().isPowerOf2()) {
    unsigned K = (Signed ? D.abs() : D).logBase2();
    S = powerOfTwo(Signed, Rem, Signed && D.isNegative(), K);
    What = "shifts (power-of-two divisor)";
  } else {
    S = magic(Signed, Rem, D);
    What = "mul.hi sequence (constant divisor)";
  }
  // A 64-bit sequence: each add or shift is two 32-bit instructions, a
  // 64-bit mul.hi about four multiplies (two of them dependent).
  unsigned AddWords = Wide ? 2 : 1, MulWords = Wide ? 4 : 1;
  return Ctx.builder()
      .add(InstrClass::IntMul, S.Muls * MulWords * Regs,
           S.Muls * (Wide ? 2 : 1))
      .add(InstrClass::IntAdd, S.Adds * AddWords * Regs, S.Adds * AddWords)
      .build(CostInfo::Kind::Compute, What);
}

} // namespace detail
} // namespace ktime
