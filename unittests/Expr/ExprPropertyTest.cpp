//===- ExprPropertyTest.cpp - Randomised tests of simplification ----------===//
//
// Builds random expressions from a small grammar with a fixed seed, keeping
// beside each canonical Expr the unsimplified tree it came from. Checks that
// the canonical form evaluates like a direct reference evaluation of the
// tree, that algebraic identities hold as equalities of canonical forms,
// that re-simplifying a canonical form changes nothing, and that printing is
// stable.
//
//===----------------------------------------------------------------------===//

#include "ExprTestUtil.h"

#include "gtest/gtest.h"

#include <memory>
#include <random>

using namespace ktime;

namespace {

/// An unsimplified expression tree and its reference evaluator.
struct RefTree {
  enum Op { Const, Sym, Add, Sub, Mul, Neg, FDiv, CDiv, Min, Max } O;
  Rational Value;
  std::string Name;
  std::vector<std::shared_ptr<RefTree>> Kids;

  /// The unsimplified tree, fully parenthesised, for failure messages.
  std::string str() const {
    static const char *Names[] = {"",    "",     "+",    "-",   "*",
                                  "neg", "fdiv", "cdiv", "min", "max"};
    if (O == Const)
      return Value.str();
    if (O == Sym)
      return Name;
    std::string S = std::string("(") + Names[O];
    for (const auto &K : Kids)
      S += " " + K->str();
    return S + ")";
  }

  std::optional<Rational> eval(const Bindings &B) const {
    if (O == Const)
      return Value;
    if (O == Sym) {
      auto It = B.find(Name);
      return It == B.end() ? std::nullopt : std::optional<Rational>(It->second);
    }
    std::vector<Rational> V;
    for (const auto &K : Kids) {
      std::optional<Rational> X = K->eval(B);
      if (!X)
        return std::nullopt;
      V.push_back(*X);
    }
    switch (O) {
    case Add:
      return V[0] + V[1];
    case Sub:
      return V[0] - V[1];
    case Mul:
      return V[0] * V[1];
    case Neg:
      return -V[0];
    case FDiv:
    case CDiv:
      if (V[1].isZero())
        return std::nullopt;
      return O == FDiv ? (V[0] / V[1]).floor() : (V[0] / V[1]).ceil();
    case Min:
    case Max: {
      Rational R = V[0];
      for (const Rational &X : V)
        if (O == Min ? X < R : X > R)
          R = X;
      return R;
    }
    default:
      return std::nullopt;
    }
  }
};

struct Pair {
  Expr E;
  std::shared_ptr<RefTree> T;
};

class Generator {
public:
  explicit Generator(unsigned Seed) : Rng(Seed) {}

  Pair gen(unsigned Depth) {
    if (Depth == 0 || pick(4) == 0)
      return leaf();
    switch (pick(9)) {
    case 0:
    case 1: {
      Pair A = gen(Depth - 1), B = gen(Depth - 1);
      return node(RefTree::Add, A.E + B.E, {A, B});
    }
    case 2: {
      Pair A = gen(Depth - 1), B = gen(Depth - 1);
      return node(RefTree::Sub, A.E - B.E, {A, B});
    }
    case 3: {
      Pair A = gen(Depth - 1), B = gen(Depth >= 2 ? Depth - 2 : 0);
      return node(RefTree::Mul, A.E * B.E, {A, B});
    }
    case 4: {
      Pair A = gen(Depth - 1);
      return node(RefTree::Neg, -A.E, {A});
    }
    case 5:
    case 6: {
      Pair A = gen(Depth - 1), B = divisor(Depth - 1);
      bool Ceil = pick(2);
      return node(Ceil ? RefTree::CDiv : RefTree::FDiv,
                  Ceil ? Expr::ceilDiv(A.E, B.E) : Expr::floorDiv(A.E, B.E),
                  {A, B});
    }
    default: {
      unsigned N = 2 + pick(2);
      std::vector<Pair> Ops;
      std::vector<Expr> Es;
      for (unsigned I = 0; I < N; ++I) {
        Ops.push_back(gen(Depth - 1));
        Es.push_back(Ops.back().E);
      }
      bool IsMin = pick(2);
      return node(IsMin ? RefTree::Min : RefTree::Max,
                  IsMin ? Expr::min(Es) : Expr::max(Es), Ops);
    }
    }
  }

  Bindings bindings() {
    Bindings B;
    for (const char *S : {"a", "b", "c"})
      B[S] = Rational(int64_t(pick(41)) - 20);
    B["lat.x"] = Rational(int64_t(pick(81)) - 40, int64_t(pick(4)) + 1);
    return B;
  }

