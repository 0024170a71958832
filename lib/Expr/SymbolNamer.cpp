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
#include "llvm/IR/Argument.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {

SymbolNamer::SymbolNamer(const Function &F) : F(F) {
  compat::forEachDebugParam(F,
                            [this](unsigned ArgNo, const DILocalVariable &V) {
                              DebugNames.try_emplace(ArgNo, V.getName().str());
                              if (const DIType *T = V.getType())
                                DebugTypes.try_emplace(ArgNo, T);
                            });
  for (const Argument &A : F.args())
    if (A.hasByValAttr() && isa<StructType>(A.getParamByValType())) {
      // One walk of its uses: no bytes written is read-only.
      std::optional<ByteRanges> Written = writtenByValBytes(A);
      ReadOnly[A.getArgNo()] = Written && Written->empty();
      if (Written && !Written->empty())
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
