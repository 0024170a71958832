//===- CopySelection.cpp - Which functions the codegen view copies --------===//
//
// One scan per function decides whether the codegen view's passes have
// anything to do in it (docs/costs.md, "The codegen view"), and which of
// them: the copy is made only for functions where they do, and its
// costliest pass, EarlyCSE with MemorySSA, runs only where a memory access
// may repeat.
//
//===----------------------------------------------------------------------===//
#include "CopySelection.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

#include <optional>

using namespace llvm;

namespace ktime {

/// A hash of what \p I computes: its opcode, type and operands, the
/// operands of a commutative operation in one order, and a comparison's
/// predicate with its operands in one order (EarlyCSE merges a + b with
/// b + a, and a < b with b > a).
static unsigned valueHash(const Instruction &I) {
  SmallVector<const Value *, 4> Ops(I.operand_values());
  unsigned Predicate = 0;
  if (auto *Cmp = dyn_cast<CmpInst>(&I)) {
    CmpInst::Predicate P = Cmp->getPredicate();
    if (std::less<const Value *>()(Ops[1], Ops[0])) {
      std::swap(Ops[0], Ops[1]);
      P = CmpInst::getSwappedPredicate(P);
    }
    Predicate = P;
  } else if (I.isCommutative() && Ops.size() >= 2 &&
             std::less<const Value *>()(Ops[1], Ops[0])) {
    std::swap(Ops[0], Ops[1]);
  }
  hash_code H = hash_combine(I.getOpcode(), I.getType(), Predicate);
  for (const Value *Op : Ops)
    H = hash_combine(H, Op);
  return static_cast<unsigned>(H);
}

/// A conditional branch whose condition, or an operand of an and/or
/// condition, is used elsewhere: EarlyCSE knows the condition's value on
/// each side and replaces those uses where the side dominates them.
static bool branchConditionUsedElsewhere(const Instruction &I) {
  const auto *Br = dyn_cast<BranchInst>(&I);
  if (!Br || !Br->isConditional())
    return false;
  auto UsedElsewhere = [](const Value *V) {
    return !isa<Constant>(V) && !V->hasOneUse();
  };
  const Value *C = Br->getCondition();
  const Value *A, *B;
  return UsedElsewhere(C) ||
         (PatternMatch::match(
              C, PatternMatch::m_LogicalOp(PatternMatch::m_Value(A),
                                           PatternMatch::m_Value(B))) &&
          (UsedElsewhere(A) || UsedElsewhere(B)));
}

namespace {
/// What the codegen pipeline has to do in a function.
enum class CodegenWork {
  None,
  /// Only constant offsets to split off addresses.
  SplitOffsets,
  /// Values or branch conditions for EarlyCSE to merge.
  Merge,
  /// Loads for EarlyCSE to merge too.
  MergeLoads
};
} // namespace

/// The key under which memoryAccessRepeats files \p I: the pointer of a
/// simple load or store, the callee and arguments of a call that only reads
/// memory; none for other instructions.
static std::optional<unsigned> memoryAccessKey(const Instruction &I) {
  hash_code H;
  if (const auto *L = dyn_cast<LoadInst>(&I)) {
    if (!L->isSimple())
      return std::nullopt;
    H = hash_value(L->getPointerOperand());
  } else if (const auto *S = dyn_cast<StoreInst>(&I)) {
    if (!S->isSimple())
      return std::nullopt;
    H = hash_value(S->getPointerOperand());
  } else if (const auto *Call = dyn_cast<CallBase>(&I)) {
    // A call that reads memory without writing it: EarlyCSE merges two
    // with the same callee and arguments.
    if (!Call->onlyReadsMemory() || Call->doesNotAccessMemory())
      return std::nullopt;
    H = hash_value(Call->getCalledOperand());
    for (const Use &Arg : Call->args())
      H = hash_combine(H, Arg.get());
  } else {
    return std::nullopt;
  }
  return static_cast<unsigned>(H);
}

/// What the codegen pipeline has to do in \p F, in one pass over it: an
/// instruction without side effects that computes what an instruction
/// dominating it computes (or that it dominates: blocks are not laid out
/// in dominance order) or a branch condition used elsewhere (EarlyCSE
/// replaces it on each side) are work for EarlyCSE; two memory accesses
/// that memoryAccessRepeats finds mergeable (a load again, a load of what
/// a store wrote, a repeated read-only call) are work for its MemorySSA; an
/// address whose index adds a constant to a value is work for
/// SeparateConstOffsetFromGEP. Where it has nothing to do, \p F is analysed
/// as it is, and the copy is not made for it. Repeats where neither
/// dominates the other (the two sides of a branch) are left alone by
/// EarlyCSE.
static CodegenWork codegenWork(Function &F, FunctionAnalysisManager &FAM) {
  // A repeated hash (or a collision, which only costs an EarlyCSE run)
  // where one instruction dominates the other is work for EarlyCSE. The
  // dominator tree is built at the first repeat.
  DenseMap<unsigned, SmallVector<const Instruction *, 2>> Seen;
  const DominatorTree *DT = nullptr;
  auto GetDT = [&]() -> const DominatorTree & {
    if (!DT)
      DT = &FAM.getResult<DominatorTreeAnalysis>(F);
    return *DT;
  };
  auto RepeatsDominated = [&](unsigned Hash, const Instruction &I) {
    SmallVector<const Instruction *, 2> &Same = Seen[Hash];
    bool Repeat = llvm::any_of(Same, [&](const Instruction *Prev) {
      return GetDT().dominates(Prev, &I) || GetDT().dominates(&I, Prev);
    });
    Same.push_back(&I);
    return Repeat;
  };
  auto AddsConstant = [](const Value *V) {
    if (auto *Cast = dyn_cast<CastInst>(V))
      if (Cast->getOpcode() == Instruction::SExt ||
          Cast->getOpcode() == Instruction::ZExt)
        V = Cast->getOperand(0);
    auto *BO = dyn_cast<BinaryOperator>(V);
    return BO &&
           (BO->getOpcode() == Instruction::Add ||
            BO->getOpcode() == Instruction::Sub ||
            BO->getOpcode() == Instruction::Or) &&
           isa<ConstantInt>(BO->getOperand(1));
  };
  // Memory accesses filed by memoryAccessKey: only where one repeats is
  // memoryAccessRepeats asked whether MemorySSA could merge them.
  DenseSet<unsigned> Accesses;
  bool Split = false, Merge = false, AccessRepeats = false;
  for (const Instruction &I : instructions(F)) {
    if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
      Split = Split || llvm::any_of(GEP->indices(), [&](const Use &Idx) {
                return AddsConstant(Idx.get());
              });
    Merge = Merge || branchConditionUsedElsewhere(I);
    if (std::optional<unsigned> Key = memoryAccessKey(I))
      AccessRepeats = !Accesses.insert(*Key).second || AccessRepeats;
    bool Load = isa<LoadInst>(I) && cast<LoadInst>(I).isSimple();
    if (!Load && (I.mayReadOrWriteMemory() || I.mayHaveSideEffects() ||
                  isa<PHINode>(I) || I.isTerminator()))
      continue;
    if (RepeatsDominated(valueHash(I), I)) {
      if (Load)
        return CodegenWork::MergeLoads;
      Merge = true;
    }
  }
  if (AccessRepeats && memoryAccessRepeats(F, GetDT()))
    return CodegenWork::MergeLoads;
  if (Merge)
    return CodegenWork::Merge;
  return Split ? CodegenWork::SplitOffsets : CodegenWork::None;
}

CopySelection functionsAnalysedThroughCopy(Module &M,
                                           FunctionAnalysisManager &FAM,
                                           bool CodegenView) {
  CopySelection Selected;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (F.hasOptNone()) {
      Selected.Analysed.insert(&F);
      continue;
    }
    if (!CodegenView)
      continue;
    switch (codegenWork(F, FAM)) {
    case CodegenWork::None:
      break;
    case CodegenWork::SplitOffsets:
      Selected.Analysed.insert(&F);
      Selected.OffsetsOnly.insert(&F);
      break;
    case CodegenWork::Merge:
      Selected.Analysed.insert(&F);
      Selected.NoLoadRepeats.insert(&F);
      break;
    case CodegenWork::MergeLoads:
      Selected.Analysed.insert(&F);
      break;
    }
  }
  return Selected;
}

