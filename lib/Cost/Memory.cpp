//===- Memory.cpp - Loads, stores, atomics and fences ---------------------===//
//
// A load or store issues on the load/store unit (class ldst: del); a load's
// latency is the symbol of its state space (lat.global, lat.shared,
// lat.local, lat.const, lat.param), bound later by the GPU stage, a store's
// the ldst lat (its warp does not wait for it to reach memory). A
// __constant__ value at a fixed address that arithmetic uses is an operand
// of that instruction in SASS (c[0x3][offset]), free here. Accesses
// wider than 16 bytes, or wider than their alignment, are split as NVPTX
// splits them. A generic address that cannot be traced is priced as global,
// with an assumption. Atomics are atomic.global / atomic.shared.
// docs/costs.md, "Memory".
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "KernelTime/Compat.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Operator.h"

#include <limits>
#include <string>

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

/// Memory instructions of at most 16 bytes (ld.v4.b32, ld.v2.b64) and at
/// most the alignment each.
unsigned accessCount(uint64_t Bytes, uint64_t AlignBytes) {
  uint64_t Width = std::min<uint64_t>(16, std::max<uint64_t>(AlignBytes, 1));
  while (Width > 1 && Width > Bytes)
    Width /= 2;
  return static_cast<unsigned>(std::max<uint64_t>(1, divideCeil(Bytes, Width)));
}

/// The NVPTX backend's test for ld.global.nc (LDG): every object the
/// address may come from is a noalias, read-only kernel parameter.
bool isReadOnlyKernelParam(const Value *Ptr) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Ptr, Objects);
  if (Objects.empty())
    return false;
  for (const Value *O : Objects) {
    auto *A = dyn_cast<Argument>(O);
    if (!A || !compat::isKernel(*A->getParent()) || !A->hasNoAliasAttr() ||
        !A->onlyReadsMemory())
      return false;
  }
  return true;
}

std::string spaceSuffix(MemSpace S) {
  return S == MemSpace::Generic ? "" : ("." + getMemSpaceName(S)).str();
}

/// A user that can take one operand straight from a constant bank.
bool takesBankOperand(const User *U) {
  if (isa<BinaryOperator, UnaryOperator, CmpInst, SelectInst>(U))
    return true;
  if (auto *II = dyn_cast<IntrinsicInst>(U)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::fma:
    case Intrinsic::fmuladd:
    case Intrinsic::minnum:
    case Intrinsic::maxnum:
    case Intrinsic::fabs:
      return true;
    default:
      return false;
    }
  }
  return false;
}

/// Whether \p Ptr is a variable plus constant offsets (constant GEPs and
/// casts between state spaces of a global variable).
bool isFixedAddress(const Value *Ptr) {
  while (true) {
    if (isa<GlobalVariable>(Ptr))
      return true;
    if (auto *GEP = dyn_cast<GEPOperator>(Ptr)) {
      if (!GEP->hasAllConstantIndices())
        return false;
      Ptr = GEP->getPointerOperand();
    } else if (auto *Cast = dyn_cast<AddrSpaceCastOperator>(Ptr)) {
      Ptr = Cast->getPointerOperand();
    } else {
      return false;
    }
  }
}

bool isFixedConstantLoad(const Value *V) {
  auto *L = dyn_cast<LoadInst>(V);
  return L && L->isSimple() && isFixedAddress(L->getPointerOperand()) &&
         !L->getType()->isVectorTy() &&
         getMemSpace(L->getPointerOperand()) == MemSpace::Constant;
}

/// ptxas reads a __constant__ value at a fixed address as an operand of the
/// instruction that uses it (SASS c[0x3][offset]), without a load: the
/// address is a link-time constant and every user takes it as its only
/// constant-bank operand (ptxas allows one per instruction).
bool isConstantBankOperand(const LoadInst &L) {
  if (!isFixedConstantLoad(&L) || L.use_empty())
    return false;
  for (const Use &U : L.uses()) {
    const User *User = U.getUser();
    if (!takesBankOperand(User))
      return false;
    if (isa<SelectInst>(User) && U.getOperandNo() == 0)
      return false; // a predicate, not an operand
    for (const Use &Other : User->operands())
      if (Other.getOperandNo() < U.getOperandNo() &&
          isFixedConstantLoad(Other.get()))
        return false; // an earlier operand already takes the bank slot
  }
  return true;
}

const char *GenericAssumption =
    "generic address (its state space is not known here) priced as global";

} // namespace

CostInfo costAtomicAccess(const CostContext &Ctx, const Value *Ptr, Type *ValTy,
                          bool ResultUsed, StringRef Op) {
  MemSpace S = getMemSpace(Ptr);
  InstrClass C = S == MemSpace::Shared ? InstrClass::AtomicShared
                                       : InstrClass::AtomicGlobal;
  std::string What =
      (ResultUsed ? "atom" : "red") + spaceSuffix(S) + "." + Op.str();
  CostInfo Cost = Ctx.builder().add(C).build(CostInfo::Kind::Memory, What);
  Cost.Space = S;
  Cost.IsLoad = Cost.IsStore = Cost.IsAtomic = true;
  Cost.AccessBytes =
      static_cast<unsigned>(Ctx.DL.getTypeStoreSize(ValTy).getFixedValue());
  if (S == MemSpace::Generic)
    Cost.Assumption = GenericAssumption;
  return Cost;
}

