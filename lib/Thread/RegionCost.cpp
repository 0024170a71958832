//===- RegionCost.cpp - One pass through an acyclic region ----------------===//
//
// The region of a loop is the blocks directly in it, its sub-loops collapsed
// into compound nodes, its back edges and exits removed: a DAG. Its cost is
// computed in reverse topological order: after node N comes the longer
// continuation when N's branch is uniform (or N has one successor), and when
// it is divergent the warp runs every node between N and N's immediate
// post-dominator P (each once, both sides) and then continues from P.
// Given a reach for the branch's edges (RegionCallbacks::Reach), a node on
// one side only is weighted by whether some lane of the warp takes that
// side: a bounds guard's body costs nothing in a warp whose lanes are all
// out of bounds.
// Cycles the region still has (irreducible control flow) are cut at the edge
// that closes them, with an assumption saying so.
//
//===----------------------------------------------------------------------===//
#include "AffineTripCount.h"
#include "ThreadModelImpl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"

using namespace llvm;

namespace ktime {

namespace {

/// A node of the region: a block directly in the loop, or a sub-loop.
struct RegionNode {
  const BasicBlock *Block = nullptr;
  const Loop *Sub = nullptr;
};

class Region {
public:
  Region(const Loop *L, LoopInfo &LI) : L(L), LI(LI) {}

  /// The node control reaches through \p BB, or -1 if that leaves the
  /// region (an exit or the back edge to L's header, which is a node only as
  /// the entry).
  int nodeFor(const BasicBlock *BB, bool IsEntry = false) {
    if (L && (!L->contains(BB) || (BB == L->getHeader() && !IsEntry)))
      return -1;
    const Loop *In = LI.getLoopFor(BB);
    const Loop *Sub = nullptr;
    if (In != L) {
      Sub = In;
      while (Sub && Sub->getParentLoop() != L)
        Sub = Sub->getParentLoop();
      if (!Sub)
        return -1;
    }
    const void *Key = Sub ? static_cast<const void *>(Sub) : BB;
    auto [It, New] = Ids.try_emplace(Key, Nodes.size());
    if (New)
      Nodes.push_back(Sub ? RegionNode{nullptr, Sub} : RegionNode{BB, nullptr});
    return It->second;
  }

  SmallVector<int, 4> successors(int N) {
    SmallVector<int, 4> Result;
    auto Add = [&](const BasicBlock *BB) {
      int S = nodeFor(BB);
      if (S >= 0 && !is_contained(Result, S))
        Result.push_back(S);
    };
    if (const Loop *Sub = Nodes[N].Sub) {
      SmallVector<BasicBlock *, 4> Exits;
      Sub->getUniqueExitBlocks(Exits);
      for (const BasicBlock *E : Exits)
        Add(E);
    } else {
      for (const BasicBlock *S : llvm::successors(Nodes[N].Block))
        Add(S);
    }
    return Result;
  }

