//===- SymbolFactsTest.cpp - Ranges of the PTX and loop symbols -----------===//
//
// isKnownNonNegative / isKnownPositive (include/KernelTime/ScevToExpr.h):
// what trip-count simplification may assume about symbols; and
// isKnownNonNegativeDifference, which must answer as isKnownNonNegative
// of the difference does.
//
//===----------------------------------------------------------------------===//
#include "ExprTestUtil.h"
#include "KernelTime/ScevToExpr.h"

#include "gtest/gtest.h"

#include <vector>

using namespace ktime;

namespace {

Expr sym(const char *Name) { return Expr::symbol(Name); }

TEST(SymbolFactsTest, PtxIdsAndSizes) {
  EXPECT_TRUE(isKnownNonNegative(sym("tid.x")));
  EXPECT_FALSE(isKnownPositive(sym("tid.x")));
  EXPECT_TRUE(isKnownPositive(sym("ntid.y")));
  EXPECT_TRUE(isKnownPositive(sym("nctaid.z")));
  EXPECT_TRUE(isKnownPositive(sym("WARP_SZ")));
  // The global index of a thread and the grid-stride step.
  Expr Index = sym("ctaid.x") * sym("ntid.x") + sym("tid.x");
  EXPECT_TRUE(isKnownNonNegative(Index));
  EXPECT_TRUE(isKnownPositive(Index + 1));
  EXPECT_TRUE(isKnownPositive(sym("ntid.x") * sym("nctaid.x")));
}

TEST(SymbolFactsTest, LoopSymbols) {
  EXPECT_TRUE(isKnownNonNegative(sym("iter.L12")));
  EXPECT_TRUE(isKnownNonNegative(sym("trip.L3")));
  EXPECT_FALSE(isKnownPositive(sym("trip.L3")));
}

TEST(SymbolFactsTest, Log2) {
  // log2(x) >= -1; >= 0 for x >= 1; >= 1 for x >= 2.
  Expr L = Expr::log2(sym("n"));
  EXPECT_FALSE(isKnownNonNegative(L));
  EXPECT_TRUE(isKnownNonNegative(L + 1));
  EXPECT_FALSE(isKnownNonNegative(2 * L + 1));
  EXPECT_TRUE(isKnownNonNegative(Expr::log2(sym("ntid.x"))));
  EXPECT_FALSE(isKnownPositive(Expr::log2(sym("ntid.x"))));
  EXPECT_TRUE(isKnownPositive(Expr::log2(sym("ntid.x") + 1)));
  EXPECT_TRUE(isKnownNonNegative(
      Expr::log2(Expr::floorDiv(sym("ntid.x"), Expr::constant(2))) + 1 +
      sym("tid.x")));
  EXPECT_FALSE(isKnownNonNegative(L + Expr::log2(sym("m")) + 1));
}

TEST(SymbolFactsTest, ParametersAreUnknown) {
  EXPECT_FALSE(isKnownNonNegative(sym("n")));
  EXPECT_FALSE(isKnownNonNegative(sym("arg0")));
  EXPECT_FALSE(isKnownNonNegative(sym("tid.x") - 1));
  EXPECT_TRUE(isKnownNonNegative(Expr::max(sym("n"), Expr::constant(0))));
  EXPECT_FALSE(isKnownNonNegative(Expr::min(sym("n"), Expr::constant(0))));
}

TEST(SymbolFactsTest, Divisions) {
  // (tid.x + 3) / ntid.x >= 0: non-negative over positive.
  EXPECT_TRUE(
      isKnownNonNegative(Expr::floorDiv(sym("tid.x") + 3, sym("ntid.x"))));
  // A parameter divisor may be negative or zero.
  EXPECT_FALSE(isKnownNonNegative(Expr::floorDiv(sym("tid.x"), sym("n"))));
  // ceildiv of a positive value by a positive one is at least 1.
  EXPECT_TRUE(isKnownPositive(Expr::ceilDiv(sym("ntid.x"), sym("nctaid.x"))));
}

TEST(SymbolFactsTest, DifferenceAnswersAsTheDifference) {
  // Pairs of the kinds the maxima of block and loop times compare: latency
  // symbols plus constants, terms only one side has (of either sign), terms
  // both have, ids, parameters, divisions, min and max, log2.
  Expr Lat = sym("lat.global"), Sh = sym("lat.shared"), N = sym("n");
  Expr Tid = sym("tid.x"), Ctaid = sym("ctaid.x"), Ntid = sym("ntid.x");
  Expr Div = Expr::floorDiv(Ctaid * Ntid + Tid + 1, Expr::constant(4));
  std::vector<Expr> Es = {Expr::constant(24),
                          Expr::constant(-3),
                          Lat + 12,
                          2 * Lat + 24,
                          Lat + 18 * Sh + 16,
                          Expr::constant(263),
                          Tid + 5,
                          Tid - 1,
                          10 - Tid,
                          Tid * Ntid + Ctaid,
                          N * Expr::max(Expr::constant(21), Lat + 8) + 48,
                          21 * N + 44,
                          Div * Expr::max(Expr::constant(54), Lat + 24) + 40,
                          23 * Div + 59,
                          Expr::max(N, Expr::constant(0)) + Tid,
                          Expr::min(N, Expr::constant(3)) - 2,
                          -1 * Expr::max(-1 * N, Tid),
                          Expr::log2(N) + 1,
                          Expr::log2(Ntid) + Tid,
                          Expr::ceilDiv(Ntid, sym("nctaid.x")) - 1,
                          sym("iter.L1") * sym("trip.L2"),
                          sym("iter.L1") * sym("trip.L2") - sym("iter.L1")};
  for (const Expr &X : Es)
    for (const Expr &Y : Es)
      EXPECT_EQ(isKnownNonNegativeDifference(X, Y), isKnownNonNegative(X - Y))
          << X.str() << " - " << Y.str();
}

} // namespace
