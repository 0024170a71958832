//===- Libdevice.cpp - Calls of libdevice's __nv_* functions --------------===//
//
// With -nocudalib, clang leaves calls of libdevice functions (__nv_sinf,
// __nv_expf, ...) undefined in the device module; libdevice would be linked
// after the optimizer. Each is priced as the instruction sequence it is: per
// function, the instructions per class on its ordinary path (issue) and on that
// path's longest dependence chain (latency), from LibdeviceCosts.inc, which
// utils/gen-libdevice-costs.py derives from libdevice.10.bc and documents.
// docs/costs.md, "libdevice".
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

struct LibdeviceEntry {
  const char *Name;
  const char *Issue; ///< "class:count ..." for every instruction on the path
  const char *Chain; ///< the same for the longest dependence chain; may
                     ///< name latency symbols (lat.global:1)
  bool Loop;         ///< every path runs a loop, counted once
};

const LibdeviceEntry Table[] = {
#define KTIME_LIBDEVICE(NAME, ISSUE, CHAIN, LOOP) {NAME, ISSUE, CHAIN, LOOP},
#include "LibdeviceCosts.inc"
#undef KTIME_LIBDEVICE
    {nullptr, nullptr, nullptr, false}, // keeps the array non-empty
};

const LibdeviceEntry *find(StringRef Name) {
  static const StringMap<const LibdeviceEntry *> Index = [] {
    StringMap<const LibdeviceEntry *> M;
    for (const LibdeviceEntry &E : Table)
      if (E.Name)
        M[E.Name] = &E;
    return M;
  }();
  return Index.lookup(Name);
}

/// Calls \p Fn(Name, Count) for each "name:count" of \p Spec.
template <typename FnT> void forEachCount(StringRef Spec, FnT Fn) {
  SmallVector<StringRef, 16> Items;
  Spec.split(Items, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    auto [Name, Num] = Item.rsplit(':');
    unsigned long long Count = 0;
    if (!getAsUnsignedInteger(Num, 10, Count))
      Fn(Name, Count);
  }
}

} // namespace

std::optional<CostInfo> costLibdevice(const CostContext &Ctx, StringRef Name) {
  const LibdeviceEntry *E = find(Name);
  if (!E)
    return std::nullopt;
  CostBuilder B = Ctx.builder();
  // Issue: every instruction, no latency; then the chain's latencies.
  forEachCount(E->Issue, [&](StringRef Class, uint64_t N) {
    if (std::optional<InstrClass> C = parseInstrClassName(Class))
      B.add(*C, Rational(static_cast<int64_t>(N)), 0);
  });
  Expr ChainLat;
  forEachCount(E->Chain, [&](StringRef Class, uint64_t N) {
    if (Class.starts_with("lat."))
      ChainLat += Expr::symbol(Class) * static_cast<int64_t>(N);
    else if (std::optional<InstrClass> C = parseInstrClassName(Class))
      ChainLat += Expr::constant(Rational(static_cast<int64_t>(N)) *
                                 Rational::fromDouble(Ctx.T.cost(*C).Lat));
  });
  B.addLatency(ChainLat);
  CostInfo C = B.build(CostInfo::Kind::Compute, Name);
  if (E->Loop)
    C.Assumption = ("libdevice " + Name +
                    ": every path runs a loop; its body is counted once")
                       .str();
  return C;
}

} // namespace detail
} // namespace ktime
