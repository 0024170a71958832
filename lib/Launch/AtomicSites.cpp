//===- AtomicSites.cpp - Global atomics and the addresses they update -----===//
//
// A site is an atomicrmw, a cmpxchg or an llvm.nvvm.atomic.* call whose
// pointer is global or generic (shared atomics serialise in the banks, which
// the Memory stage prices). Its distinct addresses over a launch: bound by
// the launch (addresses.atomicN), or the Memory stage's grid footprint of
// its address over the bytes one execution updates (a counter every thread
// increments: 4 bytes of 4, one address). Also the device functions a
// kernel calls without inlining that have atomics or global accesses of
// their own, which the launch's traffic leaves out.
//
//===----------------------------------------------------------------------===//
#include "AtomicSites.h"
#include "KernelTime/Cost.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {

/// An atomic on a global or generic address (the Memory stage analyses a
/// generic one as global).
bool isGlobalAtomic(const Instruction &I) {
  const Value *Ptr = getAtomicPointer(I);
  if (!Ptr)
    return false;
  MemSpace Space = getMemSpace(Ptr);
  return Space == MemSpace::Global || Space == MemSpace::Generic;
}

std::vector<AtomicSite> getAtomicSites(const Function &F) {
  std::vector<AtomicSite> Sites;
  for (const Instruction &I : instructions(F)) {
    if (!isGlobalAtomic(I))
      continue;
    AtomicSite S;
    S.Inst = &I;
    S.Symbol = "addresses.atomic" + std::to_string(Sites.size() + 1);
    // The kernel's own line: an atomic inlined from a header's atomicAdd
    // is named by the line that calls it.
    if (const DILocation *Loc = I.getDebugLoc().get()) {
      while (const DILocation *Caller = Loc->getInlinedAt())
        Loc = Caller;
      if (Loc->getLine())
        S.LineAlias = "addresses.L" + std::to_string(Loc->getLine());
    }
    Sites.push_back(std::move(S));
  }
  return Sites;
}

bool isGlobalAccess(const Instruction &I) {
  const Value *Ptr = getLoadStorePointerOperand(&I);
  if (!Ptr)
    Ptr = getAtomicPointer(I);
  if (!Ptr)
    return false;
  MemSpace Space = getMemSpace(Ptr);
  return (Space == MemSpace::Global || Space == MemSpace::Generic) &&
         !isa<AllocaInst>(getUnderlyingObject(Ptr));
}

std::vector<const Function *>
getCalleesWith(const Function &F, function_ref<bool(const Instruction &)> Has) {
  std::vector<const Function *> Out, Work = {&F};
  SmallPtrSet<const Function *, 8> Seen = {&F};
  while (!Work.empty()) {
    const Function *Caller = Work.back();
    Work.pop_back();
    for (const Instruction &I : instructions(*Caller))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (!Callee->isDeclaration() && Seen.insert(Callee).second) {
            Work.push_back(Callee);
            if (any_of(instructions(*Callee), Has))
              Out.push_back(Callee);
          }
  }
  return Out;
}

void addAtomicSymbolAliases(
    const Function &F,
    std::map<std::string, std::vector<std::string>> &Aliases) {
  for (const AtomicSite &S : getAtomicSites(F))
    if (!S.LineAlias.empty())
      Aliases[S.LineAlias].push_back(S.Symbol);
}

std::optional<Rational>
distinctAtomicAddresses(const AccessInfo &A, const AtomicSite &S,
                        const std::map<std::string, Expr> &Subst) {
  if (auto It = Subst.find(S.Symbol); It != Subst.end())
    if (std::optional<Rational> V = It->second.getConstant())
      return V;
  const ReuseInfo &R = A.Reuse;
  if (A.Pattern == AccessPattern::Irregular ||
      A.Pattern == AccessPattern::Unknown || !R.GridFootprintBytes ||
      !R.FootprintExact || A.BytesPerThread == 0)
    return std::nullopt;
  std::optional<Rational> Bytes =
      R.GridFootprintBytes->substitute(Subst).getConstant();
  if (!Bytes || Bytes->sign() <= 0)
    return std::nullopt;
  // The footprint is the group's (the accesses off one base whose offsets
  // differ by constants: two counters side by side, a store and an atomic
  // of one element): shared evenly among its members, the fewest addresses
  // a member can have, exact when they do not overlap.
  Rational D = *Bytes / Rational(static_cast<int64_t>(A.BytesPerThread)) /
               Rational(static_cast<int64_t>(std::max(1u, R.GroupSize)));
  if (D < Rational(1))
    D = Rational(1);
  return D;
}

} // namespace ktime