/// Whether EarlyCSE with MemorySSA may merge \p Then into \p First, which
/// dominates it and accesses the same pointer (or calls the same function
/// with the same arguments): a repeated load or call, a load of what a
/// store wrote, a store overwriting a store, a store of the value just
/// loaded. Whether something between them writes the memory is MemorySSA's
/// question, not this one's.
static bool mayMerge(const Instruction &First, const Instruction &Then) {
  if (!isa<StoreInst>(Then))
    return true;
  return isa<StoreInst>(First) ||
         cast<StoreInst>(Then).getValueOperand() == &First;
}

bool memoryAccessRepeats(const Function &F, const DominatorTree &DT) {
  DenseMap<unsigned, SmallVector<const Instruction *, 2>> Seen;
  for (const Instruction &I : instructions(F)) {
    std::optional<unsigned> Key = memoryAccessKey(I);
    if (!Key)
      continue;
    SmallVector<const Instruction *, 2> &Same = Seen[*Key];
    // Instructions come in block order, not dominance order: either may
    // dominate the other.
    if (llvm::any_of(Same, [&](const Instruction *Prev) {
          return (DT.dominates(Prev, &I) && mayMerge(*Prev, I)) ||
                 (DT.dominates(&I, Prev) && mayMerge(I, *Prev));
        }))
      return true;
    Same.push_back(&I);
  }
  return false;
}

} // namespace ktime
