//===- MemSpace.cpp - Which PTX state space a pointer points into ---------===//
//
// NVPTX address spaces: 0 generic, 1 global, 3 shared, 4 constant, 5 local,
// 101 param. A generic pointer is traced back (addrspacecasts, GEPs,
// bitcasts, phis and selects whose inputs agree) to what it was made from;
// docs/costs.md lists the rules.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Compat.h"
#include "KernelTime/Cost.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace ktime {

namespace {

/// NVPTX's address space numbers (llvm/Support/NVPTXAddrSpace.h).
enum : unsigned {
  ASGeneric = 0,
  ASGlobal = 1,
  ASShared = 3,
  ASConstant = 4,
  ASLocal = 5,
  ASParam = 101
};

std::optional<MemSpace> fromAddressSpace(unsigned AS) {
  switch (AS) {
  case ASGlobal:
    return MemSpace::Global;
  case ASShared:
    return MemSpace::Shared;
  case ASConstant:
    return MemSpace::Constant;
  case ASLocal:
    return MemSpace::Local;
  case ASParam:
    return MemSpace::Param;
  default:
    return std::nullopt; // generic, or a space this stage does not know
  }
}

/// Traces the generic pointer \p V; Generic when it cannot decide.
class SpaceTracer {
public:
  MemSpace trace(const Value *V, unsigned Depth = 0) {
    if (Depth > 16 || !Visited.insert(V).second)
      return MemSpace::Generic;
    if (auto *PT = dyn_cast<PointerType>(V->getType()))
      if (std::optional<MemSpace> S = fromAddressSpace(PT->getAddressSpace()))
        return *S;
    if (auto *Op = dyn_cast<Operator>(V)) {
      switch (Op->getOpcode()) {
      case Instruction::AddrSpaceCast:
      case Instruction::BitCast:
      case Instruction::GetElementPtr:
        return trace(Op->getOperand(0), Depth + 1);
      default:
        break;
      }
    }
    if (auto *Phi = dyn_cast<PHINode>(V))
      return agree(Phi->incoming_values(), Depth);
    if (auto *Sel = dyn_cast<SelectInst>(V)) {
      const Value *Ops[] = {Sel->getTrueValue(), Sel->getFalseValue()};
      return agree(Ops, Depth);
    }
    if (auto *A = dyn_cast<Argument>(V)) {
      // A CUDA kernel's pointer parameter points to global memory (the host
      // passes device pointers); a byval aggregate lives in the param space.
      if (!compat::isKernel(*A->getParent()))
        return MemSpace::Generic;
      return A->hasByValAttr() ? MemSpace::Param : MemSpace::Global;
    }
    if (isa<AllocaInst>(V))
      return MemSpace::Local;
    if (auto *GV = dyn_cast<GlobalVariable>(V)) {
      std::optional<MemSpace> S = fromAddressSpace(GV->getAddressSpace());
      return S ? *S : MemSpace::Global; // a generic global is a __device__ one
    }
    return MemSpace::Generic;
  }

private:
  template <typename Range> MemSpace agree(Range &&Values, unsigned Depth) {
    std::optional<MemSpace> Common;
    for (const Value *In : Values) {
      if (isa<UndefValue>(In) || isa<ConstantPointerNull>(In))
        continue;
      MemSpace S = trace(In, Depth + 1);
      if (S == MemSpace::Generic || (Common && *Common != S))
        return MemSpace::Generic;
      Common = S;
    }
    return Common.value_or(MemSpace::Generic);
  }

  SmallPtrSet<const Value *, 16> Visited;
};

} // namespace

StringRef getMemSpaceName(MemSpace S) {
  switch (S) {
  case MemSpace::Generic:
    return "generic";
  case MemSpace::Global:
    return "global";
  case MemSpace::Shared:
    return "shared";
  case MemSpace::Local:
    return "local";
  case MemSpace::Constant:
    return "const";
  case MemSpace::Param:
    return "param";
  }
  return "generic";
}

StringRef getLatencySymbol(MemSpace S) {
  switch (S) {
  case MemSpace::Generic:
  case MemSpace::Global:
    return "lat.global";
  case MemSpace::Shared:
    return "lat.shared";
  case MemSpace::Local:
    return "lat.local";
  case MemSpace::Constant:
    return "lat.const";
  case MemSpace::Param:
    return "lat.param";
  }
  return "lat.global";
}

MemSpace getMemSpace(const Value *Ptr) {
  if (!Ptr || !Ptr->getType()->isPointerTy())
    return MemSpace::Generic;
  return SpaceTracer().trace(Ptr);
}

} // namespace ktime
