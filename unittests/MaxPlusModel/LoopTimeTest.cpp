//===- LoopTimeTest.cpp - Loop times from body graphs ---------------------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// loopTime on hand-built bodies: an accumulator (unrolled t + K tau equals
/// the cycle-mean form for every K), no recurrence (iterations overlap), a
/// recurrence whose cycle spans two iterations (mean tau / 2; the
/// cycle-mean form is off by less than one cycle's weight), pointer
/// chasing, the serialisation rates, a zero trip count, the unrolling
/// limit, and a recurrence whose times have no values (its cycle means by
/// enumeration).
/// Run: MaxPlusModelTests --gtest_filter='LoopTime*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlusModel.h"

#include "gtest/gtest.h"

using namespace ktime;

namespace {

const Bindings B = {{"t", Rational(572)}, {"tau", Rational(4)}};

MPTime sym(const char *Name) { return MPTime(Expr::symbol(Name), B); }
MPTime num(int64_t V) { return MPTime(Expr::constant(V), B); }
Expr E(const char *Name) { return Expr::symbol(Name); }

/// A State / Carry pair named \p Name.
std::pair<unsigned, unsigned> carried(KernelGraph &G, const char *Name) {
  unsigned S = G.addNode(KGNodeKind::State, Name);
  unsigned C = G.addNode(KGNodeKind::Carry, Name);
  G.Nodes[S].Pair = C;
  G.Nodes[C].Pair = S;
  return {S, C};
}

/// acc += x[i]: State acc -0-> sum (loop tau) <-t- x[i]; sum -> Carry,
/// sum -> live-out.
KernelGraph accumulator() {
  KernelGraph G;
  auto [S, C] = carried(G, "acc");
  unsigned X = G.addNode(KGNodeKind::Load, "x[i]");
  unsigned Sum = G.addNode(KGNodeKind::Op, "acc + x[i]");
  unsigned Out = G.addNode(KGNodeKind::LiveOut, "acc");
  G.addArc(S, Sum, num(0));
  G.addArc(X, Sum, sym("t"));
  G.setSelfLoop(Sum, sym("tau"));
  G.addArc(Sum, C, num(0));
  G.addArc(Sum, Out, num(0));
  return G;
}

TEST(LoopTimeTest, AccumulatorUnrolledEqualsCycleMean) {
  KernelGraph G = accumulator();
  for (int64_t K : {1, 2, 5, 64}) {
    LoopTime L = loopTime(G, Expr::constant(K), B, 1024);
    EXPECT_TRUE(L.Unrolled);
    // Every x[i] is ready at t; the chain of sums adds tau each.
    EXPECT_EQ(L.Time.E, E("t") + K * E("tau")) << "K = " << K;
  }
  LoopTime S = loopTime(G, E("K"), B, 1024);
  EXPECT_FALSE(S.Unrolled);
  ASSERT_TRUE(S.Lambda);
  EXPECT_EQ(S.Lambda->E, E("tau"));
  EXPECT_EQ(S.CriticalCycle, std::vector<unsigned>({0}));
  EXPECT_EQ(S.FirstIteration.E, E("t") + E("tau"));
  // t + tau + (K - 1) tau = t + K tau: the unrolled value for every K.
  EXPECT_EQ(S.Time.E, E("t") + E("K") * E("tau"));
  EXPECT_EQ(S.Recurrence.size(), 1u);
  EXPECT_EQ(S.Recurrence.lookup(0, 0)->E, E("tau"));
}

TEST(LoopTimeTest, NoRecurrenceOverlaps) {
  // c[i] = a[i] + b[i] in a loop: no carried data, the iterations of the
  // unrolled graph run side by side: one iteration's time for any trip.
  KernelGraph G;
  unsigned A = G.addNode(KGNodeKind::Load, "a[i]");
  unsigned Bn = G.addNode(KGNodeKind::Load, "b[i]");
  unsigned Sum = G.addNode(KGNodeKind::Op, "sum");
  unsigned C = G.addNode(KGNodeKind::Store, "c[i]");
  G.addArc(A, Sum, sym("t"));
  G.addArc(Bn, Sum, sym("t"));
  G.setSelfLoop(Sum, sym("tau"));
  G.addArc(Sum, C, num(19));
  Expr One = E("t") + E("tau") + 19;
  EXPECT_EQ(loopTime(G, Expr::constant(100), B, 1024).Time.E, One);
  LoopTime S = loopTime(G, E("K"), B, 1024);
  EXPECT_FALSE(S.Lambda);
  EXPECT_EQ(S.Time.E, One);
}

TEST(LoopTimeTest, CycleOverTwoIterations) {
  // x' = 2y (fmul, tau), y' = x: A = [. tau; 0 .], cycle mean tau / 2.
  KernelGraph G;
  auto [X, XC] = carried(G, "x");
  auto [Y, YC] = carried(G, "y");
  unsigned Mul = G.addNode(KGNodeKind::Op, "2y");
  unsigned Out = G.addNode(KGNodeKind::LiveOut, "x'");
  G.addArc(Y, Mul, num(0));
  G.setSelfLoop(Mul, sym("tau"));
  G.addArc(Mul, XC, num(0));
  G.addArc(Mul, Out, num(0));
  G.addArc(X, YC, num(0));
  LoopTime S = loopTime(G, E("K"), B, 1024);
  ASSERT_TRUE(S.Lambda);
  EXPECT_EQ(S.Lambda->E, E("tau") * Expr::constant(Rational(1, 2)));
  EXPECT_EQ(S.CriticalCycle, std::vector<unsigned>({0, 1}));
  // Unrolled: the product of iteration k is ready at tau (1 + floor(k/2)).
  for (int64_t K : {1, 2, 3, 10, 11}) {
    LoopTime U = loopTime(G, Expr::constant(K), B, 1024);
    EXPECT_EQ(U.Time.E, (1 + (K - 1) / 2) * E("tau")) << "K = " << K;
    // The cycle-mean form: tau + (K - 1) tau / 2, off by < tau.
    double Formula = 4 + (K - 1) * 2.0;
    EXPECT_LE(*U.Time.Nominal, Formula);
    EXPECT_LT(Formula - *U.Time.Nominal, 4.0);
  }
}

TEST(LoopTimeTest, PointerChase) {
  // p = next[p]: State p -> address (loop 4) -> load -t-> Carry p.
  KernelGraph G;
  auto [P, PC] = carried(G, "p");
  unsigned Addr = G.addNode(KGNodeKind::Op, "&next[p]");
  unsigned Ld = G.addNode(KGNodeKind::Load, "next[p]");
  unsigned Out = G.addNode(KGNodeKind::LiveOut, "p");
  G.addArc(P, Addr, num(0));
  G.setSelfLoop(Addr, num(4));
  G.addArc(Addr, Ld, num(0));
  G.addArc(Ld, PC, sym("t"));
  G.addArc(Ld, Out, sym("t"));
  LoopTime S = loopTime(G, E("K"), B, 1024);
  EXPECT_EQ(S.Lambda->E, E("t") + 4);
  EXPECT_EQ(S.Time.E, E("K") * E("t") + 4 * E("K"));
  EXPECT_EQ(loopTime(G, Expr::constant(10), B, 1024).Time.E, 10 * E("t") + 40);
}

TEST(LoopTimeTest, SerialisationRates) {
  // A load waits k x r more in iteration k, a store's arcs grow by k x w:
  // with no recurrence the last iteration is the latest, (K - 1)(r + w)
  // after the first.
  KernelGraph G;
  unsigned A = G.addNode(KGNodeKind::Load, "a[i]");
  unsigned C = G.addNode(KGNodeKind::Store, "c[i]");
  G.addArc(A, C, sym("t") + num(19));
  G.Nodes[A].ReadRate = num(10);
  G.Nodes[C].WriteRate = num(3);
  for (int64_t K : {1, 4, 50}) {
    LoopTime U = loopTime(G, Expr::constant(K), B, 1024);
    EXPECT_EQ(U.Time.E, E("t") + 19 + (K - 1) * 13) << "K = " << K;
  }
  LoopTime S = loopTime(G, E("K"), B, 1024);
  EXPECT_EQ(S.FirstIteration.E, E("t") + 19);
  // max(first, last): the last, 13 (K - 1) later, without a value for K.
  EXPECT_EQ(S.Time.E, Expr::max(E("t") + 19, E("t") + 19 + 13 * (E("K") - 1)));
  // A seed (the read's slot in its round) adds to the rate's start.
  G.Nodes[A].Seed = num(100);
  EXPECT_EQ(loopTime(G, Expr::constant(4), B, 1024).Time.E,
            E("t") + 19 + 100 + 3 * 13);
}

TEST(LoopTimeTest, ZeroTripsAndTheUnrollLimit) {
  KernelGraph G = accumulator();
  EXPECT_TRUE(loopTime(G, Expr::constant(0), B, 1024).Time.isZero());
  LoopTime Big = loopTime(G, Expr::constant(5000), B, 1024);
  EXPECT_FALSE(Big.Unrolled);
  EXPECT_EQ(Big.Time.E, E("t") + 5000 * E("tau"));
  ASSERT_EQ(Big.Notes.size(), 1u);
  EXPECT_NE(Big.Notes[0].find("above the unrolling limit"), std::string::npos);
}

TEST(LoopTimeTest, TimesWithoutValues) {
  // An inner loop of symbolic length q inside the recurrence, beside a
  // plain tau: two cycles, x (weight q) and y (tau); lambda = max(q, tau).
  KernelGraph G;
  auto [X, XC] = carried(G, "x");
  auto [Y, YC] = carried(G, "y");
  unsigned Inner = G.addNode(KGNodeKind::Compound, "loop");
  unsigned Op = G.addNode(KGNodeKind::Op, "y'");
  unsigned Out = G.addNode(KGNodeKind::LiveOut, "x");
  G.addArc(X, Inner, num(0));
  G.setSelfLoop(Inner, MPTime(E("q"), B));
  G.addArc(Inner, XC, num(0));
  G.addArc(Inner, Out, num(0));
  G.addArc(Y, Op, num(0));
  G.setSelfLoop(Op, sym("tau"));
  G.addArc(Op, YC, num(0));
  G.addArc(Op, Out, num(0));
  LoopTime L = loopTime(G, Expr::constant(3), B, 1024);
  EXPECT_FALSE(L.Unrolled); // No values to unroll with.
  ASSERT_TRUE(L.Lambda);
  EXPECT_EQ(L.Lambda->E, Expr::max(E("q"), E("tau")));
}

} // namespace
