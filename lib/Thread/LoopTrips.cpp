//===- LoopTrips.cpp - Trip counts of every loop of a kernel --------------===//
//
// trip = iterations per entry into the loop: from the exit comparison of an
// affine counter (AffineTripCount.cpp) or of a halving or doubling one
// (GeometricTripCount.cpp), else from ScalarEvolution's backedge-taken count
// (BTC): BTC + 1 for a loop that exits at its latch
// (rotated, bottom-tested), BTC for a loop that exits from its header
// (top-tested: the header runs once more). A rotated loop sits behind a guard
// that skips it; when the guard is exactly "trip >= 1" the count per entry of
// the guarded region is max(0, trip), which is what the source loop says.
// The guard may be further up: before an earlier loop whose exit is the only
// way into this one (the second of two passes over a row).
// Counts ScalarEvolution cannot give become the symbol trip.<loop> with the
// reason in Assumptions.
//
//===----------------------------------------------------------------------===//
#include "AffineTripCount.h"
#include "KernelTime/Compat.h"
#include "KernelTime/ScevToExpr.h"
#include "KernelTime/Thread.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;

namespace ktime {

std::string getTripSymbol(StringRef LoopName) {
  return ("trip." + LoopName).str();
}
std::string getIterSymbol(StringRef LoopName) {
  return ("iter." + LoopName).str();
}

namespace {

/// Loops in preorder; siblings in the order of their headers in the function.
SmallVector<Loop *, 8> loopsInSourceOrder(Function &F, LoopInfo &LI) {
  DenseMap<const BasicBlock *, unsigned> Position;
  for (BasicBlock &BB : F)
    Position[&BB] = Position.size();
  auto ByHeader = [&](const Loop *A, const Loop *B) {
    return Position.lookup(A->getHeader()) < Position.lookup(B->getHeader());
  };
  SmallVector<Loop *, 8> Result;
  std::function<void(ArrayRef<Loop *>)> Walk = [&](ArrayRef<Loop *> Loops) {
    SmallVector<Loop *, 8> Sorted(Loops.begin(), Loops.end());
    llvm::stable_sort(Sorted, ByHeader);
    for (Loop *L : Sorted) {
      Result.push_back(L);
      Walk(L->getSubLoops());
    }
  };
  SmallVector<Loop *, 8> TopLevel(LI.begin(), LI.end());
  Walk(TopLevel);
  return Result;
}

/// The names of a loop (docs/usage.md, "Names a launch can bind"):
/// loop<N> by preorder position, which needs no debug information, and
/// L<line> where the loop has a source location, L<line>_<col> when loops
/// of several columns share the line; copies of one source loop (made by
/// unrolling an outer loop) share their line name. In a function that is
/// not a kernel (a device function a kernel calls), both are qualified by
/// the function's symbol, <function>.loop<N>, so that its symbols do not
/// clash with the kernel's or another function's when its cost joins the
/// kernel's.
struct LoopNames {
  std::string Name;
  std::string LineName;
};

DenseMap<const Loop *, LoopNames> nameLoops(const Function &F,
                                            ArrayRef<Loop *> Loops) {
  std::map<unsigned, std::set<unsigned>> ColumnsOfLine;
  for (const Loop *L : Loops)
    if (DebugLoc DL = L->getStartLoc())
      ColumnsOfLine[DL.getLine()].insert(DL.getCol());
  std::string Prefix;
  if (!compat::isKernel(F) && F.hasName())
    Prefix = (F.getName() + ".").str();
  DenseMap<const Loop *, LoopNames> Names;
  for (unsigned I = 0; I != Loops.size(); ++I) {
    LoopNames &N = Names[Loops[I]];
    N.Name = Prefix + "loop" + std::to_string(I + 1);
    if (DebugLoc DL = Loops[I]->getStartLoc()) {
      N.LineName = Prefix + "L" + std::to_string(DL.getLine());
      if (ColumnsOfLine[DL.getLine()].size() > 1)
        N.LineName += "_" + std::to_string(DL.getCol());
    }
  }
  return Names;
}

/// True if \p V is computed from a load inside \p L (a few steps back).
bool dependsOnLoadIn(const Value *V, const Loop &L, unsigned Depth = 6) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I) || Depth == 0)
    return false;
  if (isa<LoadInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return true;
  if (isa<PHINode>(I))
    return false;
  for (const Value *Op : I->operands())
    if (dependsOnLoadIn(Op, L, Depth - 1))
      return true;
  return false;
}

