//===- KernelTime/Expr.h - Symbolic kernel-time expressions -----*- C++ -*-===//
//
// The Expr stage: a small exact symbolic algebra for trip counts, latencies
// and delays. An Expr is an immutable value (cheap to copy) built from
// rational constants, named symbols (tid.x, argN, lat.DRAM, trip.L12, ...),
// + - *, floor division, ceildiv, min, max and floor log2. Every Expr is kept
// in one canonical form, so equal expressions compare and print equal; it can
// be evaluated under bindings of its symbols and have symbols substituted.
// docs/expressions.md describes the language, the canonical form and the
// printing rules.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELTIME_EXPR_H
#define KERNELTIME_EXPR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DynamicAPInt.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace ktime {

/// An exact rational number of arbitrary precision, always normalised:
/// denominator > 0 and gcd(numerator, denominator) == 1.
class Rational {
public:
  Rational() : Num(0), Den(1) {}
  Rational(int64_t V) : Num(V), Den(1) {}
  /// \p D must not be zero.
  Rational(int64_t N, int64_t D);
  /// \p D must not be zero.
  Rational(llvm::DynamicAPInt N, llvm::DynamicAPInt D);
  static Rational fromInt64(int64_t V) { return Rational(V); }
  /// \p V rounded to 6 decimal places: target figures (32.7 cycles, a del
  /// of 32 / 3) and model values (hit fractions, latencies) as exact
  /// rationals.
  static Rational fromDouble(double V);

  const llvm::DynamicAPInt &getNumerator() const { return Num; }
  const llvm::DynamicAPInt &getDenominator() const { return Den; }
  bool isInteger() const { return Den == 1; }
  bool isZero() const { return Num == 0; }
  /// -1, 0 or 1.
  int sign() const { return Num < 0 ? -1 : (Num > 0 ? 1 : 0); }
  /// The integer value if this is an integer that fits in int64_t.
  std::optional<int64_t> getInt64() const;
  double toDouble() const;

  Rational floor() const;
  Rational ceil() const;
  Rational abs() const;

  Rational operator-() const;
  Rational &operator+=(const Rational &O);
  Rational &operator-=(const Rational &O);
  Rational &operator*=(const Rational &O);
  /// \p O must not be zero.
  Rational &operator/=(const Rational &O);
  friend Rational operator+(Rational A, const Rational &B) { return A += B; }
  friend Rational operator-(Rational A, const Rational &B) { return A -= B; }
  friend Rational operator*(Rational A, const Rational &B) { return A *= B; }
  friend Rational operator/(Rational A, const Rational &B) { return A /= B; }

  friend bool operator==(const Rational &A, const Rational &B) {
    return A.Num == B.Num && A.Den == B.Den;
  }
  friend bool operator!=(const Rational &A, const Rational &B) {
    return !(A == B);
  }
  friend bool operator<(const Rational &A, const Rational &B);
  friend bool operator>(const Rational &A, const Rational &B) { return B < A; }
  friend bool operator<=(const Rational &A, const Rational &B) {
    return !(B < A);
  }
  friend bool operator>=(const Rational &A, const Rational &B) {
    return !(A < B);
  }

  /// Prints an integer as decimal digits, a non-integer with a terminating
  /// decimal expansion of at most 6 fractional digits as a decimal ("0.5",
  /// "-2.125"), and any other value as "frac(N, D)" ("frac(1, 3)",
  /// "-frac(2, 7)").
  void print(llvm::raw_ostream &OS) const;
  std::string str() const;

private:
  void normalize();
  llvm::DynamicAPInt Num, Den;
};

bool operator<(const Rational &A, const Rational &B);
llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, const Rational &R);

/// Values for symbols, by name.
using Bindings = std::map<std::string, Rational>;

namespace detail {
struct ExprNode;
struct ExprAccess;
} // namespace detail

/// A symbolic expression in canonical form. See docs/expressions.md.
class Expr {
public:
  enum class Kind {
    Constant,
    Symbol,
    Add,
    Mul,
    FloorDiv,
    CeilDiv,
    Min,
    Max,
    Log2
  };

  /// The constant 0.
  Expr();
  static Expr constant(int64_t V);
  static Expr constant(const Rational &R);
  static Expr symbol(llvm::StringRef Name);

  friend Expr operator+(const Expr &A, const Expr &B);
  friend Expr operator-(const Expr &A, const Expr &B);
  friend Expr operator*(const Expr &A, const Expr &B);
  friend Expr operator+(const Expr &A, int64_t B);
  friend Expr operator-(const Expr &A, int64_t B);
  friend Expr operator*(const Expr &A, int64_t B);
  friend Expr operator+(int64_t A, const Expr &B);
  friend Expr operator-(int64_t A, const Expr &B);
  friend Expr operator*(int64_t A, const Expr &B);
  Expr operator-() const;
  Expr &operator+=(const Expr &O) { return *this = *this + O; }
  Expr &operator-=(const Expr &O) { return *this = *this - O; }
  Expr &operator*=(const Expr &O) { return *this = *this * O; }

  /// floor(A / B), printed "A / B". A constant zero divisor stays symbolic.
  static Expr floorDiv(const Expr &A, const Expr &B);
  /// ceil(A / B), printed "ceildiv(A, B)".
  static Expr ceilDiv(const Expr &A, const Expr &B);
  static Expr min(const Expr &A, const Expr &B);
  static Expr max(const Expr &A, const Expr &B);
  /// The sum of \p Terms (0 for none), in one step: faster than adding them
  /// one by one, which simplifies every partial sum.
  static Expr sum(llvm::ArrayRef<Expr> Terms);
  /// The least / greatest of \p Ops; an empty list gives the constant 0.
  static Expr min(llvm::ArrayRef<Expr> Ops);
  static Expr max(llvm::ArrayRef<Expr> Ops);
  /// floor(log2(A)) for A >= 1 and -1 for A < 1, printed "log2(A)": so
  /// log2(A) + 1 is the number of binary digits of an integer A >= 0 (0 for
  /// A = 0), the count of a loop halving A until it is 0.
  static Expr log2(const Expr &A);

