//===- Fusion.cpp - Multiply-adds the NVPTX backend fuses -----------------===//
//
// Integer: NVPTX folds (add (mul a, b), c) into mad.lo when the mul has one
// use and both are in one basic block (one SelectionDAG); sub is not folded.
// Floating point: the DAG combiner turns fadd/fsub of an fmul into fma when
// both carry `contract` (clang's default for CUDA, -ffp-contract=fast), and
// NVPTX asks for aggressive fusion, so a multiply feeding several adds is
// fused into each of them. docs/costs.md, "Fused multiply-adds".
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

/// \p V is a mul that \p Add could fold into a mad.
bool isMadCandidate(const Value *V, const Instruction &Add) {
  auto *Mul = dyn_cast<BinaryOperator>(V);
  if (!Mul || Mul->getOpcode() != Instruction::Mul || !Mul->hasOneUse() ||
      Mul->getParent() != Add.getParent() || Mul->getType() != Add.getType() ||
      !Mul->getType()->isIntegerTy())
    return false;
  // A multiply by a power of two is a shift, which no mad absorbs.
  return !isPowerOfTwoConstant(Mul->getOperand(0)) &&
         !isPowerOfTwoConstant(Mul->getOperand(1));
}

bool isContractableFMul(const Value *V, const Instruction &Add) {
  auto *Mul = dyn_cast<BinaryOperator>(V);
  return Mul && Mul->getOpcode() == Instruction::FMul &&
         Mul->hasAllowContract() && Mul->getParent() == Add.getParent() &&
         Mul->getType() == Add.getType();
}

/// The fmul operand \p Add fuses into an fma, or null. With two candidates
/// the combiner prefers the multiply with fewer uses, else the first.
const Value *chosenFMul(const Instruction &Add) {
  if ((Add.getOpcode() != Instruction::FAdd &&
       Add.getOpcode() != Instruction::FSub) ||
      !Add.hasAllowContract())
    return nullptr;
  const Value *A = Add.getOperand(0), *B = Add.getOperand(1);
  bool FuseA = isContractableFMul(A, Add), FuseB = isContractableFMul(B, Add);
  if (FuseA && FuseB)
    return B->getNumUses() < A->getNumUses() ? B : A;
  return FuseA ? A : (FuseB ? B : nullptr);
}

} // namespace

bool isAddWithFusedMul(const Instruction &Add) {
  if (Add.getOpcode() != Instruction::Add)
    return false;
  return isMadCandidate(Add.getOperand(0), Add) ||
         isMadCandidate(Add.getOperand(1), Add);
}

bool isMulFusedIntoMad(const Instruction &Mul) {
  if (Mul.getOpcode() != Instruction::Mul || !Mul.hasOneUse())
    return false;
  auto *Add = dyn_cast<Instruction>(*Mul.user_begin());
  if (!Add || Add->getOpcode() != Instruction::Add ||
      !isMadCandidate(&Mul, *Add))
    return false;
  // The combiner folds the first operand that qualifies.
  return Add->getOperand(0) == &Mul ||
         !isMadCandidate(Add->getOperand(0), *Add);
}

bool isFAddWithFusedMul(const Instruction &Add) {
  return chosenFMul(Add) != nullptr;
}

bool isFMulFullyFused(const Instruction &Mul) {
  if (Mul.getOpcode() != Instruction::FMul || Mul.use_empty())
    return false;
  for (const User *U : Mul.users()) {
    auto *UI = dyn_cast<Instruction>(U);
    if (!UI || chosenFMul(*UI) != &Mul)
      return false;
  }
  return true;
}

} // namespace detail
} // namespace ktime