std::string whyNoCount(const Loop &L) {
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  if (Exiting.empty())
    return "the loop has no exit";
  for (BasicBlock *BB : Exiting)
    if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator()))
      if (Br->isConditional() && dependsOnLoadIn(Br->getCondition(), L))
        return "its exit condition depends on a value loaded from memory in "
               "the loop";
  if (!L.getLoopLatch())
    return "it has several latches (back edges to its header)";
  if (Exiting.size() > 1)
    return "it has " + std::to_string(Exiting.size()) +
           " exits and ScalarEvolution computes none of their counts";
  if (auto *Br = dyn_cast<BranchInst>(Exiting.front()->getTerminator()))
    if (Br->isConditional() && isa<FCmpInst>(Br->getCondition()))
      return "its exit condition compares floating-point values (counted "
             "only for an integer counter of constant start and step against "
             "a constant bound, up to 2^16 iterations)";
  return "ScalarEvolution cannot compute its exit count (the exit condition "
         "is not an affine function of the induction variable)";
}

/// The condition under which \p Guard leads to \p Entry as "X >= 1": the
/// X, if \p Guard is an integer comparison, one side of which leads to
/// \p Entry and the other elsewhere.
std::optional<Expr> branchAsPositive(const BranchInst &Guard,
                                     const BasicBlock *Entry,
                                     ScalarEvolution &SE, ScevToExpr &Conv) {
  if (!Guard.isConditional() || Guard.getSuccessor(0) == Guard.getSuccessor(1))
    return std::nullopt;
  auto *Cmp = dyn_cast<ICmpInst>(Guard.getCondition());
  if (!Cmp || !Cmp->getOperand(0)->getType()->isIntOrPtrTy())
    return std::nullopt;
  CmpInst::Predicate CmpPred = Cmp->getPredicate();
  if (Guard.getSuccessor(1) == Entry)
    CmpPred = CmpInst::getInversePredicate(CmpPred);
  else if (Guard.getSuccessor(0) != Entry)
    return std::nullopt;
  const SCEV *A = SE.getSCEV(Cmp->getOperand(0));
  const SCEV *B = SE.getSCEV(Cmp->getOperand(1));
  bool Unsigned = CmpInst::isUnsigned(CmpPred) || CmpPred == CmpInst::ICMP_NE;
  std::optional<Expr> EA =
      Unsigned ? Conv.convertUnsigned(A, nullptr) : Conv.convert(A, nullptr);
  std::optional<Expr> EB =
      Unsigned ? Conv.convertUnsigned(B, nullptr) : Conv.convert(B, nullptr);
  if (!EA || !EB)
    return std::nullopt;
  switch (CmpPred) {
  case CmpInst::ICMP_NE:
    // "X != 0" is how instcombine writes "X >u 0": X >= 1 for unsigned X.
    if (EB->getInt64() == 0)
      return *EA;
    if (EA->getInt64() == 0)
      return *EB;
    return std::nullopt;
  case CmpInst::ICMP_SGT:
  case CmpInst::ICMP_UGT:
    return *EA - *EB;
  case CmpInst::ICMP_SGE:
  case CmpInst::ICMP_UGE:
    return *EA - *EB + Expr::constant(1);
  case CmpInst::ICMP_SLT:
  case CmpInst::ICMP_ULT:
    return *EB - *EA;
  case CmpInst::ICMP_SLE:
  case CmpInst::ICMP_ULE:
    return *EB - *EA + Expr::constant(1);
  default:
    return std::nullopt;
  }
}

/// The outermost loop below \p Parent that holds \p BB, or null.
const Loop *loopBelow(const BasicBlock *BB, const Loop *Parent,
                      const LoopInfo &LI) {
  const Loop *L = LI.getLoopFor(BB);
  while (L && L->getParentLoop() != Parent)
    L = L->getParentLoop();
  return L;
}

