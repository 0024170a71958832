//===- ModuleAnalysis.cpp - Run the stages over every kernel of a module --===//
#include "ModuleAnalysis.h"
#include "KernelTime/CodegenView.h"
#include "KernelTime/Compat.h"
#include "KernelTime/Cost.h"
#include "KernelTime/Launch.h"
#include "KernelTime/Thread.h"
#include "Options.h"
#include "TargetSelection.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <map>

using namespace llvm;

namespace ktime {

namespace {

/// Trip counts only (no target), or the per-thread model for \p Target, of
/// \p F as \p FAM sees it.
void analyseFunction(Function &F, FunctionAnalysisManager &FAM,
                     const GpuTarget *Target, CostModels &C, KernelReport &R) {
  if (Target) {
    ThreadModel M = computeThreadModel(F, FAM, C.get(*Target),
                                       C.getNominalLatencies(*Target));
    R.HasModel = true;
    R.Loops = std::move(M.Loops);
    R.Time = M.Time;
    R.Delay = M.Delay;
    R.Barriers = M.Barriers;
    R.Notes = std::move(M.Notes);
  } else {
    R.Loops = computeLoopTrips(F, FAM.getResult<LoopAnalysis>(F),
                               FAM.getResult<ScalarEvolutionAnalysis>(F));
  }
  for (ModelNote &N : findIrreducibleCycles(F, FAM.getResult<CycleAnalysis>(F)))
    R.Notes.push_back(std::move(N));
}

KernelReport analyseOptimised(Function &F, FunctionAnalysisManager &FAM,
                              const GpuTarget *Target, CostModels &Models) {
  KernelReport R;
  R.Kernel = &F;
  analyseFunction(F, FAM, Target, Models, R);
  for (const LoopTrip &T : R.Loops)
    R.OriginalLoops.push_back(const_cast<Loop *>(T.TheLoop));
  return R;
}

/// The per-thread model of \p R, with its loops as analysed.
std::optional<ThreadModel> modelOf(const KernelReport &R) {
  if (!R.HasModel)
    return std::nullopt;
  ThreadModel M;
  M.Time = R.Time;
  M.Delay = R.Delay;
  M.Barriers = R.Barriers;
  M.Loops = R.Loops;
  return M;
}

/// Analyses the copy of \p F; \p Model gets the model with the copy's
/// loops before the report's are mapped back.
KernelReport analyseThroughClone(Function &F, CanonicalClone &Clone,
                                 FunctionAnalysisManager &FAM,
                                 const GpuTarget *Target, CostModels &Models,
                                 std::optional<ThreadModel> &Model) {
  KernelReport R;
  R.Kernel = &F;
  R.Canonicalized = F.hasOptNone();
  R.ThroughClone = true;
  analyseFunction(Clone.getClone(F), Clone.getFAM(), Target, Models, R);
  Model = modelOf(R);
  DenseMap<const Loop *, Loop *> Back =
      Clone.mapLoopsBack(F, FAM.getResult<LoopAnalysis>(F));
  for (LoopTrip &T : R.Loops) {
    R.OriginalLoops.push_back(Back.lookup(T.TheLoop));
    T.TheLoop = nullptr; // The copy goes away with the analysis.
  }
  return R;
}

/// Defined non-kernel functions reachable from kernels through direct
/// calls, in module order, each with the kernels that reach it.
MapVector<Function *, std::vector<std::string>>
collectCalledDeviceFunctions(Module &M) {
  MapVector<Function *, std::vector<std::string>> Result;
  for (Function &K : M) {
    if (!compat::isKernel(K))
      continue;
    SmallVector<Function *, 8> Work{&K};
    SmallPtrSet<Function *, 8> Seen{&K};
    while (!Work.empty()) {
      Function *F = Work.pop_back_val();
      for (Instruction &I : instructions(*F)) {
        auto *Call = dyn_cast<CallBase>(&I);
        Function *Callee = Call ? Call->getCalledFunction() : nullptr;
        if (!Callee || Callee->isDeclaration() || compat::isKernel(*Callee) ||
            !Seen.insert(Callee).second)
          continue;
        Result[Callee].push_back(K.getName().str());
        Work.push_back(Callee);
      }
    }
  }
  return Result;
}

} // namespace

std::optional<std::vector<KernelReport>>
analyseModule(Module &M, ModuleAnalysisManager &MAM,
              std::unique_ptr<CanonicalClone> *KeepCopy) {
  std::vector<KernelReport> Reports;
  if (!compat::getTargetTriple(M).isNVPTX())
    return Reports; // Host side of a CUDA compile: stay silent.

  GpuChooser Chooser;
  if (!Chooser.init(M))
    return std::nullopt;
  LaunchOptions Opts = options::launchOptions();
  std::optional<std::vector<LaunchSpec>> Specs = readRequestedLaunches(M, Opts);
  if (!Specs)
    return std::nullopt;
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  CopySelection ThroughCopy =
      functionsAnalysedThroughCopy(M, FAM, options::CodegenView);
  // Without launches and a copy to keep, nothing reads a function's
  // analyses after its report.
  bool FreeAfterReport = Specs->empty() && !KeepCopy;
  std::unique_ptr<CanonicalClone> Clone;
  CostModels Models;
  // What each report analysed, in the order of Reports.
  std::vector<AnalysedKernel> Analysed;
  // One function: a kernel, or a device function a kernel calls.
  auto Analyse = [&](Function &F) -> std::optional<KernelReport> {
    std::string Arch = F.getFnAttribute("target-cpu").getValueAsString().str();
    std::string NoTargetWhy;
    std::optional<std::vector<const GpuTarget *>> Targets =
        Chooser.choose(M, Arch, NoTargetWhy);
    if (!Targets)
      return std::nullopt;
    // The per-thread model is built with the first target's costs.
    const GpuTarget *Primary = Targets->empty() ? nullptr : Targets->front();
    KernelReport R;
    AnalysedKernel A;
    A.Targets = *Targets;
    if (ThroughCopy.contains(&F)) {
      if (!Clone)
        Clone = std::make_unique<CanonicalClone>(M, ThroughCopy,
                                                 options::codegenViewOptions());
      R = analyseThroughClone(F, *Clone, FAM, Primary, Models, A.Model);
      if (Specs->empty())
        A.Model.reset(); // no launches to reuse it
      A.Analysed = &Clone->getClone(F);
      A.FAM = &Clone->getFAM();
      if (FreeAfterReport && compat::isKernel(F)) {
        Clone->release(F);
        A.Analysed = nullptr;
      }
    } else {
      R = analyseOptimised(F, FAM, Primary, Models);
      if (!Specs->empty())
        A.Model = modelOf(R);
      A.Analysed = &F;
      A.FAM = &FAM;
      if (FreeAfterReport) {
        PreservedAnalyses KeepLoops;
        KeepLoops.preserveSet<CFGAnalyses>();
        FAM.invalidate(F, KeepLoops);
      }
    }
    Analysed.push_back(A);
    R.Arch = Arch;
    R.NoTargetWhy = NoTargetWhy;
    for (const GpuTarget *T : *Targets)
      R.Gpus.push_back(T->Name);
    return R;
  };
  for (Function &F : M) {
    if (!compat::isKernel(F))
      continue;
    std::optional<KernelReport> R = Analyse(F);
    if (!R)
      return std::nullopt;
    Reports.push_back(std::move(*R));
  }
  // Device functions the kernels call that survived inlining (all of them
  // at -O0): their loops run as part of the kernels.
  for (auto &[Callee, Callers] : collectCalledDeviceFunctions(M)) {
    std::optional<KernelReport> R = Analyse(*Callee);
    if (!R)
      return std::nullopt;
    R->IsDeviceFunction = true;
    R->CalledBy = std::move(Callers);
    R->NoTargetWhy.clear(); // Said at the kernels already.
    Reports.push_back(std::move(*R));
  }
  if (!Specs->empty()) {
    for (size_t I = 0; I != Reports.size(); ++I)
      Analysed[I].Report = &Reports[I];
    if (!predictLaunches(M, *Specs, Analysed, Opts))
      return std::nullopt;
  }
  if (KeepCopy)
    *KeepCopy = std::move(Clone);
  return Reports;
}

} // namespace ktime
