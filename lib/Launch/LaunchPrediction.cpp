//===- LaunchPrediction.cpp - Predict the launches the options ask for ----===//
#include "AtomicSites.h"
#include "KernelInputs.h"
#include "KernelTime/Compat.h"
#include "KernelTime/Cost.h"
#include "KernelTime/GPU.h"
#include "KernelTime/Launch.h"
#include "KernelTime/ScevToExpr.h"
#include "KernelTime/Thread.h"
#include "OtherModels.h"
#include "ParameterBinding.h"
#include "TimeKind.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Demangle/Demangle.h"
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

/// The name a user may write for \p F: its unqualified base name and its
/// qualified name ("ns::k"), besides the mangled one.
bool matchesKernel(const Function &F, StringRef Name) {
  if (F.getName() == Name)
    return true;
  // The demangler's names point into the mangled string: keep it alive.
  std::string Mangled = F.getName().str();
  ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()))
    return false; // extern "C": the IR name is the source name.
  auto Get = [](char *Buf) {
    std::string S = Buf ? Buf : "";
    std::free(Buf);
    return S;
  };
  return Get(D.getFunctionBaseName(nullptr, nullptr)) == Name ||
         Get(D.getFunctionName(nullptr, nullptr)) == Name;
}

/// The kernels \p Spec names; an error for none or several.
Expected<AnalysedKernel *> findKernel(const LaunchSpec &Spec,
                                      std::vector<AnalysedKernel> &Kernels) {
  std::vector<AnalysedKernel *> Found;
  std::vector<std::string> Names;
  for (AnalysedKernel &K : Kernels) {
    if (K.Report->IsDeviceFunction)
      continue;
    Names.push_back(demangle(K.Report->Kernel->getName().str()));
    if (K.Report->Kernel->getName() == Spec.Kernel)
      return &K; // The mangled name is exact.
    if (matchesKernel(*K.Report->Kernel, Spec.Kernel))
      Found.push_back(&K);
  }
  auto Error = [&](const Twine &What) {
    return createStringError(inconvertibleErrorCode(),
                             Spec.Origin + ": launch spec '" + Spec.Text +
                                 "': " + What);
  };
  if (Found.empty())
    return Error("names no kernel of this module (kernels: " +
                 (Names.empty() ? std::string("none") : join(Names, "; ")) +
                 ")");
  if (Found.size() > 1) {
    std::vector<std::string> Mangled;
    for (AnalysedKernel *K : Found)
      Mangled.push_back(K->Report->Kernel->getName().str());
    return Error(
        "'" + Spec.Kernel +
        "' is ambiguous; name one by its mangled name: " + join(Mangled, ", "));
  }
  return Found.front();
}

/// The block size of a launch: the spec's, else the kernel's reqntid, else
/// its __launch_bounds__ maximum.
std::optional<std::array<uint64_t, 3>>
chooseBlock(const LaunchSpec &Spec, const Function &F, std::string &Source) {
  if (Spec.HasBlock) {
    Source = "spec";
    return Spec.Block;
  }
  if (auto D = compat::getReqNTID(F)) {
    Source = "reqntid";
    return D;
  }
  if (auto D = compat::getMaxNTID(F)) {
    Source = "launch bounds";
    return std::array<uint64_t, 3>{(*D)[0] * (*D)[1] * (*D)[2], 1, 1};
  }
  return std::nullopt;
}

