//===- KernelInputs.cpp - The per-thread facts a launch prediction needs --===//
#include "KernelInputs.h"
#include "KernelTime/Cost.h"

using namespace llvm;

namespace ktime {

KernelInputBuilder::KernelInputBuilder(Function &F,
                                       FunctionAnalysisManager &FAM,
                                       const GpuTarget &T)
    : F(F), FAM(FAM), T(T) {
  CostModel Costs(T);
  Model = computeThreadModel(F, FAM, Costs, Costs.getNominalLatencies());
  for (const Expr *E : {&Model.Time, &Model.Delay, &Model.Barriers})
    E->collectSymbols(Symbols);
}

KernelInputs
KernelInputBuilder::build(const std::map<std::string, Expr> &Params,
                          const LaunchShape &Shape, const OccupancyResult &Occ,
                          std::vector<std::string> &Assumptions) const {
  std::map<std::string, Expr> Subst = Params;
  static const char *Axis[] = {"x", "y", "z"};
  for (int D = 0; D != 3; ++D) {
    Subst[std::string("ntid.") + Axis[D]] =
        Expr::constant(static_cast<int64_t>(Shape.Block[D]));
    Subst[std::string("nctaid.") + Axis[D]] =
        Expr::constant(static_cast<int64_t>(Shape.Grid[D]));
  }
  KernelInputs In;
  In.Time = Model.Time.substitute(Subst);
  In.Delay = Model.Delay.substitute(Subst);
  In.Barriers = Model.Barriers.substitute(Subst);
  Expr Zero = Expr::constant(0);
  In.GlobalBytes = In.UncoalescedBytes = In.L1HitBytes = In.L2HitBytes =
      In.SectorBytes = In.SectorBytesMissingL1 = In.SectorBytesMissingL2 =
          In.SharedBytes = Zero;
  (void)Occ;
  (void)Assumptions;
  return In;
}

} // namespace ktime
