//===- Arithmetic.cpp - Integer and floating-point operations -------------===//
//
// add/sub/logic/shift -> int.add, mul -> int.mul (int.mad when fused with its
// add), 64-bit integer operations as the two 32-bit SASS instructions they
// become (three for a full multiply), fadd/fsub/fmul/fneg/fdiv/frem on the
// fp32, fp64 or half pipe, compares (setp) and selects (selp). Division and
// remainder of integers are in Division.cpp. docs/costs.md has the table.
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

/// How a 64-bit multiply operand came from 32 bits: sign- or zero-extended
/// (or a constant that fits), which lets NVPTX use mul.wide.
struct Narrowness {
  bool Signed = false, Unsigned = false;
};

Narrowness narrowness(const Value *V) {
  Narrowness N;
  if (auto *C = dyn_cast<ConstantInt>(V)) {
    N.Signed = C->getValue().isSignedIntN(32);
    N.Unsigned = C->getValue().isIntN(32);
  } else if (auto *Ext = dyn_cast<CastInst>(V)) {
    bool Narrow = Ext->getSrcTy()->getScalarSizeInBits() <= 32;
    N.Signed = Narrow && Ext->getOpcode() == Instruction::SExt;
    N.Unsigned = Narrow && Ext->getOpcode() == Instruction::ZExt;
  }
  return N;
}

CostInfo costMul(const CostContext &Ctx, const BinaryOperator &I) {
  unsigned Regs = getRegisterCount(I.getType());
  unsigned Words = wordsOf(I.getType(), Ctx.DL);
  if (isPowerOfTwoConstant(I.getOperand(0)) ||
      isPowerOfTwoConstant(I.getOperand(1)))
    return Ctx.compute(InstrClass::IntAdd, Regs * Words, 1, "shift");
  bool Fused = isMulFusedIntoMad(I);
  InstrClass C = Fused ? InstrClass::IntMad : InstrClass::IntMul;
  StringRef What = Fused ? "mad with its add" : "";
  if (Words == 1)
    return Ctx.compute(C, Regs, 1, What);
  if (Words == 2) {
    Narrowness A = narrowness(I.getOperand(0)), B = narrowness(I.getOperand(1));
    if ((A.Signed && B.Signed) || (A.Unsigned && B.Unsigned))
      return Ctx.compute(C, Regs, 1, Fused ? "mad.wide" : "mul.wide");
    // IMAD.WIDE.U32 of the low words, then IMADs adding the cross products
    // into the high word (one of them vanishes for a 32-bit constant).
    bool ConstOperand =
        isa<ConstantInt>(I.getOperand(0)) || isa<ConstantInt>(I.getOperand(1));
    return Ctx.compute(C, Regs * (ConstOperand ? 2 : 3), 2,
                       Fused ? "64-bit mad" : "64-bit mul");
  }
  // Wider than 64 bits: schoolbook products of 32-bit words.
  return Ctx.compute(C, Regs * Words * Words, Words, "wide mul");
}

CostInfo costFDiv(const CostContext &Ctx, const Instruction &I) {
  FpKind K = getFpKind(I.getType());
  unsigned Regs = getRegisterCount(I.getType());
  auto *Num = dyn_cast<ConstantFP>(I.getOperand(0));
  bool Reciprocal = Num && Num->isExactlyValue(1.0);
  bool Approx = I.hasApproxFunc();
  if (K == FpKind::F64) {
    CostInfo C = Ctx.compute(InstrClass::Fp64Div, Regs, 1,
                             Reciprocal ? "rcp.rn.f64" : "div.rn.f64");
    if (Reciprocal)
      C.Assumption = "rcp.rn.f64 priced as fp64.div (no fp64.rcp class)";
    return C;
  }
  CostBuilder B = Ctx.builder();
  unsigned Elems = Regs;
  if (K == FpKind::F16) {
    // Promoted to f32: two operand conversions side by side, one back.
    if (auto *VT = dyn_cast<FixedVectorType>(I.getType()))
      Elems = VT->getNumElements();
    B.add(InstrClass::Convert, 3 * Elems, 2);
  }
  StringRef What;
  if (Approx) {
    // div.approx.f32 is MUFU.RCP and FMUL; rcp.approx.f32 the MUFU alone.
    B.add(InstrClass::Sfu, Elems, 1);
    if (!Reciprocal)
      B.add(InstrClass::Fp32Mul, Elems, 1);
    What = Reciprocal ? "rcp.approx.f32" : "div.approx.f32";
  } else if (Reciprocal) {
    B.add(InstrClass::Fp32Rcp, Elems, 1);
    What = "rcp.rn.f32";
  } else {
    B.add(InstrClass::Fp32Div, Elems, 1);
    What = "div.rn.f32";
  }
  return B.build(CostInfo::Kind::Compute, What);
}