  Kind getKind() const;
  /// Add: the terms in canonical order. Mul: an optional leading Constant
  /// coefficient (never 0 or 1), then the sorted factors. FloorDiv, CeilDiv:
  /// numerator and divisor. Min, Max: the sorted operands. Log2: its
  /// operand. Empty for Constant and Symbol.
  llvm::ArrayRef<Expr> operands() const;
  /// The terms of the canonical sum this is: a sum's operands, or the
  /// expression itself (valid while this Expr lives).
  llvm::ArrayRef<Expr> terms() const;
  bool isConstant() const { return getKind() == Kind::Constant; }
  bool isSymbol() const { return getKind() == Kind::Symbol; }
  std::optional<Rational> getConstant() const;
  /// The value if this is a constant integer that fits in int64_t.
  std::optional<int64_t> getInt64() const;
  /// The name of a Symbol; empty for any other kind.
  llvm::StringRef getSymbolName() const;

  void print(llvm::raw_ostream &OS) const;
  std::string str() const;

  /// Equality of canonical forms.
  bool operator==(const Expr &O) const;
  bool operator!=(const Expr &O) const { return !(*this == O); }
  /// A deterministic total order on canonical forms (no pointer order).
  bool operator<(const Expr &O) const;
  /// The node this value shares with its copies: equal identities mean
  /// equal expressions (not the converse). For caches of results by
  /// expression, which must keep the Expr alive while they use its
  /// identity.
  const void *getIdentity() const { return Node.get(); }

  /// The value under \p B; nullopt if a symbol is unbound or a divisor is 0.
  std::optional<Rational> evaluate(const Bindings &B) const;
  /// The same kind of expression over \p Ops instead of its operands,
  /// re-simplified: their sum, product, floor or ceiling quotient, least or
  /// greatest, log2. A constant or a symbol is itself.
  Expr withOperands(llvm::ArrayRef<Expr> Ops) const;
  /// Replaces the symbols named in \p Subst and re-simplifies.
  Expr substitute(const std::map<std::string, Expr> &Subst) const;
  void collectSymbols(std::set<std::string> &Out) const;
  bool mentions(llvm::StringRef Symbol) const;
  /// True if none of \p Symbols occurs in a product with another
  /// non-constant factor, in a division, a min, a max or a log2.
  bool isAffineIn(llvm::ArrayRef<std::string> Symbols) const;
  /// True if the value is an integer whenever every integer symbol is bound
  /// to an integer (see isIntegerSymbol).
  bool isIntegral() const;

  /// Symbols denote integers, except the memory-latency symbols whose names
  /// start with "lat.", which may take any rational value.
  static bool isIntegerSymbol(llvm::StringRef Name);

private:
  friend struct detail::ExprAccess;
  explicit Expr(std::shared_ptr<const detail::ExprNode> N)
      : Node(std::move(N)) {}
  std::shared_ptr<const detail::ExprNode> Node;
};

llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, const Expr &E);

/// Expressions evaluated or substituted many times under different bindings
/// (the launch stage's traffic, time and delay per warp): compiled once into
/// a list of steps, their shared subexpressions once, each symbol looked up
/// once per evaluation. The values are Expr::evaluate's exactly, the
/// substitutions Expr::substitute's.
class CompiledExprs {
public:
  explicit CompiledExprs(llvm::ArrayRef<Expr> Roots);
  /// The value of each root under \p B, in the order given, as
  /// Expr::evaluate gives it (nullopt for an unbound symbol or a zero
  /// divisor).
  void evaluate(const Bindings &B,
                std::vector<std::optional<Rational>> &Values) const;
  /// Each root with the symbols \p B binds replaced by their values, as
  /// Expr::substitute gives it with those values as constants.
  void substitute(const Bindings &B, std::vector<Expr> &Results) const;
  size_t size() const { return Roots.size(); }
  /// The \p I-th root as given.
  const Expr &root(size_t I) const { return Steps[Roots[I]].E; }

  /// A step's value while evaluating: unknown, a rational whose numerator
  /// and denominator fit in 64 bits, or any rational (defined in
  /// CompiledExprs.cpp).
  struct Value;

private:
  /// The steps already added, by node, and the symbols, by name (defined
  /// in CompiledExprs.cpp).
  struct Numbering;
  /// The step of \p E, added after its operands' unless \p N has it.
  unsigned addStep(const Expr &E, Numbering &N);
  /// The value of every step under \p B; values too large for a Value
  /// are kept in \p Bigs.
  void compute(const Bindings &B, std::vector<Value> &At,
               std::vector<Rational> &Bigs) const;

  struct Step {
    Expr E;
    Expr::Kind K;
    /// Its operands' steps: Operands[First, First + Count).
    unsigned First = 0, Count = 0;
    /// A symbol's index in Symbols.
    unsigned Symbol = 0;
    /// A constant's value; where its numerator and denominator fit in 64
    /// bits, also as those (Small).
    Rational Value;
    bool Small = false;
    int64_t Num = 0, Den = 1;
  };
  std::vector<Step> Steps;
  std::vector<unsigned> Operands;
  std::vector<std::string> Symbols;
  /// Each root's step.
  std::vector<unsigned> Roots;
};

} // namespace ktime

#endif // KERNELTIME_EXPR_H
