//===- KernelGraphTest.cpp - Kernel graphs of the max-plus model ----------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The pure graph functions of the max-plus model with symbolic times: the
/// paper's Z1, Z2, Z3 give T + t, T + tau + t and the serialised sum, with
/// heights 2 and 3; Table 1's series and parallel reductions; seeds (a read
/// waiting for its slot) and their folding onto arcs; pruning; and, on
/// random DAGs, that reduceSeriesParallel, pruneGraph and foldSourceSeeds
/// keep the time. MPTime's max by value.
/// Run: MaxPlusModelTests --gtest_filter='KernelGraph*:MPTime*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlusModel.h"

#include "gtest/gtest.h"

#include <ostream>
#include <random>

namespace ktime {
static void PrintTo(const Expr &X, std::ostream *OS) { *OS << X.str(); }
} // namespace ktime

using namespace ktime;

namespace {

/// The paper's symbols with values, so that comparisons can be made.
const Bindings B = {{"T", Rational(19)},
                    {"t", Rational(572)},
                    {"tau", Rational(4)},
                    {"dT", Rational(1, 4)},
                    {"dt", Rational(1, 4)}};

MPTime sym(const char *Name) { return MPTime(Expr::symbol(Name), B); }
MPTime num(int64_t V) { return MPTime(Expr::constant(V), B); }
Expr E(const char *Name) { return Expr::symbol(Name); }

/// The vector add: nodes c (0), sum (1), a (2), b (3) as in the paper,
/// with the given arc times and optional self-loop.
KernelGraph vectorAdd(MPTime ToC, MPTime FromA, MPTime FromB,
                      std::optional<MPTime> Tau) {
  KernelGraph G;
  G.addNode(KGNodeKind::Store, "c[i]");
  G.addNode(KGNodeKind::Op, "a[i] + b[i]");
  G.addNode(KGNodeKind::Load, "a[i]");
  G.addNode(KGNodeKind::Load, "b[i]");
  G.addArc(1, 0, ToC);
  G.addArc(2, 1, FromA);
  G.addArc(3, 1, FromB);
  if (Tau)
    G.setSelfLoop(1, *Tau);
  return G;
}

TEST(KernelGraphTest, PaperVectorAdd) {
  KernelGraph Z1 = vectorAdd(sym("T"), sym("t"), sym("t"), std::nullopt);
  EXPECT_EQ(Z1.inputs(), std::vector<unsigned>({2, 3}));
  EXPECT_EQ(Z1.outputs(), std::vector<unsigned>({0}));
  EXPECT_EQ(graphHeight(Z1), 2u);
  EXPECT_EQ(graphTime(Z1).E, E("T") + E("t"));
  ASSERT_TRUE(denseGraphTime(Z1));
  EXPECT_EQ(denseGraphTime(Z1)->E, E("T") + E("t"));

  KernelGraph Z2 = vectorAdd(sym("T"), sym("t"), sym("t"), sym("tau"));
  EXPECT_EQ(graphHeight(Z2), 3u);
  EXPECT_EQ(graphTime(Z2).E, E("T") + E("tau") + E("t"));
  EXPECT_EQ(denseGraphTime(Z2)->E, E("T") + E("tau") + E("t"));
  EXPECT_EQ(*graphTime(Z2).Nominal, 19 + 4 + 572);

  // Z3: T + (n-1) dT, t + (2n-2) dt, t + (2n-1) dt for n = 4.
  const int64_t N = 4;
  KernelGraph Z3 =
      vectorAdd(MPTime(E("T") + (N - 1) * E("dT"), B),
                MPTime(E("t") + (2 * N - 2) * E("dt"), B),
                MPTime(E("t") + (2 * N - 1) * E("dt"), B), sym("tau"));
  Expr Want =
      E("T") + (N - 1) * E("dT") + E("tau") + E("t") + (2 * N - 1) * E("dt");
  EXPECT_EQ(graphHeight(Z3), 3u);
  EXPECT_EQ(graphTime(Z3).E, Want);
  EXPECT_EQ(denseGraphTime(Z3)->E, Want);
}

TEST(KernelGraphTest, SeedsAndFolding) {
  // The reads of Z3 as seeds (their queue slots) instead of arc times:
  // the same time; folded onto the arcs they are the paper's Z3.
  const int64_t N = 4;
  KernelGraph G = vectorAdd(MPTime(E("T") + (N - 1) * E("dT"), B), sym("t"),
                            sym("t"), sym("tau"));
  G.Nodes[2].Seed = MPTime((2 * N - 2) * E("dt"), B);
  G.Nodes[3].Seed = MPTime((2 * N - 1) * E("dt"), B);
  Expr Want =
      E("T") + (N - 1) * E("dT") + E("tau") + E("t") + (2 * N - 1) * E("dt");
  EXPECT_EQ(graphTime(G).E, Want);
  EXPECT_FALSE(denseGraphTime(G)); // Seeds have no dense form.
  foldSourceSeeds(G);
  EXPECT_FALSE(G.Nodes[2].Seed);
  EXPECT_EQ(G.Z.lookup(1, 2)->E, E("t") + (2 * N - 2) * E("dt"));
  EXPECT_EQ(G.Z.lookup(1, 3)->E, E("t") + (2 * N - 1) * E("dt"));
  EXPECT_EQ(graphTime(G).E, Want);
  EXPECT_EQ(denseGraphTime(G)->E, Want);

  // A seed on a node with a predecessor is a lower bound on its start:
  // a[i] -t-> b[i] (a dependent load, not before 1000) -t-> c[i].
  KernelGraph Chain;
  Chain.addNode(KGNodeKind::Load, "a[i]");
  Chain.addNode(KGNodeKind::Load, "b[a[i]]");
  Chain.addNode(KGNodeKind::Store, "c[i]");
  Chain.addArc(0, 1, sym("t"));
  Chain.addArc(1, 2, sym("t"));
  Chain.Nodes[1].Seed = num(1000);
  EXPECT_EQ(graphTime(Chain).E, 1000 + E("t")); // 1000 > t = 572
  foldSourceSeeds(Chain);                       // Not a source: stays.
  EXPECT_TRUE(Chain.Nodes[1].Seed);
  Chain.Nodes[1].Seed = num(100);
  EXPECT_EQ(graphTime(Chain).E, 2 * E("t")); // 100 < t
}

TEST(KernelGraphTest, Table1) {
  // Series 2 -> 1 -> 0 with t1, t2: k = 2, t1 + t2; one compound arc.
  KernelGraph Ser;
  Ser.addNode(KGNodeKind::Store, "1");
  Ser.addNode(KGNodeKind::Op, "2");
  Ser.addNode(KGNodeKind::Load, "3");
  Ser.addArc(1, 0, sym("T"));
  Ser.addArc(2, 1, sym("t"));
  EXPECT_EQ(graphHeight(Ser), 2u);
  EXPECT_EQ(graphTime(Ser).E, E("T") + E("t"));
  KernelGraph R = reduceSeriesParallel(Ser);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R.numArcs(), 1u);
  EXPECT_EQ(R.Nodes[0].Label, "1");
  EXPECT_EQ(R.Z.lookup(0, 1)->E, E("T") + E("t"));
  // The self-loop of a series node goes into the compound arc.
  Ser.setSelfLoop(1, sym("tau"));
  EXPECT_EQ(reduceSeriesParallel(Ser).Z.lookup(0, 1)->E,
            E("T") + E("tau") + E("t"));