  const RegionNode &node(int N) const { return Nodes[N]; }
  size_t size() const { return Nodes.size(); }

private:
  const Loop *L;
  LoopInfo &LI;
  DenseMap<const void *, int> Ids;
  std::vector<RegionNode> Nodes;
};

} // namespace

NodeCost summarizeRegion(const Loop *L, const BasicBlock &Entry, LoopInfo &LI,
                         PostDominatorTree &PDT, const RegionCallbacks &CB,
                         std::vector<std::string> &Assumptions) {
  Region R(L, LI);
  int Start = R.nodeFor(&Entry, /*IsEntry=*/true);
  if (Start < 0)
    return NodeCost();

  // Depth-first, iteratively: the post-order, the DAG's successor lists
  // without edges that close a cycle.
  std::vector<SmallVector<int, 4>> Succ;
  std::vector<int> PostOrder;
  std::vector<char> State; // 0 new, 1 on stack, 2 done
  std::vector<std::pair<int, unsigned>> Stack;
  bool Irreducible = false;
  auto Grow = [&](int N) {
    if (Succ.size() <= static_cast<size_t>(N)) {
      Succ.resize(N + 1);
      State.resize(N + 1, 0);
    }
  };
  Grow(Start);
  Succ[Start] = R.successors(Start);
  State[Start] = 1;
  Stack.push_back({Start, 0});
  while (!Stack.empty()) {
    auto &[N, Next] = Stack.back();
    if (Next == Succ[N].size()) {
      State[N] = 2;
      PostOrder.push_back(N);
      Stack.pop_back();
      continue;
    }
    int S = Succ[N][Next];
    Grow(S);
    if (State[S] == 1) { // Closes a cycle: irreducible control flow.
      Irreducible = true;
      Succ[N].erase(Succ[N].begin() + Next);
      continue;
    }
    ++Next;
    if (State[S] == 0) {
      Succ[S] = R.successors(S);
      State[S] = 1;
      Stack.push_back({S, 0});
    }
  }
  if (Irreducible)
    Assumptions.push_back(
        "irreducible control flow (a cycle with several entries) is not a "
        "loop: its blocks are costed once each, as if it ran one iteration");

  std::vector<NodeCost> Own(R.size()), Rest(R.size());
  for (int N : PostOrder)
    Own[N] =
        R.node(N).Sub ? CB.Loop(*R.node(N).Sub) : CB.Block(*R.node(N).Block);

  DenseMap<int, unsigned> Position;
  for (unsigned I = 0; I != PostOrder.size(); ++I)
    Position[PostOrder[I]] = I;

  auto IsDivergentBranch = [&](int N) {
    const BasicBlock *Block = R.node(N).Block;
    return Succ[N].size() > 1 && Block && CB.IsDivergent(*Block);
  };
  // The node of N's immediate post-dominator, or -1 when it is not in the
  // region (an early return, an exit from the loop).
  auto PostDominator = [&](int N) {
    const BasicBlock *PBlock = nullptr;
    if (DomTreeNode *DN = PDT.getNode(R.node(N).Block))
      if (DomTreeNode *IP = DN->getIDom())
        PBlock = IP->getBlock();
    int P = PBlock ? R.nodeFor(PBlock) : -1;
    return P >= 0 && Position.count(P) ? P : -1;
  };
  // The nodes reached from \p From before \p P, each once.
  auto Between = [&](ArrayRef<int> From, int P) {
    DenseSet<int> Seen;
    std::vector<int> Order;
    std::vector<int> Work(From.begin(), From.end());
    while (!Work.empty()) {
      int X = Work.back();
      Work.pop_back();
      if (X == P || !Seen.insert(X).second)
        continue;
      Order.push_back(X);
      for (int Y : Succ[X])
        Work.push_back(Y);
    }
    return Order;
  };

  std::vector<char> WeighedUniform(R.size(), 0);
  if (CB.Reach) {
    // A node on one side only of a branch, reached only through that
    // side, runs only when some lane of the warp takes the side: its cost
    // is weighted by the side's reach (1 or 0), the reaches of nested
    // branches multiplying.
    std::vector<std::optional<Expr>> Weight(R.size());
    std::vector<SmallVector<int, 4>> Preds(R.size());
    for (int N : PostOrder)
      for (int S : Succ[N])
        Preds[S].push_back(N);
    // The nodes of a side that every path reaches through its first node
    // S, entered only from N: those the side's reach may weigh (a node
    // also reached from elsewhere, as after a short-circuit `a && b`,
    // runs for other lanes too).
    auto OnlyThrough = [&](int N, int S, ArrayRef<int> Nodes) {
      DenseSet<int> Only;
      if (Preds[S].size() != 1 || Preds[S].front() != N)
        return Only;
      std::vector<int> Order(Nodes.begin(), Nodes.end());
      llvm::sort(Order, [&](int A, int B) { // topological: sources first
        return Position.lookup(A) > Position.lookup(B);
      });
      for (int X : Order)
        if (X == S || (!Preds[X].empty() && llvm::all_of(Preds[X], [&](int Y) {
              return Only.count(Y);
            })))
          Only.insert(X);
      return Only;
    };
    for (int N : PostOrder) {
      if (Succ[N].size() < 2 || !R.node(N).Block)
        continue;
      const BasicBlock &Block = *R.node(N).Block;
      int P = PostDominator(N);
      DenseMap<int, unsigned> Sides; // node -> sides that reach it
      std::vector<std::pair<std::vector<int>, std::optional<Expr>>> Side;
      for (int S : Succ[N]) {
        const BasicBlock *Edge = nullptr;
        unsigned Edges = 0;
        for (const BasicBlock *BB : llvm::successors(&Block))
          if (R.nodeFor(BB) == S) {
            Edge = BB;
            ++Edges;
          }
        std::optional<Expr> W;
        if (Edges == 1)
          W = CB.Reach(Block, *Edge);
        std::vector<int> Nodes = Between({S}, P);
        for (int X : Nodes)
          ++Sides[X];
        DenseSet<int> Only = OnlyThrough(N, S, Nodes);
        llvm::erase_if(Nodes, [&](int X) { return !Only.count(X); });
        Side.push_back({std::move(Nodes), W});
      }
      // A uniform branch is weighed when every side's reach is known and
      // the sides meet again: the warp takes exactly one of them.
      if (!IsDivergentBranch(N)) {
        if (P < 0 ||
            llvm::any_of(Side, [](const auto &S) { return !S.second; }))
          continue;
        WeighedUniform[N] = true;
      }
      for (auto &[Nodes, W] : Side) {
        if (!W)
          continue;
        for (int X : Nodes)
          if (Sides[X] == 1)
            Weight[X] = Weight[X] ? *Weight[X] * *W : *W;
      }
    }
    for (int N : PostOrder)
      if (Weight[N]) {
        NodeCost &C = Own[N];
        C.Lat = C.Lat.scaled(*Weight[N], *CB.Nominal);
        C.Del = C.Del.scaled(*Weight[N], *CB.Nominal);
        C.Barriers = simplifyWithSymbolRanges(C.Barriers * *Weight[N]);
      }
  }

  for (int N : PostOrder) { // Successors come first in post-order.
    NodeCost Cost = Own[N];
    const SmallVector<int, 4> &S = Succ[N];
    if (IsDivergentBranch(N) || WeighedUniform[N]) {
      // Both sides: every node between N and its post-dominator P (of a
      // uniform branch, the side no lane takes weighs 0).
      int P = PostDominator(N);
      NodeCost Sides;
      for (int X : Between(S, P))
        Sides = Sides + Own[X];
      Cost = Cost + Sides;
      if (P >= 0)
        Cost = Cost + Rest[P];
    } else if (!S.empty()) {
      NodeCost Longest = Rest[S.front()];
      for (int X : ArrayRef<int>(S).drop_front())
        Longest = maxNodeCost(Longest, Rest[X]);
      Cost = Cost + Longest;
    }
    Rest[N] = Cost;
  }
  return Rest[Start];
}

} // namespace ktime
