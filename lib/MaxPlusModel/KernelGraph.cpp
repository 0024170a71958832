//===- KernelGraph.cpp - Kernel graphs: time, height, pruning, Table 1 ----===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The pure graph functions of the max-plus model: a graph's time
/// <1_o, Z* (x) 1_i> (sparse) and the paper's literal <1_o, Z^k (x) 1_i>
/// (dense), its height, pruning of nodes that cannot matter, the series /
/// parallel reduction of Table 1, and printing. Tested by
/// unittests/MaxPlusModel/KernelGraphTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlusModel.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace ktime;

llvm::StringRef ktime::getNodeKindName(KGNodeKind K) {
  switch (K) {
  case KGNodeKind::Load:
    return "load";
  case KGNodeKind::Op:
    return "op";
  case KGNodeKind::Store:
    return "store";
  case KGNodeKind::Compound:
    return "compound";
  case KGNodeKind::LiveIn:
    return "live-in";
  case KGNodeKind::State:
    return "state";
  case KGNodeKind::Carry:
    return "carry";
  case KGNodeKind::LiveOut:
    return "live-out";
  case KGNodeKind::Index:
    return "index";
  case KGNodeKind::Sync:
    return "sync";
  }
  return "?";
}

unsigned KernelGraph::addNode(KGNodeKind K, std::string Label) {
  KGNode N;
  N.Kind = K;
  N.Label = std::move(Label);
  N.Output = K == KGNodeKind::Store || K == KGNodeKind::LiveOut;
  Nodes.push_back(std::move(N));
  Z.grow(size());
  return size() - 1;
}

void KernelGraph::addArc(unsigned From, unsigned To, const MPTime &W) {
  assert(From != To && "use setSelfLoop");
  Z.accumulate(To, From, W);
}

void KernelGraph::setSelfLoop(unsigned Node, const MPTime &W) {
  Z.set(Node, Node, W);
}

std::vector<unsigned> KernelGraph::inputs() const {
  std::vector<unsigned> R;
  for (unsigned V = 0; V < size(); ++V) {
    const auto &Row = Z.row(V);
    if (Row.empty() || (Row.size() == 1 && Row.begin()->first == V))
      R.push_back(V);
  }
  return R;
}

std::vector<unsigned> KernelGraph::outputs() const {
  std::vector<unsigned> R;
  for (unsigned V = 0; V < size(); ++V)
    if (Nodes[V].Output)
      R.push_back(V);
  return R;
}

MPTime ktime::graphTime(const KernelGraph &G) {
  maxplus::SparseVector<MPTime> Seeds(G.size());
  for (unsigned V : G.inputs())
    Seeds.set(V, MPTime());
  for (unsigned V = 0; V < G.size(); ++V)
    if (const std::optional<MPTime> &S = G.Nodes[V].Seed) {
      const MPTime *Old = Seeds.lookup(V);
      Seeds.set(V, Old ? maxTime(*Old, *S) : *S);
    }
  std::optional<maxplus::SparseVector<MPTime>> D =
      maxplus::arrivalTimes(G.Z, Seeds);
  std::optional<MPTime> Latest;
  if (D)
    for (unsigned O : G.outputs())
      if (const MPTime *T = D->lookup(O))
        Latest = Latest ? maxTime(*Latest, *T) : *T;
  return Latest.value_or(MPTime());
}

void ktime::foldSourceSeeds(KernelGraph &G) {
  std::vector<bool> Fold(G.size(), false);
  for (unsigned V : G.inputs()) // An output's own arrival needs its seed.
    Fold[V] = G.Nodes[V].Seed.has_value() && !G.Nodes[V].Output;
  for (unsigned W = 0; W < G.size(); ++W) {
    std::vector<std::pair<unsigned, MPTime>> Changed;
    for (const auto &[J, A] : G.Z.row(W))
      if (J != W && Fold[J])
        Changed.push_back({J, *G.Nodes[J].Seed + A});
    for (auto &[J, A] : Changed)
      G.Z.set(W, J, std::move(A));
  }
  for (unsigned V = 0; V < G.size(); ++V)
    if (Fold[V])
      G.Nodes[V].Seed.reset();
}

unsigned ktime::graphHeight(const KernelGraph &G) {
  return maxplus::height(G.Z).value_or(0);
}

std::optional<MPTime> ktime::denseGraphTime(const KernelGraph &G,
                                            unsigned MaxNodes) {
  if (G.size() > MaxNodes || !maxplus::height(G.Z))
    return std::nullopt;
  for (const KGNode &N : G.Nodes)
    if (N.Seed)
      return std::nullopt;
  // The paper's inputs and outputs are distinct nodes: a node that is both
  // would count its self-loop on every step of Z^k.
  std::vector<unsigned> Inputs = G.inputs();
  for (unsigned O : G.outputs())
    if (llvm::is_contained(Inputs, O))
      return std::nullopt;
  unsigned K = graphHeight(G);
  maxplus::DenseMatrix<MPTime> P =
      maxplus::power(maxplus::DenseMatrix<MPTime>::fromSparse(G.Z), K);
  std::optional<MPTime> Best;
  for (unsigned O : G.outputs())
    for (unsigned I : Inputs)
      if (const MPTime *W = P.lookup(O, I))
        Best = Best ? maxTime(*Best, *W) : *W;
  return Best;
}