/// The block through which \p BB is entered: its one predecessor, or one of
/// its predecessors when all are in one loop below \p Parent (the exits of
/// a search that breaks); null otherwise.
const BasicBlock *wayInto(const BasicBlock *BB, const Loop *Parent,
                          const LoopInfo &LI) {
  if (const BasicBlock *P = BB->getSinglePredecessor())
    return P;
  const Loop *From = nullptr;
  for (const BasicBlock *P : predecessors(BB)) {
    const Loop *L = loopBelow(P, Parent, LI);
    if (!L || (From && L != From))
      return nullptr;
    From = L;
  }
  return From ? *pred_begin(BB) : nullptr;
}

/// The conditions that hold whenever \p L is entered, as "X >= 1", nearest
/// first: the comparisons of the branches met walking up from its
/// predecessor through blocks that are the only way in (wayInto), and across
/// an earlier loop at its depth whose exits all lead to where the walk is
/// (that loop's header is then the only way in). The second of two loops
/// over a row sits behind the first one's exit, not behind a guard of its
/// own; the test that guards both is further up.
SmallVector<Expr, 2> guardsAsPositive(const Loop &L, const LoopInfo &LI,
                                      ScalarEvolution &SE, ScevToExpr &Conv) {
  constexpr unsigned MaxGuards = 4, MaxSteps = 16;
  SmallVector<Expr, 2> Guards;
  const Loop *Parent = L.getParentLoop();
  const BasicBlock *Entry = L.getHeader();
  const BasicBlock *Pred = L.getLoopPredecessor();
  for (unsigned Step = 0;
       Pred && Step != MaxSteps && Guards.size() != MaxGuards; ++Step) {
    if (LI.getLoopFor(Pred) != Parent) {
      const Loop *Earlier = loopBelow(Pred, Parent, LI);
      if (!Earlier || Earlier->getUniqueExitBlock() != Entry)
        break;
      Entry = Earlier->getHeader();
      Pred = Earlier->getLoopPredecessor();
      continue;
    }
    auto *Branch = dyn_cast<BranchInst>(Pred->getTerminator());
    if (!Branch)
      break;
    if (Branch->isConditional())
      if (std::optional<Expr> X = branchAsPositive(*Branch, Entry, SE, Conv))
        Guards.push_back(*X);
    Entry = Pred;
    Pred = wayInto(Pred, Parent, LI);
  }
  return Guards;
}

/// The pointer parameters of \p F among the symbols of \p E: a count
/// between two pointers (`for (p = a; p != end; ++p)`) is in terms of their
/// addresses, which a launch does not give, unless they cancel (`end = a +
/// n`).
std::string pointerParamsIn(const Expr &E, const Function &F,
                            const SymbolNamer &Namer) {
  std::set<std::string> Symbols;
  E.collectSymbols(Symbols);
  std::string Found;
  for (const Argument &A : F.args())
    if (A.getType()->isPointerTy() &&
        Symbols.count(Namer.getParamName(A.getArgNo())))
      Found +=
          (Found.empty() ? "" : " and ") + Namer.getParamName(A.getArgNo());
  return Found;
}

