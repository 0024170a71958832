//===- CompiledExprs.cpp - Expressions compiled for repeated evaluation ---===//
//
// CompiledExprs: the nodes of some expressions in an order where each comes
// after its operands, a node that several parents share once, and the
// symbols by name. An evaluation looks each symbol up once and computes the
// steps in order with the exact arithmetic of Expr::evaluate, so the values
// are the same; the launch stage evaluates the same expressions for every
// warp it samples, where the walk of the expression tree, its memo of
// shared nodes and a lookup by name per symbol node cost most of the time.
//
//===----------------------------------------------------------------------===//

#include "ExprImpl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <limits>
#include <numeric>

using namespace ktime;

/// Most values (ids, sizes, byte counts, their means) have a numerator and
/// a denominator that fit in 64 bits: those are computed with 128-bit
/// intermediates and kept normalised as Rational keeps them; any other
/// value, or a result that does not fit, is a Rational of the evaluation's
/// table of large values. Every result equals Rational arithmetic's.
struct CompiledExprs::Value {
  enum StateKind : uint8_t { Unknown, Small, Big } State = Unknown;
  /// Small: N / D with D > 0 and gcd(|N|, D) = 1. Big: the index N of the
  /// value in the evaluation's table.
  int64_t N = 0, D = 1;

  static Value small(int64_t Num, int64_t Den) {
    Value V;
    V.State = Small;
    V.N = Num;
    V.D = Den;
    return V;
  }
  explicit operator bool() const { return State != Unknown; }
};

namespace {

using Value = CompiledExprs::Value;
__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

/// \p X as a small value, if its numerator and denominator fit.
std::optional<Value> smallOf(const Rational &X) {
  const llvm::DynamicAPInt &Num = X.getNumerator(), &Den = X.getDenominator();
  constexpr int64_t Min = std::numeric_limits<int64_t>::min(),
                    Max = std::numeric_limits<int64_t>::max();
  if (Num >= Min && Num <= Max && Den <= Max)
    return Value::small(static_cast<int64_t>(Num), static_cast<int64_t>(Den));
  return std::nullopt;
}

UInt128 gcd128(UInt128 A, UInt128 B) {
  while (B != 0) {
    if (A <= UINT64_MAX && B <= UINT64_MAX)
      return std::gcd(uint64_t(A), uint64_t(B));
    UInt128 T = A % B;
    A = B;
    B = T;
  }
  return A;
}

/// \p Num / \p Den (\p Den > 0) normalised, if it fits in a small value.
std::optional<Value> reduce(Int128 Num, Int128 Den) {
  if (Num == 0)
    return Value::small(0, 1);
  UInt128 Abs = Num < 0 ? UInt128(-Num) : UInt128(Num);
  UInt128 G = gcd128(Abs, UInt128(Den));
  Num /= Int128(G);
  Den /= Int128(G);
  constexpr Int128 Min = std::numeric_limits<int64_t>::min(),
                   Max = std::numeric_limits<int64_t>::max();
  if (Num < Min || Num > Max || Den > Max)
    return std::nullopt;
  return Value::small(int64_t(Num), int64_t(Den));
}

/// The arithmetic of one evaluation: small values directly, large ones in
/// its table.
class Arithmetic {
public:
  explicit Arithmetic(std::vector<Rational> &Bigs) : Bigs(Bigs) {}

  Value of(const Rational &X) {
    if (std::optional<Value> V = smallOf(X))
      return *V;
    Value V;
    V.State = Value::Big;
    V.N = static_cast<int64_t>(Bigs.size());
    Bigs.push_back(X);
    return V;
  }
  Rational rational(const Value &V) const {
    return V.State == Value::Small ? Rational(V.N, V.D) : Bigs[V.N];
  }
  bool isZero(const Value &V) const {
    return V.State == Value::Small ? V.N == 0 : Bigs[V.N].isZero();
  }

