//===- RegisterWeight.cpp - 32-bit registers an IR value occupies ---------===//
//
// The weights the register pressure sums (RegisterPressure.h; docs/gpu.md,
// "Register estimate").
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Compat.h"
#include "RegisterPressure.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {

unsigned registerWeight(Type *Ty, const DataLayout &DL) {
  auto Words = [](uint64_t Bits) { return unsigned((Bits + 31) / 32); };
  if (Ty->isIntegerTy(1))
    return 0;
  if (Ty->isIntegerTy() || Ty->isFloatingPointTy())
    return Words(Ty->getPrimitiveSizeInBits().getFixedValue());
  if (auto *PT = dyn_cast<PointerType>(Ty))
    return Words(DL.getPointerSizeInBits(PT->getAddressSpace()));
  if (auto *VT = dyn_cast<VectorType>(Ty)) {
    Type *Elt = VT->getElementType();
    unsigned N = VT->getElementCount().getKnownMinValue();
    if (Elt->isIntegerTy(1))
      return 0;
    if ((Elt->isIntegerTy() || Elt->isFloatingPointTy()) &&
        Elt->getPrimitiveSizeInBits().getFixedValue() < 32)
      return Words(uint64_t(N) * Elt->getPrimitiveSizeInBits().getFixedValue());
    return N * registerWeight(Elt, DL);
  }
  if (auto *ST = dyn_cast<StructType>(Ty)) {
    unsigned Sum = 0;
    for (Type *E : ST->elements())
      Sum += registerWeight(E, DL);
    return Sum;
  }
  if (auto *AT = dyn_cast<ArrayType>(Ty))
    return unsigned(AT->getNumElements()) *
           registerWeight(AT->getElementType(), DL);
  return 0; // void, label, token, metadata
}

static bool isWindowSpace(unsigned AS) {
  return AS == compat::NVPTXShared || AS == compat::NVPTXConst ||
         AS == compat::NVPTXLocal;
}

unsigned valueRegisterWeight(const Value *V, const DataLayout &DL) {
  auto *PT = dyn_cast<PointerType>(V->getType());
  if (!PT)
    return registerWeight(V->getType(), DL);
  if (isWindowSpace(PT->getAddressSpace()))
    return 1;
  const Value *Obj = getUnderlyingObjectAggressive(V);
  if (isa<AllocaInst>(Obj))
    return 1; // local memory
  if (auto *OT = dyn_cast<PointerType>(Obj->getType()))
    if (isWindowSpace(OT->getAddressSpace()))
      return 1;
  return registerWeight(PT, DL);
}

} // namespace ktime
