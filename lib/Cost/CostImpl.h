//===- CostImpl.h - Shared pieces of the Cost stage -------------*- C++ -*-===//
//
// Internal to lib/Cost: the builder that turns instruction counts per class
// into a CostInfo, the type queries every pricing file needs, and the entry
// point of each file (arithmetic, division, casts and addresses, memory,
// intrinsics, calls and libdevice, control flow). CostModel::getCost in
// CostModel.cpp dispatches to them. docs/costs.md is the mapping they
// implement.
//
//===----------------------------------------------------------------------===//
#ifndef KERNELTIME_LIB_COST_COSTIMPL_H
#define KERNELTIME_LIB_COST_COSTIMPL_H

#include "KernelTime/Cost.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace llvm {
class BinaryOperator;
class CallBase;
class DataLayout;
class Instruction;
class Type;
} // namespace llvm

namespace ktime {
namespace detail {

struct ComputeCache;

/// Sums the classes of an instruction or a sequence into a CostInfo.
class CostBuilder {
public:
  /// \p Cache keeps each class's figures as rationals (may be null).
  explicit CostBuilder(const GpuTarget &T, ComputeCache *Cache = nullptr)
      : T(T), Cache(Cache) {}

  /// \p N instructions of class \p C, all on the dependence chain.
  CostBuilder &add(InstrClass C, Rational N = 1) { return add(C, N, N); }
  /// \p N instructions of class \p C, \p Chain of them one after another on
  /// the path a dependent instruction waits for (the others run beside).
  CostBuilder &add(InstrClass C, Rational N, Rational Chain);
  /// Adds \p E to the latency without issue cost (a memory level's symbol).
  CostBuilder &addLatency(const Expr &E);

  bool empty() const { return Parts.empty(); }
  CostInfo build(CostInfo::Kind K, llvm::StringRef What = "") const;

private:
  const GpuTarget &T;
  ComputeCache *Cache;
  llvm::SmallVector<CostPart, 1> Parts;
  Expr Lat, Del;
};

/// What the pricing functions computed for one target, so that repeats of
/// the same question (most instructions of a kernel) cost a lookup: a
/// class's lat and del as exact rationals, CostContext::compute's results by
/// (class, count, chain) without What, and costAccess's by its arguments.
struct ComputeCache {
  /// Class \p C's lat and del on \p T as rationals, computed at the first
  /// question.
  const std::pair<Rational, Rational> &classFigures(const GpuTarget &T,
                                                    InstrClass C);

  /// By InstrClass; empty until the class is first priced.
  std::vector<std::optional<std::pair<Rational, Rational>>> ClassFigures;
  llvm::DenseMap<std::tuple<unsigned, unsigned, unsigned>, CostInfo> Costs;
  /// (state space, bytes, alignment, load, read-only).
  std::map<std::tuple<unsigned, uint64_t, uint64_t, bool, bool>, CostInfo>
      Accesses;
};

/// What every pricing function needs.
struct CostContext {
  const GpuTarget &T;
  const llvm::DataLayout &DL;
  /// Where compute keeps what it built (the CostModel's).
  ComputeCache &Computed;

