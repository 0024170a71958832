//===- Intrinsics.cpp - LLVM's target-independent intrinsics --------------===//
//
// fma/fmuladd -> fp32/fp64/fp16 fma; min/max/abs/copysign on the add pipe;
// sqrt -> fp32.sqrt (sfu when approximate); exp2 -> ex2.approx; rounding ->
// cvt; integer min/max/abs/funnel shifts -> int.add; bit counts -> int.bit;
// memcpy/memset -> the loads and stores NVPTX expands them into; markers
// (assume, lifetime, debug, annotations) are free. Math functions NVPTX
// cannot lower (llvm.sin without afn, llvm.exp, llvm.pow, ...) are priced as
// their libdevice function. NVVM intrinsics are in NVVMIntrinsics.cpp.
// docs/costs.md, "Intrinsics".
//
//===----------------------------------------------------------------------===//
#include "llvm/IR/Intrinsics.h"
#include "CostImpl.h"
#include "KernelTime/Compat.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

/// A math function NVPTX has no instruction for, priced as the libdevice
/// function clang's CUDA headers would have called.
CostInfo viaLibdevice(const CostContext &Ctx, const CallBase &CB,
                      StringRef Float, StringRef Double, StringRef Name) {
  FpKind K = getFpKind(CB.getType());
  StringRef Nv = K == FpKind::F64 ? Double : Float;
  std::optional<CostInfo> C = costLibdevice(Ctx, Nv);
  if (!C)
    return Ctx.unknown(("intrinsic " + Name + " priced as one int.add").str());
  C->Assumption = (Name + " has no NVPTX instruction; priced as libdevice " +
                   Nv + " (its ordinary path)")
                      .str();
  return *C;
}

CostInfo costMemIntrinsic(const CostContext &Ctx, const MemIntrinsic &MI) {
  auto *Len = dyn_cast<ConstantInt>(MI.getLength());
  uint64_t Align = MI.getDestAlign().valueOrOne().value();
  const auto *Transfer = dyn_cast<MemTransferInst>(&MI);
  if (Transfer)
    Align = std::min(Align, Transfer->getSourceAlign().valueOrOne().value());
  uint64_t Bytes = Len ? Len->getZExtValue() : Align;
  CostInfo Store = costAccess(Ctx, MI.getDest(), Bytes, Align, false, false);
  CostInfo Result = Store;
  if (Transfer) {
    CostInfo Load =
        costAccess(Ctx, Transfer->getSource(), Bytes, Align, true, false);
    // The stores wait for the loads' data.
    Result.Lat = Load.Lat + Store.Lat;
    Result.Del = Load.Del + Store.Del;
    Result.Parts[0].Count += Load.Parts[0].Count;
    Result.Count += Load.Count;
    Result.IsLoad = true;
    Result.What = Load.What + " + " + Store.What;
    if (Result.Assumption.empty())
      Result.Assumption = Load.Assumption;
  }
  Result.What = (Transfer ? "memcpy: " : "memset: ") + Result.What;
  if (!Len) {
    if (!Result.Assumption.empty())
      Result.Assumption += "; ";
    Result.Assumption += "memory intrinsic of unknown length priced as one "
                         "access of its alignment";
  }
  return Result;
}

} // namespace