  Value add(const Value &A, const Value &B) {
    if (A.State == Value::Small && B.State == Value::Small) {
      int64_t Sum;
      if (A.D == 1 && B.D == 1 && !__builtin_add_overflow(A.N, B.N, &Sum))
        return Value::small(Sum, 1);
      if (std::optional<Value> V =
              reduce(Int128(A.N) * B.D + Int128(B.N) * A.D, Int128(A.D) * B.D))
        return *V;
    }
    Rational R = rational(A);
    R += rational(B);
    return of(R);
  }

  Value mul(const Value &A, const Value &B) {
    if (A.State == Value::Small && B.State == Value::Small) {
      int64_t Product;
      if (A.D == 1 && B.D == 1 && !__builtin_mul_overflow(A.N, B.N, &Product))
        return Value::small(Product, 1);
      if (std::optional<Value> V = reduce(Int128(A.N) * B.N, Int128(A.D) * B.D))
        return *V;
    }
    Rational R = rational(A);
    R *= rational(B);
    return of(R);
  }

  bool less(const Value &A, const Value &B) const {
    if (A.State == Value::Small && B.State == Value::Small)
      return Int128(A.N) * B.D < Int128(B.N) * A.D;
    return rational(A) < rational(B);
  }

  /// floor or ceil of \p Num / \p Den, \p Den not zero.
  Value divide(const Value &Num, const Value &Den, bool Floor) {
    if (Num.State == Value::Small && Den.State == Value::Small) {
      // Num.N / Num.D over Den.N / Den.D as a quotient of 128-bit integers
      // with a positive divisor.
      Int128 P = Int128(Num.N) * Den.D, Q = Int128(Num.D) * Den.N;
      if (Q < 0) {
        P = -P;
        Q = -Q;
      }
      Int128 Quot = P / Q, Rem = P % Q;
      // Division truncates toward zero: one down (floor) or up (ceil)
      // where the exact quotient lies on that side.
      if (Floor && Rem < 0)
        --Quot;
      if (!Floor && Rem > 0)
        ++Quot;
      if (std::optional<Value> V = reduce(Quot, 1))
        return *V;
    }
    Rational Q = rational(Num) / rational(Den);
    return of(Floor ? Q.floor() : Q.ceil());
  }

private:
  std::vector<Rational> &Bigs;
};

} // namespace

struct CompiledExprs::Numbering {
  llvm::DenseMap<const void *, unsigned> Steps;
  llvm::StringMap<unsigned> Symbols;
};

CompiledExprs::CompiledExprs(llvm::ArrayRef<Expr> RootExprs) {
  Numbering N;
  for (const Expr &E : RootExprs)
    Roots.push_back(addStep(E, N));
}

unsigned CompiledExprs::addStep(const Expr &E, Numbering &N) {
  if (auto It = N.Steps.find(E.getIdentity()); It != N.Steps.end())
    return It->second;
  llvm::SmallVector<unsigned, 4> Ops;
  for (const Expr &Op : E.operands())
    Ops.push_back(addStep(Op, N));
  Step S;
  S.E = E;
  S.K = E.getKind();
  S.First = Operands.size();
  S.Count = Ops.size();
  Operands.insert(Operands.end(), Ops.begin(), Ops.end());
  if (S.K == Expr::Kind::Symbol) {
    auto [It, New] = N.Symbols.try_emplace(E.getSymbolName(), Symbols.size());
    if (New)
      Symbols.push_back(E.getSymbolName().str());
    S.Symbol = It->second;
  }
  if (S.K == Expr::Kind::Constant) {
    S.Value = *E.getConstant();
    if (std::optional<Value> V = smallOf(S.Value)) {
      S.Small = true;
      S.Num = V->N;
      S.Den = V->D;
    }
  }
  unsigned I = Steps.size();
  Steps.push_back(std::move(S));
  N.Steps[E.getIdentity()] = I;
  return I;
}