LoopTrip computeOne(Loop &L, const LoopNames &Names, const LoopInfo &LI,
                    ScalarEvolution &SE, ScevToExpr &Conv,
                    const SymbolNamer &Namer) {
  StringRef Name = Names.Name;
  LoopTrip T;
  T.TheLoop = &L;
  T.Name = Names.Name;
  T.LineName = Names.LineName;
  T.Depth = L.getLoopDepth();
  T.Loc = L.getStartLoc();
  BasicBlock *Latch = L.getLoopLatch();
  T.HeaderExits =
      Latch && !L.isLoopExiting(Latch) && L.isLoopExiting(L.getHeader());

  std::optional<AffineTrip> Affine =
      computeAffineTripCount(L, SE, Conv, T.HeaderExits, T.Assumptions);
  if (!Affine)
    Affine =
        computeGeometricTripCount(L, SE, Conv, T.HeaderExits, T.Assumptions);
  if (!Affine)
    Affine = computeFloatTripCount(L, SE, T.HeaderExits, T.Assumptions);
  std::optional<Expr> Trip;
  if (Affine)
    Trip = Affine->Trip;
  bool UpperBound = false;
  std::string UpperBoundNote; // With %s for the count.
  std::string Why;
  if (!Trip) {
    const SCEV *BTC = SE.getBackedgeTakenCount(&L);
    if (!isa<SCEVCouldNotCompute>(BTC)) {
      // A backedge-taken count is an unsigned number.
      if (std::optional<Expr> Count = Conv.convertUnsigned(BTC, &L)) {
        Trip = T.HeaderExits ? *Count : *Count + Expr::constant(1);
        append_range(T.Assumptions, Conv.getAssumptions());
      } else {
        Why = "its count depends on " + Conv.getFailure();
      }
    } else if (std::optional<SeveralTestsTrip> Several =
                   countSeveralExitTests(L, SE, Conv, T.Assumptions)) {
      Trip = Several->Trip;
      if (Several->Counted < Several->Tests)
        UpperBoundNote =
            "the loop ends at the first of " + std::to_string(Several->Tests) +
            " tests to fail and " +
            std::to_string(Several->Tests - Several->Counted) +
            " cannot be counted (" + whyNoCount(L) + "); trip = %s counts " +
            "the others, as if those never ended it: an upper bound";
    } else {
      Why = whyNoCount(L);
      // ScalarEvolution may still bound the count. A loop with early exits
      // (a search that breaks) is counted as if it took none of them; for
      // one exit the bound is only mentioned, as it can be far off (a loop
      // halving its counter is bounded by the integer's width).
      const SCEV *Max = SE.getSymbolicMaxBackedgeTakenCount(&L);
      std::optional<Expr> MaxCount;
      if (!isa<SCEVCouldNotCompute>(Max))
        MaxCount = Conv.convert(Max, &L);
      if (MaxCount) {
        Expr MaxTrip = T.HeaderExits ? *MaxCount : *MaxCount + 1;
        SmallVector<BasicBlock *, 4> Exiting;
        L.getExitingBlocks(Exiting);
        if (Exiting.size() > 1 && getTakenExitingBlocks(L).size() == 1) {
          // The other exits end in `unreachable`: the bound is the count.
          Trip = MaxTrip;
          append_range(T.Assumptions, Conv.getAssumptions());
        } else if (Exiting.size() > 1) {
          Trip = MaxTrip;
          UpperBound = true;
          append_range(T.Assumptions, Conv.getAssumptions());
        } else {
          Why += " (it runs at most " +
                 simplifyWithSymbolRanges(MaxTrip).str() + " times)";
        }
      }
    }
  }
  if (Trip) {
    std::string Pointers =
        pointerParamsIn(*Trip, *L.getHeader()->getParent(), Namer);
    if (!Pointers.empty()) {
      std::string Count = simplifyWithSymbolRanges(*Trip).str();
      Why = "it runs between the addresses the pointer parameters " + Pointers +
            " hold" + (Count.size() <= 60 ? " (trip = " + Count + ")" : "");
      Trip.reset();
      T.Assumptions.clear(); // Those of the count, which is not used.
      UpperBound = false;
      UpperBoundNote.clear();
    }
  }
  if (!Trip) {
    T.Trip = Expr::symbol(getTripSymbol(Name));
    T.Exact = false;
    T.Assumptions.push_back("trip count of the loop unknown because " + Why +
                            "; it is the symbol " + getTripSymbol(Name) +
                            (T.LineName.empty()
                                 ? std::string()
                                 : " (or " + getTripSymbol(T.LineName) + ")"));
    return T;
  }

  Expr Count = simplifyWithSymbolRanges(*Trip);
  // The nearest guard that says something about the count settles it.
  for (const Expr &X : guardsAsPositive(L, LI, SE, Conv)) {
    Expr Guarded = Count;
    // The count of a halving or doubling loop behind its entry test is in
    // terms of its start, not of X, so an equivalent test also does.
    if (Affine && Affine->EntryDistance &&
        (simplifyUnderGuard(*Affine->EntryDistance, X) == X ||
         (Affine->GuardedTrip && isSameTestAs(*Affine->EntryDistance, X)))) {
      // The guard is the source loop's own entry test.
      Guarded = simplifyWithSymbolRanges(
          Affine->GuardedTrip
              ? *Affine->GuardedTrip
              : Expr::max(Expr::constant(0), Expr::ceilDiv(X, Affine->Stride)));
    } else {
      Guarded = simplifyUnderGuard(Count, X);
      if (isPositiveExactlyWhen(Guarded, X))
        Guarded = Expr::max(Expr::constant(0), Guarded);
    }
    if (Guarded != Count) {
      Count = Guarded;
      break;
    }
  }
  T.Trip = Count;
  if (UpperBound)
    UpperBoundNote = "the loop has early exits; trip = %s is its count if it "
                     "takes none of them, an upper bound";
  if (!UpperBoundNote.empty()) {
    T.Exact = false;
    size_t At = UpperBoundNote.find("%s");
    T.Assumptions.push_back(UpperBoundNote.replace(At, 2, Count.str()));
  }
  return T;
}

