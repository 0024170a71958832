//===- OtherModels.h - -ktime-model: the alternative models of a launch ---===//
//
// Feeds the Models stage (MWP-CWP, KDT, max-plus) with the facts the other
// stages found for one launch on one GPU, so that -ktime-model=all reports
// every model's prediction beside the core (kp) model's. docs/models/*.md
// say where each input comes from.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LAUNCH_OTHERMODELS_H
#define KERNELTIME_LAUNCH_OTHERMODELS_H

#include "KernelInputs.h"
#include "KernelTime/Report.h"

#include <map>
#include <string>

namespace ktime {

/// The models \p Model (-ktime-model) asks for, in report order; "kp"
/// first.
std::vector<std::string> requestedModels(llvm::StringRef Model);
/// True for kp, maxplus, mwp-cwp, kdt and all.
bool isKnownModel(llvm::StringRef Model);

/// Adds each model \p Model asks for's prediction of the launch \p L (predicted
/// by the kp model already) to L.Models, and a note to L.Assumptions for a
/// model that does not apply.
void predictOtherModels(LaunchResult &L, KernelInputBuilder &Builder,
                        llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                        const std::map<std::string, Expr> &Params,
                        const LaunchShape &Shape, const GpuTarget &T,
                        const ClockSettings &Clocks, llvm::StringRef Model);

/// With one model other than kp asked for (\p Model), its time becomes the
/// launch's prediction (or, if it does not apply, the launch has none).
void applyModelChoice(LaunchResult &L, llvm::StringRef Model);

} // namespace ktime

#endif // KERNELTIME_LAUNCH_OTHERMODELS_H