  unsigned pick(unsigned N) {
    return std::uniform_int_distribution<unsigned>(0, N - 1)(Rng);
  }

private:
  Pair leaf() {
    auto T = std::make_shared<RefTree>();
    unsigned K = pick(10);
    if (K < 5) {
      static const char *Names[] = {"a", "b", "c", "lat.x"};
      T->O = RefTree::Sym;
      T->Name = Names[K < 4 ? K : pick(3)];
      return {Expr::symbol(T->Name), T};
    }
    T->O = RefTree::Const;
    T->Value = K == 9 ? Rational(int64_t(pick(7)) - 3, int64_t(pick(3)) + 2)
                      : Rational(int64_t(pick(13)) - 6);
    return {Expr::constant(T->Value), T};
  }

  Pair divisor(unsigned Depth) {
    if (pick(3) == 0)
      return gen(Depth);
    auto T = std::make_shared<RefTree>();
    T->O = RefTree::Const;
    int64_t V = int64_t(pick(17)) - 8;
    T->Value = pick(8) == 0 ? Rational(V, 2) : Rational(V);
    return {Expr::constant(T->Value), T};
  }

  Pair node(RefTree::Op O, Expr E, const std::vector<Pair> &Kids) {
    auto T = std::make_shared<RefTree>();
    T->O = O;
    for (const Pair &P : Kids)
      T->Kids.push_back(P.T);
    return {std::move(E), T};
  }

