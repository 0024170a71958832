//===- LoopCountsAtLaunch.cpp - A loop's count at a launch, in words ------===//
//
// A loop count with the launch's values and sizes bound is a number, or an
// expression of the thread and block ids (a grid-stride loop, a triangular
// row); the Loop remark gives the number, or the range and mean over the
// launch's threads, evaluated exactly at each thread (in a large launch, at
// each thread of whole blocks spread evenly over the grid).
//
//===----------------------------------------------------------------------===//
#include "LoopCountsAtLaunch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace llvm;

namespace ktime {

namespace {

bool isIdSymbol(StringRef Name) {
  return Name == "tid.x" || Name == "tid.y" || Name == "tid.z" ||
         Name == "ctaid.x" || Name == "ctaid.y" || Name == "ctaid.z";
}

/// The ids of thread \p G of the launch, threads numbered block by block,
/// x fastest, as CUDA linearises them.
Bindings idsOfThread(uint64_t G, const std::array<uint64_t, 3> &Block,
                     const std::array<uint64_t, 3> &Grid) {
  uint64_t PerBlock = Block[0] * Block[1] * Block[2];
  uint64_t T = G % PerBlock, B = G / PerBlock;
  Bindings Ids;
  Ids["tid.x"] = Rational::fromInt64(T % Block[0]);
  Ids["tid.y"] = Rational::fromInt64(T / Block[0] % Block[1]);
  Ids["tid.z"] = Rational::fromInt64(T / (Block[0] * Block[1]));
  Ids["ctaid.x"] = Rational::fromInt64(B % Grid[0]);
  Ids["ctaid.y"] = Rational::fromInt64(B / Grid[0] % Grid[1]);
  Ids["ctaid.z"] = Rational::fromInt64(B / (Grid[0] * Grid[1]));
  return Ids;
}

} // namespace

std::string describeCountAtLaunch(const LaunchResult &L, size_t Index) {
  if (Index >= L.LoopTrips.size())
    return "";
  const Expr &Count = L.LoopTrips[Index];
  if (std::optional<Rational> C = Count.getConstant())
    return C->str();
  std::set<std::string> Symbols;
  Count.collectSymbols(Symbols);
  for (const std::string &S : Symbols)
    if (!isIdSymbol(S))
      return "";
  const std::array<uint64_t, 3> &Grid = L.Spec.Grid;
  uint64_t PerBlock = L.Block[0] * L.Block[1] * L.Block[2];
  uint64_t Blocks = Grid[0] * Grid[1] * Grid[2];
  // Every thread of whole blocks (a count's pattern over the threads of a
  // block is then complete), the blocks evenly spread over the grid with
  // the first and the last among them.
  uint64_t Sampled =
      std::min(Blocks, std::max<uint64_t>(1, MaxThreadsEvaluated / PerBlock));
  std::optional<Rational> Min, Max;
  double Sum = 0;
  for (uint64_t K = 0; K != Sampled; ++K) {
    uint64_t B = Sampled == Blocks ? K : K * (Blocks - 1) / (Sampled - 1);
    if (Sampled == 1)
      B = 0;
    for (uint64_t T = 0; T != PerBlock; ++T) {
      std::optional<Rational> V =
          Count.evaluate(idsOfThread(B * PerBlock + T, L.Block, Grid));
      if (!V)
        return "";
      if (!Min || *V < *Min)
        Min = V;
      if (!Max || *V > *Max)
        Max = V;
      Sum += V->toDouble();
    }
  }
  if (!Min)
    return "";
  if (*Min == *Max)
    return Min->str();
  std::string Text;
  raw_string_ostream OS(Text);
  OS << Min->str() << " to " << Max->str() << ", mean "
     << format("%.4g", Sum / (Sampled * PerBlock)) << " over the threads";
  if (Sampled != Blocks)
    OS << " of " << Sampled << " of the " << Blocks << " blocks";
  return Text;
}

} // namespace ktime