  CostBuilder builder() const { return CostBuilder(T, &Computed); }
  /// \p N instructions of \p C, \p Chain of them dependent on each other.
  CostInfo compute(InstrClass C, unsigned N, unsigned Chain,
                   llvm::StringRef What = "") const;
  CostInfo compute(InstrClass C, unsigned N = 1,
                   llvm::StringRef What = "") const {
    return compute(C, N, N, What);
  }
  /// The default for what nothing else prices: one int.add, Kind::Unknown,
  /// with \p Assumption.
  CostInfo unknown(std::string Assumption) const;
};

CostInfo makeFree(llvm::StringRef What);

/// Floating-point element kinds: F16 is half and bfloat alike.
enum class FpKind { None, F16, F32, F64 };
FpKind getFpKind(const llvm::Type *Ty);
/// fp32.add, fp64.add, fp16.fma (a 16-bit add runs on the half pipe).
InstrClass getFpAddClass(FpKind K);
InstrClass getFpMulClass(FpKind K);
InstrClass getFpFmaClass(FpKind K);
/// convert.f64 when a conversion from \p Src to \p Dst reads or writes a
/// 64-bit type (the guide's "type conversions from and to 64-bit types"),
/// else convert.
InstrClass getConvertClass(const llvm::Type *Src, const llvm::Type *Dst);
/// The same for a conversion call, from its first argument to its result.
InstrClass getConvertClass(const llvm::CallBase &CB);
/// Registers a value of \p Ty occupies as PTX sees it: 1 for a scalar, one
/// per element for a vector, one per pair for vectors of 16-bit floats
/// (f16x2, bf16x2).
unsigned getRegisterCount(const llvm::Type *Ty);
/// Bits of the scalar (element) type; 64 for a pointer in a 64-bit space.
unsigned getScalarBits(const llvm::Type *Ty, const llvm::DataLayout &DL);
/// 32-bit words of an integer operation on \p Ty: 1 up to 32 bits, 2 for
/// 64 bits.
unsigned wordsOf(const llvm::Type *Ty, const llvm::DataLayout &DL);
/// True if \p V is an integer constant that is a power of two.
bool isPowerOfTwoConstant(const llvm::Value *V);

/// Integer multiply-add fusion (NVPTX's DAG combine): a mul whose only user
/// is an add in the same block, the add's first such operand.
bool isMulFusedIntoMad(const llvm::Instruction &Mul);
/// The add of such a pair (it becomes the mad; the mul is free).
bool isAddWithFusedMul(const llvm::Instruction &Add);
/// Floating-point contraction with `contract` on both: an fadd/fsub with an
/// fmul operand in the same block becomes one fma; NVPTX fuses aggressively,
/// duplicating a multiply that feeds several adds.
bool isFAddWithFusedMul(const llvm::Instruction &Add);
/// An fmul all of whose users absorbed it into their fma: free.
bool isFMulFullyFused(const llvm::Instruction &Mul);

// The pricing files.
CostInfo costIntegerOp(const CostContext &Ctx, const llvm::BinaryOperator &I);
CostInfo costFloatOp(const CostContext &Ctx, const llvm::Instruction &I);
CostInfo costDivRem(const CostContext &Ctx, const llvm::BinaryOperator &I);
CostInfo costCompareOrSelect(const CostContext &Ctx,
                             const llvm::Instruction &I);
CostInfo costCast(const CostContext &Ctx, const llvm::Instruction &I);
CostInfo costGEP(const CostContext &Ctx, const llvm::Instruction &I);
CostInfo costAggregate(const CostContext &Ctx, const llvm::Instruction &I);
CostInfo costMemoryInst(const CostContext &Ctx, const llvm::Instruction &I);
/// A load (IsLoad) or store of \p Bytes through \p Ptr with alignment
/// \p AlignBytes: ld/st.<space> issued on ldst, split into accesses of at most
/// 16 bytes as NVPTX splits them.
CostInfo costAccess(const CostContext &Ctx, const llvm::Value *Ptr,
                    uint64_t Bytes, uint64_t AlignBytes, bool IsLoad,
                    bool ReadOnly);
/// An atomic read-modify-write through \p Ptr: atom (red when the result is
/// unused) .<space>.<Op> on atomic.global or atomic.shared.
CostInfo costAtomicAccess(const CostContext &Ctx, const llvm::Value *Ptr,
                          llvm::Type *ValTy, bool ResultUsed,
                          llvm::StringRef Op);
CostInfo costCall(const CostContext &Ctx, const llvm::CallBase &CB);
/// An intrinsic by name; std::nullopt if the name is not one this stage
/// knows (the caller then applies the default).
std::optional<CostInfo> costIntrinsic(const CostContext &Ctx,
                                      const llvm::CallBase &CB,
                                      llvm::StringRef Name);
std::optional<CostInfo> costNVVMIntrinsic(const CostContext &Ctx,
                                          const llvm::CallBase &CB,
                                          llvm::StringRef Name);
/// A call of libdevice function \p Name (__nv_*) from the table generated
/// by utils/gen-libdevice-costs.py; std::nullopt if it is not in it.
std::optional<CostInfo> costLibdevice(const CostContext &Ctx,
                                      llvm::StringRef Name);
CostInfo costTerminator(const CostContext &Ctx, const llvm::Instruction &I);

} // namespace detail
} // namespace ktime

#endif // KERNELTIME_LIB_COST_COSTIMPL_H
