//===- LaunchPrediction.cpp - Predict the launches the options ask for ----===//
#include "LaunchPrediction.h"
#include "KernelInputs.h"
#include "KernelTime/Compat.h"
#include "KernelTime/Cost.h"
#include "KernelTime/GPU.h"
#include "KernelTime/ScevToExpr.h"
#include "KernelTime/Thread.h"
#include "Options.h"
#include "OtherModels.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

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

/// The substitution of the spec's parameters: each NAME is a parameter of
/// the kernel (by source name or argN) or another symbol of its model
/// (trip.L12); an error for a name that is neither.
Expected<std::map<std::string, Expr>>
bindParameters(const LaunchSpec &Spec, const Function &F,
               const std::set<std::string> &ModelSymbols) {
  SymbolNamer Names(F);
  std::map<std::string, Expr> Subst;
  std::vector<std::string> Known;
  for (const Argument &A : F.args())
    Known.push_back(Names.getParamName(A.getArgNo()));
  for (auto &[Name, Value] : Spec.Params) {
    std::optional<std::string> Symbol;
    for (const Argument &A : F.args()) {
      std::string ParamName = Names.getParamName(A.getArgNo());
      if (Name == ParamName || Name == "arg" + std::to_string(A.getArgNo()))
        Symbol = ParamName;
    }
    if (!Symbol && ModelSymbols.count(Name))
      Symbol = Name;
    if (!Symbol)
      return createStringError(
          inconvertibleErrorCode(),
          Spec.Origin + ": launch spec '" + Spec.Text + "': '" + Name +
              "' is not a parameter of " + demangle(F.getName().str()) +
              " (parameters: " + join(Known, ", ") +
              "; argN always works) nor a symbol of its model");
    Subst[*Symbol] = Expr::constant(Value);
  }
  return Subst;
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
                         RegisterCache &Estimates, std::string &Source,
                         std::string &How) {
  if (Spec.Regs) {
    Source = "spec";
    return *Spec.Regs;
  }
  if (options::Regs) {
    Source = "option";
    return options::Regs;
  }
  const RegisterEstimate &E = estimateOf(F, Estimates);
  Source = "estimate";
  How = E.How;
  return E.Registers;
}

/// -ktime-hits=KERNEL:l1=F,l2=F for \p F, if given; an error for a value
/// that does not parse.
Expected<std::optional<HitOverride>> hitOverride(const Function &F) {
  for (const std::string &Text : options::Hits) {
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
    SmallVector<StringRef, 2> Fields;
    S.substr(Colon + 1).split(Fields, ',');
    for (StringRef Field : Fields) {
      auto [Key, Value] = Field.split('=');
      double V;
      if (Value.trim().getAsDouble(V) || V < 0 || V > 1)
        return Bad("'" + Field + "' is not l1=F or l2=F with F in [0, 1]");
      if (Key.trim() == "l1")
        H.L1 = V;
      else if (Key.trim() == "l2")
        H.L2 = V;
      else
        return Bad("unknown field '" + Key + "' (l1, l2)");
    }
    if (H.L1 + H.L2 > 1)
      return Bad("l1 + l2 exceeds 1");
    return std::optional<HitOverride>(H);
  }
  return std::optional<HitOverride>();
}

