//===- Address.cpp - getelementptr: folded offsets and index arithmetic ---===//
//
// PTX addresses are [register + immediate]. A constant offset that only
// loads, stores, atomics and other GEPs use is folded into their immediate;
// a constant offset used otherwise is a 64-bit add (two 32-bit instructions).
// Each variable index adds index * size to the address: one IMAD.WIDE when
// the index comes from 32 bits (PTX mul.wide.s32 + add.s64, which ptxas
// fuses), LEA + LEA.HI.X for a 64-bit index scaled by a power of two, two
// IMADs for a 64-bit index times another size. docs/costs.md, "Addresses".
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

/// Every user takes \p GEP as an address it can add an immediate to.
bool onlyAddressUsers(const Instruction &GEP) {
  if (GEP.use_empty())
    return true;
  for (const Use &U : GEP.uses()) {
    const User *Usr = U.getUser();
    if (auto *L = dyn_cast<LoadInst>(Usr);
        L && U.getOperandNo() == L->getPointerOperandIndex())
      continue;
    if (auto *S = dyn_cast<StoreInst>(Usr);
        S && U.getOperandNo() == S->getPointerOperandIndex())
      continue;
    if (auto *A = dyn_cast<AtomicRMWInst>(Usr);
        A && U.getOperandNo() == A->getPointerOperandIndex())
      continue;
    if (auto *X = dyn_cast<AtomicCmpXchgInst>(Usr);
        X && U.getOperandNo() == X->getPointerOperandIndex())
      continue;
    if (auto *G = dyn_cast<GetElementPtrInst>(Usr);
        G && U.getOperandNo() == G->getPointerOperandIndex())
      continue;
    return false;
  }
  return true;
}

/// The index was widened from 32 bits (or is a 32-bit index).
bool isNarrowIndex(const Value *Idx) {
  if (Idx->getType()->getScalarSizeInBits() <= 32)
    return true;
  if (auto *Ext = dyn_cast<CastInst>(Idx))
    return (Ext->getOpcode() == Instruction::SExt ||
            Ext->getOpcode() == Instruction::ZExt) &&
           Ext->getSrcTy()->getScalarSizeInBits() <= 32;
  return false;
}

} // namespace

CostInfo costGEP(const CostContext &Ctx, const Instruction &I) {
  const auto &GEP = cast<GetElementPtrInst>(I);
  if (GEP.getType()->isVectorTy())
    return Ctx.unknown("vector getelementptr priced as one int.add");
  unsigned AS = GEP.getPointerAddressSpace();
  bool Wide = Ctx.DL.getIndexSizeInBits(AS) > 32;
  CostBuilder B = Ctx.builder();
  bool HasConstantOffset = false;
  unsigned Variable = 0;
  for (gep_type_iterator It = gep_type_begin(GEP), E = gep_type_end(GEP);
       It != E; ++It) {
    const Value *Idx = It.getOperand();
    if (auto *C = dyn_cast<ConstantInt>(Idx)) {
      HasConstantOffset |= !C->isZero();
      continue;
    }
    ++Variable;
    uint64_t Size = It.isStruct()
                        ? 0
                        : It.getSequentialElementStride(Ctx.DL).getFixedValue();
    if (!Wide) {
      // 32-bit addresses: mad.lo.s32 (or add for a byte offset).
      B.add(Size == 1 ? InstrClass::IntAdd : InstrClass::IntMad);
    } else if (Size == 1) {
      B.add(InstrClass::IntAdd, 2, 2); // 64-bit add of a byte offset
    } else if (isNarrowIndex(Idx)) {
      B.add(InstrClass::IntMad); // IMAD.WIDE: base + index * size
    } else if (isPowerOf2_64(Size)) {
      B.add(InstrClass::IntAdd, 2, 2); // LEA, LEA.HI.X
    } else {
      B.add(InstrClass::IntMad, 2, 2); // IMAD.WIDE.U32, IMAD of the high word
    }
  }
  if (!Variable && !HasConstantOffset)
    return makeFree("same address");
  // The immediate folds into the memory instructions that use the address
  // (with or without variable indices); any other user needs the add.
  if (HasConstantOffset && !onlyAddressUsers(GEP))
    B.add(InstrClass::IntAdd, Wide ? 2 : 1, Wide ? 2 : 1);
  if (B.empty())
    return makeFree("offset folded into the address");
  return B.build(CostInfo::Kind::Compute, "address");
}

} // namespace detail
} // namespace ktime
