//===- Compat.h - Every LLVM version difference KernelTime depends on -----===//
//
// KernelTime builds against LLVM 22 and LLVM 19. Every place where the LLVM
// API or the IR that clang produces differs between versions goes through
// this header, so the rest of the code is version-free (docs/architecture.md,
// "LLVM versions").
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_COMPAT_H
#define KERNELTIME_COMPAT_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DynamicAPInt.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#if LLVM_VERSION_MAJOR >= 22
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif
#if LLVM_VERSION_MAJOR >= 20
#include "llvm/Support/NVPTXAddrSpace.h"
#endif

/// Switch cases for intrinsics that LLVM 20 added (llvm.fake.use,
/// llvm.minimumnum, llvm.maximumnum); empty before, where IR cannot hold them.
#if LLVM_VERSION_MAJOR >= 20
#define KTIME_CASE_FAKE_USE case llvm::Intrinsic::fake_use:
#define KTIME_CASE_MINIMUMNUM_MAXIMUMNUM                                       \
  case llvm::Intrinsic::minimumnum:                                            \
  case llvm::Intrinsic::maximumnum:
#else
#define KTIME_CASE_FAKE_USE
#define KTIME_CASE_MINIMUMNUM_MAXIMUMNUM
#endif

#include <array>
#include <cstdint>
#include <functional>
#include <optional>