/// One launch on one GPU; false after an error the user must fix.
bool predictOne(Module &M, const LaunchSpec &Spec, AnalysedKernel &K,
                const GpuTarget &T, KernelInputBuilder &Builder,
                RegisterCache &Estimates) {
  LaunchResult L;
  L.Spec = Spec;
  L.Gpu = T.Name;
  Function &F = *K.Analysed;
  auto Fail = [&](std::string Why) {
    L.Error = std::move(Why);
    K.Report->Launches.push_back(std::move(L));
    return true;
  };
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

  Expected<std::optional<HitOverride>> Hits = hitOverride(F);
  if (!Hits) {
    reportError(M, toString(Hits.takeError()));
    return false;
  }
  Expected<std::map<std::string, Expr>> Params =
      bindParameters(Spec, F, Builder.modelSymbols());
  if (!Params) {
    reportError(M, toString(Params.takeError()));
    return false;
  }

  std::string RegsHow;
  L.Regs = chooseRegisters(Spec, F, Estimates, L.RegsSource, RegsHow);
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
  L.BlocksPerSM = Occ->BlocksPerSM;
  L.ActiveWarpsPerSM = Occ->ActiveWarpsPerSM;
  L.Occupancy = Occ->Fraction;
  L.Limiter = getOccupancyLimiterName(Occ->Limiter).str();
  if (L.RegsSource == "estimate")
    L.Assumptions.push_back(
        "registers per thread estimated from the IR: " + RegsHow +
        " (give -ktime-regs or regs= from "
        "ptxas -v for the real count)");
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
  KernelInputs In = Builder.build(*Params, Shape, *Occ, options::ColdCache,
                                  *Hits, Spills, L.Assumptions);
  L.Time = In.Time;
  L.Delay = In.Delay;
  L.Barriers = In.Barriers;
  L.GlobalBytes = In.GlobalBytes;
  L.UncoalescedBytes = In.UncoalescedBytes;
  L.SharedBytes = In.SharedBytes;
  ClockSettings Clocks;
  Clocks.SmMHz =
      options::SmClockMHz ? double(options::SmClockMHz) : T.SmClockMHz;
  Clocks.MemMHz =
      options::MemClockMHz ? double(options::MemClockMHz) : T.MemClockMHz;
  Expected<Prediction> P = predictLaunch(In, Shape, T, Clocks);
  if (!P)
    return Fail(toString(P.takeError()) + " (bind it in the spec: NAME=VALUE)");
  L.P = std::move(*P);
  for (const std::string &A : L.P.Assumptions)
    L.Assumptions.push_back(A);
  for (const ModelNote &N : K.Report->Notes)
    L.Assumptions.push_back(N.Text);
  L.Predicted = true;
  predictOtherModels(L, Builder, F, *K.FAM, *Params, Shape, T, Clocks);
  applyModelChoice(L);
  K.Report->Launches.push_back(std::move(L));
  return true;
}

} // namespace

std::optional<std::vector<LaunchSpec>> readRequestedLaunches(Module &M) {
  if (!isKnownModel(options::Model)) {
    reportError(M, "-ktime-model='" + options::Model +
                       "': unknown model (kp, maxplus, mwp-cwp, kdt, all)");
    return std::nullopt;
  }
  std::vector<LaunchSpec> Specs;
  for (const std::string &Text : options::Launches) {
    Expected<LaunchSpec> S = parseLaunchSpec(Text, "-ktime-launch");
    if (!S) {
      reportError(M, toString(S.takeError()));
      return std::nullopt;
    }
    Specs.push_back(std::move(*S));
  }
  if (!options::LaunchFile.empty()) {
    Expected<std::vector<LaunchSpec>> File =
        readLaunchFile(options::LaunchFile);
    if (!File) {
      reportError(M, toString(File.takeError()));
      return std::nullopt;
    }
    for (LaunchSpec &S : *File)
      Specs.push_back(std::move(S));
  }
  return Specs;
}

bool predictLaunches(Module &M, const std::vector<LaunchSpec> &Specs,
                     std::vector<AnalysedKernel> &Kernels) {
  // One per kernel and GPU: the Thread stage runs once for all its launches.
  std::map<std::pair<const Function *, const GpuTarget *>,
           std::unique_ptr<KernelInputBuilder>>
      Builders;
  RegisterCache Estimates;
  for (const LaunchSpec &Spec : Specs) {
    Expected<AnalysedKernel *> K = findKernel(Spec, Kernels);
    if (!K) {
      reportError(M, toString(K.takeError()));
      return false;
    }
    for (const GpuTarget *T : (*K)->Targets) {
      std::unique_ptr<KernelInputBuilder> &B = Builders[{(*K)->Analysed, T}];
      if (!B) {
        // The report's model is the plain model of the first target.
        const ThreadModel *Known =
            (*K)->Model && T == (*K)->Targets.front() ? &*(*K)->Model : nullptr;
        B = std::make_unique<KernelInputBuilder>(*(*K)->Analysed, *(*K)->FAM,
                                                 *T, Known);
      }
      if (!predictOne(M, Spec, **K, *T, *B, Estimates))
        return false;
    }
  }
  return true;
}

} // namespace ktime
