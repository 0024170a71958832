//===- CanonicalClone.cpp - Analyse -O0 kernels through a simplified copy -===//
#include "CanonicalClone.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace ktime {

/// The pipeline run on the copy: enough for ScalarEvolution to see the
/// loops as the optimised compile would, without unrolling or inlining.
static constexpr const char *CanonicalPipeline =
    "function(sroa,early-cse,instcombine,simplifycfg,loop-simplify,"
    "loop-mssa(licm),loop(loop-rotate,indvars))";

struct CanonicalClone::Managers {
  PassBuilder PB;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  Managers() {
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
};

CanonicalClone::CanonicalClone(const Module &M)
    : Copy(CloneModule(M, VMap)), AM(std::make_unique<Managers>()) {
  for (Function &F : *Copy) {
    F.removeFnAttr(Attribute::OptimizeNone);
    F.removeFnAttr(Attribute::NoInline);
  }
  ModulePassManager MPM;
  // The pipeline text is a constant of this file: a parse error is a bug.
  cantFail(AM->PB.parsePassPipeline(MPM, CanonicalPipeline));
  MPM.run(*Copy, AM->MAM);
}

CanonicalClone::~CanonicalClone() = default;

Function &CanonicalClone::getClone(const Function &F) {
  return *cast<Function>(VMap[&F]);
}

FunctionAnalysisManager &CanonicalClone::getFAM() { return AM->FAM; }

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