std::optional<CostInfo> costIntrinsic(const CostContext &Ctx,
                                      const CallBase &CB, StringRef Name) {
  const Function *F = CB.getCalledFunction();
  Intrinsic::ID ID = F ? F->getIntrinsicID() : Intrinsic::not_intrinsic;
  const Type *Ty = CB.getType();
  FpKind K = getFpKind(Ty);
  unsigned Regs = getRegisterCount(Ty);
  switch (ID) {
  case Intrinsic::assume:
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::dbg_declare:
  case Intrinsic::dbg_value:
  case Intrinsic::dbg_label:
  case Intrinsic::dbg_assign:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::invariant_start:
  case Intrinsic::invariant_end:
  case Intrinsic::launder_invariant_group:
  case Intrinsic::strip_invariant_group:
  case Intrinsic::sideeffect:
  case Intrinsic::pseudoprobe:
  case Intrinsic::donothing:
  case Intrinsic::annotation:
  case Intrinsic::var_annotation:
  case Intrinsic::ptr_annotation:
  case Intrinsic::codeview_annotation:
  case Intrinsic::expect:
  case Intrinsic::expect_with_probability:
  case Intrinsic::is_constant:
  case Intrinsic::objectsize:
    KTIME_CASE_FAKE_USE
  case Intrinsic::stacksave:
  case Intrinsic::stackrestore:
  case Intrinsic::allow_runtime_check:
  case Intrinsic::allow_ubsan_check:
    return makeFree("marker");
  case Intrinsic::fma:
  case Intrinsic::fmuladd:
    return Ctx.compute(getFpFmaClass(K), Regs, 1, "fma");
  case Intrinsic::fabs:
  case Intrinsic::minnum:
  case Intrinsic::maxnum:
  case Intrinsic::minimum:
  case Intrinsic::maximum:
    KTIME_CASE_MINIMUMNUM_MAXIMUMNUM
  case Intrinsic::canonicalize:
    return Ctx.compute(getFpAddClass(K), Regs, 1);
  case Intrinsic::copysign:
    return Ctx.compute(InstrClass::IntAdd, Regs * wordsOf(Ty, Ctx.DL), 1,
                       "copysign (bit operations)");
  case Intrinsic::sqrt: {
    if (K == FpKind::F64) {
      CostInfo C = Ctx.compute(InstrClass::Fp64Div, Regs, 1, "sqrt.rn.f64");
      C.Assumption = "sqrt.rn.f64 priced as fp64.div (no fp64.sqrt class)";
      return C;
    }
    CostBuilder B = Ctx.builder();
    if (K == FpKind::F16) // promoted to f32 and back
      B.add(InstrClass::Convert, 2 * Regs, 2);
    if (CB.hasApproxFunc())
      B.add(InstrClass::Sfu, Regs, 1);
    else
      B.add(InstrClass::Fp32Sqrt, Regs, 1);
    return B.build(CostInfo::Kind::Compute,
                   CB.hasApproxFunc() ? "sqrt.approx.f32" : "sqrt.rn.f32");
  }
  case Intrinsic::exp2:
    if (K == FpKind::F64)
      return viaLibdevice(Ctx, CB, "__nv_exp2f", "__nv_exp2", Name);
    // NVPTX lowers it to ex2.approx.f32: FSTEP, FMUL, MUFU.EX2, FMUL (nmsu).
    return Ctx.builder()
        .add(InstrClass::Fp32Add, Regs, 1)
        .add(InstrClass::Fp32Mul, 2 * Regs, 2)
        .add(InstrClass::Sfu, Regs, 1)
        .build(CostInfo::Kind::Compute, "ex2.approx.f32");
  case Intrinsic::sin:
  case Intrinsic::cos:
    if (K == FpKind::F32 && CB.hasApproxFunc())
      // sin.approx.f32 / cos.approx.f32: FMUL (range scaling) + MUFU (nmsu).
      return Ctx.builder()
          .add(InstrClass::Fp32Mul, Regs, 1)
          .add(InstrClass::Sfu, Regs, 1)
          .build(CostInfo::Kind::Compute,
                 ID == Intrinsic::sin ? "sin.approx.f32" : "cos.approx.f32");
    return ID == Intrinsic::sin
               ? viaLibdevice(Ctx, CB, "__nv_sinf", "__nv_sin", Name)
               : viaLibdevice(Ctx, CB, "__nv_cosf", "__nv_cos", Name);
  case Intrinsic::exp:
    return viaLibdevice(Ctx, CB, "__nv_expf", "__nv_exp", Name);
  case Intrinsic::exp10:
    return viaLibdevice(Ctx, CB, "__nv_exp10f", "__nv_exp10", Name);
  case Intrinsic::log:
    return viaLibdevice(Ctx, CB, "__nv_logf", "__nv_log", Name);
  case Intrinsic::log2:
    return viaLibdevice(Ctx, CB, "__nv_log2f", "__nv_log2", Name);
  case Intrinsic::log10:
    return viaLibdevice(Ctx, CB, "__nv_log10f", "__nv_log10", Name);
  case Intrinsic::pow:
    return viaLibdevice(Ctx, CB, "__nv_powf", "__nv_pow", Name);
  case Intrinsic::tan:
    return viaLibdevice(Ctx, CB, "__nv_tanf", "__nv_tan", Name);
  case Intrinsic::floor:
  case Intrinsic::ceil:
  case Intrinsic::trunc:
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
  case Intrinsic::roundeven:
  case Intrinsic::lrint:
  case Intrinsic::llrint:
  case Intrinsic::fptosi_sat:
  case Intrinsic::fptoui_sat:
    return Ctx.compute(getConvertClass(CB), Regs, 1, "cvt");
  case Intrinsic::round:
  case Intrinsic::lround:
  case Intrinsic::llround:
    // Expanded: add of +-0.5 (and, or, add), two cvt.rzi, abs, two setp,
    // two selp.
    return Ctx.builder()
        .add(InstrClass::IntAdd, 4 * Regs, 3)
        .add(InstrClass::Fp32Add, 4 * Regs, 2)
        .add(InstrClass::Convert, 2 * Regs, 1)
        .build(CostInfo::Kind::Compute, "round expanded");
  case Intrinsic::smax:
  case Intrinsic::smin:
  case Intrinsic::umax:
  case Intrinsic::umin:
  case Intrinsic::abs: {
    // 64 bits: two ISETPs (with carry) and a SEL per word.
    if (wordsOf(Ty, Ctx.DL) > 1)
      return Ctx.compute(InstrClass::IntAdd, 4 * Regs, 3, "64-bit min/max");
    return Ctx.compute(InstrClass::IntAdd, Regs, 1);
  }
  case Intrinsic::fshl:
  case Intrinsic::fshr:
  case Intrinsic::bswap:
    return Ctx.compute(InstrClass::IntAdd, Regs * wordsOf(Ty, Ctx.DL), 1);
  case Intrinsic::ctpop:
  case Intrinsic::bitreverse: {
    unsigned Words = wordsOf(Ty, Ctx.DL);
    CostBuilder B = Ctx.builder();
    B.add(InstrClass::IntBit, Words * Regs, 1);
    if (Words > 1 && ID == Intrinsic::ctpop)
      B.add(InstrClass::IntAdd, Regs, 1); // sum of the words' counts
    return B.build(CostInfo::Kind::Compute,
                   ID == Intrinsic::ctpop ? "popc" : "brev");
  }
  case Intrinsic::ctlz:
  case Intrinsic::cttz: {
    // countl_zero is FLO + IMNMX; countr_zero BREV + FLO + IMNMX (CCCL's
    // <cuda/std/bit> notes); 64 bits: both words and a select.
    unsigned Words = wordsOf(Ty, Ctx.DL);
    unsigned Bit = ID == Intrinsic::cttz ? 2 : 1;
    return Ctx.builder()
        .add(InstrClass::IntBit, Bit * Words * Regs, Bit)
        .add(InstrClass::IntAdd, Words * Regs, Words)
        .build(CostInfo::Kind::Compute, ID == Intrinsic::ctlz ? "clz" : "ctz");
  }
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::uadd_sat:
  case Intrinsic::sadd_sat:
  case Intrinsic::usub_sat:
  case Intrinsic::ssub_sat:
    // add.cc (or add) and the test / clamp.
    return Ctx.compute(InstrClass::IntAdd, 2, 2, "add + test");
  case Intrinsic::umul_with_overflow:
  case Intrinsic::smul_with_overflow:
    return Ctx.builder()
        .add(InstrClass::IntMul, 2, 1)
        .add(InstrClass::IntAdd, 1)
        .build(CostInfo::Kind::Compute, "mul.lo + mul.hi + test");
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove:
  case Intrinsic::memset:
  case Intrinsic::memset_inline:
    return costMemIntrinsic(Ctx, cast<MemIntrinsic>(CB));
  case Intrinsic::prefetch: {
    CostInfo C = Ctx.builder()
                     .add(InstrClass::Ldst, 1, 0)
                     .build(CostInfo::Kind::Memory, "prefetch");
    C.Space = getMemSpace(CB.getArgOperand(0));
    return C;
  }
  case Intrinsic::trap:
  case Intrinsic::debugtrap:
  case Intrinsic::ubsantrap:
    return Ctx.compute(InstrClass::Branch, 1, 1, "trap");
  case Intrinsic::readcyclecounter:
  case Intrinsic::readsteadycounter:
    return Ctx.compute(InstrClass::SpecialReg, 1, 1, "clock");
  default:
    break;
  }
  if (Name.starts_with("llvm.nvvm."))
    return costNVVMIntrinsic(Ctx, CB, Name);
  return std::nullopt;
}

} // namespace detail
} // namespace ktime