void CompiledExprs::compute(const Bindings &B, std::vector<Value> &At,
                            std::vector<Rational> &Bigs) const {
  Arithmetic A(Bigs);
  std::vector<Value> SymbolValues(Symbols.size());
  for (size_t I = 0; I != Symbols.size(); ++I)
    if (auto It = B.find(Symbols[I]); It != B.end())
      SymbolValues[I] = A.of(It->second);
  At.assign(Steps.size(), Value());
  for (size_t I = 0; I != Steps.size(); ++I) {
    const Step &S = Steps[I];
    auto Op = [&](unsigned J) -> const Value & {
      return At[Operands[S.First + J]];
    };
    Value &V = At[I];
    switch (S.K) {
    case Expr::Kind::Constant:
      V = S.Small ? Value::small(S.Num, S.Den) : A.of(S.Value);
      break;
    case Expr::Kind::Symbol:
      V = SymbolValues[S.Symbol];
      break;
    case Expr::Kind::FloorDiv:
    case Expr::Kind::CeilDiv: {
      const Value &Num = Op(0), &Den = Op(1);
      if (Num && Den && !A.isZero(Den))
        V = A.divide(Num, Den, S.K == Expr::Kind::FloorDiv);
      break;
    }
    case Expr::Kind::Log2:
      if (const Value &X = Op(0))
        V = A.of(floorLog2(A.rational(X)));
      break;
    case Expr::Kind::Add:
    case Expr::Kind::Mul:
    case Expr::Kind::Min:
    case Expr::Kind::Max: {
      Value Acc;
      bool Unbound = S.Count == 0;
      for (unsigned J = 0; J != S.Count && !Unbound; ++J) {
        const Value &X = Op(J);
        if (!X)
          Unbound = true;
        else if (!Acc)
          Acc = X;
        else if (S.K == Expr::Kind::Add)
          Acc = A.add(Acc, X);
        else if (S.K == Expr::Kind::Mul)
          Acc = A.mul(Acc, X);
        else if (S.K == Expr::Kind::Min ? A.less(X, Acc) : A.less(Acc, X))
          Acc = X;
      }
      if (!Unbound)
        V = Acc;
      break;
    }
    }
  }
}

void CompiledExprs::evaluate(
    const Bindings &B, std::vector<std::optional<Rational>> &Values) const {
  std::vector<Value> At;
  std::vector<Rational> Bigs;
  compute(B, At, Bigs);
  Arithmetic A(Bigs);
  Values.clear();
  for (unsigned R : Roots)
    Values.push_back(At[R] ? std::optional<Rational>(A.rational(At[R]))
                           : std::nullopt);
}

void CompiledExprs::substitute(const Bindings &B,
                               std::vector<Expr> &Results) const {
  // A step with a value becomes that constant: the canonical form of an
  // expression without symbols and without a zero divisor. One without
  // (it keeps an unbound symbol, or divides by zero) is rebuilt from its
  // operands' results as Expr::substitute rebuilds it, or is itself where
  // none of them changed. Each step once, however many parents share it.
  std::vector<Value> At;
  std::vector<Rational> Bigs;
  compute(B, At, Bigs);
  Arithmetic A(Bigs);
  std::vector<std::optional<Expr>> Memo(Steps.size());
  std::function<const Expr &(unsigned)> Result =
      [&](unsigned I) -> const Expr & {
    std::optional<Expr> &R = Memo[I];
    if (R)
      return *R;
    const Step &S = Steps[I];
    if (S.K == Expr::Kind::Constant || (S.K == Expr::Kind::Symbol && !At[I])) {
      R = S.E;
      return *R;
    }
    if (At[I]) {
      R = Expr::constant(A.rational(At[I]));
      return *R;
    }
    llvm::SmallVector<Expr, 4> Ops;
    bool Changed = false;
    for (unsigned J = 0; J != S.Count; ++J) {
      const Expr &Orig = S.E.operands()[J];
      Ops.push_back(Result(Operands[S.First + J]));
      Changed |= Ops.back().getIdentity() != Orig.getIdentity();
    }
    R = Changed ? S.E.withOperands(Ops) : S.E;
    return *R;
  };
  Results.clear();
  for (unsigned Root : Roots)
    Results.push_back(Result(Root));
}