  // Parallel: input 2 feeds outputs 0 and 1: k = 1, max(t1, t2).
  KernelGraph Par;
  Par.addNode(KGNodeKind::Store, "1");
  Par.addNode(KGNodeKind::Store, "2");
  Par.addNode(KGNodeKind::Load, "3");
  Par.addArc(2, 0, num(4));
  Par.addArc(2, 1, num(9));
  EXPECT_EQ(graphHeight(Par), 1u);
  EXPECT_EQ(graphTime(Par).E, Expr::constant(9));

  // Two series branches between the same nodes merge in parallel:
  // 0 -> 1 -> 3 (2 + 5) and 0 -> 2 -> 3 (4 + 1): one arc of max(7, 5).
  KernelGraph Dia;
  Dia.addNode(KGNodeKind::Load, "in");
  Dia.addNode(KGNodeKind::Op, "x");
  Dia.addNode(KGNodeKind::Op, "y");
  Dia.addNode(KGNodeKind::Store, "out");
  Dia.addArc(0, 1, num(2));
  Dia.addArc(1, 3, num(5));
  Dia.addArc(0, 2, num(4));
  Dia.addArc(2, 3, num(1));
  KernelGraph RD = reduceSeriesParallel(Dia);
  ASSERT_EQ(RD.size(), 2u);
  EXPECT_EQ(RD.numArcs(), 1u);
  EXPECT_EQ(RD.Z.lookup(1, 0)->E, Expr::constant(7));
  // An arc in parallel with a symbolic one without a value: a max.
  KernelGraph Sym;
  Sym.addNode(KGNodeKind::Load, "in");
  Sym.addNode(KGNodeKind::Op, "x");
  Sym.addNode(KGNodeKind::Store, "out");
  Sym.addArc(0, 1, MPTime(E("p"), B)); // p has no value
  Sym.addArc(1, 2, num(0));
  Sym.addArc(0, 2, num(3));
  KernelGraph RS = reduceSeriesParallel(Sym);
  EXPECT_EQ(RS.Z.lookup(1, 0)->E, Expr::max(E("p"), Expr::constant(3)));
}

