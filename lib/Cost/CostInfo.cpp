//===- CostInfo.cpp - Building and printing instruction costs -------------===//
//
// CostBuilder sums instruction classes into lat (the dependent chain) and del
// (every instruction's issue); printCost is the text print<kernel-time-cost>
// shows after each instruction.
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace llvm;

namespace ktime {
namespace detail {

/// Class \p C's lat and del on \p T as rationals.
static std::pair<Rational, Rational> figuresOf(const GpuTarget &T,
                                               InstrClass C) {
  const InstrCost &Cost = T.cost(C);
  return {Rational::fromDouble(Cost.Lat), Rational::fromDouble(Cost.Del)};
}

const std::pair<Rational, Rational> &
ComputeCache::classFigures(const GpuTarget &T, InstrClass C) {
  size_t Index = static_cast<size_t>(C);
  if (ClassFigures.size() <= Index)
    ClassFigures.resize(Index + 1);
  if (!ClassFigures[Index])
    ClassFigures[Index] = figuresOf(T, C);
  return *ClassFigures[Index];
}

CostBuilder &CostBuilder::add(InstrClass C, Rational N, Rational Chain) {
  if (N.isZero())
    return *this;
  std::optional<std::pair<Rational, Rational>> Uncached;
  const std::pair<Rational, Rational> *Fig;
  if (Cache) {
    Fig = &Cache->classFigures(T, C);
  } else {
    Uncached = figuresOf(T, C);
    Fig = &*Uncached;
  }
  Lat += Expr::constant(Chain * Fig->first);
  Del += Expr::constant(N * Fig->second);
  for (CostPart &P : Parts)
    if (P.Class == C) {
      P.Count += N;
      return *this;
    }
  Parts.push_back({C, N});
  return *this;
}

CostBuilder &CostBuilder::addLatency(const Expr &E) {
  Lat += E;
  return *this;
}

CostInfo CostBuilder::build(CostInfo::Kind K, StringRef What) const {
  CostInfo C;
  C.K = K;
  C.Lat = Lat;
  C.Del = Del;
  C.Parts = Parts;
  C.What = What.str();
  if (!Parts.empty())
    C.Class = Parts.front().Class;
  Rational Total;
  for (const CostPart &P : Parts)
    Total += P.Count;
  // Round half up: libdevice's counts are whole numbers, the rest too.
  C.Count = static_cast<unsigned>(
      (Total + Rational(1, 2)).floor().getInt64().value_or(0));
  return C;
}

CostInfo CostContext::compute(InstrClass C, unsigned N, unsigned Chain,
                              StringRef What) const {
  auto [It, Inserted] = Computed.Costs.try_emplace(
      std::make_tuple(static_cast<unsigned>(C), N, Chain));
  if (Inserted)
    It->second = builder()
                     .add(C, Rational(N), Rational(Chain))
                     .build(CostInfo::Kind::Compute);
  CostInfo Cost = It->second;
  Cost.What = What.str();
  return Cost;
}

CostInfo CostContext::unknown(std::string Assumption) const {
  CostInfo C = compute(InstrClass::IntAdd);
  C.K = CostInfo::Kind::Unknown;
  C.Assumption = std::move(Assumption);
  return C;
}

CostInfo makeFree(StringRef What) {
  CostInfo C;
  C.What = What.str();
  return C;
}

} // namespace detail

StringRef getCostKindName(CostInfo::Kind K) {
  switch (K) {
  case CostInfo::Kind::Free:
    return "free";
  case CostInfo::Kind::Compute:
    return "compute";
  case CostInfo::Kind::Memory:
    return "memory";
  case CostInfo::Kind::Barrier:
    return "barrier";
  case CostInfo::Kind::Call:
    return "call";
  case CostInfo::Kind::Unknown:
    return "unknown";
  }
  return "unknown";
}

void printCost(const CostInfo &C, raw_ostream &OS) {
  if (C.isFree()) {
    OS << "free";
    if (!C.What.empty())
      OS << " (" << C.What << ")";
  } else {
    if (!C.What.empty())
      OS << C.What << ": ";
    ListSeparator LS(" + ");
    for (const CostPart &P : C.Parts) {
      OS << LS;
      if (P.Count != Rational(1))
        OS << P.Count << " x ";
      OS << getInstrClassName(P.Class);
    }
    OS << " lat " << C.Lat << " del " << C.Del;
    if (C.AccessBytes) {
      OS << " (" << C.AccessBytes << (C.AccessBytes == 1 ? " byte" : " bytes");
      if (C.ReadOnly)
        OS << ", read-only";
      OS << ")";
    }
  }
  if (!C.Assumption.empty())
    OS << " ; assumed: " << C.Assumption;
}

} // namespace ktime
