//===- Types.cpp - Type queries the pricing files share -------------------===//
//
// Which floating-point pipe a type runs on, how many PTX registers (and so
// instructions) an operation on a vector takes, and the scalar width that
// decides whether an integer operation is one 32-bit instruction or two.
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace ktime {
namespace detail {

FpKind getFpKind(const Type *Ty) {
  const Type *S = Ty->getScalarType();
  if (S->isHalfTy() || S->isBFloatTy())
    return FpKind::F16;
  if (S->isFloatTy())
    return FpKind::F32;
  if (S->isDoubleTy())
    return FpKind::F64;
  return FpKind::None;
}

InstrClass getFpAddClass(FpKind K) {
  switch (K) {
  case FpKind::F16:
    return InstrClass::Fp16Fma;
  case FpKind::F64:
    return InstrClass::Fp64Add;
  default:
    return InstrClass::Fp32Add;
  }
}

InstrClass getFpMulClass(FpKind K) {
  switch (K) {
  case FpKind::F16:
    return InstrClass::Fp16Fma;
  case FpKind::F64:
    return InstrClass::Fp64Mul;
  default:
    return InstrClass::Fp32Mul;
  }
}

InstrClass getFpFmaClass(FpKind K) {
  switch (K) {
  case FpKind::F16:
    return InstrClass::Fp16Fma;
  case FpKind::F64:
    return InstrClass::Fp64Fma;
  default:
    return InstrClass::Fp32Fma;
  }
}

InstrClass getConvertClass(const Type *Src, const Type *Dst) {
  auto Is64 = [](const Type *Ty) {
    return Ty->getScalarType()->getPrimitiveSizeInBits() == 64;
  };
  return Is64(Src) || Is64(Dst) ? InstrClass::Convert64 : InstrClass::Convert;
}

InstrClass getConvertClass(const CallBase &CB) {
  return getConvertClass(CB.getArgOperand(0)->getType(), CB.getType());
}

unsigned getRegisterCount(const Type *Ty) {
  auto *VT = dyn_cast<FixedVectorType>(Ty);
  if (!VT)
    return 1;
  unsigned N = VT->getNumElements();
  if (getFpKind(VT) == FpKind::F16)
    return (N + 1) / 2; // f16x2 / bf16x2: two lanes per register
  return N ? N : 1;
}

unsigned getScalarBits(const Type *Ty, const DataLayout &DL) {
  const Type *S = Ty->getScalarType();
  if (S->isPointerTy())
    return DL.getPointerSizeInBits(S->getPointerAddressSpace());
  if (S->isSized())
    return static_cast<unsigned>(
        DL.getTypeSizeInBits(const_cast<Type *>(S)).getFixedValue());
  return 32;
}

bool isPowerOfTwoConstant(const Value *V) {
  auto *C = dyn_cast<ConstantInt>(V);
  return C && C->getValue().isPowerOf2();
}

unsigned wordsOf(const Type *Ty, const DataLayout &DL) {
  unsigned Bits = getScalarBits(Ty, DL);
  return Bits <= 32 ? 1 : (Bits + 31) / 32;
}

} // namespace detail
} // namespace ktime
