//===- ModuleAnalysis.cpp - Run the stages over every kernel of a module --===//
#include "ModuleAnalysis.h"
#include "CanonicalClone.h"
#include "KernelTime/Compat.h"
#include "KernelTime/Thread.h"
#include "Options.h"
#include "TargetSelection.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>

using namespace llvm;

namespace ktime {

namespace {

/// Names of the targets for each kernel, resolved once per sm_XX.
class GpuChooser {
public:
  /// False after an error (already reported).
  bool init(Module &M) {
    Expected<std::vector<GpuTarget>> Requested = selectRequestedGpus();
    if (!Requested)
      return report(M, Requested.takeError());
    for (const GpuTarget &T : *Requested)
      RequestedNames.push_back(T.Name);
    return true;
  }

  /// Fills R.Gpus (or R.NoTargetWhy). False after an error.
  bool choose(Module &M, KernelReport &R) {
    if (!RequestedNames.empty()) {
      R.Gpus = RequestedNames;
      return true;
    }
    auto It = Defaults.find(R.Arch);
    if (It == Defaults.end()) {
      std::string Why;
      Expected<std::optional<GpuTarget>> T = selectDefaultGpu(R.Arch, Why);
      if (!T)
        return report(M, T.takeError());
      It = Defaults.emplace(R.Arch, std::make_pair(*T ? (*T)->Name : "", Why))
               .first;
    }
    if (!It->second.first.empty())
      R.Gpus.push_back(It->second.first);
    else
      R.NoTargetWhy = It->second.second;
    return true;
  }

private:
  bool report(Module &M, Error E) {
    M.getContext().emitError("KernelTime: " + toString(std::move(E)));
    return false;
  }

  std::vector<std::string> RequestedNames;
  std::map<std::string, std::pair<std::string, std::string>> Defaults;
};

KernelReport analyseOptimised(Function &F, FunctionAnalysisManager &FAM) {
  KernelReport R;
  R.Kernel = &F;
  R.Loops = computeLoopTrips(F, FAM.getResult<LoopAnalysis>(F),
                             FAM.getResult<ScalarEvolutionAnalysis>(F));
  R.Notes = findIrreducibleCycles(F, FAM.getResult<CycleAnalysis>(F));
  for (const LoopTrip &T : R.Loops)
    R.OriginalLoops.push_back(const_cast<Loop *>(T.TheLoop));
  return R;
}

KernelReport analyseThroughClone(Function &F, CanonicalClone &Clone,
                                 FunctionAnalysisManager &FAM) {
  KernelReport R;
  R.Kernel = &F;
  R.Canonicalized = true;
  Function &Copy = Clone.getClone(F);
  FunctionAnalysisManager &CloneFAM = Clone.getFAM();
  R.Loops = computeLoopTrips(Copy, CloneFAM.getResult<LoopAnalysis>(Copy),
                             CloneFAM.getResult<ScalarEvolutionAnalysis>(Copy));
  R.Notes = findIrreducibleCycles(Copy, CloneFAM.getResult<CycleAnalysis>(Copy));
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
analyseModule(Module &M, ModuleAnalysisManager &MAM) {
  std::vector<KernelReport> Reports;
  if (!compat::getTargetTriple(M).isNVPTX())
    return Reports; // Host side of a CUDA compile: stay silent.

  GpuChooser Chooser;
  if (!Chooser.init(M))
    return std::nullopt;
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  std::unique_ptr<CanonicalClone> Clone;
  for (Function &F : M) {
    if (!compat::isKernel(F))
      continue;
    KernelReport R;
    if (F.hasOptNone()) {
      if (!Clone)
        Clone = std::make_unique<CanonicalClone>(M);
      R = analyseThroughClone(F, *Clone, FAM);
    } else {
      R = analyseOptimised(F, FAM);
    }
    R.Arch = F.getFnAttribute("target-cpu").getValueAsString().str();
    if (!Chooser.choose(M, R))
      return std::nullopt;
    Reports.push_back(std::move(R));
  }
  // Device functions the kernels call that survived inlining (all of them
  // at -O0): their loops run as part of the kernels.
  for (auto &[Callee, Callers] : collectCalledDeviceFunctions(M)) {
    Function &F = *Callee;
    KernelReport R;
    if (F.hasOptNone()) {
      if (!Clone)
        Clone = std::make_unique<CanonicalClone>(M);
      R = analyseThroughClone(F, *Clone, FAM);
    } else {
      R = analyseOptimised(F, FAM);
    }
    R.IsDeviceFunction = true;
    R.CalledBy = std::move(Callers);
    R.Arch = F.getFnAttribute("target-cpu").getValueAsString().str();
    if (!Chooser.choose(M, R))
      return std::nullopt;
    R.NoTargetWhy.clear(); // Said at the kernels already.
    Reports.push_back(std::move(R));
  }
  return Reports;
}

} // namespace ktime