/// The last loop of \p Trips (\p L) may start where an earlier loop, one
/// that does not hold it, stopped (a remainder loop after a loop of four
/// at a time): its count then names that loop's iteration number, which no
/// launch can give. The earlier loop has run all its iterations by then:
/// iter.X is its last, trip(X) - 1, in X's own count (X came before, so its
/// count is known; one that names another earlier loop was settled so).
void settleEarlierIterations(std::vector<LoopTrip> &Trips, const Loop &L) {
  LoopTrip &T = Trips.back();
  std::set<std::string> Symbols;
  T.Trip.collectSymbols(Symbols);
  std::map<std::string, Expr> Subst;
  // By the symbols the count names, not by the earlier loops: a kernel of
  // thousands of loops in sequence would build every earlier loop's symbol
  // for every loop.
  const std::string IterPrefix = getIterSymbol("");
  for (const std::string &Iter : Symbols) {
    StringRef Name = Iter;
    if (!Name.consume_front(IterPrefix))
      continue;
    // The latest earlier loop of that name that does not hold this one;
    // loops are in source order, so the scan from the back ends at the
    // loop just before this one in the usual case.
    for (size_t I = Trips.size() - 1; I-- > 0;) {
      const LoopTrip &X = Trips[I];
      if (X.Name == Name && !X.TheLoop->contains(&L)) {
        Subst[Iter] = X.Trip - Expr::constant(1);
        break;
      }
    }
  }
  if (Subst.empty())
    return;
  T.Trip = simplifyWithSymbolRanges(T.Trip.substitute(Subst));
  std::string Names;
  for (auto &[Iter, Last] : Subst)
    Names += (Names.empty() ? "" : ", ") + Iter;
  T.Assumptions.push_back("the loop starts where an earlier loop stopped: " +
                          Names + " is that loop's last iteration");
}

} // namespace

void addLoopSymbolAliases(
    const std::vector<LoopTrip> &Loops,
    std::map<std::string, std::vector<std::string>> &Aliases) {
  for (const LoopTrip &T : Loops)
    if (!T.LineName.empty()) {
      Aliases[getTripSymbol(T.LineName)].push_back(getTripSymbol(T.Name));
      Aliases[getIterSymbol(T.LineName)].push_back(getIterSymbol(T.Name));
    }
}

std::vector<LoopTrip> computeLoopTrips(Function &F, LoopInfo &LI,
                                       ScalarEvolution &SE) {
  SmallVector<Loop *, 8> Loops = loopsInSourceOrder(F, LI);
  DenseMap<const Loop *, LoopNames> Names = nameLoops(F, Loops);
  SymbolNamer Namer(F);
  ScevToExpr Conv(SE, Namer, [&Names](const Loop *L) {
    auto It = Names.find(L);
    return getIterSymbol(It == Names.end() ? "outer" : It->second.Name);
  });
  Conv.setReadChosenValues(true);
  std::vector<LoopTrip> Result;
  for (Loop *L : Loops) {
    Result.push_back(computeOne(*L, Names[L], LI, SE, Conv, Namer));
    settleEarlierIterations(Result, *L);
  }
  return Result;
}

const LoopTrip *findLoopTrip(ArrayRef<LoopTrip> Trips, const Loop *L) {
  for (const LoopTrip &T : Trips)
    if (T.TheLoop == L)
      return &T;
  return nullptr;
}

} // namespace ktime
