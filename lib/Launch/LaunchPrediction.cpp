//===- LaunchPrediction.cpp - Predict the launches the options ask for ----===//
#include "AtomicSites.h"
#include "KernelInputs.h"
#include "KernelTime/Cost.h"
#include "KernelTime/GPU.h"
#include "KernelTime/Launch.h"
#include "KernelTime/ScevToExpr.h"
#include "KernelTime/Thread.h"
#include "OtherModels.h"
#include "ParameterBinding.h"
#include "SpecChecks.h"
#include "TimeKind.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <functional>
#include <set>
#include <tuple>

using namespace llvm;

namespace ktime {

namespace {

void reportError(Module &M, const Twine &Message) {
  M.getContext().emitError("KernelTime: " + Message);
}

/// The register estimate of each function, computed once for all its
/// launches.
using RegisterCache = std::map<const Function *, RegisterEstimate>;

/// The register estimate of \p F, computed on its first use.
const RegisterEstimate &estimateOf(const Function &F,
                                   RegisterCache &Estimates) {
  auto It = Estimates.find(&F);
  if (It == Estimates.end())
    It = Estimates.emplace(&F, estimateRegisters(F)).first;
  return It->second;
}

/// Registers per thread for a launch and where they come from.
unsigned chooseRegisters(const LaunchSpec &Spec, const Function &F,
                         RegisterCache &Estimates, unsigned OptionRegs,
                         std::string &Source, std::string &How) {
  if (Spec.Regs) {
    Source = "spec";
    return *Spec.Regs;
  }
  if (OptionRegs) {
    Source = "option";
    return OptionRegs;
  }
  const RegisterEstimate &E = estimateOf(F, Estimates);
  Source = "estimate";
  How = E.How;
  return E.Registers;
}

/// The builder of a kernel's inputs on a GPU with some fields withheld
/// (WithholdFieldNames), made on its first use.
using BuilderFor =
    std::function<KernelInputBuilder &(const std::set<std::string> &)>;

/// Rounds of withholding more fields after lane conditions named them.
constexpr unsigned MaxWithholdRounds = 3;

/// One launch on one GPU; false after an error the user must fix.
bool predictOne(Module &M, const LaunchSpec &Spec, AnalysedKernel &K,
                const GpuTarget &T, KernelInputBuilder &Builder,
                const BuilderFor &GetBuilder, RegisterCache &Estimates,
                const LaunchOptions &Opts, const KernelNames &Names) {
  LaunchResult L;
  L.Spec = Spec;
  L.Gpu = T.Name;
  Function &F = *K.Analysed;
  auto Fail = [&](std::string Why) {
    L.Error = std::move(Why);
    K.Report->Launches.push_back(std::move(L));
    return true;
  };
  Expected<std::optional<HitOverride>> Hits = hitOverride(F, Opts.Hits);
  if (!Hits) {
    reportErrors(M, Hits.takeError());
    return false;
  }
  // Every mistake of the spec is named, not only the first: its block and
  // each of its values.
  Error Errors = Error::success();
  Expected<std::array<uint64_t, 3>> Block =
      checkBlock(Spec, F, T, L.BlockSource);
  if (!Block)
    Errors = joinErrors(std::move(Errors), Block.takeError());
  Expected<std::map<std::string, Expr>> Params = bindParameters(
      Spec, F, Builder.modelSymbols(), Names, L.Assumptions, L.Params);
  if (!Params)
    Errors = joinErrors(std::move(Errors), Params.takeError());
  else if (auto Why = checkBoundShares(Builder.branchSides(),
                                       constantBindings(*Params)))
    Errors = joinErrors(std::move(Errors), specError(Spec, *Why));
  if (Errors) {
    reportErrors(M, std::move(Errors));
    return false;
  }
  L.Block = *Block;
  ArchCheck Arch = checkArchitecture(K.Report->Arch, T.Arch);
  L.GpuArch = T.Arch;
  L.ArchRuns = Arch.Runs;
  L.ArchNote = Arch.Note;
  // Fields of by-value parameters that the model needs and the spec does
  // not bind are withheld: the model without their names counts as before
  // fields had any (an estimate where they bound a loop), not none at all.
  std::set<std::string> Withheld =
      unboundFields(F, Builder.modelSymbols(), *Params);
  std::optional<WithholdFieldNames> Scope;
  KernelInputBuilder *B = &Builder;
  const std::map<std::string, Expr> Given = *Params;
  size_t EstimateAt = L.Assumptions.size(), EstimateSaid = 0;
  // Whether a count is estimated because fields are withheld (the plain
  // model has no such symbol).
  auto CountOfWithheld = [&] {
    return !Withheld.empty() &&
           any_of(L.Estimated, [&](const std::pair<std::string, Rational> &E) {
             return !Builder.modelSymbols().count(E.first);
           });
  };
  // The model for Withheld, its loop counts estimated, said where the
  // estimate is said.
  auto ChooseModel = [&] {
    Scope.reset();
    if (!Withheld.empty()) {
      Scope.emplace(Withheld);
      B = &GetBuilder(Withheld);
    }
    *Params = Given;
    L.Estimated =
        estimateUnknownCounts(B->timeSymbols(), Opts.UnknownTrip, *Params);
    std::vector<std::string> Said;
    if (!Withheld.empty())
      Said.push_back(withheldFieldsAssumption(F, Withheld, *Names.Fields,
                                              CountOfWithheld(), false));
    if (!L.Estimated.empty()) // A withheld field's count: bind the field.
      Said.push_back(estimateAssumption(
          L.Estimated, Opts.UnknownTrip,
          Withheld.empty() ||
                  Builder.modelSymbols().count(L.Estimated.front().first)
              ? L.Estimated.front().first
              : countingField(Withheld, *Names.Fields)));
    auto At = L.Assumptions.begin() + EstimateAt;
    At = L.Assumptions.erase(At, At + EstimateSaid);
    L.Assumptions.insert(At, Said.begin(), Said.end());
    EstimateSaid = Said.size();
  };
  ChooseModel();

  std::string RegsHow;
  L.Regs =
      chooseRegisters(Spec, F, Estimates, Opts.Regs, L.RegsSource, RegsHow);
  L.StaticSharedBytes = getStaticSharedBytes(F);
  OccupancyRequest Req;
  Req.ThreadsPerBlock =
      static_cast<unsigned>(L.Block[0] * L.Block[1] * L.Block[2]);
  Req.RegistersPerThread = L.Regs;
  Req.StaticSharedBytes = L.StaticSharedBytes;
  Req.DynamicSharedBytes = Spec.DynamicSharedBytes;
  Expected<OccupancyResult> Occ = computeOccupancy(T, Req);
  if (!Occ) {
    reportError(M, Spec.Origin + ": launch spec '" + Spec.Text + "' on " +
                       T.Name + ": " + toString(Occ.takeError()));
    return false;
  }
  // An estimate is no count: where it leaves no room for one block, the
  // launch is predicted with the most registers that fit (what ptxas allots
  // a kernel built for that block size, spilling the rest). Only a count
  // given (regs=, -ktime-regs) makes a launch impossible.
  if (Occ->BlocksPerSM == 0 && Occ->Limiter == OccupancyLimiter::Registers &&
      L.RegsSource == "estimate") {
    unsigned Estimated = L.Regs;
    for (unsigned R = Estimated - 1; R >= 1; --R) {
      Req.RegistersPerThread = R;
      Expected<OccupancyResult> Fits = computeOccupancy(T, Req);
      if (!Fits) {
        consumeError(Fits.takeError());
        continue;
      }
      if (Fits->BlocksPerSM == 0)
        continue;
      Occ = std::move(Fits);
      L.Regs = R;
      L.Assumptions.push_back(
          "the register estimate (" + std::to_string(Estimated) +
          " per thread) leaves no room for a block of " +
          std::to_string(Req.ThreadsPerBlock) + " threads on " + T.Name +
          "; predicted with " + std::to_string(R) +
          ", the most that fit (what ptxas allots when the kernel is built "
          "for this block size, with __launch_bounds__ or -maxrregcount; "
          "give regs= from ptxas -v for the real count)");
      break;
    }
  }
  L.BlocksPerSM = Occ->BlocksPerSM;
  L.ActiveWarpsPerSM = Occ->ActiveWarpsPerSM;
  L.Occupancy = Occ->Fraction;
  L.Limiter = getOccupancyLimiterName(Occ->Limiter).str();
  if (L.RegsSource == "estimate")
    L.Assumptions.push_back(
        "registers per thread estimated from the IR: " + RegsHow +
        " (regs= from ptxas -v gives the real count)");
  if (Occ->BlocksPerSM == 0)
    return Fail("one block does not fit on an SM (" + L.Limiter + ")");

  LaunchShape Shape;
  Shape.Grid = Spec.Grid;
  Shape.Block = L.Block;
  Shape.BlocksPerSM = Occ->BlocksPerSM;
  SpillCode Spills;
  Spills.StoreBytes = Spec.SpillStoreBytes;
  Spills.LoadBytes = Spec.SpillLoadBytes;
  if (Spills.StoreBytes + Spills.LoadBytes > 0)
    Spills.At = estimateOf(F, Estimates).PeakAt;
  // Lane conditions can name fields the plain model does not: withheld
  // too, in at most a few rounds.
  KernelInputs In;
  std::set<std::string> Needed;
  for (unsigned Round = 0;; ++Round) {
    std::vector<std::string> Said;
    L.Branches.clear();
    In = B->build(*Params, Shape, *Occ, Opts.ColdCache, *Hits, Spills, Said,
                  L.Branches);
    Needed.clear();
    collectSymbols(In, Needed);
    std::set<std::string> More = unboundFields(F, Needed, *Params);
    if (More.empty() || Round == MaxWithholdRounds) {
      append_range(L.Assumptions, Said);
      break;
    }
    Withheld.insert(More.begin(), More.end());
    ChooseModel();
  }
  // A side of a branch that withheld fields decide: bind the fields (0 or 1
  // for a bool), said where the fields are.
  std::map<std::string, FieldBranch> OnFields =
      branchesOnFields(B->branchSides(), L.Branches, Withheld, *Names.Fields);
  if (!Withheld.empty())
    L.Assumptions[EstimateAt] = withheldFieldsAssumption(
        F, Withheld, *Names.Fields, CountOfWithheld(), !OnFields.empty());
  addBranchEstimate(L.Branches, OnFields, L.Estimated, L.Assumptions);
  L.Fields = fieldsOfLaunch(*Names.Fields, Withheld);
  for (const std::string &S : L.Fields)
    if (Withheld.count(S))
      L.UnboundFields.push_back(S);
  // The loops' counts at the launch (LaunchResult::LoopTrips): the ids free.
  std::map<std::string, Expr> Counts = launchSubst(*Params, Shape);
  Counts["WARP_SZ"] = Expr::constant(T.WarpSize);
  for (const LoopTrip &LT : K.Report->Loops)
    L.LoopTrips.push_back(LT.Trip.substitute(Counts));
  L.Time = In.Time;
  L.Delay = In.Delay;
  L.Barriers = In.Barriers;
  L.GlobalBytes = In.GlobalBytes;
  L.UncoalescedBytes = In.UncoalescedBytes;
  L.SharedBytes = In.SharedBytes;
  ClockSettings Clocks;
  Clocks.SmMHz = Opts.SmClockMHz ? Opts.SmClockMHz : T.SmClockMHz;
  Clocks.MemMHz = Opts.MemClockMHz ? Opts.MemClockMHz : T.MemClockMHz;
  Expected<Prediction> P = predictLaunch(In, Shape, T, Clocks);
  if (!P) {
    std::set<std::string> Missing;
    for (const std::string &S : Needed)
      if (!Params->count(S))
        Missing.insert(S);
    std::string Hint = missingParameterHint(F, Missing);
    return Fail(toString(P.takeError()) +
                (Hint.empty() ? "" : " (" + Hint + ")"));
  }
  // A time that is not a finite number (values far outside any GPU's) is no
  // prediction, and would not be JSON in the report.
  if (!std::isfinite(P->Ns) || P->Ns < 0)
    return Fail("the predicted time is not a finite, non-negative number (" +
                std::to_string(P->Ns) + " ns)");
  L.P = std::move(*P);
  for (const std::string &A : L.P.Assumptions)
    L.Assumptions.push_back(A);
  for (const ModelNote &N : K.Report->Notes)
    L.Assumptions.push_back(N.Text);
  L.Predicted = true;
  predictOtherModels(L, *B, F, *K.FAM, *Params, Shape, T, Clocks, Opts.Model);
  // A model's time that is not a finite, non-negative number is no time
  // (and would not be JSON in the report).
  for (auto It = L.Models.begin(); It != L.Models.end();)
    if (std::isfinite(It->second) && It->second >= 0) {
      ++It;
    } else {
      L.Assumptions.push_back("the " + It->first +
                              " model gave no finite time; left out");
      It = L.Models.erase(It);
    }
  applyModelChoice(L, Opts.Model);
  if (L.Predicted)
    applyTimeKind(L, T, Opts);
  K.Report->Launches.push_back(std::move(L));
  return true;
}

/// The values of \p Spec, which does not parse, checked against the kernel
/// \p F it names, each mistake reported: what one compile can say of it.
void checkValues(Module &M, const LaunchSpec &Spec, const Function &F,
                 KernelInputBuilder &Builder, const KernelNames &Names) {
  std::vector<std::string> Assumptions;
  std::vector<std::pair<std::string, Rational>> Bound;
  Expected<std::map<std::string, Expr>> Params = bindParameters(
      Spec, F, Builder.modelSymbols(), Names, Assumptions, Bound);
  if (!Params)
    reportErrors(M, Params.takeError());
  else if (auto Why = checkBoundShares(Builder.branchSides(),
                                       constantBindings(*Params)))
    reportErrors(M, specError(Spec, *Why));
}

} // namespace

std::optional<std::vector<LaunchSpec>>
readRequestedLaunches(Module &M, const LaunchOptions &Opts) {
  if (!isKnownModel(Opts.Model)) {
    reportError(M, "-ktime-model='" + Opts.Model +
                       "': unknown model (kp, maxplus, mwp-cwp, kdt, all)");
    return std::nullopt;
  }
  if (std::optional<std::string> Msg = checkTimeOptions(Opts)) {
    reportError(M, *Msg);
    return std::nullopt;
  }
  // 0 (the default) means the target file's clock; anything else must be
  // a clock some GPU has (a negative clock gave negative times, a huge one
  // infinite times, a tiny one times hundreds of digits long; NaN and the
  // infinities are in no range).
  for (const auto &[Option, MHz, Range] :
       {std::tuple("ktime-sm-clock", Opts.SmClockMHz, physical::SmClock),
        std::tuple("ktime-mem-clock", Opts.MemClockMHz, physical::MemClock)}) {
    if (MHz == 0)
      continue;
    if (!Range.contains(MHz)) {
      std::string Msg;
      raw_string_ostream(Msg)
          << "-" << Option << "=" << format("%g", MHz)
          << ": not a clock in MHz (between " << format("%g", Range.Min)
          << " and " << format("%g", Range.Max)
          << ", what GPUs have; 0 or absent: the target file's)";
      reportError(M, Msg);
      return std::nullopt;
    }
  }
  // Every mistake of every spec that does not parse is named (one error
  // each); such specs are still checked against their kernels
  // (predictLaunches), then the compile fails.
  Error Errors = Error::success();
  std::vector<LaunchSpec> Specs;
  for (const std::string &Text : Opts.Launches)
    Specs.push_back(parseLaunchSpec(Text, "-ktime-launch", Errors));
  bool FileRead = true;
  if (!Opts.LaunchFile.empty()) {
    Expected<std::vector<LaunchSpec>> File =
        readLaunchFile(Opts.LaunchFile, Errors);
    if (!File) {
      FileRead = false;
      Errors = joinErrors(std::move(Errors), File.takeError());
    } else {
      for (LaunchSpec &S : *File)
        Specs.push_back(std::move(S));
    }
  }
  reportErrors(M, std::move(Errors));
  if (!FileRead)
    return std::nullopt;
  return Specs;
}

bool predictLaunches(Module &M, const std::vector<LaunchSpec> &Specs,
                     std::vector<AnalysedKernel> &Kernels,
                     const LaunchOptions &Opts) {
  // One per kernel and GPU (and fields withheld): the Thread stage runs
  // once for all its launches.
  std::map<
      std::tuple<const Function *, const GpuTarget *, std::set<std::string>>,
      std::unique_ptr<KernelInputBuilder>>
      Builders;
  RegisterCache Estimates;
  // A line name binds the launched kernel's own symbols: its loops, the
  // loops of the device functions it calls (each in its own report) and
  // its atomics; another kernel's loop at that line has the same loopN.
  std::map<const KernelReport *,
           std::map<std::string, std::vector<std::string>>>
      Aliases;
  bool HaveLineNames = false;
  for (const AnalysedKernel &K : Kernels) {
    if (K.Report->IsDeviceFunction)
      continue;
    std::map<std::string, std::vector<std::string>> &Own = Aliases[K.Report];
    addLoopSymbolAliases(K.Report->Loops, Own);
    std::string Name = K.Report->Kernel->getName().str();
    for (const AnalysedKernel &D : Kernels)
      if (D.Report->IsDeviceFunction && is_contained(D.Report->CalledBy, Name))
        addLoopSymbolAliases(D.Report->Loops, Own);
    if (K.Analysed) {
      addAtomicSymbolAliases(*K.Analysed, Own);
      addBranchSideAliases(*K.Analysed, Own);
    }
    HaveLineNames |= !Own.empty();
  }
  // A -ktime-hits for a kernel the module does not have was ignored
  // silently (a misspelt name); a launch spec naming one is an error too.
  for (const std::string &Text : Opts.Hits) {
    size_t Colon = StringRef(Text).rfind(':');
    if (Colon == StringRef::npos)
      continue; // hitOverride says what is wrong with it
    StringRef Name = StringRef(Text).substr(0, Colon).trim();
    if (none_of(Kernels, [&](const AnalysedKernel &K) {
          return !K.Report->IsDeviceFunction &&
                 matchesKernel(*K.Report->Kernel, Name);
        })) {
      reportError(M,
                  "-ktime-hits='" + Text + "': names no kernel of this module");
      return false;
    }
  }
  // Every spec is checked, so that one compile names all that are wrong
  // (the sweep driver drops them and compiles again); the compile fails if
  // any is. A spec that does not parse has its kernel and values checked.
  std::map<const Function *, std::map<std::string, FieldUse>> Fields;
  bool AllGood = true;
  for (const LaunchSpec &Spec : Specs) {
    AllGood &= Spec.Parses;
    if (!Spec.Parses && Spec.Kernel.empty())
      continue;
    Expected<AnalysedKernel *> K = findKernel(Spec, Kernels);
    if (!K) {
      reportErrors(M, K.takeError());
      AllGood = false;
      continue;
    }
    KernelNames Names;
    Names.Aliases = &Aliases[(*K)->Report];
    Names.HaveLineNames = HaveLineNames;
    auto [Uses, New] = Fields.try_emplace((*K)->Analysed);
    if (New)
      Uses->second = getFieldUses(*(*K)->Analysed, *(*K)->Report->Kernel);
    Names.Fields = &Uses->second;
    for (const GpuTarget *T : (*K)->Targets) {
      // Made under the WithholdFieldNames of Withheld (predictOne's).
      BuilderFor GetBuilder =
          [&](const std::set<std::string> &Withheld) -> KernelInputBuilder & {
        std::unique_ptr<KernelInputBuilder> &B =
            Builders[{(*K)->Analysed, T, Withheld}];
        if (!B) {
          // The report's model is the plain model of the first target.
          const ThreadModel *Known =
              (*K)->Model && Withheld.empty() && T == (*K)->Targets.front()
                  ? &*(*K)->Model
                  : nullptr;
          B = std::make_unique<KernelInputBuilder>(
              *(*K)->Analysed, *(*K)->FAM, *T, Opts.BarrierFragments, Known);
        }
        return *B;
      };
      if (!Spec.Parses) {
        checkValues(M, Spec, *(*K)->Analysed, GetBuilder({}), Names);
        break;
      }
      if (!predictOne(M, Spec, **K, *T, GetBuilder({}), GetBuilder, Estimates,
                      Opts, Names)) {
        AllGood = false;
        break;
      }
    }
  }
  return AllGood;
}

} // namespace ktime