namespace ktime {
namespace compat {

/// The NVPTX address spaces KernelTime names. LLVM 20 moved their enum to
/// llvm/Support/NVPTXAddrSpace.h; LLVM 19 keeps it private to the NVPTX
/// target, so the numbers (fixed by the NVPTX IR convention) are spelled out.
#if LLVM_VERSION_MAJOR >= 20
enum NVPTXAddrSpace : unsigned {
  NVPTXShared = llvm::NVPTXAS::ADDRESS_SPACE_SHARED,
  NVPTXConst = llvm::NVPTXAS::ADDRESS_SPACE_CONST,
  NVPTXLocal = llvm::NVPTXAS::ADDRESS_SPACE_LOCAL,
};
#else
enum NVPTXAddrSpace : unsigned {
  NVPTXShared = 3,
  NVPTXConst = 4,
  NVPTXLocal = 5,
};
#endif

/// A DynamicAPInt holding the signed value of \p V (LLVM 20 added the APInt
/// constructor; before, the value is built from 32-bit digits).
inline llvm::DynamicAPInt toDynamicAPInt(const llvm::APInt &V) {
#if LLVM_VERSION_MAJOR >= 20
  return llvm::DynamicAPInt(V);
#else
  if (V.getSignificantBits() <= 64)
    return llvm::DynamicAPInt(V.getSExtValue());
  llvm::APInt Mag = V.sext(V.getBitWidth() + 1).abs();
  llvm::DynamicAPInt R(0);
  for (unsigned Bit = llvm::alignTo(Mag.getActiveBits(), 32); Bit != 0;
       Bit -= 32)
    R = R * llvm::DynamicAPInt(int64_t(1) << 32) +
        llvm::DynamicAPInt(int64_t(Mag.extractBitsAsZExtValue(32, Bit - 32)));
  return V.isNegative() ? -R : R;
#endif
}

/// The name of a synchronization scope ("block", "device", "" for the
/// system scope), std::nullopt for an unknown ID (LLVMContext's
/// getSyncScopeName since LLVM 20; only the whole list before, indexed by ID).
inline std::optional<llvm::StringRef>
getSyncScopeName(const llvm::LLVMContext &C, llvm::SyncScope::ID ID) {
#if LLVM_VERSION_MAJOR >= 20
  return C.getSyncScopeName(ID);
#else
  llvm::SmallVector<llvm::StringRef, 8> Names;
  C.getSyncScopeNames(Names);
  if (ID < Names.size())
    return Names[ID];
  return std::nullopt;
#endif
}

/// The module's target triple (a Triple since LLVM 21, a string before).
inline llvm::Triple getTargetTriple(const llvm::Module &M) {
#if LLVM_VERSION_MAJOR >= 21
  return M.getTargetTriple();
#else
  return llvm::Triple(M.getTargetTriple());
#endif
}

/// True for a CUDA kernel: the ptx_kernel calling convention (clang 20+) or a
/// "kernel" entry in !nvvm.annotations (older IR, still accepted).
inline bool isKernel(const llvm::Function &F) {
  if (F.isDeclaration())
    return false;
  if (F.getCallingConv() == llvm::CallingConv::PTX_Kernel)
    return true;
  const llvm::NamedMDNode *Ann =
      F.getParent()->getNamedMetadata("nvvm.annotations");
  if (!Ann)
    return false;
  for (const llvm::MDNode *Op : Ann->operands()) {
    if (Op->getNumOperands() < 3)
      continue;
    auto *FnMD =
        llvm::dyn_cast_or_null<llvm::ValueAsMetadata>(Op->getOperand(0));
    auto *Key = llvm::dyn_cast_or_null<llvm::MDString>(Op->getOperand(1));
    if (FnMD && Key && FnMD->getValue() == &F && Key->getString() == "kernel")
      return true;
  }
  return false;
}

/// The block size a kernel requires ("nvvm.reqntid"="X[,Y[,Z]]" since LLVM
/// 20; reqntidx/y/z in !nvvm.annotations before) or at most allows
/// (__launch_bounds__: "nvvm.maxntid", maxntidx/y/z), std::nullopt if none.
inline std::optional<std::array<uint64_t, 3>>
getNTIDAttr(const llvm::Function &F, llvm::StringRef Attr,
            llvm::StringRef AnnotationPrefix) {
  std::array<uint64_t, 3> D = {1, 1, 1};
  if (F.hasFnAttribute(Attr)) {
    llvm::SmallVector<llvm::StringRef, 3> Parts;
    F.getFnAttribute(Attr).getValueAsString().split(Parts, ',');
    if (Parts.empty() || Parts.size() > 3)
      return std::nullopt;
    for (size_t I = 0; I != Parts.size(); ++I)
      if (Parts[I].trim().getAsInteger(10, D[I]) || D[I] == 0)
        return std::nullopt;
    return D;
  }
  const llvm::NamedMDNode *Ann =
      F.getParent()->getNamedMetadata("nvvm.annotations");
  bool Found = false;
  if (Ann)
    for (const llvm::MDNode *Op : Ann->operands()) {
      if (Op->getNumOperands() < 3)
        continue;
      auto *FnMD =
          llvm::dyn_cast_or_null<llvm::ValueAsMetadata>(Op->getOperand(0));
      if (!FnMD || FnMD->getValue() != &F)
        continue;
      for (unsigned I = 1; I + 1 < Op->getNumOperands(); I += 2) {
        auto *Key = llvm::dyn_cast_or_null<llvm::MDString>(Op->getOperand(I));
        auto *Val = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(
            Op->getOperand(I + 1));
        if (!Key || !Val || !Key->getString().starts_with(AnnotationPrefix) ||
            Key->getString().size() != AnnotationPrefix.size() + 1)
          continue;
        char Axis = Key->getString().back();
        if (Axis < 'x' || Axis > 'z' || Val->isZero())
          continue;
        D[Axis - 'x'] = Val->getZExtValue();
        Found = true;
      }
    }
  return Found ? std::optional<std::array<uint64_t, 3>>(D) : std::nullopt;
}
inline std::optional<std::array<uint64_t, 3>>
getReqNTID(const llvm::Function &F) {
  return getNTIDAttr(F, "nvvm.reqntid", "reqntid");
}
inline std::optional<std::array<uint64_t, 3>>
getMaxNTID(const llvm::Function &F) {
  return getNTIDAttr(F, "nvvm.maxntid", "maxntid");
}

/// Calls Fn(ArgNo, Var) for every parameter that debug info describes (its
/// name, and its type with the members of a struct). LLVM 19+ keeps
/// variable locations as debug records; older intrinsics are not produced
/// by the clang versions KernelTime supports.
inline void forEachDebugParam(
    const llvm::Function &F,
    const std::function<void(unsigned, const llvm::DILocalVariable &)> &Fn) {
  for (const llvm::Instruction &I : llvm::instructions(F))
    for (const llvm::DbgVariableRecord &R :
         llvm::filterDbgVars(I.getDbgRecordRange()))
      if (const llvm::DILocalVariable *V = R.getVariable())
        if (V->getArg() != 0 && !V->getName().empty())
          Fn(V->getArg() - 1, *V);
}

/// A target machine for the module's triple and \p CPU, if the tool that
/// loaded the plugin registered that target (opt and clang register NVPTX);
/// null otherwise. (lookupTarget and createTargetMachine take a Triple since
/// LLVM 21.)
inline std::unique_ptr<llvm::TargetMachine>
createTargetMachine(const llvm::Module &M, llvm::StringRef CPU) {
  llvm::Triple TT = getTargetTriple(M);
  std::string Error;
#if LLVM_VERSION_MAJOR >= 21
  const llvm::Target *T = llvm::TargetRegistry::lookupTarget(TT, Error);
#else
  const llvm::Target *T = llvm::TargetRegistry::lookupTarget(TT.str(), Error);
#endif
  if (!T)
    return nullptr;
#if LLVM_VERSION_MAJOR >= 21
  return std::unique_ptr<llvm::TargetMachine>(
      T->createTargetMachine(TT, CPU, "", llvm::TargetOptions(), std::nullopt));
#else
  return std::unique_ptr<llvm::TargetMachine>(T->createTargetMachine(
      TT.str(), CPU, "", llvm::TargetOptions(), std::nullopt));
#endif
}

/// Registers a callback at the optimizer's last extension point (the
/// ThinOrFullLTOPhase argument exists since LLVM 20).
inline void
registerOptimizerLast(llvm::PassBuilder &PB,
                      const std::function<void(llvm::ModulePassManager &,
                                               llvm::OptimizationLevel)> &Fn) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [Fn](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level,
           llvm::ThinOrFullLTOPhase) { Fn(MPM, Level); });
#else
  PB.registerOptimizerLastEPCallback(Fn);
#endif
}

} // namespace compat
} // namespace ktime

#endif // KERNELTIME_COMPAT_H