  std::mt19937 Rng;
};

TEST(ExprPropertyTest, CanonicalFormEvaluatesLikeTheTree) {
  Generator G(20240611);
  unsigned Compared = 0;
  for (unsigned Trial = 0; Trial < 3000; ++Trial) {
    Pair P = G.gen(4);
    for (unsigned I = 0; I < 6; ++I) {
      Bindings B = G.bindings();
      std::optional<Rational> Want = P.T->eval(B);
      if (!Want)
        continue; // Simplification may remove a division by zero.
      std::optional<Rational> Got = P.E.evaluate(B);
      ASSERT_TRUE(Got.has_value()) << P.T->str();
      ASSERT_EQ(*Got, *Want)
          << P.T->str() << " at a=" << B["a"].str() << " b=" << B["b"].str()
          << " c=" << B["c"].str() << " lat.x=" << B["lat.x"].str();
      ++Compared;
    }
  }
  EXPECT_GT(Compared, 10000u);
}

TEST(ExprPropertyTest, IdentitiesHoldCanonically) {
  Generator G(7);
  for (unsigned Trial = 0; Trial < 1500; ++Trial) {
    Expr A = G.gen(3).E, B = G.gen(3).E, C = G.gen(2).E;
    ASSERT_EQ(A + B, B + A) << A.str() << " ; " << B.str();
    ASSERT_EQ(A * B, B * A) << A.str() << " ; " << B.str();
    ASSERT_EQ((A + B) + C, A + (B + C));
    ASSERT_EQ((A * B) * C, A * (B * C)) << A.str() << " ; " << B.str();
    ASSERT_EQ(A * (B + C), A * B + A * C);
    ASSERT_EQ((A + B) - B, A) << A.str() << " ; " << B.str();
    ASSERT_EQ(A - A, Expr());
    ASSERT_EQ(-(-A), A);
    ASSERT_EQ(Expr::max(A, B), Expr::max(B, A));
    ASSERT_EQ(Expr::min({A, B, C}), Expr::min(C, Expr::min(B, A)));
    ASSERT_EQ(-Expr::max(A, B), Expr::min(-A, -B))
        << A.str() << " ; " << B.str();
    ASSERT_EQ(Expr::max(A, A + 1), A + 1);
    ASSERT_EQ(Expr::max(A, B) - Expr::max(B, A), Expr());
    ASSERT_EQ(Expr::floorDiv(A, Expr::constant(1)) * 1,
              Expr::floorDiv(A, Expr::constant(1)));
    ASSERT_EQ(3 * Expr::max(A, B), Expr::max(3 * A, 3 * B));
  }
}

TEST(ExprPropertyTest, ResimplifyingAndPrintingAreStable) {
  Generator G1(99), G2(99);
  for (unsigned Trial = 0; Trial < 1500; ++Trial) {
    Pair P1 = G1.gen(4);
    Expr E1 = P1.E, E2 = G2.gen(4).E;
    // The same construction gives the same canonical form and text.
    ASSERT_EQ(E1, E2);
    ASSERT_EQ(E1.str(), E2.str());
    ASSERT_FALSE(E1 < E2 || E2 < E1);
    // Rebuilding every node from the canonical form changes nothing.
    std::map<std::string, Expr> Rename;
    for (const char *S : {"a", "b", "c", "lat.x"})
      Rename.emplace(S, Expr::symbol(S) + 0);
    Expr R = E1.substitute(Rename);
    ASSERT_EQ(R, E1) << "from " << P1.T->str();
    ASSERT_EQ(R.str(), E1.str());
    ASSERT_EQ(E1 + 0, E1);
    ASSERT_EQ(E1 * 1, E1);
  }
}

TEST(ExprPropertyTest, AddingAConstantAgreesWithTheGeneralSum) {
  // A sum with a constant operand takes a shortcut (Expr.cpp,
  // addNonZeroConstant); a fresh symbol added and taken away again forces
  // the general path through the polynomial form. Constants include ones
  // that cancel a sum's constant term.
  Generator G(4242);
  Expr Fresh = Expr::symbol("fresh");
  for (unsigned Trial = 0; Trial < 3000; ++Trial) {
    Expr E = G.gen(4).E;
    std::optional<Rational> Own;
    if (E.getKind() == Expr::Kind::Add && E.operands().back().isConstant())
      Own = E.operands().back().getConstant();
    for (Rational K :
         {Rational(int64_t(G.pick(13)) - 6),
          Rational(int64_t(G.pick(7)) + 1, 3), Own ? -*Own : Rational(1)}) {
      Expr C = Expr::constant(K);
      Expr General = (E + (Fresh + C)) - Fresh;
      ASSERT_EQ(E + C, General) << E.str() << " + " << K.str();
      ASSERT_EQ((E + C).str(), General.str());
      ASSERT_EQ(C + E, General) << K.str() << " + " << E.str();
      Expr GeneralDiff = (E - (Fresh + C)) + Fresh;
      ASSERT_EQ(E - C, GeneralDiff) << E.str() << " - " << K.str();
      ASSERT_EQ((E - C).str(), GeneralDiff.str());
    }
  }
}

TEST(ExprPropertyTest, SubstitutionAgreesWithEvaluation) {
  Generator G(31337);
  for (unsigned Trial = 0; Trial < 1500; ++Trial) {
    Expr E = G.gen(4).E;
    Bindings B = G.bindings();
    std::optional<Rational> Want = E.evaluate(B);
    if (!Want)
      continue;
    Expr S = E.substitute(
        {{"a", Expr::constant(B["a"])}, {"b", Expr::constant(B["b"])}});
    std::optional<Rational> Got = S.evaluate(B);
    ASSERT_TRUE(Got.has_value()) << E.str() << " -> " << S.str();
    ASSERT_EQ(*Got, *Want) << E.str() << " -> " << S.str();
  }
}

TEST(ExprPropertyTest, CompiledExpressionsAgreeWithEvaluateAndSubstitute) {
  // Several roots that share subexpressions, compiled together; bindings
  // that sometimes leave a symbol unbound, and values large enough that
  // products leave 64 bits. The compiled values and substitutions must be
  // Expr::evaluate's and Expr::substitute's exactly.
  Generator G(4242);
  const Rational Huge(int64_t(1) << 62);
  for (unsigned Trial = 0; Trial < 1500; ++Trial) {
    Expr A = G.gen(4).E, B = G.gen(3).E;
    std::vector<Expr> Roots = {A,
                               B,
                               A * B + A,
                               Expr::max(A, B * 3),
                               Expr::floorDiv(A, B),
                               Expr::log2(A - B)};
    CompiledExprs Compiled(Roots);
    ASSERT_EQ(Compiled.size(), Roots.size());
    for (unsigned I = 0; I < 4; ++I) {
      Bindings Bind = G.bindings();
      if (G.pick(4) == 0)
        Bind["b"] = Bind["b"] * Huge;
      if (G.pick(4) == 0)
        Bind["a"] = Rational(Bind["a"].getNumerator() * 7919,
                             llvm::DynamicAPInt(int64_t(1) << 40) + 1);
      if (G.pick(5) == 0)
        Bind.erase("lat.x");
      std::vector<std::optional<Rational>> Values;
      Compiled.evaluate(Bind, Values);
      std::map<std::string, Expr> Subst;
      for (const auto &[Name, V] : Bind)
        Subst[Name] = Expr::constant(V);
      std::vector<Expr> Substituted;
      Compiled.substitute(Bind, Substituted);
      ASSERT_EQ(Values.size(), Roots.size());
      ASSERT_EQ(Substituted.size(), Roots.size());
      for (size_t R = 0; R < Roots.size(); ++R) {
        std::optional<Rational> Want = Roots[R].evaluate(Bind);
        ASSERT_EQ(Values[R].has_value(), Want.has_value()) << Roots[R].str();
        if (Want) {
          ASSERT_EQ(*Values[R], *Want) << Roots[R].str();
        }
        Expr WantExpr = Roots[R].substitute(Subst);
        ASSERT_EQ(Substituted[R], WantExpr)
            << Roots[R].str() << " -> " << Substituted[R].str() << " vs "
            << WantExpr.str();
      }
    }
  }
}

} // namespace
