//===- SymbolNamer.cpp - Names of IR values in KernelTime expressions -----===//
//
// Kernel parameters print by their source name (IR value names survive with
// -fno-discard-value-names; debug info gives them with -g) and otherwise as
// argN. PTX special registers print with PTX's names (tid.x, ntid.x, ...).
// A load of a scalar field of a by-value struct parameter prints as the
// field (ParamFields.cpp) where the kernel does not write the field.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/CodegenView.h"
#include "KernelTime/Compat.h"
#include "KernelTime/ScevToExpr.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ktime {

/// The bytes of kernel parameter \p A (by value) that the kernel writes, as
/// [begin, end) ranges, when every write is a simple store at a constant
/// offset (CUB's reduction kernels update some fields of their GridEvenShare
/// in place and read the others); std::nullopt when a write is anything
/// else (a store at a variable offset, the pointer passed to a call or
/// stored).
static std::optional<SmallVector<std::pair<uint64_t, uint64_t>, 4>>
writtenByteRanges(const Argument &A) {
  if (!A.hasByValAttr() || !compat::isKernel(*A.getParent()))
    return std::nullopt;
  const DataLayout &DL = A.getParent()->getParent()->getDataLayout();
  SmallVector<std::pair<uint64_t, uint64_t>, 4> Written;
  // Each pointer derived from A with its constant offset, if it has one.
  SmallVector<std::pair<const Value *, std::optional<uint64_t>>, 8> Work = {
      {&A, 0}};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    auto [V, Offset] = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      const User *Usr = U.getUser();
      if (isa<LoadInst>(Usr))
        continue;
      if (const auto *S = dyn_cast<StoreInst>(Usr)) {
        TypeSize Size = DL.getTypeStoreSize(S->getValueOperand()->getType());
        if (U.getOperandNo() != S->getPointerOperandIndex() || !Offset ||
            !S->isSimple() || Size.isScalable())
          return std::nullopt;
        Written.push_back({*Offset, *Offset + Size.getFixedValue()});
        continue;
      }
      if (const auto *GEP = dyn_cast<GetElementPtrInst>(Usr)) {
        APInt Delta(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
        std::optional<uint64_t> Next;
        if (Offset && GEP->accumulateConstantOffset(DL, Delta) &&
            !Delta.isNegative())
          Next = *Offset + Delta.getZExtValue();
        if (Seen.insert(Usr).second)
          Work.push_back({Usr, Next});
        continue;
      }
      if (isa<BitCastInst>(Usr) || isa<AddrSpaceCastInst>(Usr)) {
        if (Seen.insert(Usr).second)
          Work.push_back({Usr, Offset});
        continue;
      }
      if (const auto *MT = dyn_cast<MemTransferInst>(Usr))
        if (&U == &MT->getRawSourceUse() && !MT->isVolatile())
          continue;
      return std::nullopt;
    }
  }
  return Written;
}

SymbolNamer::SymbolNamer(const Function &F) : F(F) {
  compat::forEachDebugParam(F,
                            [this](unsigned ArgNo, const DILocalVariable &V) {
                              DebugNames.try_emplace(ArgNo, V.getName().str());
                              if (const DIType *T = V.getType())
                                DebugTypes.try_emplace(ArgNo, T);
                            });
  for (const Argument &A : F.args())
    if (A.hasByValAttr() && isa<StructType>(A.getParamByValType())) {
      bool OnlyRead = isReadOnlyByValParam(A);
      ReadOnly[A.getArgNo()] = OnlyRead;
      if (!OnlyRead)
        if (auto Written = writtenByteRanges(A))
          WrittenBytes[A.getArgNo()] = std::move(*Written);
    }
}

std::string SymbolNamer::getParamName(unsigned ArgNo) const {
  if (ArgNo < F.arg_size() && F.getArg(ArgNo)->hasName())
    return F.getArg(ArgNo)->getName().str();
  auto It = DebugNames.find(ArgNo);
  if (It != DebugNames.end())
    return It->second;
  return "arg" + std::to_string(ArgNo);
}

std::optional<std::string>
SymbolNamer::getSpecialRegisterSymbol(StringRef Callee) {
  if (!Callee.consume_front("llvm.nvvm.read.ptx.sreg."))
    return std::nullopt;
  if (Callee == "warpsize")
    return std::string("WARP_SZ");
  return Callee.str();
}

/// Whether \p Symbol, a special register's, keeps its value during a
/// thread's run (ids and sizes do; the clocks, the SM and warp ids do not).
static bool isFixedRegister(StringRef Symbol) {
  return Symbol.starts_with("tid.") || Symbol.starts_with("ntid.") ||
         Symbol.starts_with("ctaid.") || Symbol.starts_with("nctaid.") ||
         Symbol == "WARP_SZ" || Symbol == "laneid";
}

std::optional<std::string> SymbolNamer::getSymbol(const Value *V) const {
  return getSymbol(V, 0);
}

std::optional<std::string> SymbolNamer::getSymbol(const Value *V,
                                                  unsigned PhiDepth) const {
  if (const auto *A = dyn_cast<Argument>(V))
    if (A->getParent() == &F)
      return getParamName(A->getArgNo());
  if (const auto *CI = dyn_cast<CallInst>(V))
    if (const Function *Callee = CI->getCalledFunction())
      return getSpecialRegisterSymbol(Callee->getName());
  if (const auto *L = dyn_cast<LoadInst>(V))
    if (std::optional<ParamField> P = getLoadedField(*L))
      return P->Printed;
  // A phi of one value read on several paths (nested no deeper than four).
  const auto *Phi = dyn_cast<PHINode>(V);
  if (!Phi || PhiDepth == 4)
    return std::nullopt;
  std::optional<std::string> Same;
  for (const Value *In : Phi->incoming_values()) {
    if (In == Phi)
      continue;
    std::optional<std::string> S = getSymbol(In, PhiDepth + 1);
    if (!S || (Same && *S != *Same) ||
        (isa<CallInst>(In) && !isFixedRegister(*S)))
      return std::nullopt;
    Same = std::move(S);
  }
  return Same;
}

} // namespace ktime
