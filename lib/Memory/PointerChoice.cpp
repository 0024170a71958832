//===- PointerChoice.cpp - Pointers each lane chooses ---------------------===//
//
// -O3 turns `if (c) v = s[i]; else v = g[k];` into one load through
// `select c, s', g'` (and the index through `select c, i, k`): the lanes of
// a warp split between two addresses in two state spaces (a tile in shared
// memory and the global array past its edge). The access is analysed as
// one part per side: the pointer's ScalarEvolution expression with each
// select replaced by that side's value.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Cost.h"
#include "MemoryImpl.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace ktime {
namespace memory {

namespace {

/// The values an address is computed from are followed this deep.
constexpr unsigned MaxDepth = 8;

/// Collects the selects \p V is computed from, through any instruction or
/// constant expression but loads, phis and calls (not through a select's
/// sides).
void collectSelects(const Value *V, unsigned Depth,
                    SmallPtrSetImpl<const Value *> &Seen,
                    SmallVectorImpl<const SelectInst *> &Out) {
  if (Depth > MaxDepth || !Seen.insert(V).second)
    return;
  if (const auto *S = dyn_cast<SelectInst>(V)) {
    Out.push_back(S);
    return;
  }
  if (isa<LoadInst, PHINode, CallBase>(V))
    return;
  if (const auto *U = dyn_cast<Operator>(V))
    for (const Value *Op : U->operands())
      collectSelects(Op, Depth + 1, Seen, Out);
}

class SideRewriter : public SCEVRewriteVisitor<SideRewriter> {
public:
  SideRewriter(ScalarEvolution &SE, const PointerChoice &C, bool Side)
      : SCEVRewriteVisitor(SE), C(C), Side(Side) {}

  const SCEV *visitUnknown(const SCEVUnknown *U) {
    const auto *S = dyn_cast<SelectInst>(U->getValue());
    if (!S || !is_contained(C.Selects, S))
      return U;
    return SE.getSCEV(
        const_cast<Value *>(Side ? S->getTrueValue() : S->getFalseValue()));
  }

private:
  const PointerChoice &C;
  bool Side;
};

} // namespace

std::optional<PointerChoice> findPointerChoice(const Value *Ptr,
                                               const ThreadDependence &Dep,
                                               ScalarEvolution &SE) {
  SmallPtrSet<const Value *, 16> Seen;
  PointerChoice C;
  collectSelects(Ptr, 0, Seen, C.Selects);
  if (C.Selects.empty())
    return std::nullopt;
  C.Condition = C.Selects.front()->getCondition();
  for (const SelectInst *S : C.Selects) {
    if (S->getCondition() != C.Condition || !SE.isSCEVable(S->getType()) ||
        !isa<SCEVUnknown>(SE.getSCEV(const_cast<SelectInst *>(S))))
      return std::nullopt;
    if (S->getType()->isPointerTy()) {
      if (C.PointerSelect)
        return std::nullopt;
      C.PointerSelect = S;
    }
  }
  if (!C.PointerSelect || !Dep.varies(C.Condition))
    return std::nullopt;
  C.Spaces[0] = getMemSpace(C.PointerSelect->getTrueValue());
  C.Spaces[1] = getMemSpace(C.PointerSelect->getFalseValue());
  if (C.Spaces[0] == C.Spaces[1])
    return std::nullopt;
  return C;
}

const SCEV *chooseSide(ScalarEvolution &SE, const SCEV *S,
                       const PointerChoice &C, bool Side) {
  return SideRewriter(SE, C, Side).visit(S);
}

} // namespace memory
} // namespace ktime
