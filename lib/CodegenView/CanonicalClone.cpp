//===- CanonicalClone.cpp - Analyse kernels through a prepared copy -------===//
#include "CopySelection.h"
#include "KernelTime/CodegenView.h"
#include "KernelTime/Compat.h"
#include "ModuleCopy.h"
#include "RotateLoops.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace ktime {

/// The pipeline run on the copy: enough for ScalarEvolution to see the
/// loops as the optimised compile would, without unrolling or inlining, and
/// without changing how often anything runs: no indvars (it may end a loop
/// whose iterations are unobservable after one), no CFG simplification
/// inside loops (an emptied body merged into its header would be counted
/// with the header's extra test). instcombine without its fix-point check,
/// which turns a missed fix point into a fatal error.
/// The last step, loop(loop-rotate), is rotateLoops (RotateLoops.h), after
/// the loop pass adaptor's own loop-simplify and lcssa.
static constexpr const char *CanonicalPipeline =
    "sroa,early-cse,instcombine<no-verify-fixpoint>,loop-simplify,"
    "loop-mssa(licm),loop-simplify,lcssa";

/// The back end's IR passes that change what the code issues, as far as
/// they are cheap: GVN's load elimination through EarlyCSE with MemorySSA,
/// constant GEP offsets split off (they become immediate offsets of the
/// addresses), and EarlyCSE to merge the bases that are left. Where no
/// offset was split off, the second EarlyCSE only removes what the first
/// left dead (an operand whose last user it removed), and
/// removeDeadInstructions does that instead, at a fraction of the cost.
static constexpr const char *LoadCSEPipeline = "early-cse<memssa>";
/// Where no memory access repeats (CopySelection::NoLoadRepeats), the same
/// without MemorySSA first: where none repeats after it, the MemorySSA run
/// would change nothing more, and building MemorySSA with its alias queries
/// is the costliest part of the copy. memoryAccessRepeats looks at simple
/// loads and stores and read-only calls; EarlyCSE with MemorySSA also
/// forwards through unordered atomic loads and masked load/store
/// intrinsics, which it does not see: such a repeat in a function with
/// nothing else to merge is left as it is.
static constexpr const char *MergeValuesPipeline = "early-cse";
static constexpr const char *SplitOffsetsPipeline =
    "separate-const-offset-from-gep";
static constexpr const char *MergeBasesPipeline = "early-cse";

/// Deletes the instructions of \p F that nothing uses and that have no side
/// effects, and those that become so. True if it deleted any.
static bool removeDeadInstructions(Function &F) {
  SmallVector<WeakTrackingVH, 16> Dead;
  for (Instruction &I : instructions(F))
    if (isInstructionTriviallyDead(&I))
      Dead.push_back(&I);
  if (Dead.empty())
    return false;
  RecursivelyDeleteTriviallyDeadInstructions(Dead);
  return true;
}

