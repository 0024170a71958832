//===- InstrClass.cpp - The instruction class vocabulary ------------------===//
//
// The names target files price instructions under, and what each stands for.
// Only names live here; every latency and delay is in gpu-targets/*.yaml.
// docs/targets.md lists the same table.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/Target.h"

#include <algorithm>

using namespace llvm;

namespace ktime {
namespace {

struct ClassInfo {
  InstrClass Class;
  const char *Name;
  const char *Description;
};

// In enum order: getInstrClassName indexes this table.
const ClassInfo Classes[] = {
    {InstrClass::IntAdd, "int.add",
     "32-bit integer add, sub, min, max, logic (and/or/xor/not/lop3), shift, "
     "compare (setp), select (selp), mov"},
    {InstrClass::IntMul, "int.mul", "32-bit integer multiply (mul.lo, mul.hi)"},
    {InstrClass::IntMad, "int.mad",
     "32-bit integer multiply-add (mad.lo, mad.hi, mad.wide)"},
    {InstrClass::IntDiv, "int.div",
     "32-bit integer division or remainder (div/rem .s32/.u32), the whole "
     "instruction sequence"},
    {InstrClass::Fp32Add, "fp32.add",
     "single-precision add, sub, min, max, abs, neg, compare"},
    {InstrClass::Fp32Mul, "fp32.mul", "single-precision multiply"},
    {InstrClass::Fp32Fma, "fp32.fma", "single-precision fused multiply-add"},
    {InstrClass::Fp32Div, "fp32.div",
     "IEEE single-precision division (div.rn.f32), the whole sequence"},
    {InstrClass::Fp32Sqrt, "fp32.sqrt",
     "IEEE single-precision square root (sqrt.rn.f32), the whole sequence"},
    {InstrClass::Fp64Add, "fp64.add",
     "double-precision add, sub, min, max, compare"},
    {InstrClass::Fp64Mul, "fp64.mul", "double-precision multiply"},
    {InstrClass::Fp64Fma, "fp64.fma", "double-precision fused multiply-add"},
    {InstrClass::Fp64Div, "fp64.div",
     "IEEE double-precision division (div.rn.f64), the whole sequence"},
    {InstrClass::Fp16Fma, "fp16.fma",
     "half-precision add, mul or fma on a pair (f16x2, one instruction per "
     "two results)"},
    {InstrClass::Sfu, "sfu",
     "special function unit approximations: rcp, rsqrt, sqrt, sin, cos, ex2, "
     "lg2 (.approx), tanh"},
    {InstrClass::Convert, "convert",
     "type conversion (cvt) between integer and floating-point types"},
    {InstrClass::Shfl, "shfl", "warp shuffle (shfl.sync)"},
    {InstrClass::Vote, "vote", "warp vote and ballot (vote.sync)"},
    {InstrClass::AtomicGlobal, "atomic.global",
     "atomic or reduction on global memory (atom.global, red.global)"},
    {InstrClass::AtomicShared, "atomic.shared",
     "atomic on shared memory (atom.shared)"},
    {InstrClass::Barrier, "barrier", "block-wide barrier (bar.sync)"},
    {InstrClass::Branch, "branch",
     "branch, call, return (bra, call, ret, exit)"},
    {InstrClass::SpecialReg, "special_reg",
     "read of a special register (tid, ntid, ctaid, nctaid, laneid, clock)"},
    {InstrClass::Tensor, "tensor",
     "warp-level matrix multiply-accumulate on the tensor cores (mma.sync)"},
    {InstrClass::Ldst, "ldst",
     "issue of a load or store of any state space (ld, st, ldu, ld.global.nc, "
     "vector forms) to the load/store unit; lat is a store's, a load's "
     "latency is its memory level's symbol (docs/costs.md)"},
    {InstrClass::IntBit, "int.bit",
     "32-bit population count, leading-zero count, bit reverse (popc, clz, "
     "bfind, brev)"},
    {InstrClass::Fp32Rcp, "fp32.rcp",
     "IEEE single-precision reciprocal (rcp.rn.f32), the whole sequence"},
    {InstrClass::Convert64, "convert.f64",
     "type conversion (cvt) from or to a 64-bit type: f32 <-> f64, integer "
     "<-> f64, 64-bit integer <-> floating point, rounding of f64 "
     "(cvt.rni.f64); optional in a target file, priced as convert when "
     "absent"},
};

static_assert(sizeof(Classes) / sizeof(Classes[0]) == NumInstrClasses,
              "every instruction class needs a name");

const ClassInfo &info(InstrClass C) {
  size_t Index = static_cast<size_t>(C);
  assert(Index < NumInstrClasses && Classes[Index].Class == C &&
         "Classes[] out of enum order");
  return Classes[Index];
}

} // namespace

StringRef getInstrClassName(InstrClass C) { return info(C).Name; }

IssuePipe getIssuePipe(InstrClass C) {
  switch (C) {
  case InstrClass::IntAdd:
  case InstrClass::IntDiv: // the sequence is mostly IADD, LOP, ISETP, SEL
  case InstrClass::Vote:
  case InstrClass::Barrier:
  case InstrClass::SpecialReg:
    return IssuePipe::Alu;
  case InstrClass::IntMul:
  case InstrClass::IntMad:
  case InstrClass::Fp32Add:
  case InstrClass::Fp32Mul:
  case InstrClass::Fp32Fma:
  case InstrClass::Fp32Div: // FFMA refinement steps around MUFU.RCP
  case InstrClass::Fp16Fma:
    return IssuePipe::Fma;
  case InstrClass::Fp64Add:
  case InstrClass::Fp64Mul:
  case InstrClass::Fp64Fma:
  case InstrClass::Fp64Div:
  case InstrClass::Convert64: // the guide's rate follows the FP64 rate
    return IssuePipe::Fp64;
  case InstrClass::Sfu:
  case InstrClass::Convert:
  case InstrClass::IntBit:
  case InstrClass::Fp32Sqrt:
  case InstrClass::Fp32Rcp:
    return IssuePipe::Xu;
  case InstrClass::Ldst:
  case InstrClass::Shfl:
  case InstrClass::AtomicGlobal:
  case InstrClass::AtomicShared:
    return IssuePipe::Lsu;
  case InstrClass::Branch:
    return IssuePipe::Cbu;
  case InstrClass::Tensor:
    return IssuePipe::Tensor;
  case InstrClass::NumClasses:
    break;
  }
  return IssuePipe::Alu;
}

StringRef getIssuePipeName(IssuePipe P) {
  static const char *Names[] = {"alu", "fma", "fp64",  "xu",
                                "lsu", "cbu", "tensor"};
  static_assert(sizeof(Names) / sizeof(Names[0]) == NumIssuePipes,
                "every pipe needs a name");
  return Names[static_cast<size_t>(P)];
}

StringRef getInstrClassDescription(InstrClass C) { return info(C).Description; }

std::optional<InstrClass> getFallbackClass(InstrClass C) {
  // Files written before the class priced these conversions as convert.
  if (C == InstrClass::Convert64)
    return InstrClass::Convert;
  return std::nullopt;
}

std::optional<InstrClass> parseInstrClassName(StringRef Name) {
  const ClassInfo *It =
      std::find_if(std::begin(Classes), std::end(Classes),
                   [&](const ClassInfo &I) { return Name == I.Name; });
  if (It == std::end(Classes))
    return std::nullopt;
  return It->Class;
}

double delayFromOpsPerClkPerSM(double OpsPerClkPerSM, unsigned WarpSize,
                               unsigned ProcessingBlocks) {
  return WarpSize / (OpsPerClkPerSM / ProcessingBlocks);
}

double delayFromUnitsPerPB(double UnitsPerPB, unsigned WarpSize) {
  return std::max(WarpSize / UnitsPerPB, 1.0);
}

} // namespace ktime
