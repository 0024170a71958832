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
#include <set>
#include <string>
#include <vector>

namespace llvm {
class BinaryOperator;
class DIType;
class Function;
class ICmpInst;
class LoadInst;
class Loop;
class Type;
class Value;
} // namespace llvm

namespace ktime {

/// A scalar field of a kernel's by-value struct parameter (docs/usage.md,
/// "Names a launch can bind"): an integer or floating-point member at a
/// byte offset into the parameter, reached through nested structs and
/// arrays.
struct ParamField {
  unsigned ArgNo = 0;
  uint64_t Offset = 0;
  /// The field's IR type: a launch's value is read as this type.
  llvm::Type *Ty = nullptr;
  /// "arg1.field2.field0", "arg1.field3[2]": the parameter's argN and the
  /// field indices of the IR struct types (elements of arrays in brackets).
  /// Always binds.
  std::string Name;
  /// The symbol expressions use: the parameter's name as getParamName
  /// gives it, then the members' source names where debug info has them
  /// ("p.in.n", "p.arr[2]"), else the IR path ("p.field1").
  std::string Printed;
};

/// Gives IR values the names expressions print them with.
class SymbolNamer {
public:
  explicit SymbolNamer(const llvm::Function &F);

  /// "tid.x" for llvm.nvvm.read.ptx.sreg.tid.x and the other PTX special
  /// registers; the source name or "argN" for a parameter of the function;
  /// the field's Printed name for a load of a scalar field of a kernel's
  /// by-value struct parameter that the kernel only reads (getLoadedField);
  /// a phi whose incoming values all have the same such symbol, one that
  /// does not change during a thread's run (a parameter, a field, an id, a
  /// size: GVN merges two reads of ntid.x on the paths into a block);
  /// std::nullopt for anything else.
  std::optional<std::string> getSymbol(const llvm::Value *V) const;

  /// The name parameter ArgNo prints with: its IR value name, else the name
  /// debug info gives it, else "argN".
  std::string getParamName(unsigned ArgNo) const;

  /// The field a load reads, if it is named: the load is of an integer or
  /// floating-point value, at a constant offset into a by-value struct
  /// parameter of the kernel whose bytes there the kernel never writes (it
  /// only reads the parameter, isReadOnlyByValParam, or writes it only
  /// with stores at constant offsets elsewhere), and covers exactly one
  /// scalar field; a field withheld (WithholdFieldNames) is not named.
  std::optional<ParamField> getLoadedField(const llvm::LoadInst &L) const;

  /// The scalar field of a kernel's by-value struct parameter that \p Name
  /// names: the parameter as argN or by getParamName, then the field's
  /// path in the IR (".field1", "[2]") or in the source (".n", "[2]").
  std::optional<ParamField> findField(llvm::StringRef Name) const;
  /// The by-value struct parameter whose name begins \p Name followed by
  /// "." or "[" (a field name that may be misspelt), if any.
  std::optional<unsigned> getFieldParam(llvm::StringRef Name) const;
  /// The Printed names of the scalar fields of parameter \p ArgNo in
  /// order, at most \p Max of them; \p More gets how many were left out.
  std::vector<std::string> listFields(unsigned ArgNo, size_t Max,
                                      size_t &More) const;
  /// Whether debug info describes the type of parameter \p ArgNo: its
  /// fields then have their members' source names (-O0 -g).
  bool hasDebugType(unsigned ArgNo) const { return DebugTypes.count(ArgNo); }

  /// The symbol of a PTX special-register intrinsic ("tid.x", "WARP_SZ"), or
  /// std::nullopt if \p Callee is not one.
  static std::optional<std::string>
  getSpecialRegisterSymbol(llvm::StringRef Callee);

private:
  std::optional<std::string> getSymbol(const llvm::Value *V,
                                       unsigned PhiDepth) const;

  /// The field of parameter \p ArgNo at \p Offset bytes: of type \p Ty,
  /// or the first scalar that starts there when \p Ty is null.
  std::optional<ParamField> fieldAt(unsigned ArgNo, uint64_t Offset,
                                    llvm::Type *Ty) const;
  /// The byte offset of a source path (".in.n", "[2]") into the debug
  /// type of parameter \p ArgNo, with the field's size in bits.
  std::optional<std::pair<uint64_t, uint64_t>>
  sourceOffset(unsigned ArgNo, llvm::StringRef Path) const;

  const llvm::Function &F;
  llvm::DenseMap<unsigned, std::string> DebugNames;
  /// The debug type of each parameter that debug info describes.
  llvm::DenseMap<unsigned, const llvm::DIType *> DebugTypes;
  /// Each by-value struct parameter: whether its loads are named (the
  /// function is a kernel that only reads it).
  llvm::DenseMap<unsigned, bool> ReadOnly;
  /// The by-value struct parameters of a kernel that it writes, but only
  /// with stores at constant offsets: the byte ranges [begin, end) they
  /// write. A load of other bytes reads the launch's value.
  llvm::DenseMap<unsigned, llvm::SmallVector<std::pair<uint64_t, uint64_t>, 4>>
      WrittenBytes;
  /// getLoadedField's answers before withholding (the Memory stage asks
  /// about every unknown value of every address, often).
  mutable llvm::DenseMap<const llvm::LoadInst *, std::optional<ParamField>>
      LoadedFields;
};

/// While one lives, the fields it lists (by their Printed names) are not
/// named: their loads are values the model does not know, as before fields
/// had names. A launch that does not bind a field its counts need is
/// predicted so (docs/usage.md, "Names a launch can bind"); the stages it
/// runs meanwhile see the same names. Scopes nest; the innermost holds.
class WithholdFieldNames {
public:
  explicit WithholdFieldNames(const std::set<std::string> &Fields);
  ~WithholdFieldNames();
  WithholdFieldNames(const WithholdFieldNames &) = delete;
  WithholdFieldNames &operator=(const WithholdFieldNames &) = delete;

  /// True while \p Printed is withheld.
  static bool isWithheld(llvm::StringRef Printed);

private:
  const std::set<std::string> *Saved;
};

/// The integer \p V as an expression, read as signed or unsigned, of any
/// width.
Expr exprFromAPInt(const llvm::APInt &V, bool Unsigned);

/// True if \p E >= 0 (isKnownPositive: >= 1) for every value of its
/// symbols, by the ranges of the symbols SymbolNamer and the Thread stage
/// make: PTX ids, loop iteration numbers and trip counts are >= 0; ntid,
/// nctaid and WARP_SZ are >= 1; parameters are unknown.
bool isKnownNonNegative(const Expr &E);
/// isKnownNonNegative(X - Y), without building the difference where a
/// term only one side has already says no (a term of X not known
/// non-negative, or c * s1 * ... of Y with c > 0 and symbols s1, ...).
bool isKnownNonNegativeDifference(const Expr &X, const Expr &Y);
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

  /// Whether values a comparison chooses (a select, a branch's phi, an i1)
  /// convert (ChosenValues.cpp). Off by default: the loop counts take them;
  /// the memory and data stages, whose lane analyses read addresses as
  /// strides in the thread ids, do not.
  void setReadChosenValues(bool On) { ReadChosenValues = On; }

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
  bool ReadChosenValues = false;
};

} // namespace ktime

#endif // KERNELTIME_SCEVTOEXPR_H
