//===- SpecChecks.cpp - A launch spec checked against the module ----------===//
//
// The kernel a spec names (mangled, unqualified or qualified), the block it
// runs (the spec's, the kernel's reqntid or its __launch_bounds__) within
// the GPU's limits, and the -ktime-hits given for the kernel.
//
//===----------------------------------------------------------------------===//
#include "SpecChecks.h"
#include "KernelTime/Compat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace ktime {

namespace {

/// The block of a launch: the spec's, else the kernel's reqntid, else its
/// __launch_bounds__ maximum.
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

/// Why the spec's sizes exceed \p T's limits, if they do.
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

} // namespace

Error specError(const LaunchSpec &Spec, const Twine &What) {
  return createStringError(inconvertibleErrorCode(),
                           Spec.Origin + ": launch spec '" + Spec.Text +
                               "': " + What);
}

void reportErrors(Module &M, Error Errors) {
  handleAllErrors(std::move(Errors), [&](const ErrorInfoBase &Info) {
    M.getContext().emitError("KernelTime: " + Info.message());
  });
}

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
  if (Found.empty())
    return specError(
        Spec, "names no kernel of this module (kernels: " +
                  (Names.empty() ? std::string("none") : join(Names, "; ")) +
                  ")");
  if (Found.size() > 1) {
    std::vector<std::string> Mangled;
    for (AnalysedKernel *K : Found)
      Mangled.push_back(K->Report->Kernel->getName().str());
    return specError(Spec, "'" + Spec.Kernel +
                               "' is ambiguous; name one by its mangled "
                               "name: " +
                               join(Mangled, ", "));
  }
  return Found.front();
}

Expected<std::array<uint64_t, 3>> checkBlock(const LaunchSpec &Spec,
                                             const Function &F,
                                             const GpuTarget &T,
                                             std::string &Source) {
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
      return specError(Spec, "no block=, and the kernel's " + Attr + " '" +
                                 Value +
                                 "' is not a block size (1 to 3 positive "
                                 "integers)");
    }
  std::optional<std::array<uint64_t, 3>> Block = chooseBlock(Spec, F, Source);
  if (!Block)
    return specError(Spec, "no block= and the kernel has neither reqntid nor "
                           "__launch_bounds__");
  if (std::optional<std::string> Over = checkLimits(Spec, *Block, T))
    return specError(Spec, *Over);
  return *Block;
}

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

} // namespace ktime
