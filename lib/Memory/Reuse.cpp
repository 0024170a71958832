//===- Reuse.cpp - Groups of accesses and what they re-read ---------------===//
//
// Accesses off one base, in one direction (reads apart from writes), whose
// offsets differ only by a constant form a group: the taps of a stencil,
// the unrolled steps of a window. Per group:
//   requested per block = sum over members of bytes x threads per block x
//                         executions per thread
//   unique per block    = the footprint of the offset over the box tid.* in
//                         [0, ntid.*), iter.L in [0, trip.L) for the loops
//                         around the members (Footprint.cpp)
//   grid footprint      = the same box with ctaid.* in [0, nctaid.*)
// An offset that is not affine in the box, or that holds a value computed
// anew in a loop around the access, gets no footprint: unique = requested
// (no reuse assumed), grid = requested x blocks. One exception for the grid:
// a value v computed in a loop L that is added to an address whose row
// stride in L is S (offset = a * v + S * iter.L + ..., as in
// in[c * width + x + shift]) is assumed to stay inside its row, a * v in
// [0, S): the grid's footprint is then that of the offset with v a box
// variable over that range, an upper bound and an Assumption (the rows
// programmers write are padded for such shifts; the data decides).
// A group in one block that runs every iteration of its innermost loop,
// whose addresses move by a constant step there, is a row walk
// (ReuseInfo::WalkStrideBytes; its hits are CacheHits.cpp's).
// Two groups touch the same bytes when their offsets are equal once each
// loop's iteration number is named by its range and coefficient: the copies
// of one loop that unrolling an outer loop makes (four inner loops and a
// remainder's, each re-reading in[tid.x + ntid.x * iter]). The kernel's
// footprints count such data once (AccessGroup::DataCountedElsewhere).
//
//===----------------------------------------------------------------------===//
#include "MemoryImpl.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace ktime {
namespace memory {

namespace {

bool inLoop(const Loop *Outer, const Loop *Inner) {
  return Outer && Inner && Outer->contains(Inner);
}

/// Whether \p Offset changes between iterations of \p L.
bool variesIn(const Expr &Offset, const Loop *L, const ExprBuilder &B) {
  if (Offset.mentions(B.iterSymbol(L)))
    return true;
  for (const OpaqueValue *O : B.opaqueIn(Offset))
    if (inLoop(L, O->DefLoop))
      return true;
  return false;
}

Expr product(std::initializer_list<const char *> Syms,
             const std::map<std::string, Expr> &Sizes) {
  Expr P = Expr::constant(1);
  for (const char *S : Syms)
    P = P * Expr::symbol(S);
  return P.substitute(Sizes);
}

/// \p Box (tid.*, loop iterations) and ctaid.* in [0, nctaid.*): the grid.
std::vector<BoxVar> gridBox(std::vector<BoxVar> Box,
                            const std::map<std::string, Expr> &Sizes) {
  for (const char *D : {"x", "y", "z"})
    Box.push_back({std::string("ctaid.") + D,
                   Expr::symbol(std::string("nctaid.") + D).substitute(Sizes)});
  return Box;
}

/// \p E with every min(iter.L, 1) (a loop header's phi of two constants,
/// ExprBuilder::firstIterationPhi), which canonical forms write as
/// min(k, k * iter.L) or max(-k, -k * iter.L),
/// replaced by a symbol first.L of two values, 0 and 1, added to \p Box:
/// the offset is then affine in it.
Expr boxFirstIterations(const Expr &E, std::vector<BoxVar> &Box) {
  ArrayRef<Expr> Ops = E.operands();
  switch (E.getKind()) {
  case Expr::Kind::Constant:
  case Expr::Kind::Symbol:
    return E;
  case Expr::Kind::Min:
  case Expr::Kind::Max: {
    // min(k, k * iter.L) = k * min(iter.L, 1) (k > 0), and its negation
    // max(k, k * iter.L) (k < 0).
    if (Ops.size() == 2 && (Ops[0].isConstant() || Ops[1].isConstant())) {
      const Expr &C = Ops[0].isConstant() ? Ops[0] : Ops[1];
      const Expr &V = Ops[0].isConstant() ? Ops[1] : Ops[0];
      std::optional<int64_t> K = 1;
      Expr Iter = V;
      if (V.getKind() == Expr::Kind::Mul && V.operands().size() == 2) {
        K = V.operands()[0].getInt64();
        Iter = V.operands()[1];
      }
      bool Sign = E.getKind() == Expr::Kind::Min ? K > 0 : K < 0;
      if (K && Sign && C.getInt64() == K && Iter.isSymbol() &&
          Iter.getSymbolName().starts_with("iter.")) {
        std::string First = "first." + Iter.getSymbolName().drop_front(5).str();
        if (llvm::none_of(Box,
                          [&](const BoxVar &B) { return B.Symbol == First; }))
          Box.push_back({First, Expr::constant(2)});
        return Expr::symbol(First) * *K;
      }
    }
    [[fallthrough]];
  }
  default: {
    std::vector<Expr> New;
    for (const Expr &O : Ops)
      New.push_back(boxFirstIterations(O, Box));
    return E.withOperands(New);
  }
  }
}

/// The grid box widened by each value of \p Offset computed in a loop
/// around the access, as a variable that keeps the address in its row of
/// that loop (see the file comment); nullopt where a value is not a positive
/// multiple added to an address with a positive constant row stride.
std::optional<std::vector<BoxVar>>
rowBoundedBox(const Expr &Offset, std::vector<BoxVar> GridBox,
              const std::vector<const OpaqueValue *> &Moving,
              const ExprBuilder &B) {
  for (const OpaqueValue *O : Moving) {
    const std::string &Sym = O->Symbol;
    std::optional<Rational> A = linearCoefficient(Offset, Sym);
    std::optional<Rational> Stride =
        O->DefLoop ? linearCoefficient(Offset, B.iterSymbol(O->DefLoop))
                   : std::nullopt;
    if (!A || !Stride || A->sign() <= 0 || Stride->sign() <= 0 || *Stride < *A)
      return std::nullopt;
    GridBox.push_back({Sym, Expr::constant((*Stride / *A).floor())});
  }
  return GridBox;
}

/// The basic block that holds every member of \p Group, null when they are
/// in several (or there are none).
const BasicBlock *membersBlock(const AccessGroup &Group,
                               ArrayRef<AccessInfo> Accesses) {
  if (Group.Members.empty())
    return nullptr;
  const BasicBlock *BB = Accesses[Group.Members.front()].Inst->getParent();
  if (llvm::any_of(Group.Members, [&](unsigned Idx) {
        return Accesses[Idx].Inst->getParent() != BB;
      }))
    return nullptr;
  return BB;
}

/// The magnitude of the constant step by which every iteration of the
/// innermost loop around \p Group's members moves their addresses
/// (ReuseInfo::WalkStrideBytes), where the members are all in one basic
/// block of that loop that runs in every iteration (it dominates the
/// latches), nothing the address adds is recomputed in a loop (\p Affine),
/// and the step is no less than the bytes the members span (\p Shifts and
/// \p Bytes: overlapping steps are the footprint's reuse). \p Walk gets
/// the loop.
std::optional<int64_t> walkStride(const AccessGroup &Group,
                                  ArrayRef<AccessInfo> Accesses,
                                  const Expr &Rest, ArrayRef<int64_t> Shifts,
                                  unsigned Bytes, bool Affine,
                                  const ReuseInputs &In, const Loop *&Walk) {
  const BasicBlock *BB = Affine ? membersBlock(Group, Accesses) : nullptr;
  if (!BB)
    return std::nullopt;
  const Loop *L = In.LI.getLoopFor(BB);
  if (!L)
    return std::nullopt;
  SmallVector<BasicBlock *, 2> Latches;
  L->getLoopLatches(Latches);
  if (Latches.empty() || llvm::any_of(Latches, [&](const BasicBlock *Latch) {
        return !In.DT.dominates(BB, Latch);
      }))
    return std::nullopt;
  std::optional<Rational> Step =
      linearCoefficient(Rest, In.Builder.iterSymbol(L));
  std::optional<int64_t> Magnitude =
      Step ? Step->abs().getInt64() : std::nullopt;
  if (!Magnitude)
    return std::nullopt;
  auto [Lo, Hi] = std::minmax_element(Shifts.begin(), Shifts.end());
  if (*Magnitude < *Hi - *Lo + static_cast<int64_t>(Bytes))
    return std::nullopt;
  Walk = L;
  return Magnitude;
}

/// Sets \p R's bytes of one iteration
/// (ReuseInfo::IterationRequestedBytesPerBlock and
/// IterationUniqueBytesPerBlock) where \p Group has several members, all in
/// one basic block, in the same innermost loop or in none: taps taken as
/// issued together (ptxas schedules a block's independent loads first; a
/// use or a store between them is not looked for). The footprint of \p Rest
/// over the block's threads with every loop at one iteration, against what
/// the members ask for once each; the block's other warps' taps of the
/// same lines count with them. Members in blocks of their own (each tap
/// behind its bounds check) are issued one after another, the warp waiting
/// for the sum that uses one before it issues the next, which then finds
/// the line filled; a one-member group's lines are shared only between
/// warps, whose distance in time nothing here gives: neither is counted.
void iterationFootprint(const AccessGroup &Group, ArrayRef<AccessInfo> Accesses,
                        const Expr &Rest, ArrayRef<int64_t> Shifts,
                        unsigned Bytes, ArrayRef<BoxVar> Box,
                        const Expr &Threads, const ReuseInputs &In,
                        ReuseInfo &R) {
  const BasicBlock *BB = membersBlock(Group, Accesses);
  if (Group.Members.size() < 2 || !BB)
    return;
  const Loop *L = In.LI.getLoopFor(BB);
  // Box holds tid.x, tid.y, tid.z first, then the loops' numbers.
  std::vector<BoxVar> One(Box.begin(), Box.end());
  for (size_t K = 3; K < One.size(); ++K)
    One[K].Range = Expr::constant(1);
  // An upper bound on the footprint only lowers the reuse that waits.
  bool Exact = false;
  std::optional<Expr> Unique = footprintBytes(Rest, Shifts, Bytes, One, Exact);
  if (!Unique)
    return;
  Expr Asked;
  for (unsigned Idx : Group.Members)
    Asked += Expr::constant(Accesses[Idx].BytesPerThread) * Threads;
  R.IterationRequestedBytesPerBlock = Asked;
  R.IterationUniqueBytesPerBlock = *Unique;
  if (L)
    if (std::optional<Rational> Step =
            linearCoefficient(Rest, In.Builder.iterSymbol(L)))
      R.IterationStepBytes = Step->abs().getInt64();
}

} // namespace

std::optional<Rational> linearCoefficient(const Expr &E,
                                          const std::string &Sym) {
  Expr At0 = E.substitute({{Sym, Expr()}});
  Expr At1 = E.substitute({{Sym, Expr::constant(1)}});
  std::optional<Rational> D = (At1 - At0).getConstant();
  if (!D || D->isZero() || At0 + Expr::constant(*D) * Expr::symbol(Sym) != E)
    return std::nullopt;
  return D;
}

/// The bytes a group with a footprint touches, as a string: its base and
/// space, its offset with the iteration numbers renamed in the order
/// of their ranges and coefficients, those ranges and its shifts. Equal keys
/// mean the same set of bytes.
std::string dataKey(const Value *Base, MemSpace Space, const Expr &Rest,
                    ArrayRef<BoxVar> Box, ArrayRef<int64_t> Shifts) {
  struct Iteration {
    std::string Range, Coef, Symbol;
  };
  std::vector<Iteration> Iters;
  // Box holds tid.x, tid.y, tid.z first, then the loops' numbers.
  for (size_t K = 3; K < Box.size(); ++K)
    if (Rest.mentions(Box[K].Symbol))
      Iters.push_back({Box[K].Range.str(),
                       linearParts(Rest, {Box[K].Symbol}).Coef[0].str(),
                       Box[K].Symbol});
  llvm::sort(Iters, [](const Iteration &X, const Iteration &Y) {
    return std::tie(X.Range, X.Coef) < std::tie(Y.Range, Y.Coef);
  });
  std::map<std::string, Expr> Rename;
  for (size_t I = 0; I != Iters.size(); ++I)
    Rename[Iters[I].Symbol] = Expr::symbol("iter.#" + std::to_string(I));
  std::string Key;
  raw_string_ostream OS(Key);
  OS << static_cast<const void *>(Base) << '|' << static_cast<int>(Space) << '|'
     << Rest.substitute(Rename);
  for (const Iteration &I : Iters)
    OS << '|' << I.Range;
  OS << '|';
  for (int64_t S : std::set<int64_t>(Shifts.begin(), Shifts.end()))
    OS << S << ',';
  return Key;
}

/// The outermost loop that holds every member of \p Group, or null
/// (AccessGroup::Nest).
static const Loop *outermostLoopOf(const AccessGroup &Group,
                                   ArrayRef<AccessInfo> Accesses,
                                   const LoopInfo &LI) {
  const Loop *Nest = nullptr;
  for (unsigned Idx : Group.Members) {
    const Loop *L = LI.getLoopFor(Accesses[Idx].Inst->getParent());
    if (!L)
      return nullptr;
    L = L->getOutermostLoop();
    if (Nest && L != Nest)
      return nullptr;
    Nest = L;
  }
  return Nest;
}

std::vector<AccessGroup> buildGroups(MutableArrayRef<AccessInfo> Accesses,
                                     ArrayRef<AccessAddress> Addresses,
                                     const ReuseInputs &In) {
  struct Key {
    const Value *Base;
    MemSpace Space;
    bool Reads;
    Expr Rest;
  };
  std::vector<Key> Keys;
  std::vector<AccessGroup> Groups;
  std::vector<std::vector<int64_t>> Shifts;
  std::map<std::tuple<const Value *, int, bool, Expr>, size_t> Find;
  for (unsigned Idx = 0; Idx != Accesses.size(); ++Idx) {
    const AccessInfo &A = Accesses[Idx];
    const AccessAddress &Addr = Addresses[Idx];
    bool Reads = A.IsLoad && !A.IsAtomic;
    std::optional<Key> K;
    int64_t Shift = 0;
    if (Addr.Base && Addr.Offset) {
      auto [Rest, C] = splitConstant(*Addr.Offset);
      if (std::optional<int64_t> S = C.getInt64()) {
        K = Key{Addr.Base, A.Space, Reads, Rest};
        Shift = *S;
      }
    }
    size_t G = Groups.size();
    if (K) {
      auto [It, New] =
          Find.try_emplace(std::make_tuple(K->Base, static_cast<int>(K->Space),
                                           K->Reads, K->Rest),
                           G);
      G = It->second;
    }
    if (G == Groups.size()) {
      Groups.emplace_back();
      Shifts.emplace_back();
      // Accesses without a usable offset get a key that matches nothing.
      Keys.push_back(K ? *K : Key{nullptr, A.Space, Reads, Expr()});
    }
    Groups[G].Members.push_back(Idx);
    Shifts[G].push_back(Shift);
  }
  for (size_t G = 0; G != Groups.size(); ++G) {
    Groups[G].DataGroup = G;
    Groups[G].Nest = outermostLoopOf(Groups[G], Accesses, In.LI);
    if (!Keys[G].Base || Keys[G].Reads)
      continue;
    auto Read = Find.find(std::make_tuple(
        Keys[G].Base, static_cast<int>(Keys[G].Space), true, Keys[G].Rest));
    if (Read != Find.end()) {
      Groups[G].DataCountedElsewhere = true;
      Groups[G].DataGroup = Read->second;
    }
  }
  // The bytes of each group whose footprint is known (dataKey).
  std::vector<std::optional<std::string>> DataKeys(Groups.size());

  Expr Threads = product({"ntid.x", "ntid.y", "ntid.z"}, In.Sizes);
  Expr Blocks = product({"nctaid.x", "nctaid.y", "nctaid.z"}, In.Sizes);
  for (size_t G = 0; G != Groups.size(); ++G) {
    AccessGroup &Group = Groups[G];
    ReuseInfo &R = Group.Reuse;
    const Key &K = Keys[G];
    Expr Requested;
    unsigned Bytes = 0;
    std::vector<BoxVar> Box;
    for (const char *D : {"x", "y", "z"})
      Box.push_back(
          {std::string("tid.") + D,
           Expr::symbol(std::string("ntid.") + D).substitute(In.Sizes)});
    bool Footprint = K.Base != nullptr;
    std::vector<const OpaqueValue *> Moving;
    for (unsigned Idx : Group.Members) {
      const AccessInfo &A = Accesses[Idx];
      Requested +=
          Expr::constant(A.BytesPerThread) * Threads * A.ExecutionsPerThread;
      Bytes = std::max(Bytes, A.BytesPerThread);
      for (const Loop *L = In.LI.getLoopFor(A.Inst->getParent()); L;
           L = L->getParentLoop()) {
        std::string Iter = In.Builder.iterSymbol(L);
        if (llvm::none_of(Box,
                          [&](const BoxVar &V) { return V.Symbol == Iter; })) {
          const LoopTrip *Trip = findLoopTrip(In.Trips, L);
          Box.push_back({Iter, Trip ? Trip->Trip.substitute(In.Sizes)
                                    : Expr::symbol("trip.outer")});
        }
        // A value recomputed in the loop moves the address unpredictably.
        if (K.Base)
          for (const OpaqueValue *O : In.Builder.opaqueIn(K.Rest))
            if (inLoop(L, O->DefLoop)) {
              Footprint = false;
              if (!llvm::is_contained(Moving, O))
                Moving.push_back(O);
            }
      }
    }
    R.GroupSize = Group.Members.size();
    R.Group = G;
    R.SameAddresses = K.Base && llvm::all_equal(Shifts[G]);
    R.RequestedBytesPerBlock = Requested;
    std::optional<Expr> Unique, Grid;
    bool ExactBlock = false, ExactGrid = false;
    // A two-step tile loop's first-iteration term is a variable of two
    // values (its box entry follows the loops').
    Expr Rest = boxFirstIterations(K.Rest, Box);
    IterationRun Run;
    if (Footprint) {
      Unique = footprintBytes(Rest, Shifts[G], Bytes, Box, ExactBlock, &Run);
      Grid = footprintBytes(Rest, Shifts[G], Bytes, gridBox(Box, In.Sizes),
                            ExactGrid);
    }
    if (K.Space == MemSpace::Local) {
      // Local memory is private: each thread has its own copy of what the
      // offset spans over its loops.
      std::vector<BoxVar> Own(Box.begin() + 3, Box.end());
      Unique = Footprint
                   ? footprintBytes(Rest, Shifts[G], Bytes, Own, ExactBlock)
                   : std::nullopt;
      if (Unique)
        Unique = *Unique * Threads;
      Grid = Unique ? std::optional<Expr>(*Unique * Blocks) : std::nullopt;
      ExactGrid = ExactBlock;
    }
    // The offset the row bound applies to: the group's, or a lone access's
    // per-row offset (its per-row values computed in a loop around it).
    std::optional<Expr> RowOffset;
    if (K.Base && !Moving.empty()) {
      RowOffset = Rest;
    } else if (!K.Base && Group.Members.size() == 1) {
      const AccessAddress &Addr = Addresses[Group.Members.front()];
      if (Addr.Base && Addr.PerRowOffset) {
        RowOffset = boxFirstIterations(*Addr.PerRowOffset, Box);
        Moving = In.Builder.opaqueIn(*RowOffset);
        const Loop *AccessLoop =
            In.LI.getLoopFor(Accesses[Group.Members.front()].Inst->getParent());
        if (llvm::any_of(Moving, [&](const OpaqueValue *O) {
              return !inLoop(AccessLoop, O->DefLoop);
            }))
          RowOffset.reset(); // a value not computed in a loop around it
      }
    }
    if (!Footprint && RowOffset && !Moving.empty() &&
        K.Space != MemSpace::Local) {
      if (std::optional<std::vector<BoxVar>> Rows = rowBoundedBox(
              *RowOffset, gridBox(Box, In.Sizes), Moving, In.Builder)) {
        bool Exact = false;
        Grid = footprintBytes(*RowOffset, Shifts[G], Bytes, *Rows, Exact);
        if (Grid) {
          Grid = Expr::min(*Grid, Requested * Blocks);
          R.RowBoundAssumed = true;
        }
      }
    }
    const Loop *Walk = nullptr;
    R.WalkStrideBytes = walkStride(Group, Accesses, Rest, Shifts[G], Bytes,
                                   Footprint, In, Walk);
    R.WalkLoop = Walk;
    if (const LoopTrip *T = Walk ? findLoopTrip(In.Trips, Walk) : nullptr)
      R.WalkTrip = T->Trip.substitute(In.Sizes);
    if (K.Space != MemSpace::Local && Run.LaneStride) {
      R.LaneStrideBytes = Run.LaneStride;
      R.IterationTerms = std::move(Run.IterationTerms);
      R.ElementBytes = Bytes;
    }
    if (Footprint && Unique && Grid && K.Space != MemSpace::Local)
      DataKeys[G] = dataKey(K.Base, K.Space, Rest, Box, Shifts[G]);
    R.UniqueBytesPerBlock = Unique ? *Unique : Requested;
    R.GridFootprintBytes = Grid ? *Grid : Requested * Blocks;
    if (Unique && (K.Space == MemSpace::Global || K.Space == MemSpace::Generic))
      iterationFootprint(Group, Accesses, Rest, Shifts[G], Bytes, Box, Threads,
                         In, R);
    R.FootprintExact = Unique && Grid && ExactBlock && ExactGrid;

    for (unsigned Idx : Group.Members) {
      AccessInfo &A = Accesses[Idx];
      ReuseInfo Own = R;
      const std::optional<Expr> &Offset = Addresses[Idx].Offset;
      if (Offset)
        for (const Loop *L = In.LI.getLoopFor(A.Inst->getParent()); L;
             L = L->getParentLoop()) {
          if (variesIn(*Offset, L, In.Builder))
            break;
          Own.InvariantLoop = L;
          Own.InvariantLoopName =
              StringRef(In.Builder.iterSymbol(L)).drop_front(5).str();
        }
      A.Reuse = Own;
      if (R.RowBoundAssumed)
        A.Assumptions.push_back(
            "the value the address adds in its loop is assumed to keep it "
            "inside its row of that loop (grid footprint an upper bound)");
    }
  }
  // A group whose bytes an earlier group of its direction, or a read group,
  // touches is counted there (reads are visited first). ByData: the read
  // groups of each set of bytes, or the first write group where none reads.
  std::map<std::string, std::vector<size_t>> ByData;
  for (bool Reads : {true, false})
    for (size_t G = 0; G != Groups.size(); ++G)
      if (DataKeys[G] && Keys[G].Reads == Reads) {
        std::vector<size_t> &Same = ByData[*DataKeys[G]];
        if (!Same.empty()) {
          Groups[G].DataCountedElsewhere = true;
          Groups[G].DataGroup = Same.front();
        }
        if (Reads || Same.empty())
          Same.push_back(G);
      }
  // A group counted with a group that is itself counted elsewhere (a write
  // over a copy's read) is counted where that one is.
  for (AccessGroup &Group : Groups)
    for (size_t Hops = 0; Hops != Groups.size(); ++Hops) {
      const AccessGroup &To = Groups[Group.DataGroup];
      if (!To.DataCountedElsewhere || To.DataGroup == Group.DataGroup)
        break;
      Group.DataGroup = To.DataGroup;
    }
  // The read groups of one set of bytes share its compulsory misses.
  for (const auto &[Key, Same] : ByData) {
    if (Same.size() < 2 || !Keys[Same.front()].Reads)
      continue;
    Expr All;
    for (size_t G : Same)
      All += *Groups[G].Reuse.RequestedBytesPerBlock;
    for (size_t G : Same) {
      Groups[G].Reuse.DataRequestedBytesPerBlock = All;
      for (unsigned Idx : Groups[G].Members)
        Accesses[Idx].Reuse.DataRequestedBytesPerBlock = All;
    }
  }
  return Groups;
}

} // namespace memory
} // namespace ktime
