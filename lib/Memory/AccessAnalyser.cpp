//===- AccessAnalyser.cpp - One access's pattern and counts ---------------===//
//
// An access's address as base + offset, the offset of every active lane of
// the modelled warp (WarpLayout), and from those the pattern and the counts
// of one warp request (WarpRequest.cpp): sectors, banks, constant
// serialisation, rows of a loop. docs/memory.md describes the method.
//
//===----------------------------------------------------------------------===//
#include "AccessAnalyser.h"
#include "KernelTime/Compat.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>
#include <set>

using namespace llvm;

namespace ktime {
namespace memory {

namespace {

/// Kernel pointer parameters and pointers of unknown origin are assumed
/// aligned like cudaMalloc's allocations (256 bytes): at least a line.
constexpr int64_t AssumedBaseAlign = 256;

/// The largest modulus M dividing LineBytes and the base's alignment for
/// which E mod M is known, and that residue: every non-constant term is a
/// multiple of its integer coefficient times the known multiples of its
/// symbols, so E mod M is E's constant term mod M.
std::pair<int64_t, int64_t>
knownResidue(const Expr &E, const std::map<std::string, int64_t> &Multiples,
             int64_t BaseAlign) {
  auto [Rest, C] = splitConstant(E);
  // Multiples beyond Cap tell nothing more; keeping them below it keeps
  // the products from overflowing.
  const int64_t Cap = LineBytes * AssumedBaseAlign;
  auto Part = [Cap](int64_t V) {
    return V == INT64_MIN ? Cap : std::gcd(V < 0 ? -V : V, Cap);
  };
  int64_t G = 0;
  auto Terms =
      Rest.getKind() == Expr::Kind::Add
          ? std::vector<Expr>(Rest.operands().begin(), Rest.operands().end())
          : std::vector<Expr>{Rest};
  for (const Expr &T : Terms) {
    if (T == Expr())
      continue;
    int64_t M = 1;
    ArrayRef<Expr> Factors =
        T.getKind() == Expr::Kind::Mul ? T.operands() : ArrayRef<Expr>(T);
    for (const Expr &F : Factors) {
      if (std::optional<Rational> K = F.getConstant()) {
        std::optional<int64_t> I = K->getInt64();
        if (!I)
          return {1, 0};
        M = Part(M * Part(*I));
      } else if (F.isSymbol()) {
        auto It = Multiples.find(F.getSymbolName().str());
        if (It != Multiples.end())
          M = Part(M * Part(It->second));
      }
    }
    G = std::gcd(G, M);
  }
  int64_t Mod = std::gcd(std::gcd(G, LineBytes), BaseAlign);
  std::optional<int64_t> CI = C.getInt64();
  if (!CI || Mod <= 0)
    return {1, 0};
  return {Mod, divideFloorSigned(*CI, Mod) * -Mod + *CI};
}

int64_t baseAlignment(const Value *Base) {
  if (auto *GV = dyn_cast<GlobalVariable>(Base->stripPointerCasts()))
    return static_cast<int64_t>(
        GV->getPointerAlignment(GV->getDataLayout()).value());
  return AssumedBaseAlign;
}

std::string printed(const Value *V, const Module *M) {
  std::string S;
  raw_string_ostream OS(S);
  V->printAsOperand(OS, /*PrintType=*/false, M);
  return S;
}

} // namespace

void addAssumption(AccessInfo &A, std::string Text) {
  if (!is_contained(A.Assumptions, Text))
    A.Assumptions.push_back(std::move(Text));
}

int64_t AccessAnalyser::loopRow(const Loop *L, const SCEV *Base, int64_t Stride,
                                int64_t Own) {
  auto [It, New] = LoopConstants.try_emplace({L, Base});
  if (New)
    for (const BasicBlock *BB : L->blocks())
      for (const Instruction &Inst : *BB) {
        const Value *Ptr = getLoadStorePointerOperand(&Inst);
        if (!Ptr || !I.SE.isSCEVable(Ptr->getType()))
          continue;
        const Loop *Scope = I.LI.getLoopFor(BB);
        const SCEV *P =
            I.SE.getSCEVAtScope(I.SE.getSCEV(const_cast<Value *>(Ptr)), Scope);
        if (I.SE.getPointerBase(P) != Base)
          continue;
        std::optional<Expr> Off =
            I.Builder.convert(I.SE.getMinusSCEV(P, Base), Scope);
        if (!Off)
          continue;
        // Only copies of a shifted access: offsets with a per-row value
        // computed in L.
        if (llvm::none_of(I.Builder.opaqueIn(*Off), [&](const OpaqueValue *O) {
              return O->Varies && !O->AlongRow && O->DefLoop == L;
            }))
          continue;
        if (std::optional<int64_t> C = constantPart(Off->substitute(Sizes)))
          It->second.push_back(*C);
      }
  uint64_t Row = static_cast<uint64_t>(Stride);
  for (int64_t C : It->second)
    Row = std::gcd(Row, C > Own ? uint64_t(C) - uint64_t(Own)
                                : uint64_t(Own) - uint64_t(C));
  return static_cast<int64_t>(Row);
}

static MemSpace analysedSpace(MemSpace S) {
  return S == MemSpace::Generic ? MemSpace::Global : S;
}

void AccessAnalyser::scattered(AccessInfo &A, const std::string &Why) {
  A.Pattern = AccessPattern::Irregular;
  switch (analysedSpace(A.Space)) {
  case MemSpace::Shared:
    addAssumption(A, Why + ": bank conflicts unknown, none assumed");
    break;
  case MemSpace::Constant:
  case MemSpace::Param:
    A.ConstantSerialization = A.ActiveLanes;
    addAssumption(A, Why + ": every lane assumed to read its own address");
    break;
  default:
    countScattered(A.ActiveLanes, A.BytesPerThread, A);
    addAssumption(A, Why + ": lanes assumed scattered, each in its own "
                           "sectors");
    break;
  }
}

void AccessAnalyser::meanOverBlockWarps(AccessInfo &A, const Expr &Offset) {
  const auto &Warps = I.Layout.BlockWarps;
  // Wider than a vector access (a copy of a whole array): counting its
  // banks once per warp would cost far more than it tells.
  if (Warps.empty() || A.BytesPerThread > 16)
    return;
  std::optional<std::array<int64_t, 4>> Coef = I.Layout.idCoefficients(Offset);
  // Strides this large are far beyond any shared array (and the products
  // below stay far from overflow).
  constexpr int64_t MaxCoef = int64_t(1) << 20;
  if (!Coef || llvm::any_of(*Coef, [&](int64_t C) {
        return C > MaxCoef || C < -MaxCoef;
      }))
    return;
  Rational Sum;
  int64_t Lanes = 0;
  for (const std::vector<std::array<int64_t, 3>> &Warp : Warps) {
    std::vector<int64_t> Addr;
    for (size_t L = 0; L != Warp.size(); ++L)
      Addr.push_back((*Coef)[0] * Warp[L][0] + (*Coef)[1] * Warp[L][1] +
                     (*Coef)[2] * Warp[L][2] +
                     (*Coef)[3] * static_cast<int64_t>(L));
    int64_t Min = *std::min_element(Addr.begin(), Addr.end());
    for (int64_t &X : Addr)
      X -= Min;
    AccessInfo One;
    countBanks(Addr, A.BytesPerThread, T.SharedBanks, T.SharedBankWidthBytes,
               One);
    Sum += Rational(static_cast<int64_t>(One.SharedWavefronts));
    Lanes += static_cast<int64_t>(Warp.size());
  }
  // Per warp instruction for the replays; per lane for the bytes (a
  // partial last warp moves its wavefronts for fewer threads).
  if (Lanes > 0)
    A.SharedBlockMean = AccessInfo::BlockMean{
        Sum / Rational(static_cast<int64_t>(Warps.size())),
        Sum / Rational(Lanes)};
}

void AccessAnalyser::countL1Banks(ArrayRef<int64_t> Addr, AccessInfo &A) {
  // Loads the target's L1 caches where it gives the tag rate (what the
  // L1's stages are priced for), of at most a vector width a lane: a copy
  // of a whole array is not counted word by word.
  if (!T.L1TagsPerClk || !l1CachesAccess(A, T) || !A.IsLoad || A.IsAtomic ||
      A.BytesPerThread > 16)
    return;
  AccessInfo Banks;
  countBanks(Addr, A.BytesPerThread, T.SharedBanks, T.SharedBankWidthBytes,
             Banks);
  A.L1DataWavefronts = Banks.SharedWavefronts;
  A.L1BankConflictDegree = Banks.BankConflictDegree;
}

void AccessAnalyser::unknown(AccessInfo &A, const std::string &Why) {
  A.Pattern = AccessPattern::Unknown;
  if (analysedSpace(A.Space) == MemSpace::Global || A.Space == MemSpace::Local)
    countCoalesced(A.ActiveLanes, A.BytesPerThread, A);
  addAssumption(A, "address not analysed (" + Why + "): assumed coalesced");
}

bool AccessAnalyser::count(AccessInfo &A, ArrayRef<unsigned> Lanes,
                           ArrayRef<int64_t> Off, int64_t Mod, int64_t Residue,
                           bool RowsApart, std::optional<int64_t> RowSpread) {
  // The pattern: steps along tid.x between active lanes of one row.
  std::optional<int64_t> Step;
  bool OneStep = true, AnyStep = false;
  for (size_t K = 1; K < Lanes.size(); ++K) {
    unsigned L0 = Lanes[K - 1], L1 = Lanes[K];
    if (I.Layout.RowOf[L0] != I.Layout.RowOf[L1])
      continue;
    int64_t D = Off[K] - Off[K - 1], N = L1 - L0;
    if (D % N != 0) {
      OneStep = false;
      continue;
    }
    if (AnyStep && *Step != D / N)
      OneStep = false;
    Step = D / N;
    AnyStep = true;
  }
  bool AllSame = llvm::all_equal(Off);
  if (AllSame)
    A.Pattern = AccessPattern::Broadcast;
  else if (!OneStep)
    A.Pattern = AccessPattern::Mixed;
  else if (Step && std::abs(*Step) == A.BytesPerThread)
    A.Pattern = AccessPattern::Unit;
  else
    A.Pattern = AccessPattern::Strided;
  if (OneStep && Step)
    A.LaneStrideBytes = *Step;
  else if (AllSame)
    A.LaneStrideBytes = 0;
  // The row step, when a warp spans several rows.
  for (size_t K = 1; K < Lanes.size(); ++K)
    if (I.Layout.RowOf[Lanes[K]] != I.Layout.RowOf[Lanes[0]]) {
      A.RowStrideBytes = Off[K] - Off[0];
      break;
    }

  int64_t Min = *std::min_element(Off.begin(), Off.end());
  std::vector<int64_t> Addr;
  switch (analysedSpace(A.Space)) {
  case MemSpace::Shared:
    for (int64_t O : Off)
      Addr.push_back(O - Min);
    countBanks(Addr, A.BytesPerThread, T.SharedBanks, T.SharedBankWidthBytes,
               A);
    return false;
  case MemSpace::Constant:
  case MemSpace::Param:
    countConstant(Off, A);
    return false;
  case MemSpace::Local: {
    // Local memory interleaves the threads' words: word w of lane l sits at
    // (w * lanes + l) * 4.
    for (size_t K = 0; K != Lanes.size(); ++K) {
      int64_t O = Off[K] - Min;
      Addr.push_back((O / 4 * I.Layout.Lanes + Lanes[K]) * 4 + O % 4);
    }
    countSectors(Addr, A.BytesPerThread, A);
    countL1Banks(Addr, A);
    return false;
  }
  default: {
    // The lowest lane sits as aligned as the known residue allows.
    int64_t Low = Residue + (Min - Off[0]);
    Low -= divideFloorSigned(Low, Mod) * Mod;
    for (int64_t O : Off)
      Addr.push_back(Low + O - Min);
    if (RowsApart) {
      // The rows' addresses are unrelated: each row's lanes are counted
      // together, the rows apart.
      std::map<int64_t, std::vector<int64_t>> ByRow;
      for (size_t K = 0; K != Lanes.size(); ++K)
        ByRow[I.Layout.RowOf[Lanes[K]]].push_back(Addr[K]);
      if (ByRow.size() > 1) {
        std::vector<std::vector<int64_t>> Rows;
        for (auto &Entry : ByRow)
          Rows.push_back(std::move(Entry.second));
        countRowsApart(Rows, A.BytesPerThread, A);
        // Lanes moved that far touch at least Spread / 32 sectors: only a
        // shorter spread can beat the rows apart.
        if (!RowSpread || *RowSpread / SectorBytes >= A.Sectors)
          return false;
        // A bounded shift: each lane's bytes anywhere up to RowSpread
        // above its place in rows that line up.
        AccessInfo Shifted = A;
        countRowsShifted(Addr, A.BytesPerThread, *RowSpread, Shifted);
        if (Shifted.Sectors >= A.Sectors)
          return false;
        A = std::move(Shifted); // only the counts differ
        return true;
      }
    }
    countSectors(Addr, A.BytesPerThread, A);
    countL1Banks(Addr, A);
    return false;
  }
  }
  return false;
}

AccessAddress AccessAnalyser::analyse(AccessInfo &A, const Value *Ptr,
                                      std::optional<ChosenSide> Side) {
  AccessAddress Facts;
  const Instruction &Inst = *A.Inst;
  const Loop *Scope = I.LI.getLoopFor(Inst.getParent());
  ScalarEvolution &SE = I.SE;
  // A cast between state spaces (__ldg's generic-to-global cast) moves no
  // lane relative to another: the offsets are those of the pointer cast.
  while (const auto *Cast = dyn_cast<AddrSpaceCastOperator>(Ptr))
    Ptr = Cast->getPointerOperand();
  if (!SE.isSCEVable(Ptr->getType())) {
    unknown(A, "the pointer is not analysable");
    return Facts;
  }
  const SCEV *P =
      SE.getSCEVAtScope(SE.getSCEV(const_cast<Value *>(Ptr)), Scope);
  if (Side)
    P = chooseSide(SE, P, Side->Choice, Side->Side);
  const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(P));
  const SCEV *Off = Base ? SE.getMinusSCEV(P, Base) : nullptr;
  if (!Base || !Off || isa<SCEVCouldNotCompute>(Off)) {
    unknown(A, "no base pointer");
    return Facts;
  }
  const Value *BaseV = Base->getValue();
  Facts.Base = BaseV->stripPointerCasts();
  const Module *M = Inst.getModule();
  // A base each lane chooses between two pointers the warp shares (`c ? y
  // : z`, what -O3 makes of an if/else that stores y[i] or z[i]): the lanes
  // of each side are at their base's offsets.
  const auto *Choice = dyn_cast<SelectInst>(BaseV);
  bool TwoBases = Choice && I.Dep.varies(Choice) &&
                  analysedSpace(A.Space) == MemSpace::Global &&
                  !I.Dep.varies(Choice->getTrueValue()) &&
                  !I.Dep.varies(Choice->getFalseValue());
  if (I.Dep.varies(BaseV) && !TwoBases) {
    scattered(A, "the base pointer " + printed(BaseV, M) +
                     (I.Dep.dataDependent(BaseV) ? " is loaded per lane"
                                                 : " differs between lanes"));
    return Facts;
  }
  std::optional<Expr> E = I.Builder.convert(Off, Scope);
  if (!E && I.Builder.failedTooLarge() && I.Dep.dataDependent(Ptr)) {
    // Past the work bound, but computed from data each lane loads:
    // scattered, as such addresses are within it.
    scattered(A, "the address depends on data loaded per lane (" +
                     I.Builder.getFailure() + ")");
    return Facts;
  }
  if (!E) {
    unknown(A, I.Builder.getFailure());
    return Facts;
  }
  Expr Offset = E->substitute(Sizes);
  // A value that differs only between the warp's rows (computed from tid.y
  // or tid.z, not tid.x) is the same for the lanes of a row: global lanes
  // are counted row by row, the rows at unrelated addresses.
  const OpaqueValue *PerRow = nullptr;
  for (const OpaqueValue *O : I.Builder.opaqueIn(Offset))
    if (O->Varies && !O->AlongRow &&
        analysedSpace(A.Space) == MemSpace::Global) {
      PerRow = O;
    } else if (O->Varies) {
      scattered(A, std::string("the address depends on ") +
                       (O->Data ? "data loaded per lane ("
                                : "a value that "
                                  "is not affine "
                                  "in the ids (") +
                       O->Text + ")");
      return Facts;
    }
  // Reuse needs offsets that are the same expression for every warp: a
  // per-row value is not.
  if (!PerRow)
    Facts.Offset = Offset;
  else
    Facts.PerRowOffset = Offset;

