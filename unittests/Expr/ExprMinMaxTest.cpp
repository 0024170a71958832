//===- ExprMinMaxTest.cpp - Canonical min and max -------------------------===//
//
// Flattening, deduplication, constant folding, dominance by a constant
// difference, negation (-max == min of negations), scaling by constants,
// and operand order.
//
//===----------------------------------------------------------------------===//

#include "ExprTestUtil.h"

#include "gtest/gtest.h"

using namespace ktime;

namespace {

class ExprMinMaxTest : public ::testing::Test {
protected:
  Expr A = Expr::symbol("a"), B = Expr::symbol("b"), N = Expr::symbol("n");
  Expr C(int64_t V) { return Expr::constant(V); }
};

TEST_F(ExprMinMaxTest, FoldsConstants) {
  EXPECT_EQ(Expr::max(C(0), C(3)), C(3));
  EXPECT_EQ(Expr::min(C(0), C(3)), C(0));
  EXPECT_EQ(Expr::max({C(-2), C(7), C(5)}), C(7));
  EXPECT_EQ(Expr::min({C(-2), C(7), C(5)}), C(-2));
}

TEST_F(ExprMinMaxTest, DropsOperandsDominatedByAConstant) {
  EXPECT_EQ(Expr::max(N, N + 1), N + 1);
  EXPECT_EQ(Expr::min(N, N + 1), N);
  EXPECT_EQ(Expr::max({N - 3, N + 2, N}), N + 2);
  EXPECT_EQ(Expr::max({N, A, N + 1}).str(), "max(a, n + 1)");
  EXPECT_EQ(Expr::max(N, N), N);
  EXPECT_EQ(Expr::min({A, B, A}).str(), "min(a, b)");
}

TEST_F(ExprMinMaxTest, Flattens) {
  EXPECT_EQ(Expr::max(Expr::max(A, B), N), Expr::max({A, B, N}));
  EXPECT_EQ(Expr::max(Expr::max(A, B), N).str(), "max(a, b, n)");
  EXPECT_EQ(Expr::min(A, Expr::min(B, C(0))).str(), "min(0, a, b)");
  // A min inside a max stays.
  EXPECT_EQ(Expr::max(Expr::min(A, B), N).str(), "max(n, min(a, b))");
  // Dominance applies across the flattened operands.
  EXPECT_EQ(Expr::max(Expr::max(A, N), N + 1).str(), "max(a, n + 1)");
}

TEST_F(ExprMinMaxTest, CommutesAndSortsOperands) {
  EXPECT_EQ(Expr::max(A, B), Expr::max(B, A));
  EXPECT_EQ(Expr::max(N, C(0)).str(), "max(0, n)");
  EXPECT_EQ(Expr::min({N, A, C(4)}).str(), "min(4, a, n)");
  EXPECT_EQ(Expr::max({}), Expr());
  EXPECT_EQ(Expr::max({N}), N);
}

TEST_F(ExprMinMaxTest, NegationSwapsMinAndMax) {
  EXPECT_EQ(-Expr::max(A, B), Expr::min(-A, -B));
  EXPECT_EQ((-Expr::max(A, B)).str(), "min(-a, -b)");
  EXPECT_EQ(-Expr::min(-A, -B), Expr::max(A, B));
  EXPECT_EQ(Expr::max(A, B) - Expr::max(A, B), Expr());
  EXPECT_EQ(Expr::max(A, B) + Expr::min(-A, -B), Expr());
  EXPECT_EQ((N - Expr::max(A, B)).str(), "n + min(-a, -b)");
  EXPECT_EQ(((N - Expr::max(A, B)) + Expr::max(A, B)), N);
}

TEST_F(ExprMinMaxTest, ScalesByConstants) {
  EXPECT_EQ(2 * Expr::max(A, B), Expr::max(2 * A, 2 * B));
  EXPECT_EQ((2 * Expr::max(A, B)).str(), "max(2 * a, 2 * b)");
  EXPECT_EQ(-2 * Expr::max(A, C(1)), Expr::min(-2 * A, C(-2)));
  EXPECT_EQ((-2 * Expr::max(A, C(1))).str(), "min(-2, -2 * a)");
  EXPECT_EQ(Expr::max(2 * A, C(4)) - 2 * Expr::max(A, C(2)), Expr());
  Expr Lat = Expr::symbol("lat.L2");
  Expr HalfLat = Expr::constant(Rational(5, 2)) * Lat;
  EXPECT_EQ(Expr::max(HalfLat, C(100)).str(), "max(100, 2.5 * lat.L2)");
  // A product keeps the key form with the coefficient outside.
  EXPECT_EQ((N * Expr::max(A, B)).str(), "n * max(a, b)");
  EXPECT_EQ((N * Expr::max(A, B) * 3).str(), "3 * n * max(a, b)");
}

TEST_F(ExprMinMaxTest, SumsOverMaxStayAsTheyAre) {
  // + does not distribute over max: both are canonical and different.
  Expr Outside = Expr::max(A, B) + 1;
  Expr Inside = Expr::max(A + 1, B + 1);
  EXPECT_NE(Outside, Inside);
  EXPECT_EQ(Outside.str(), "max(a, b) + 1");
  EXPECT_EQ(Inside.str(), "max(a + 1, b + 1)");
  Bindings Bs = {{"a", Rational(3)}, {"b", Rational(-8)}};
  EXPECT_EQ(Outside.evaluate(Bs), Inside.evaluate(Bs));
}

TEST_F(ExprMinMaxTest, KindsAndOperands) {
  Expr E = Expr::max(N, C(0));
  EXPECT_EQ(E.getKind(), Expr::Kind::Max);
  ASSERT_EQ(E.operands().size(), 2u);
  EXPECT_EQ(E.operands()[0], C(0));
  EXPECT_EQ(E.operands()[1], N);
  EXPECT_EQ((-E).getKind(), Expr::Kind::Min);
}

} // namespace
