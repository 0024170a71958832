//===- ExprPrinterTest.cpp - Printing of expressions ----------------------===//
//
// Exact strings for the forms the model prints: PTX symbols, sums with
// subtraction, products, divisions with the parentheses they need,
// ceildiv/min/max calls, rational constants, and the stream operators.
//
//===----------------------------------------------------------------------===//

#include "ExprTestUtil.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace ktime;

namespace {

class ExprPrinterTest : public ::testing::Test {
protected:
  Expr N = Expr::symbol("n"), M = Expr::symbol("m");
  Expr Tid = Expr::symbol("tid.x"), NTid = Expr::symbol("ntid.x");
  Expr CTaid = Expr::symbol("ctaid.x"), NCTaid = Expr::symbol("nctaid.x");
  Expr C(int64_t V) { return Expr::constant(V); }
  Expr Q(int64_t Num, int64_t Den) {
    return Expr::constant(Rational(Num, Den));
  }
};

TEST_F(ExprPrinterTest, SymbolsVerbatim) {
  EXPECT_EQ(Tid.str(), "tid.x");
  EXPECT_EQ(Expr::symbol("lat.DRAM").str(), "lat.DRAM");
  EXPECT_EQ(Expr::symbol("trip.L12").str(), "trip.L12");
  EXPECT_EQ(Expr::symbol("iter.L7").str(), "iter.L7");
  EXPECT_EQ(Expr::symbol("arg0").str(), "arg0");
}

TEST_F(ExprPrinterTest, Sums) {
  EXPECT_EQ((2 * N + 3).str(), "2 * n + 3");
  EXPECT_EQ((N - 1).str(), "n - 1");
  EXPECT_EQ((4 - N).str(), "4 - n");
  EXPECT_EQ((-N - 1).str(), "-n - 1");
  EXPECT_EQ((-N).str(), "-n");
  EXPECT_EQ((C(0) - 2 * N).str(), "-2 * n");
  EXPECT_EQ((N - 2 * M).str(), "n - 2 * m");
  Expr Iter = Expr::symbol("iter.L12");
  EXPECT_EQ((N - Iter - 1).str(), "n - iter.L12 - 1");
  EXPECT_EQ((CTaid * NTid + Tid).str(), "ctaid.x * ntid.x + tid.x");
  EXPECT_EQ((N * N * N - N * M + 7 * M - 2).str(),
            "n * n * n - m * n + 7 * m - 2");
}

TEST_F(ExprPrinterTest, RationalConstants) {
  EXPECT_EQ(Q(1, 2).str(), "0.5");
  EXPECT_EQ(Q(-3, 4).str(), "-0.75");
  EXPECT_EQ(Q(1, 3).str(), "frac(1, 3)");
  EXPECT_EQ((Q(1, 3) * N).str(), "frac(1, 3) * n");
  EXPECT_EQ((N - Q(1, 3) * M).str(), "n - frac(1, 3) * m");
  EXPECT_EQ((N + Q(5, 2)).str(), "n + 2.5");
  EXPECT_EQ((N - Q(5, 2)).str(), "n - 2.5");
  EXPECT_EQ((Q(-1, 3) * N).str(), "-frac(1, 3) * n");
  Expr Lat = Expr::symbol("lat.L2");
  EXPECT_EQ((Q(3, 2) * Lat + 4).str(), "1.5 * lat.L2 + 4");
}

TEST_F(ExprPrinterTest, Divisions) {
  EXPECT_EQ(Expr::floorDiv(N, C(4)).str(), "n / 4");
  EXPECT_EQ(Expr::floorDiv(N + M, C(4)).str(), "(m + n) / 4");
  EXPECT_EQ((N * Expr::floorDiv(M, C(4))).str(), "n * (m / 4)");
  EXPECT_EQ((2 * Expr::floorDiv(M, C(4))).str(), "2 * (m / 4)");
  EXPECT_EQ((-Expr::floorDiv(M, C(4))).str(), "-(m / 4)");
  EXPECT_EQ((-Expr::floorDiv(M, C(4)) - 1).str(), "-(m / 4) - 1");
  EXPECT_EQ((Expr::floorDiv(M, C(4)) + 1).str(), "m / 4 + 1");
  EXPECT_EQ(Expr::floorDiv(N * M, C(4)).str(), "m * n / 4");
  EXPECT_EQ(Expr::ceilDiv(N + M, C(4)).str(), "ceildiv(m + n, 4)");
  EXPECT_EQ(Expr::floorDiv(N, M * Tid).str(), "n / (m * tid.x)");
}

TEST_F(ExprPrinterTest, MinAndMax) {
  EXPECT_EQ(Expr::max(C(0), N).str(), "max(0, n)");
  EXPECT_EQ(Expr::min(N - 1, M).str(), "min(m, n - 1)");
  EXPECT_EQ(Expr::max({N, M, Tid}).str(), "max(m, n, tid.x)");
  EXPECT_EQ((Expr::max(C(0), N) * 2 + 1).str(), "max(0, 2 * n) + 1");
  EXPECT_EQ(Expr::max(Expr::ceilDiv(N, C(32)), C(1)).str(),
            "max(1, ceildiv(n, 32))");
}

TEST_F(ExprPrinterTest, TypicalModelExpressions) {
  // Global thread index and a grid-stride trip count.
  Expr Gid = CTaid * NTid + Tid;
  EXPECT_EQ(Gid.str(), "ctaid.x * ntid.x + tid.x");
  Expr Trip = Expr::ceilDiv(Expr::symbol("arg2") - Gid, NTid * NCTaid);
  EXPECT_EQ(Trip.str(),
            "ceildiv(arg2 - ctaid.x * ntid.x - tid.x, nctaid.x * ntid.x)");
  // A memory latency mix.
  Expr Lat =
      Q(1, 4) * Expr::symbol("lat.L1") + Q(3, 4) * Expr::symbol("lat.DRAM");
  EXPECT_EQ(Lat.str(), "0.75 * lat.DRAM + 0.25 * lat.L1");
  // Triangular trip count of an inner loop.
  Expr Inner = Expr::symbol("arg0") - Expr::symbol("iter.L3") - 1;
  EXPECT_EQ(Inner.str(), "arg0 - iter.L3 - 1");
}

TEST_F(ExprPrinterTest, StreamsAndStability) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << (N + 1) << " | " << Rational(1, 2);
  OS.flush();
  EXPECT_EQ(S, "n + 1 | 0.5");
  Expr A = (N + M) * (N - M) + Expr::max(N, C(3));
  Expr B = Expr::max(C(3), N) + N * N - M * M;
  EXPECT_EQ(A, B);
  EXPECT_EQ(A.str(), B.str());
  EXPECT_EQ(A.str(), "n * n - m * m + max(3, n)");
}

} // namespace