/// An error naming the spec if its sizes exceed \p T's limits.
std::optional<std::string> checkLimits(const LaunchSpec &Spec,
                                       const std::array<uint64_t, 3> &Block,
                                       const GpuTarget &T) {
  const OccupancyLimits &L = T.Limits;
  uint64_t Threads = Block[0] * Block[1] * Block[2];
  static const char Axis[] = {'x', 'y', 'z'};
  if (Threads > L.ThreadsPerBlock)
    return "block " + formatDim(Block) + " has " + std::to_string(Threads) +
           " threads; " + T.Name + " allows at most " +
           std::to_string(L.ThreadsPerBlock) + " per block";
  for (int D = 0; D != 3; ++D) {
    if (Block[D] > L.MaxBlockDim[D])
      return std::string("block ") + Axis[D] + " = " +
             std::to_string(Block[D]) + " exceeds " + T.Name + "'s " +
             std::to_string(L.MaxBlockDim[D]);
    if (Spec.Grid[D] > L.MaxGridDim[D])
      return std::string("grid ") + Axis[D] + " = " +
             std::to_string(Spec.Grid[D]) + " exceeds " + T.Name + "'s " +
             std::to_string(L.MaxGridDim[D]);
  }
  return std::nullopt;
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

/// -ktime-hits=KERNEL:l1=F,l2=F for \p F, if given; an error for a value
/// that does not parse.
Expected<std::optional<HitOverride>>
hitOverride(const Function &F, const std::vector<std::string> &AllHits) {
  for (const std::string &Text : AllHits) {
    StringRef S(Text);
    size_t Colon = S.rfind(':');
    auto Bad = [&](const Twine &What) {
      return createStringError(inconvertibleErrorCode(),
                               "-ktime-hits='" + Text + "': " + What);
    };
    if (Colon == StringRef::npos)
      return Bad("expected KERNEL:l1=F,l2=F");
    if (!matchesKernel(F, S.substr(0, Colon).trim()))
      continue;
    HitOverride H;
    StringSet<> Seen;
    SmallVector<StringRef, 2> Fields;
    S.substr(Colon + 1).split(Fields, ',');
    for (StringRef Field : Fields) {
      auto [Key, Value] = Field.split('=');
      double V;
      // Written so that NaN fails too.
      if (Value.trim().getAsDouble(V) || !(V >= 0 && V <= 1))
        return Bad("'" + Field + "' is not l1=F or l2=F with F in [0, 1]");
      StringRef Level = Key.trim();
      if (Level != "l1" && Level != "l2")
        return Bad("unknown field '" + Key + "' (l1, l2)");
      if (!Seen.insert(Level).second)
        return Bad("'" + Level + "' given twice");
      (Level == "l1" ? H.L1 : H.L2) = V;
    }
    if (H.L1 + H.L2 > 1)
      return Bad("l1 + l2 exceeds 1");
    return std::optional<HitOverride>(H);
  }
  return std::optional<HitOverride>();
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
                const LaunchOptions &Opts,
                const std::map<std::string, std::vector<std::string>> &Aliases,
                bool HaveLineNames) {
  LaunchResult L;
  L.Spec = Spec;
  L.Gpu = T.Name;
  Function &F = *K.Analysed;
  auto Fail = [&](std::string Why) {
    L.Error = std::move(Why);
    K.Report->Launches.push_back(std::move(L));
    return true;
  };
  // Without block=, the attribute the block comes from must parse: one that
  // is there but does not is named, not passed over for the next (a
  // malformed reqntid beside a valid __launch_bounds__) or taken for none.
  if (!Spec.HasBlock)
    for (StringRef Attr : {"nvvm.reqntid", "nvvm.maxntid"}) {
      if (!F.hasFnAttribute(Attr))
        continue;
      bool Parses = Attr == "nvvm.reqntid" ? compat::getReqNTID(F).has_value()
                                           : compat::getMaxNTID(F).has_value();
      if (Parses)
        break;
      std::string Value;
      raw_string_ostream OS(Value);
      printEscapedString(F.getFnAttribute(Attr).getValueAsString(), OS);
      reportError(M, Spec.Origin + ": launch spec '" + Spec.Text +
                         "': no block=, and the kernel's " + Attr + " '" +
                         Value +
                         "' is not a block size (1 to 3 positive integers)");
      return false;
    }
  std::optional<std::array<uint64_t, 3>> Block =
      chooseBlock(Spec, F, L.BlockSource);
  if (!Block) {
    reportError(M, Spec.Origin + ": launch spec '" + Spec.Text +
                       "': no block= and the kernel has neither reqntid nor "
                       "__launch_bounds__");
    return false;
  }
  L.Block = *Block;
  if (std::optional<std::string> Over = checkLimits(Spec, L.Block, T)) {
    reportError(M, Spec.Origin + ": launch spec '" + Spec.Text + "': " + *Over);
    return false;
  }

  Expected<std::optional<HitOverride>> Hits = hitOverride(F, Opts.Hits);
  if (!Hits) {
    reportError(M, toString(Hits.takeError()));
    return false;
  }
  Expected<std::map<std::string, Expr>> Params =
      bindParameters(Spec, F, Builder.modelSymbols(), Aliases, HaveLineNames,
                     L.Assumptions, L.Params);
  if (!Params) {
    reportError(M, toString(Params.takeError()));
    return false;
  }
  if (auto Why =
          checkBoundShares(Builder.branchSides(), constantBindings(*Params))) {
    reportError(M, Spec.Origin + ": launch spec '" + Spec.Text + "': " + *Why);
    return false;
  }
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
      Said.push_back(withheldFieldsAssumption(F, Withheld));
    if (!L.Estimated.empty()) // A withheld field's count: bind the field.
      Said.push_back(estimateAssumption(
          L.Estimated, Opts.UnknownTrip,
          Withheld.empty() ||
                  Builder.modelSymbols().count(L.Estimated.front().first)
              ? L.Estimated.front().first
              : *Withheld.begin()));
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
  for (unsigned Round = 0;; ++Round) {
    std::vector<std::string> Said;
    L.Branches.clear();
    In = B->build(*Params, Shape, *Occ, Opts.ColdCache, *Hits, Spills, Said,
                  L.Branches);
    std::set<std::string> Needed;
    collectSymbols(In, Needed);
    std::set<std::string> More = unboundFields(F, Needed, *Params);
    if (More.empty() || Round == MaxWithholdRounds) {
      append_range(L.Assumptions, Said);
      break;
    }
    Withheld.insert(More.begin(), More.end());
    ChooseModel();
  }
  addBranchEstimate(L.Branches, L.Estimated, L.Assumptions);
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
  if (!P)
    return Fail(toString(P.takeError()) + " (bind it in the spec: NAME=VALUE)");
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
  // Every spec that does not parse is named (one error each), then the
  // compile fails.
  bool AllParse = true;
  auto Report = [&](Error E) {
    AllParse = false;
    handleAllErrors(std::move(E), [&](const ErrorInfoBase &Info) {
      reportError(M, Info.message());
    });
  };
  std::vector<LaunchSpec> Specs;
  for (const std::string &Text : Opts.Launches) {
    Expected<LaunchSpec> S = parseLaunchSpec(Text, "-ktime-launch");
    if (!S) {
      Report(S.takeError());
      continue;
    }
    Specs.push_back(std::move(*S));
  }
  if (!Opts.LaunchFile.empty()) {
    Expected<std::vector<LaunchSpec>> File = readLaunchFile(Opts.LaunchFile);
    if (!File)
      Report(File.takeError());
    else
      for (LaunchSpec &S : *File)
        Specs.push_back(std::move(S));
  }
  if (!AllParse)
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
  // any is.
  bool AllGood = true;
  for (const LaunchSpec &Spec : Specs) {
    Expected<AnalysedKernel *> K = findKernel(Spec, Kernels);
    if (!K) {
      reportError(M, toString(K.takeError()));
      AllGood = false;
      continue;
    }
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
      if (!predictOne(M, Spec, **K, *T, GetBuilder({}), GetBuilder, Estimates,
                      Opts, Aliases[(*K)->Report], HaveLineNames)) {
        AllGood = false;
        break;
      }
    }
  }
  return AllGood;
}

} // namespace ktime
