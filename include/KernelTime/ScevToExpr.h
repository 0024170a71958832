//===- ScevToExpr.h - ScalarEvolution expressions as KernelTime Exprs -----===//
//
// The Expr stage's bridge from LLVM: names IR values with the symbols users
// read (PTX special registers tid.x, ntid.x, ctaid.x, nctaid.x, ...; kernel
// parameters by source name or argN) and converts SCEVs into Exprs.
// docs/expressions.md describes the symbols; test/Expr has the lit tests.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_SCEVTOEXPR_H
#define KERNELTIME_SCEVTOEXPR_H

#include "KernelTime/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class BinaryOperator;
class Function;
class ICmpInst;
class Loop;
class Value;
} // namespace llvm

namespace ktime {

/// Gives IR values the names expressions print them with.
class SymbolNamer {
public:
  explicit SymbolNamer(const llvm::Function &F);

  /// "tid.x" for llvm.nvvm.read.ptx.sreg.tid.x and the other PTX special
  /// registers; the source name or "argN" for a parameter of the function;
  /// std::nullopt for anything else.
  std::optional<std::string> getSymbol(const llvm::Value *V) const;

  /// The name parameter ArgNo prints with: its IR value name, else the name
  /// debug info gives it, else "argN".
  std::string getParamName(unsigned ArgNo) const;

  /// The symbol of a PTX special-register intrinsic ("tid.x", "WARP_SZ"), or
  /// std::nullopt if \p Callee is not one.
  static std::optional<std::string>
  getSpecialRegisterSymbol(llvm::StringRef Callee);

private:
  const llvm::Function &F;
  llvm::DenseMap<unsigned, std::string> DebugNames;
};

/// The integer \p V as an expression, read as signed or unsigned, of any
/// width.
Expr exprFromAPInt(const llvm::APInt &V, bool Unsigned);

/// True if \p E >= 0 (isKnownPositive: >= 1) for every value of its
/// symbols, by the ranges of the symbols SymbolNamer and the Thread stage
/// make: PTX ids, loop iteration numbers and trip counts are >= 0; ntid,
/// nctaid and WARP_SZ are >= 1; parameters are unknown.
bool isKnownNonNegative(const Expr &E);
bool isKnownPositive(const Expr &E);

/// Converts SCEVs to Exprs. Conversions that hold only for non-negative
/// operands (zext, udiv, umax/umin) are exact when ScalarEvolution proves the
/// operand non-negative at the scope loop's entry; otherwise the conversion
/// still happens and getAssumptions() says what was assumed. A truncation is
/// exact when the value fits, a remainder when it truncates to 16 bits or
/// fewer, and otherwise assumed to fit.
class ScevToExpr {
public:
  /// \p IterSymbol names the 0-based iteration number of a loop, used for
  /// add recurrences of enclosing loops (triangular loops).
  ScevToExpr(llvm::ScalarEvolution &SE, const SymbolNamer &Names,
             std::function<std::string(const llvm::Loop *)> IterSymbol);

  /// Converts \p S, reasoning about signs at the entry of \p Scope (may be
  /// null). On failure returns std::nullopt and getFailure() says what could
  /// not be expressed.
  std::optional<Expr> convert(const llvm::SCEV *S, const llvm::Loop *Scope);
  /// As convert, but a constant \p S is read as an unsigned number (for the
  /// operands of unsigned comparisons and for backedge-taken counts).
  std::optional<Expr> convertUnsigned(const llvm::SCEV *S,
                                      const llvm::Loop *Scope);

  const std::vector<std::string> &getAssumptions() const { return Assumptions; }
  const std::string &getFailure() const { return Failure; }

private:
  std::optional<Expr> visit(const llvm::SCEV *S);
  std::optional<Expr> visitAddRec(const llvm::SCEVAddRecExpr *AR);
  std::optional<Expr> visitTrunc(const llvm::SCEVTruncateExpr *T);
  std::optional<Expr> visitNary(const llvm::SCEVNAryExpr *N);
  std::optional<Expr> visitUnknown(const llvm::SCEVUnknown *U);
  /// What \p V is, for a message: "a value loaded from memory at line 12".
  static std::string describeValue(const llvm::Value &V);
  std::optional<Expr> visitDivision(const llvm::Value *V);
  std::optional<Expr> visitDivisionByValue(const llvm::BinaryOperator &BO);
  /// A value a comparison chooses (ChosenValues.cpp): a select on an integer
  /// comparison, or the comparison's i1 read as 0 or 1.
  std::optional<Expr> visitChosen(const llvm::Value *V);
  /// [A Pred B] of an integer comparison, as 0 or 1.
  std::optional<Expr> visitComparison(const llvm::ICmpInst &Cmp);
  /// True if ScalarEvolution proves \p S >= 0 (with the scope's guards).
  bool isNonNegative(const llvm::SCEV *S);
  void requireNonNegative(const llvm::SCEV *S, llvm::StringRef What);
  /// \p S with the facts the scope loop's guards establish.
  const llvm::SCEV *guarded(const llvm::SCEV *S);

  /// Expressions are expanded sums of products; a product whose expansion
  /// would have more terms than this is not converted.
  static constexpr uint64_t MaxExpandedTerms = 256;

  /// Truncations to at most this many bits print as remainders.
  static constexpr unsigned MaxRemainderBits = 16;
  std::optional<Expr> fail(std::string Why);

  llvm::ScalarEvolution &SE;
  const SymbolNamer &Names;
  std::function<std::string(const llvm::Loop *)> IterSymbol;
  const llvm::Loop *Scope = nullptr;
  std::vector<std::string> Assumptions;
  std::string Failure;
};

} // namespace ktime

#endif // KERNELTIME_SCEVTOEXPR_H