/// NVPTX expands frem into x - trunc(x / y) * y: a division, cvt.rzi, fma.
CostInfo costFRem(const CostContext &Ctx, const Instruction &I) {
  FpKind K = getFpKind(I.getType());
  unsigned Regs = getRegisterCount(I.getType());
  CostBuilder B = Ctx.builder();
  if (K == FpKind::F64)
    B.add(InstrClass::Fp64Div, Regs, 1);
  else if (I.hasApproxFunc())
    B.add(InstrClass::Sfu, Regs, 1).add(InstrClass::Fp32Mul, Regs, 1);
  else
    B.add(InstrClass::Fp32Div, Regs, 1);
  B.add(InstrClass::Convert, Regs, 1).add(getFpFmaClass(K), Regs, 1);
  return B.build(CostInfo::Kind::Compute, "frem expanded");
}

} // namespace

CostInfo costIntegerOp(const CostContext &Ctx, const BinaryOperator &I) {
  unsigned Regs = getRegisterCount(I.getType());
  unsigned Words = wordsOf(I.getType(), Ctx.DL);
  StringRef Wide = Words > 1 ? "64-bit" : "";
  switch (I.getOpcode()) {
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    return costDivRem(Ctx, I);
  case Instruction::Mul:
    return costMul(Ctx, I);
  case Instruction::Add:
    if (isAddWithFusedMul(I))
      return makeFree("folded into mad");
    [[fallthrough]];
  case Instruction::Sub:
    // The high word waits for the low word's carry.
    return Ctx.compute(InstrClass::IntAdd, Regs * Words, Words, Wide);
  default:
    // and, or, xor, shifts: the words are independent.
    return Ctx.compute(InstrClass::IntAdd, Regs * Words, 1, Wide);
  }
}

CostInfo costFloatOp(const CostContext &Ctx, const Instruction &I) {
  FpKind K = getFpKind(I.getType());
  unsigned Regs = getRegisterCount(I.getType());
  switch (I.getOpcode()) {
  case Instruction::FNeg:
    return Ctx.compute(getFpAddClass(K), Regs, 1, "neg");
  case Instruction::FAdd:
  case Instruction::FSub:
    if (isFAddWithFusedMul(I))
      return Ctx.compute(getFpFmaClass(K), Regs, 1, "fma with its fmul");
    return Ctx.compute(getFpAddClass(K), Regs, 1);
  case Instruction::FMul:
    if (isFMulFullyFused(I))
      return makeFree("folded into fma");
    return Ctx.compute(getFpMulClass(K), Regs, 1);
  case Instruction::FDiv:
    return costFDiv(Ctx, I);
  case Instruction::FRem:
    return costFRem(Ctx, I);
  default:
    return Ctx.unknown("floating-point opcode '" +
                       std::string(I.getOpcodeName()) +
                       "' priced as one int.add");
  }
}

CostInfo costCompareOrSelect(const CostContext &Ctx, const Instruction &I) {
  if (auto *Cmp = dyn_cast<FCmpInst>(&I)) {
    if (Cmp->getPredicate() == CmpInst::FCMP_TRUE ||
        Cmp->getPredicate() == CmpInst::FCMP_FALSE)
      return makeFree("constant compare");
    const Type *Ty = Cmp->getOperand(0)->getType();
    return Ctx.compute(getFpAddClass(getFpKind(Ty)), getRegisterCount(Ty), 1,
                       "setp");
  }
  if (auto *Cmp = dyn_cast<ICmpInst>(&I)) {
    const Type *Ty = Cmp->getOperand(0)->getType();
    unsigned Words = wordsOf(Ty, Ctx.DL);
    // 64 bits: ISETP of the low words, then ISETP.EX with its carry.
    return Ctx.compute(InstrClass::IntAdd, getRegisterCount(Ty) * Words, Words,
                       "setp");
  }
  // select: one selp per 32-bit word.
  unsigned Words = wordsOf(I.getType(), Ctx.DL);
  return Ctx.compute(InstrClass::IntAdd, getRegisterCount(I.getType()) * Words,
                     1, "selp");
}

} // namespace detail
} // namespace ktime
