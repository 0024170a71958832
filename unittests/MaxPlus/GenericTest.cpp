//===- GenericTest.cpp - The structures over a symbolic element type ------===//
//
// Part of KernelTime, an LLVM pass plugin that predicts CUDA kernel times.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Sym, a stand-in for the symbolic expressions of the Expr stage: text plus
/// its value, no default constructor, no eps, no order. The paper's vector
/// add comes out as the paper writes it ("T + tau + ta"), longestPath works
/// without an order, and criticalPath takes a comparator.
/// Run: MaxPlusTests --gtest_filter='Generic*'
///
//===----------------------------------------------------------------------===//

#include "KernelTime/MaxPlus.h"

#include "gtest/gtest.h"

#include <algorithm>

namespace {
struct Sym {
  std::string Text;
  double Num;
  Sym(std::string Text, double Num) : Text(std::move(Text)), Num(Num) {}
  friend bool operator==(const Sym &A, const Sym &B) {
    return A.Text == B.Text && A.Num == B.Num;
  }
};

llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, const Sym &S) {
  return OS << S.Text;
}
} // namespace

namespace ktime::maxplus {
template <> struct Semiring<Sym> {
  static Sym oplus(const Sym &A, const Sym &B) {
    return Sym("max(" + A.Text + ", " + B.Text + ")", std::max(A.Num, B.Num));
  }
  static Sym otimes(const Sym &A, const Sym &B) {
    return Sym(A.Text + " + " + B.Text, A.Num + B.Num);
  }
  static Sym one() { return Sym("0", 0); }
};
} // namespace ktime::maxplus

using namespace ktime::maxplus;

namespace {

static_assert(!std::is_default_constructible_v<Sym>);
static_assert(!detail::HasIsEps<Sym>::value && !detail::HasLess<Sym>::value);
static_assert(detail::HasIsEps<Value>::value && detail::HasLess<double>::value);

enum Node : unsigned { C = 0, Sum = 1, A = 2, B = 3 };

SparseMatrix<Sym> vectorAdd() {
  SparseMatrix<Sym> Z(4);
  Z.set(C, Sum, Sym("T", 7));
  Z.set(Sum, Sum, Sym("tau", 5));
  Z.set(Sum, A, Sym("ta", 3));
  Z.set(Sum, B, Sym("tb", 4));
  return Z;
}

struct ByNum {
  bool operator()(const Sym &X, const Sym &Y) const { return X.Num < Y.Num; }
};

TEST(GenericTest, PaperPowersSymbolically) {
  SparseMatrix<Sym> Z = vectorAdd();
  EXPECT_EQ(height(Z), 3u);
  SparseMatrix<Sym> Z3 = power(Z, 3);
  // The paper's Z2^3 row 1: T + 2 tau, T + tau + t, T + tau + t.
  EXPECT_EQ(Z3.lookup(C, Sum)->Text, "T + tau + tau");
  EXPECT_EQ(*Z3.lookup(C, A), Sym("T + tau + ta", 15));
  EXPECT_EQ(*Z3.lookup(C, B), Sym("T + tau + tb", 16));
  EXPECT_EQ(Z3.lookup(A, A), nullptr);
  EXPECT_EQ(Z3.numEntries(), 6u);
  EXPECT_EQ(power(Z, 0), SparseMatrix<Sym>::identity(4));
  EXPECT_EQ(otimes(power(Z, 1), power(Z, 2)), Z3);

  std::optional<Sym> Dense =
      innerProduct(SparseVector<Sym>::indicator(4, {C}),
                   otimes(Z3, SparseVector<Sym>::indicator(4, {A, B})));
  ASSERT_TRUE(Dense);
  EXPECT_EQ(Dense->Num, 16);
}

TEST(GenericTest, LongestPathNeedsNoOrder) {
  PathResult<Sym> P = longestPath(vectorAdd(), {A, B}, {C});
  ASSERT_TRUE(P.ok());
  // Chronological order, and no "0 +" from the inputs.
  EXPECT_EQ(*P.Length, Sym("max(ta, tb) + tau + T", 16));
  EXPECT_TRUE(P.Path.empty());
}

TEST(GenericTest, CriticalPathWithComparator) {
  PathResult<Sym> P = criticalPath(vectorAdd(), {A, B}, {C}, ByNum());
  ASSERT_TRUE(P.ok());
  EXPECT_EQ(P.Length->Num, 16);
  EXPECT_EQ(P.Path, std::vector<unsigned>({B, Sum, C}));
  // Inputs that are outputs start at e: the symbolic unit, then the loop.
  SparseMatrix<Sym> Z(2);
  Z.set(0, 0, Sym("tau", 5));
  EXPECT_EQ(*longestPath(Z, {0, 1}, {0}).Length, Sym("tau", 5));
  EXPECT_EQ(*longestPath(Z, {0, 1}, {1}).Length, Sym("0", 0));
}

TEST(GenericTest, PrintAndMap) {
  SparseMatrix<Sym> Z = vectorAdd();
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << Z;
  EXPECT_EQ(OS.str(), "[.   T  .  .]\n"
                      "[. tau ta tb]\n"
                      "[.   .  .  .]\n"
                      "[.   .  .  .]\n");
  auto Numbers = Z.map<Value>([](const Sym &X) { return Value(X.Num); });
  EXPECT_EQ(*longestPath(Numbers, {A, B}, {C}).Length, Value(16));
}

} // namespace