std::optional<ByteRanges> writtenByValBytes(const Argument &A) {
  if (!A.hasByValAttr() || !compat::isKernel(*A.getParent()))
    return std::nullopt;
  const DataLayout &DL = A.getParent()->getParent()->getDataLayout();
  ByteRanges Written;
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

bool isReadOnlyByValParam(const Argument &A) {
  std::optional<ByteRanges> Written = writtenByValBytes(A);
  return Written && Written->empty();
}

/// Makes every access to memory other than a local variable volatile, so
/// that the copy keeps the side effects -O0 code has in every iteration
/// (LICM may not hoist or sink them, and no loop becomes empty). Accesses to
/// allocas stay as they are: SROA must turn them into values. So do loads
/// from a by-value parameter the kernel only reads: nothing changes it, and
/// a field that bounds a loop must be loop-invariant to count the loop.
static void pinMemoryAccesses(Function &F) {
  DenseMap<const Argument *, bool> ReadOnly;
  for (Instruction &I : instructions(F)) {
    if (auto *LI = dyn_cast<LoadInst>(&I)) {
      const Value *Base = getUnderlyingObject(LI->getPointerOperand());
      if (isa<AllocaInst>(Base))
        continue;
      if (const auto *A = dyn_cast<Argument>(Base)) {
        auto [It, New] = ReadOnly.try_emplace(A, false);
        if (New)
          It->second = isReadOnlyByValParam(*A);
        if (It->second)
          continue;
      }
      LI->setVolatile(true);
    } else if (auto *SI = dyn_cast<StoreInst>(&I)) {
      if (!isa<AllocaInst>(getUnderlyingObject(SI->getPointerOperand())))
        SI->setVolatile(true);
    }
  }
}

/// The sm_XX of the module's first function that names one.
static StringRef kernelCPU(const Module &M) {
  for (const Function &F : M)
    if (F.hasFnAttribute("target-cpu"))
      return F.getFnAttribute("target-cpu").getValueAsString();
  return "";
}

struct CanonicalClone::Managers {
  /// For target-specific analyses of the copy (divergence needs NVPTX's
  /// TargetTransformInfo); may be null.
  std::unique_ptr<TargetMachine> TM;
  PassBuilder PB;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  explicit Managers(const Module &M)
      : TM(compat::createTargetMachine(M, kernelCPU(M))), PB(TM.get()) {
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
};

/// \p Analysed and every function they call, directly or not: what the
/// copy must define.
static FunctionSet functionsToCopy(const FunctionSet &Analysed) {
  FunctionSet Need = Analysed;
  SmallVector<const Function *, 16> Work(Analysed.begin(), Analysed.end());
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    for (const Instruction &I : instructions(*F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (!Callee->isDeclaration() && Need.insert(Callee).second)
            Work.push_back(Callee);
  }
  return Need;
}

CanonicalClone::CanonicalClone(const Module &M, const CopySelection &Selected,
                               const CodegenViewOptions &Opts)
    : Analysed(Selected.Analysed),
      Copy(copyModuleWithBodies(M, functionsToCopy(Analysed), VMap)),
      AM(std::make_unique<Managers>(M)) {
  // The pipeline texts are constants of this file: a parse error is a bug.
  FunctionPassManager Canonical, LoadCSE, MergeValues, SplitOffsets, MergeBases;
  cantFail(AM->PB.parsePassPipeline(Canonical, CanonicalPipeline));
  cantFail(AM->PB.parsePassPipeline(LoadCSE, LoadCSEPipeline));
  cantFail(AM->PB.parsePassPipeline(MergeValues, MergeValuesPipeline));
  cantFail(AM->PB.parsePassPipeline(SplitOffsets, SplitOffsetsPipeline));
  cantFail(AM->PB.parsePassPipeline(MergeBases, MergeBasesPipeline));
  for (const Function *Orig : Analysed) {
    auto &F = *cast<Function>(VMap.lookup(Orig));
    if (Orig->hasOptNone()) {
      F.removeFnAttr(Attribute::OptimizeNone);
      F.removeFnAttr(Attribute::NoInline);
      pinMemoryAccesses(F);
      AM->FAM.invalidate(F, Canonical.run(F, AM->FAM));
      AM->FAM.invalidate(F, rotateLoops(F, AM->FAM, Opts.RotateWithTree));
    }
    if (!Opts.CodegenView)
      continue;
    if (Selected.NoLoadRepeats.contains(Orig)) {
      AM->FAM.invalidate(F, MergeValues.run(F, AM->FAM));
      if (memoryAccessRepeats(F, AM->FAM.getResult<DominatorTreeAnalysis>(F)))
        AM->FAM.invalidate(F, LoadCSE.run(F, AM->FAM));
    } else if (!Selected.OffsetsOnly.contains(Orig)) {
      AM->FAM.invalidate(F, LoadCSE.run(F, AM->FAM));
    }
    PreservedAnalyses Split = SplitOffsets.run(F, AM->FAM);
    bool SplitAny = !Split.areAllPreserved();
    AM->FAM.invalidate(F, Split);
    if (SplitAny) {
      AM->FAM.invalidate(F, MergeBases.run(F, AM->FAM));
    } else if (removeDeadInstructions(F)) {
      PreservedAnalyses KeepCFG;
      KeepCFG.preserveSet<CFGAnalyses>();
      AM->FAM.invalidate(F, KeepCFG);
    }
  }
}

CanonicalClone::~CanonicalClone() = default;

Function &CanonicalClone::getClone(const Function &F) {
  return *cast<Function>(VMap.lookup(&F));
}

FunctionAnalysisManager &CanonicalClone::getFAM() { return AM->FAM; }

void CanonicalClone::release(const Function &F) {
  Function &C = getClone(F);
  // A function of the copy that calls this one (IR may call a kernel)
  // would be analysed against a declaration.
  if (!C.use_empty())
    return;
  AM->FAM.clear(C, C.getName());
  C.deleteBody();
}

DenseMap<const Loop *, Loop *> CanonicalClone::mapLoopsBack(Function &F,
                                                            LoopInfo &OrigLI) {
  LoopInfo &CloneLI = AM->FAM.getResult<LoopAnalysis>(getClone(F));
  DenseMap<const Loop *, Loop *> Back;
  // Each original loop votes with the blocks directly in it (not in its
  // subloops) for the innermost copy loop that holds their copies.
  for (Loop *Orig : OrigLI.getLoopsInPreorder()) {
    MapVector<const Loop *, unsigned> Votes;
    for (BasicBlock *BB : Orig->blocks()) {
      if (OrigLI.getLoopFor(BB) != Orig)
        continue;
      auto It = VMap.find(BB);
      if (It == VMap.end() || !It->second)
        continue;
      const Loop *C = CloneLI.getLoopFor(cast<BasicBlock>(It->second));
      if (C && C->getLoopDepth() == Orig->getLoopDepth())
        ++Votes[C];
    }
    const Loop *Best = nullptr;
    unsigned BestVotes = 0;
    for (auto &[C, N] : Votes)
      if (N > BestVotes && !Back.count(C)) {
        Best = C;
        BestVotes = N;
      }
    if (Best)
      Back[Best] = Orig;
  }
  return Back;
}

} // namespace ktime