  // The offset of each active lane.
  BitVector Mask = I.laneMask(Inst.getParent());
  if (Mask.none())
    Mask.set();
  std::vector<unsigned> Lanes;
  for (unsigned L : Mask.set_bits())
    Lanes.push_back(L);
  A.ActiveLanes = Lanes.size();
  Expr First = Offset.substitute(I.Layout.laneSubst(Lanes.front()));
  std::vector<int64_t> Off64{0};
  std::vector<Expr> Symbolic{Expr()};
  bool Constant = true;
  if (std::optional<std::vector<int64_t>> D = I.Layout.linearDeltas(Offset)) {
    // The common case, without simplifying the offset at every lane.
    for (size_t K = 1; K != Lanes.size(); ++K)
      Off64.push_back((*D)[Lanes[K]] - (*D)[Lanes.front()]);
  } else {
    std::optional<std::vector<Expr>> Deltas =
        I.Layout.symbolicDeltas(Offset, Lanes);
    // Simplified lane by lane: with ntid.x a multiple of the warp size, a
    // warp-uniform quotient ((ctaid.x * ntid.x + tid.x) / 32) drops out.
    Expr Sized = I.Layout.withSizeMultiples(Offset);
    Expr SizedFirst =
        Deltas ? Expr() : Sized.substitute(I.Layout.laneSubst(Lanes.front()));
    for (size_t K = 1; K != Lanes.size(); ++K) {
      Expr D = Deltas ? (*Deltas)[K]
                      : I.Layout.withoutSizeHelpers(
                            Sized.substitute(I.Layout.laneSubst(Lanes[K])) -
                            SizedFirst);
      Symbolic.push_back(D);
      if (std::optional<int64_t> V = D.getInt64())
        Off64.push_back(*V);
      else
        Constant = false;
    }
  }
  if (!Constant) {
    // A step in lanes that depends on parameters (a row length n).
    bool Linear = Lanes.size() > 1;
    for (size_t K = 1; Linear && K != Lanes.size(); ++K)
      Linear = Symbolic[K] == Symbolic[1] * int64_t(Lanes[K] - Lanes[0]) &&
               I.Layout.RowOf[Lanes[K]] == I.Layout.RowOf[Lanes[0]];
    if (!Linear || Symbolic[1].mentions("ktime.w.x")) {
      scattered(A, "the lanes' offsets differ by non-constant amounts");
      return Facts;
    }
    Expr Stride =
        Symbolic[1] * Expr::constant(Rational(1, Lanes[1] - Lanes[0]));
    A.Pattern = AccessPattern::Strided;
    A.SymbolicStrideBytes = Stride;
    switch (analysedSpace(A.Space)) {
    case MemSpace::Shared:
      addAssumption(A, "lane stride " + Stride.str() +
                           " bytes is not a constant: bank conflicts "
                           "unknown, none assumed");
      break;
    case MemSpace::Constant:
    case MemSpace::Param:
      A.ConstantSerialization = A.ActiveLanes;
      break;
    default:
      countScattered(A.ActiveLanes, A.BytesPerThread, A);
      addAssumption(A, "lane stride " + Stride.str() +
                           " bytes is not a constant: assumed at least " +
                           std::to_string(SectorBytes) +
                           " bytes (each lane in its own sectors)");
      break;
    }
    return Facts;
  }
  // Offsets this far apart (a stride of terabytes) are scattered anyway;
  // keep the counting arithmetic far from overflow.
  constexpr int64_t MaxSpan = int64_t(1) << 40;
  if (llvm::any_of(Off64,
                   [&](int64_t O) { return O > MaxSpan || O < -MaxSpan; })) {
    scattered(A, "the lanes' offsets are more than 2^40 bytes apart");
    return Facts;
  }
  auto [Mod, Residue] =
      knownResidue(First, I.Layout.Multiples, baseAlignment(BaseV));
  bool Broadcast = llvm::all_of(Off64, [](int64_t O) { return O == 0; });
  if (Mod < LineBytes && analysedSpace(A.Space) == MemSpace::Global &&
      !Broadcast)
    addAssumption(A, "the alignment of the warp's first address is not "
                     "known: the lowest address is assumed to start a " +
                         std::to_string(LineBytes) + "-byte line");
  std::optional<int64_t> Spread;
  bool OneRow = llvm::all_of(Lanes, [&](unsigned L) {
    return I.Layout.RowOf[L] == I.Layout.RowOf[Lanes.front()];
  });
  if (PerRow && !OneRow)
    Spread = rowShiftSpread({*PerRow, Offset, Inst, Scope, A.BytesPerThread,
                             Lanes, I.Builder, I.DT, I.Layout, Sizes,
                             [&](const Loop *L, int64_t Stride, int64_t Own) {
                               return loopRow(L, Base, Stride, Own);
                             }});
  bool Shifted =
      count(A, Lanes, Off64, Mod, Residue, PerRow != nullptr, Spread);
  if (TwoBases) {
    splitBetweenTwoBases(A);
    A.L1DataWavefronts.reset(); // the two bases' banks are not known
    addAssumption(A, "each lane's base is one of two pointers (" +
                         printed(BaseV, M) +
                         "): each side's lanes are counted as the whole "
                         "warp's sectors at its base, an upper bound");
  }
  // The other warps are taken whole: only where no branch or loop exit
  // that differs between threads decides whether the access runs.
  if (analysedSpace(A.Space) == MemSpace::Shared &&
      Lanes.size() == I.Layout.Lanes && !I.runsOnSomeThreads(Inst.getParent()))
    meanOverBlockWarps(A, Offset);
  if (PerRow)
    addAssumption(
        A,
        "the address depends on a value that differs only "
        "between rows of the block (" +
            PerRow->Text + ")" +
            (OneRow    ? ": the warp is one row, the value one for its lanes"
             : Shifted ? ": linear in an id expression with one slope for the "
                         "warp, and bounded by the row bound and the branches "
                         "on the way, it moves the rows at most " +
                             std::to_string(*Spread) + " bytes apart"
                       : ": each row's lanes counted together, the rows at "
                         "unrelated addresses"));
  return Facts;
}

} // namespace memory
} // namespace ktime
