//===- OtherModels.cpp - -ktime-model: the alternative models of a launch -===//
//
// Inputs of the analytic models from KernelTime's facts (docs/models/):
//  - per-warp dynamic counts of the main thread (thread 0 of block 0) from
//    the Thread stage run with counting weights (KernelInputBuilder::counts);
//  - occupancy and launch sizes from the GPU stage;
//  - machine figures from the target file; the departure delays, which no
//    measurement gives, from the L2 bytes one SM gets per cycle (ours).
// Every model's time includes the same launch overhead as the kp model's,
// and its execution the same block-dispatch floor, so that all answer one
// question: the duration of one launch.
//
//===----------------------------------------------------------------------===//
#include "OtherModels.h"
#include "KernelTime/Cost.h"
#include "KernelTime/MaxPlusModel.h"
#include "KernelTime/Models.h"

#include <algorithm>

using namespace llvm;

namespace ktime {

namespace {

const char *const AllModels[] = {"kp", "maxplus", "mwp-cwp", "kdt"};

/// The ids of the main thread the analytic models describe: thread 0 of
/// block 0.
Bindings mainThreadIds() {
  Bindings B;
  for (const char *S :
       {"tid.x", "tid.y", "tid.z", "ctaid.x", "ctaid.y", "ctaid.z"})
    B[S] = Rational(0);
  return B;
}

/// The value of a per-thread count at the main thread.
std::optional<double> atMainThread(const Expr &E) {
  if (std::optional<Rational> V = E.evaluate(mainThreadIds()))
    return V->toDouble();
  return std::nullopt;
}

/// A model's execution time as the duration of one launch: at least the
/// dispatch of the blocks past the launch regression's range, plus the
/// launch overhead (docs/kernel-time.md, "Launch overhead").
double launchDuration(const LaunchResult &L, double ExecNs) {
  return std::max(ExecNs, L.P.DispatchNs) + L.P.LaunchNs;
}

void notApplicable(LaunchResult &L, StringRef Model, const Twine &Why) {
  L.Assumptions.push_back((Model + ": no prediction: " + Why).str());
}

void predictMwpCwp(LaunchResult &L, const InstructionCounts &C,
                   const LaunchShape &Shape, const GpuTarget &T,
                   const ClockSettings &Clocks) {
  std::optional<double> Total = atMainThread(C.Total),
                        Mem = atMainThread(C.GlobalMem),
                        Uncoal = atMainThread(C.UncoalescedMem),
                        Sync = atMainThread(C.Barriers),
                        Delay = atMainThread(C.Delay);
  if (!Total || !Mem || !Uncoal || !Sync || !Delay)
    return notApplicable(L, "mwp-cwp",
                         "an instruction count of the main thread needs a "
                         "value the launch does not give");
  MwpCwpInputs In;
  In.FreqGHz = Clocks.SmMHz / 1e3;
  In.MemBandwidthGBs = T.DRAM.BandwidthGBs * (Clocks.MemMHz / T.MemClockMHz);
  In.MemLatency = T.DRAM.Latency * (Clocks.SmMHz / T.SmClockMHz);
  // Departure delays (ours): a warp request leaves the SM at the SM's share
  // of the L2 bandwidth, bytes per SM cycle.
  double BytesPerClk = T.L2.BandwidthGBs * 1e3 / (Clocks.SmMHz * T.SmCount);
  In.LoadBytesPerWarp = T.WarpSize * C.BytesPerAccess;
  In.DepartureDelayCoal = In.LoadBytesPerWarp / BytesPerClk;
  In.DepartureDelayUncoal = 32.0 / BytesPerClk;
  In.UncoalPerMw = C.SectorsPerUncoalescedRequest;
  uint64_t Blocks = Shape.Grid[0] * Shape.Grid[1] * Shape.Grid[2];
  In.ActiveSMs = static_cast<unsigned>(std::min<uint64_t>(T.SmCount, Blocks));
  In.UncoalMemInsts = *Uncoal;
  In.CoalMemInsts = std::max(0.0, *Mem - *Uncoal);
  In.SynchInsts = *Sync;
  In.CompInsts = std::max(0.0, *Total - *Mem - *Sync);
  // The SM issues a warp instruction in (mean del) / (processing blocks).
  In.IssueCycles =
      *Total > 0 ? *Delay / *Total / std::max(1u, T.ProcessingBlocks) : 1;
  In.ThreadsPerBlock =
      static_cast<unsigned>(Shape.Block[0] * Shape.Block[1] * Shape.Block[2]);
  In.Blocks = static_cast<unsigned>(std::min<uint64_t>(Blocks, ~0u));
  // Blocks an SM actually holds: occupancy's limit, or fewer when the grid
  // does not fill the SMs (Hong & Kim's N counts the warps present).
  In.ActiveBlocksPerSM = static_cast<unsigned>(std::min<uint64_t>(
      Shape.BlocksPerSM, (Blocks + T.SmCount - 1) / T.SmCount));
  In.WarpSize = T.WarpSize;
  Expected<MwpCwpResult> R = computeMwpCwp(In);
  if (!R)
    return notApplicable(L, "mwp-cwp", toString(R.takeError()));
  L.Models.push_back({"mwp-cwp", launchDuration(L, R->TimeNs)});
  L.Assumptions.push_back(("mwp-cwp: " + getMwpCwpCaseName(R->Case) + ", MWP " +
                           std::to_string(R->MWP) + ", CWP " +
                           std::to_string(R->CWP))
                              .str());
}

void predictKdt(LaunchResult &L, const LaunchShape &Shape, const GpuTarget &T,
                const ClockSettings &Clocks) {
  KdtInputs In;
  In.WtimeCycles = L.P.ThreadTimeCycles;
  In.Wsize = T.WarpSize;
  In.Dg = Shape.Grid[0] * Shape.Grid[1] * Shape.Grid[2];
  In.Db =
      static_cast<unsigned>(Shape.Block[0] * Shape.Block[1] * Shape.Block[2]);
  // CUDA cores: the fp32 lanes of an SM, from the target's fp32.fma rate
  // (del = warpSize / (ops per clock per SM / processing blocks)).
  double Del = T.cost(InstrClass::Fp32Fma).Del;
  double CoresPerSM = Del > 0 ? T.WarpSize * T.ProcessingBlocks / Del : 0;
  In.NCC = static_cast<uint64_t>(CoresPerSM * T.SmCount + 0.5);
  In.NSM = T.SmCount;
  unsigned Warps = (In.Db + T.WarpSize - 1) / T.WarpSize;
  In.NAW = Shape.BlocksPerSM * Warps;
  In.FreqGHz = Clocks.SmMHz / 1e3;
  Expected<KdtResult> R = computeKdt(In);
  if (!R)
    return notApplicable(L, "kdt", toString(R.takeError()));
  L.Models.push_back({"kdt", launchDuration(L, R->KDTNs)});
  L.Assumptions.push_back(("kdt: state " + getKdtStateName(R->State)).str());
}

void predictMaxPlus(LaunchResult &L, Function &F, FunctionAnalysisManager &FAM,
                    const std::map<std::string, Expr> &Params,
                    const LaunchShape &Shape, const GpuTarget &T,
                    const ClockSettings &Clocks) {
  MaxPlusModelOptions O;
  // The paper's full variant: operation times and global memory serialised
  // over the n kernel copies that run at once.
  O.V = MaxPlusModelOptions::Serialised;
  double Threads = 1;
  for (int D = 0; D != 3; ++D)
    Threads *= double(Shape.Grid[D] * Shape.Block[D]);
  O.Threads = Threads;
  // One kernel instance: the main thread's ids, the launch's sizes.
  O.Symbols = mainThreadIds();
  for (auto &[Name, V] : getLaunchSizeBindings(Shape))
    O.Symbols[Name] = V;
  for (auto &[Name, V] : constantBindings(Params))
    O.Symbols[Name] = V;
  CostModel Costs(T);
  MaxPlusKernelModel M = computeMaxPlusModel(F, FAM, Costs, O);
  if (!M.TotalCycles)
    return notApplicable(L, "maxplus",
                         "the instance time " + M.InstanceCycles.str() +
                             " needs values the launch does not give");
  L.Models.push_back(
      {"maxplus", launchDuration(L, *M.TotalCycles * 1e3 / Clocks.SmMHz)});
}

} // namespace

std::vector<std::string> requestedModels(StringRef M) {
  if (M == "all")
    return std::vector<std::string>(std::begin(AllModels), std::end(AllModels));
  return {M.str()};
}

bool isKnownModel(StringRef M) {
  return M == "all" || is_contained(AllModels, M);
}

void predictOtherModels(LaunchResult &L, KernelInputBuilder &Builder,
                        Function &F, FunctionAnalysisManager &FAM,
                        const std::map<std::string, Expr> &Params,
                        const LaunchShape &Shape, const GpuTarget &T,
                        const ClockSettings &Clocks, StringRef Model) {
  std::vector<std::string> Models = requestedModels(Model);
  if (Models.size() == 1 && Models.front() == "kp")
    return;
  for (const std::string &M : Models) {
    if (M == "kp")
      L.Models.push_back({"kp", L.P.Ns});
    else if (M == "mwp-cwp")
      predictMwpCwp(L, Builder.counts(Params, Shape), Shape, T, Clocks);
    else if (M == "kdt")
      predictKdt(L, Shape, T, Clocks);
    else if (M == "maxplus")
      predictMaxPlus(L, F, FAM, Params, Shape, T, Clocks);
  }
}

void applyModelChoice(LaunchResult &L, StringRef Model) {
  std::vector<std::string> Models = requestedModels(Model);
  if (Models.size() != 1 || Models.front() == "kp")
    return;
  for (auto &[Name, Ns] : L.Models)
    if (Name == Models.front()) {
      L.P.Ns = Ns;
      L.P.ExecNs = Ns - L.P.LaunchNs;
      // The model's execution, not the kp model's, is what the dispatch
      // floor raised or not (launchDuration; the subtraction may round).
      L.P.DispatchRaised =
          L.P.DispatchNs > 0 && !(L.P.ExecNs > L.P.DispatchNs * (1 + 1e-9));
      L.Assumptions.push_back("predicted time from the " + Name +
                              " model; occupancy, waves and the bound are "
                              "the kp model's analysis");
      return;
    }
  L.Predicted = false;
  L.Error = "the " + Models.front() +
            " model does not apply (see the "
            "assumptions of -ktime-model=all)";
}

} // namespace ktime
