//===- ExprDivisionTest.cpp - Canonical floor and ceiling division --------===//
//
// Constant folding (with negative numbers and rationals), exact
// cancellation of divisible terms, the ceildiv representation, sign
// normalisation, nested divisions, symbolic and zero divisors.
//
//===----------------------------------------------------------------------===//

#include "ExprTestUtil.h"

#include "gtest/gtest.h"

using namespace ktime;

namespace {

class ExprDivisionTest : public ::testing::Test {
protected:
  Expr N = Expr::symbol("n"), M = Expr::symbol("m"), K = Expr::symbol("k");
  Expr Lat = Expr::symbol("lat.L1");
  Expr C(int64_t V) { return Expr::constant(V); }
  Expr Q(int64_t Num, int64_t Den) {
    return Expr::constant(Rational(Num, Den));
  }
  static Expr fdiv(const Expr &A, const Expr &B) {
    return Expr::floorDiv(A, B);
  }
  static Expr cdiv(const Expr &A, const Expr &B) { return Expr::ceilDiv(A, B); }
};

TEST_F(ExprDivisionTest, FoldsConstants) {
  EXPECT_EQ(fdiv(C(-7), C(2)), C(-4));
  EXPECT_EQ(cdiv(C(-7), C(2)), C(-3));
  EXPECT_EQ(fdiv(C(7), C(2)), C(3));
  EXPECT_EQ(cdiv(C(7), C(2)), C(4));
  EXPECT_EQ(fdiv(C(7), C(-2)), C(-4));
  EXPECT_EQ(cdiv(C(7), C(-2)), C(-3));
  EXPECT_EQ(fdiv(C(-8), C(2)), C(-4));
  EXPECT_EQ(fdiv(Q(7, 2), Q(1, 3)), C(10));
  EXPECT_EQ(cdiv(Q(-7, 2), C(1)), C(-3));
  EXPECT_EQ(fdiv(C(0), C(5)), C(0));
}

TEST_F(ExprDivisionTest, DividesExactly) {
  EXPECT_EQ(fdiv(N, C(1)), N);
  EXPECT_EQ(cdiv(N, C(1)), N);
  EXPECT_EQ(fdiv(4 * N + 8, C(4)), N + 2);
  EXPECT_EQ(fdiv(6 * N + 4 * M, C(2)), 3 * N + 2 * M);
  EXPECT_EQ(fdiv(N * M * 12, C(-4)), -3 * M * N);
  EXPECT_EQ(fdiv(4 * N + 3, C(4)), N);
  EXPECT_EQ(cdiv(4 * N + 3, C(4)), N + 1);
  EXPECT_EQ(fdiv(4 * Expr::floorDiv(N, C(4)), C(4)), fdiv(N, C(4)));
  EXPECT_EQ(fdiv(N, Q(1, 2)), 2 * N);
  // lat.* symbols are rational: floor(lat.L1) is not lat.L1.
  EXPECT_EQ(fdiv(Lat, C(1)).str(), "lat.L1 / 1");
  EXPECT_EQ(fdiv(4 * Lat + 4 * N, C(4)).str(), "n + lat.L1 / 1");
}

TEST_F(ExprDivisionTest, MovesWholeMultiplesOut) {
  EXPECT_EQ(fdiv(N + 5, C(4)).str(), "(n + 1) / 4 + 1");
  EXPECT_EQ(fdiv(N + 7, C(4)), fdiv(N + 3, C(4)) + 1);
  EXPECT_EQ(fdiv(8 * N + M + 9, C(8)).str(), "n + (m + 1) / 8 + 1");
  EXPECT_EQ(fdiv(2 * N + 1, C(3)).str(), "(2 * n + 1) / 3");
  // For integral numerators a factor of the non-constant part cancels:
  // floor((2n + 1) / 4) == floor(n / 2), ceil(2n / 6) == ceil(n / 3).
  EXPECT_EQ(fdiv(2 * N + 1, C(4)).str(), "n / 2");
  EXPECT_EQ(cdiv(2 * N, C(6)).str(), "ceildiv(n, 3)");
  EXPECT_EQ(fdiv(6 * N + 5, C(4)).str(), "3 * n / 2 + 1");
  // Not for rational ones: floor((2x + 1) / 4) != floor(x / 2).
  Expr X = Expr::symbol("lat.x");
  EXPECT_EQ(fdiv(2 * X + 1, C(4)).str(), "(2 * lat.x + 1) / 4");
  EXPECT_EQ(fdiv(2 * N, C(6)).str(), "n / 3");
  EXPECT_EQ(fdiv(N, Q(3, 2)).str(), "2 * n / 3");
  EXPECT_EQ(fdiv(Q(1, 2) * N, C(3)).str(), "n / 6");
}

TEST_F(ExprDivisionTest, CeilDivRepresentation) {
  // An integral floor((x + p - 1) / p) is shown as ceildiv(x, p).
  EXPECT_EQ(cdiv(N, C(4)).str(), "ceildiv(n, 4)");
  EXPECT_EQ(cdiv(N, C(4)).getKind(), Expr::Kind::CeilDiv);
  EXPECT_EQ(fdiv(N + 3, C(4)), cdiv(N, C(4)));
  EXPECT_EQ(fdiv(N - 1, C(4)) + 1, cdiv(N, C(4)));
  EXPECT_EQ((fdiv(N - 1, C(4)) + 1).str(), "ceildiv(n, 4)");
  EXPECT_EQ(fdiv(N + 31, C(32)).str(), "ceildiv(n, 32)");
  EXPECT_EQ(cdiv(N + 1, C(4)).str(), "n / 4 + 1");
  EXPECT_EQ(fdiv(N + 1, C(2)).str(), "ceildiv(n, 2)");
  EXPECT_EQ(cdiv(N * M, C(32)).str(), "ceildiv(m * n, 32)");
  // Rational numerators keep a real ceiling.
  EXPECT_EQ(cdiv(Lat, C(4)).str(), "ceildiv(lat.L1, 4)");
  EXPECT_EQ(cdiv(Lat, C(4)).getKind(), Expr::Kind::CeilDiv);
}

TEST_F(ExprDivisionTest, NormalisesDivisorSigns) {
  EXPECT_EQ(fdiv(N, C(-4)), fdiv(-N, C(4)));
  EXPECT_EQ(cdiv(N, C(-4)), cdiv(-N, C(4)));
  EXPECT_EQ(fdiv(N, -M), fdiv(-N, M));
  // The numerator keeps its sign: "-n / 4" is floor((-n) / 4).
  EXPECT_EQ(fdiv(-N, C(4)).str(), "-n / 4");
  EXPECT_EQ(cdiv(-N, C(4)).str(), "ceildiv(-n, 4)");
  EXPECT_EQ(fdiv(-Lat, C(4)).str(), "-lat.L1 / 4");
  EXPECT_EQ((K - fdiv(M, C(4))).str(), "k - m / 4");
  // floor(-n / 4) and -ceildiv(n, 4) are two canonical forms of one value.
  EXPECT_NE(fdiv(-N, C(4)), -cdiv(N, C(4)));
  for (int64_t V = -9; V <= 9; ++V) {
    Bindings B = {{"n", Rational(V)}};
    EXPECT_EQ(fdiv(-N, C(4)).evaluate(B), (-cdiv(N, C(4))).evaluate(B));
  }
}

TEST_F(ExprDivisionTest, MergesNestedDivisions) {
  EXPECT_EQ(fdiv(fdiv(N, C(4)), C(8)), fdiv(N, C(32)));
  EXPECT_EQ(fdiv(fdiv(N, C(4)), C(8)).str(), "n / 32");
  EXPECT_EQ(cdiv(cdiv(N, C(4)), C(8)).str(), "ceildiv(n, 32)");
  EXPECT_EQ(fdiv(fdiv(N, C(4)) + 1, C(2)).str(), "(n + 4) / 8");
  EXPECT_EQ(fdiv(fdiv(Lat, C(2)), C(3)).str(), "lat.L1 / 6");
  EXPECT_EQ(cdiv(cdiv(Lat, C(2)), C(3)).str(), "ceildiv(lat.L1, 6)");
  // floor((ceil(y / 2) + 2) / 3) == ceil(ceil(y / 2) / 3) == ceil(y / 6).
  EXPECT_EQ(fdiv(cdiv(Lat, C(2)) + 2, C(3)).str(), "ceildiv(lat.L1, 6)");
  EXPECT_EQ(fdiv(cdiv(Lat, C(2)), C(3)).str(), "ceildiv(lat.L1 - 4, 6)");
  // ceil(floor(n / 4) / 8) == floor((floor(n / 4) + 7) / 8).
  EXPECT_EQ(cdiv(fdiv(N, C(4)), C(8)).str(), "(n + 28) / 32");
  for (int64_t V = -40; V <= 40; ++V) {
    Bindings B = {{"lat.L1", Rational(V, 3)}, {"n", Rational(V)}};
    Rational Y = Rational(V, 3);
    EXPECT_EQ(fdiv(cdiv(Lat, C(2)), C(3)).evaluate(B),
              ((Y / 2).ceil() / 3).floor());
    EXPECT_EQ(cdiv(fdiv(N, C(4)), C(8)).evaluate(B),
              ((Rational(V) / 4).floor() / 8).ceil());
  }
}

TEST_F(ExprDivisionTest, SymbolicDivisors) {
  EXPECT_EQ(fdiv(N, M).str(), "n / m");
  EXPECT_EQ(fdiv(2 * N, 2 * M), fdiv(N, M));
  EXPECT_EQ(fdiv(N, -M).str(), "-n / m");
  EXPECT_EQ(fdiv(N, M + K).str(), "n / (k + m)");
  EXPECT_EQ(fdiv(N, 2 * M).str(), "n / (2 * m)");
  EXPECT_EQ(fdiv(N, Q(1, 2) * M).str(), "2 * n / m");
  EXPECT_EQ(cdiv(N + 1, M).str(), "ceildiv(n + 1, m)");
  EXPECT_EQ(fdiv(Expr(), M), Expr());
  EXPECT_EQ(fdiv(fdiv(N, M), K).str(), "n / m / k");
  EXPECT_EQ(fdiv(N, fdiv(M, K)).str(), "n / (m / k)");
}

TEST_F(ExprDivisionTest, ZeroDivisorStaysSymbolic) {
  Expr E = fdiv(N, C(0));
  EXPECT_EQ(E.getKind(), Expr::Kind::FloorDiv);
  EXPECT_EQ(E.str(), "n / 0");
  EXPECT_EQ(fdiv(C(5), C(0)).str(), "5 / 0");
  EXPECT_EQ(cdiv(N, C(0)).str(), "ceildiv(n, 0)");
  EXPECT_EQ(E.evaluate({{"n", Rational(3)}}), std::nullopt);
  EXPECT_EQ(fdiv(N, M - M).str(), "n / 0");
}

TEST_F(ExprDivisionTest, EvaluatesWithFloorAndCeilingSemantics) {
  Bindings B = {{"n", Rational(-7)}};
  EXPECT_EQ(fdiv(N, C(2)).evaluate(B), Rational(-4));
  EXPECT_EQ(cdiv(N, C(2)).evaluate(B), Rational(-3));
  EXPECT_EQ(fdiv(N + 5, C(4)).evaluate(B), Rational(-1));
  EXPECT_EQ(cdiv(-N, C(4)).evaluate(B), Rational(2));
  B["n"] = Rational(9);
  EXPECT_EQ(fdiv(N - 1, C(4)).evaluate(B), Rational(2));
  EXPECT_EQ((fdiv(N - 1, C(4)) + 1).evaluate(B), Rational(3));
}

} // namespace