namespace {

CostInfo costFence(const CostContext &Ctx, const FenceInst &F) {
  SyncScope::ID ID = F.getSyncScopeID();
  if (ID == SyncScope::SingleThread)
    return makeFree("compiler fence");
  std::optional<StringRef> Scope = compat::getSyncScopeName(F.getContext(), ID);
  if (Scope && *Scope == "block")
    return Ctx.compute(InstrClass::Barrier, 1, 1, "fence.cta");
  CostInfo C = Ctx.builder()
                   .add(InstrClass::Barrier, 1, 0)
                   .addLatency(Expr::symbol(getLatencySymbol(MemSpace::Global)))
                   .build(CostInfo::Kind::Compute, "fence (membar.gl/sys)");
  C.Assumption = "a fence beyond the block assumed to wait one global-memory "
                 "latency (lat.global)";
  return C;
}

} // namespace

/// costAccess for a state space rather than a pointer.
static CostInfo costAccessIn(const CostContext &Ctx, MemSpace S, uint64_t Bytes,
                             uint64_t AlignBytes, bool IsLoad, bool ReadOnly) {
  MemSpace Priced = S == MemSpace::Generic ? MemSpace::Global : S;
  // An access of 4 GiB or more per thread (a memcpy of a huge constant
  // length, a load of a huge array) is beyond what the counts hold: it is
  // priced as one access of its alignment, with an assumption.
  bool TooLarge = Bytes > std::numeric_limits<uint32_t>::max();
  uint64_t AskedBytes = Bytes;
  if (TooLarge)
    Bytes = std::min<uint64_t>(16, std::max<uint64_t>(AlignBytes, 1));
  unsigned N = accessCount(Bytes, AlignBytes);
  CostBuilder B = Ctx.builder();
  // Split accesses issue back to back and complete side by side: one
  // latency for all of them.
  B.add(InstrClass::Ldst, N, IsLoad ? 0 : 1);
  if (IsLoad)
    B.addLatency(Expr::symbol(getLatencySymbol(Priced)));
  ReadOnly = ReadOnly && IsLoad && Priced == MemSpace::Global;
  std::string What = (IsLoad ? "ld" : "st") + spaceSuffix(S);
  if (ReadOnly)
    What += ".nc";
  CostInfo C = B.build(CostInfo::Kind::Memory, What);
  C.Space = S;
  C.IsLoad = IsLoad;
  C.IsStore = !IsLoad;
  C.ReadOnly = ReadOnly;
  C.AccessBytes = static_cast<unsigned>(Bytes);
  if (S == MemSpace::Generic)
    C.Assumption = GenericAssumption;
  if (TooLarge) {
    if (!C.Assumption.empty())
      C.Assumption += "; ";
    C.Assumption += "an access of " + std::to_string(AskedBytes) +
                    " bytes (4 GiB or more per thread) priced as one access "
                    "of its alignment";
  }
  return C;
}

CostInfo costAccess(const CostContext &Ctx, const Value *Ptr, uint64_t Bytes,
                    uint64_t AlignBytes, bool IsLoad, bool ReadOnly) {
  MemSpace S = getMemSpace(Ptr);
  auto [It, Inserted] = Ctx.Computed.Accesses.try_emplace(std::make_tuple(
      static_cast<unsigned>(S), Bytes, AlignBytes, IsLoad, ReadOnly));
  if (Inserted)
    It->second = costAccessIn(Ctx, S, Bytes, AlignBytes, IsLoad, ReadOnly);
  return It->second;
}

CostInfo costMemoryInst(const CostContext &Ctx, const Instruction &I) {
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    if (isConstantBankOperand(*L))
      return makeFree("constant-bank operand of its user");
    uint64_t Bytes = Ctx.DL.getTypeStoreSize(L->getType()).getFixedValue();
    bool ReadOnly = L->hasMetadata(LLVMContext::MD_invariant_load) ||
                    isReadOnlyKernelParam(L->getPointerOperand());
    return costAccess(Ctx, L->getPointerOperand(), Bytes, L->getAlign().value(),
                      /*IsLoad=*/true, ReadOnly);
  }
  if (auto *S = dyn_cast<StoreInst>(&I)) {
    uint64_t Bytes = Ctx.DL.getTypeStoreSize(S->getValueOperand()->getType())
                         .getFixedValue();
    return costAccess(Ctx, S->getPointerOperand(), Bytes, S->getAlign().value(),
                      /*IsLoad=*/false, false);
  }
  if (auto *A = dyn_cast<AtomicRMWInst>(&I))
    return costAtomicAccess(Ctx, A->getPointerOperand(), A->getType(),
                            !A->use_empty(),
                            AtomicRMWInst::getOperationName(A->getOperation()));
  if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
    return costAtomicAccess(Ctx, X->getPointerOperand(),
                            X->getCompareOperand()->getType(), true, "cas");
  if (auto *F = dyn_cast<FenceInst>(&I))
    return costFence(Ctx, *F);
  return Ctx.unknown("memory instruction '" + std::string(I.getOpcodeName()) +
                     "' priced as one int.add");
}

} // namespace detail
} // namespace ktime