TEST(KernelGraphTest, PruneKeepsWhatMatters) {
  // 0 -> 1 -> 2 (output); 0 -> 3 (dead end); state 4 -> carry 5.
  KernelGraph G;
  G.addNode(KGNodeKind::Load, "in");
  G.addNode(KGNodeKind::Op, "x");
  G.addNode(KGNodeKind::Store, "out");
  G.addNode(KGNodeKind::Op, "dead");
  unsigned S = G.addNode(KGNodeKind::State, "s");
  unsigned C = G.addNode(KGNodeKind::Carry, "s");
  G.Nodes[S].Pair = C;
  G.Nodes[C].Pair = S;
  G.addArc(0, 1, num(1));
  G.addArc(1, 2, num(2));
  G.addArc(0, 3, num(50));
  G.addArc(S, C, num(4));
  KernelGraph P = pruneGraph(G);
  ASSERT_EQ(P.size(), 5u);
  for (const KGNode &N : P.Nodes)
    EXPECT_NE(N.Label, "dead");
  EXPECT_EQ(P.Nodes[P.Nodes[3].Pair].Label, "s"); // Pairs renumbered.
  EXPECT_EQ(P.Nodes[3].Kind, KGNodeKind::State);
  EXPECT_EQ(P.Nodes[P.Nodes[3].Pair].Kind, KGNodeKind::Carry);
  EXPECT_EQ(graphTime(P).E, graphTime(G).E);
  // No output: time 0.
  KernelGraph None;
  None.addNode(KGNodeKind::Load, "in");
  EXPECT_TRUE(graphTime(None).isZero());
  EXPECT_EQ(pruneGraph(None).size(), 0u);
}

TEST(KernelGraphTest, RandomDagsKeepTheirTime) {
  std::mt19937 Gen(20220213u);
  unsigned Reduced = 0;
  for (unsigned K = 0; K < 300; ++K) {
    unsigned N = 2 + Gen() % 12;
    KernelGraph G;
    for (unsigned V = 0; V < N; ++V) {
      G.addNode(KGNodeKind::Op, std::to_string(V));
      G.Nodes[V].Output = Gen() % 4 == 0;
      if (Gen() % 3 == 0)
        G.setSelfLoop(V, num(Gen() % 7));
    }
    G.Nodes[N - 1].Output = true;
    for (unsigned V = 0; V < N; ++V) // Arcs forward only: a DAG.
      for (unsigned W = V + 1; W < N; ++W)
        if (Gen() % 100 < 30)
          G.addArc(V, W, num(Gen() % 10));
    for (unsigned V : G.inputs())
      if (Gen() % 2)
        G.Nodes[V].Seed = num(Gen() % 20);
    MPTime Want = graphTime(G);
    KernelGraph R = reduceSeriesParallel(G);
    Reduced += R.size() < G.size();
    EXPECT_EQ(graphTime(R).E, Want.E) << "trial " << K;
    EXPECT_EQ(graphTime(pruneGraph(G)).E, Want.E) << "trial " << K;
    KernelGraph F = G;
    foldSourceSeeds(F);
    EXPECT_EQ(graphTime(F).E, Want.E) << "trial " << K;
  }
  EXPECT_GT(Reduced, 50u); // The trials do exercise the reduction.
}

TEST(MPTimeTest, MaxByValue) {
  MPTime A(E("t") + 4, B), C(Expr::constant(600), B);
  ASSERT_TRUE(A.Nominal);
  EXPECT_EQ(*A.Nominal, 576);
  EXPECT_EQ(maxTime(A, C).E, Expr::constant(600)); // 600 > 576
  EXPECT_EQ(maxTime(C, A).E, Expr::constant(600));
  // Without a value: the symbolic max.
  MPTime P(E("p"), B);
  EXPECT_FALSE(P.Nominal);
  EXPECT_EQ(maxTime(A, P).E, Expr::max(E("t") + 4, E("p")));
  EXPECT_FALSE(maxTime(A, P).Nominal);
  EXPECT_EQ(maxTime(P, P).E, E("p"));
  // Sums and products.
  EXPECT_EQ(*(A + C).Nominal, 1176);
  EXPECT_EQ(A.times(E("K"), B).E, E("t") * E("K") + 4 * E("K"));
  EXPECT_TRUE(MPTime().isZero());
}

} // namespace