/// The nodes of \p G with Keep set, renumbered in order, with their arcs.
static KernelGraph subgraph(const KernelGraph &G,
                            const std::vector<bool> &Keep) {
  std::vector<int> NewId(G.size(), -1);
  KernelGraph R;
  for (unsigned V = 0; V < G.size(); ++V)
    if (Keep[V]) {
      NewId[V] = static_cast<int>(R.Nodes.size());
      R.Nodes.push_back(G.Nodes[V]);
    }
  R.Z = maxplus::SparseMatrix<MPTime>(R.size());
  for (unsigned V = 0; V < G.size(); ++V) {
    if (!Keep[V])
      continue;
    for (const auto &[J, W] : G.Z.row(V))
      if (Keep[J])
        R.Z.set(NewId[V], NewId[J], W);
  }
  for (KGNode &N : R.Nodes)
    if (N.Pair >= 0)
      N.Pair = NewId[N.Pair];
  return R;
}

KernelGraph ktime::pruneGraph(const KernelGraph &G) {
  // Backwards from the outputs and the carries, against the arcs.
  std::vector<bool> Keep(G.size(), false);
  std::vector<unsigned> Work;
  for (unsigned V = 0; V < G.size(); ++V)
    if (G.Nodes[V].Output || G.Nodes[V].Kind == KGNodeKind::Carry) {
      Keep[V] = true;
      Work.push_back(V);
    }
  while (!Work.empty()) {
    unsigned V = Work.back();
    Work.pop_back();
    for (const auto &Entry : G.Z.row(V))
      if (!Keep[Entry.first]) {
        Keep[Entry.first] = true;
        Work.push_back(Entry.first);
      }
  }
  // A State stays with its Carry (the recurrence needs both ends).
  for (unsigned V = 0; V < G.size(); ++V)
    if (G.Nodes[V].Kind == KGNodeKind::State && G.Nodes[V].Pair >= 0)
      Keep[V] = Keep[V] || Keep[G.Nodes[V].Pair];
  return subgraph(G, Keep);
}

KernelGraph ktime::reduceSeriesParallel(const KernelGraph &G) {
  unsigned N = G.size();
  std::vector<std::map<unsigned, MPTime>> In(N); // In[v][u] = z_vu
  std::vector<std::set<unsigned>> Out(N);
  std::vector<std::optional<MPTime>> Loop(N);
  for (unsigned V = 0; V < N; ++V)
    for (const auto &[J, W] : G.Z.row(V)) {
      if (J == V) {
        Loop[V] = W;
        continue;
      }
      In[V].emplace(J, W);
      Out[J].insert(V);
    }
  std::vector<bool> Alive(N, true);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (unsigned V = 0; V < N; ++V) {
      const KGNode &Node = G.Nodes[V];
      if (!Alive[V] || Node.Output || Node.Seed ||
          Node.Kind == KGNodeKind::State || Node.Kind == KGNodeKind::Carry ||
          In[V].size() != 1 || Out[V].size() != 1)
        continue;
      unsigned U = In[V].begin()->first, W = *Out[V].begin();
      // Series: z_vu, the loop of v, z_wv in a row.
      MPTime Through = In[V].begin()->second;
      if (Loop[V])
        Through = Through + *Loop[V];
      Through = Through + In[W].at(V);
      // Parallel: keep the larger of the new arc and an existing u -> w.
      auto It = In[W].find(U);
      if (It == In[W].end())
        In[W].emplace(U, Through);
      else
        It->second = maxTime(It->second, Through);
      In[W].erase(V);
      Out[U].erase(V);
      Out[U].insert(W);
      In[V].clear();
      Out[V].clear();
      Alive[V] = false;
      Changed = true;
    }
  }
  KernelGraph Reduced;
  Reduced.Nodes = G.Nodes;
  Reduced.Z = maxplus::SparseMatrix<MPTime>(N);
  for (unsigned V = 0; V < N; ++V) {
    if (!Alive[V])
      continue;
    for (const auto &[U, W] : In[V])
      Reduced.Z.set(V, U, W);
    if (Loop[V])
      Reduced.Z.set(V, V, *Loop[V]);
  }
  return subgraph(Reduced, Alive);
}

void ktime::printKernelGraph(const KernelGraph &G, llvm::raw_ostream &OS,
                             unsigned Indent, unsigned MaxMatrixNodes) {
  std::vector<unsigned> Inputs = G.inputs();
  std::set<unsigned> IsInput(Inputs.begin(), Inputs.end());
  for (unsigned V = 0; V < G.size(); ++V) {
    const KGNode &N = G.Nodes[V];
    OS.indent(Indent) << V << ": " << getNodeKindName(N.Kind) << ' ' << N.Label;
    if (IsInput.count(V))
      OS << " [input]";
    if (N.Output)
      OS << " [output]";
    if (const MPTime *L = G.Z.lookup(V, V))
      OS << " loop " << *L;
    if (N.Seed)
      OS << " not before " << *N.Seed;
    if (N.ReadRate)
      OS << " read rate " << *N.ReadRate;
    if (N.WriteRate)
      OS << " write rate " << *N.WriteRate;
    OS << '\n';
  }
  for (unsigned V = 0; V < G.size(); ++V)
    for (const auto &[J, W] : G.Z.row(V))
      if (J != V)
        OS.indent(Indent) << J << " -> " << V << ": " << W << '\n';
  if (G.size() && G.size() <= MaxMatrixNodes) {
    std::string Text;
    llvm::raw_string_ostream TS(Text);
    G.Z.print(TS);
    llvm::StringRef Rest(Text);
    OS.indent(Indent) << "Z =\n";
    while (!Rest.empty()) {
      auto [Line, Tail] = Rest.split('\n');
      OS.indent(Indent + 2) << Line << '\n';
      Rest = Tail;
    }
  }
}
