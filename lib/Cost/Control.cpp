//===- Control.cpp - Branches, switches and returns -----------------------===//
//
// An unconditional branch to the next block in layout falls through (free),
// otherwise it is a bra; a conditional branch is one predicated bra, two when
// neither successor follows it. A switch is a compare-and-branch per case up
// to three cases, a jump table (range test, brx.idx) from four on, as
// SelectionDAG lowers it. A kernel's ret ends the thread (free); a device
// function's ret is a branch back. docs/costs.md, "Control flow".
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "KernelTime/Compat.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

const BasicBlock *layoutSuccessor(const BasicBlock &BB) {
  auto It = std::next(BB.getIterator());
  return It == BB.getParent()->end() ? nullptr : &*It;
}

} // namespace

CostInfo costTerminator(const CostContext &Ctx, const Instruction &I) {
  const BasicBlock *Next = layoutSuccessor(*I.getParent());
  if (auto *Br = dyn_cast<BranchInst>(&I)) {
    if (Br->isUnconditional())
      return Br->getSuccessor(0) == Next
                 ? makeFree("falls through")
                 : Ctx.compute(InstrClass::Branch, 1, 1, "bra");
    bool FallsThrough =
        Br->getSuccessor(0) == Next || Br->getSuccessor(1) == Next;
    return Ctx.compute(InstrClass::Branch, FallsThrough ? 1 : 2, 1, "@p bra");
  }
  if (auto *SI = dyn_cast<SwitchInst>(&I)) {
    unsigned Cases = SI->getNumCases();
    if (Cases == 0) // an unconditional branch to the default
      return SI->getDefaultDest() == Next
                 ? makeFree("falls through")
                 : Ctx.compute(InstrClass::Branch, 1, 1, "bra");
    if (Cases < 4)
      return Ctx.builder()
          .add(InstrClass::IntAdd, Cases, Cases)
          .add(InstrClass::Branch, Cases, Cases)
          .build(CostInfo::Kind::Compute, "compare-and-branch chain");
    // sub of the lowest case, setp against the range, bra to the default,
    // brx.idx through the table.
    return Ctx.builder()
        .add(InstrClass::IntAdd, 2, 2)
        .add(InstrClass::Branch, 2, 2)
        .build(CostInfo::Kind::Compute, "jump table");
  }
  if (isa<ReturnInst>(I)) {
    if (compat::isKernel(*I.getFunction()))
      return makeFree("exit");
    return Ctx.compute(InstrClass::Branch, 1, 1, "ret");
  }
  if (isa<UnreachableInst>(I))
    return makeFree("unreachable");
  if (isa<IndirectBrInst>(I))
    return Ctx.compute(InstrClass::Branch, 1, 1, "brx.idx");
  return Ctx.unknown("terminator '" + std::string(I.getOpcodeName()) +
                     "' priced as one int.add");
}

} // namespace detail
} // namespace ktime
