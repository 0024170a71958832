//===- NVVMIntrinsics.cpp - llvm.nvvm.* intrinsics ------------------------===//
//
// By name, so that the families (rounding modes, ftz, types) share one rule:
// special registers, barriers and fences, warp shuffles and votes, the
// rounding-mode arithmetic libdevice is written in, SFU approximations,
// conversions, read-only loads, atomics, async copies, matrix instructions
// and textures. What has no honest price here says so in an assumption.
// docs/costs.md, "NVVM intrinsics".
//
//===----------------------------------------------------------------------===//
#include "CostImpl.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace ktime {
namespace detail {

namespace {

/// Special registers that are launch constants: ptxas reads them from the
/// constant bank as an operand (c[0x0][...]), no instruction of their own.
bool isConstantBankRegister(StringRef Reg) {
  for (StringRef P :
       {"ntid.", "nctaid.", "nclusterid.", "cluster.nctaid.",
        "cluster.nctarank", "warpsize", "dynamic_smem_size", "total_smem_size",
        "aggr_smem_size", "nsmid", "nwarpid", "envreg"})
    if (Reg.starts_with(P))
      return true;
  return false;
}

uint64_t storeSize(const CostContext &Ctx, Type *Ty) {
  return Ty->isSized() ? Ctx.DL.getTypeStoreSize(Ty).getFixedValue() : 4;
}

/// Bytes of the values a store-like intrinsic passes after its pointer.
uint64_t operandBytes(const CostContext &Ctx, const CallBase &CB) {
  uint64_t Bytes = 0;
  for (unsigned I = 1, E = CB.arg_size(); I < E; ++I)
    Bytes += storeSize(Ctx, CB.getArgOperand(I)->getType());
  return Bytes ? Bytes : 4;
}

CostInfo withAssumption(CostInfo C, std::string A) {
  C.Assumption = std::move(A);
  return C;
}

CostInfo fp64Proxy(const CostContext &Ctx, unsigned Regs, StringRef What) {
  return withAssumption(
      Ctx.compute(InstrClass::Fp64Div, Regs, 1, What),
      (What + " priced as fp64.div (no class of its own)").str());
}

std::optional<CostInfo> costMath(const CostContext &Ctx, const CallBase &CB,
                                 StringRef N) {
  FpKind K = getFpKind(CB.getType());
  unsigned Regs = getRegisterCount(CB.getType());
  if (N.starts_with("fma."))
    return Ctx.compute(getFpFmaClass(K), Regs, 1, "fma");
  if (N.starts_with("add.r"))
    return Ctx.compute(getFpAddClass(K), Regs, 1);
  if (N.starts_with("mul.r"))
    return Ctx.compute(getFpMulClass(K), Regs, 1);
  if (N.starts_with("fmin") || N.starts_with("fmax") || N.starts_with("fabs") ||
      N.starts_with("saturate.") || N.starts_with("neg."))
    return Ctx.compute(getFpAddClass(K), Regs, 1);
  if (N.starts_with("div.approx") || N.starts_with("div.full"))
    return Ctx.builder()
        .add(InstrClass::Sfu, Regs, 1)
        .add(InstrClass::Fp32Mul, Regs, 1)
        .build(CostInfo::Kind::Compute, "div.approx (MUFU.RCP, FMUL)");
  if (N.starts_with("div.r"))
    return K == FpKind::F64 ? Ctx.compute(InstrClass::Fp64Div, Regs, 1)
                            : Ctx.compute(InstrClass::Fp32Div, Regs, 1);
  if (N.starts_with("rcp.approx") || N.starts_with("rsqrt.approx") ||
      N.starts_with("sqrt.approx") || N.starts_with("lg2.approx") ||
      N.starts_with("tanh.approx") || N.starts_with("ex2.approx.ftz") ||
      (N.starts_with("ex2.approx") && K != FpKind::F32))
    return Ctx.compute(InstrClass::Sfu, Regs, 1, "MUFU");
  if (N.starts_with("ex2.approx")) // FSTEP, FMUL, MUFU.EX2, FMUL (nmsu)
    return Ctx.builder()
        .add(InstrClass::Fp32Add, Regs, 1)
        .add(InstrClass::Fp32Mul, 2 * Regs, 2)
        .add(InstrClass::Sfu, Regs, 1)
        .build(CostInfo::Kind::Compute, "ex2.approx.f32");
  if (N.starts_with("sin.approx") || N.starts_with("cos.approx"))
    return Ctx.builder()
        .add(InstrClass::Fp32Mul, Regs, 1)
        .add(InstrClass::Sfu, Regs, 1)
        .build(CostInfo::Kind::Compute, "FMUL + MUFU");
  if (N.starts_with("rcp.r"))
    return K == FpKind::F64 ? fp64Proxy(Ctx, Regs, "rcp.rn.f64")
                            : Ctx.compute(InstrClass::Fp32Rcp, Regs, 1);
  if (N.starts_with("sqrt.r") || N.starts_with("sqrt.f"))
    return K == FpKind::F64 ? fp64Proxy(Ctx, Regs, "sqrt.rn.f64")
                            : Ctx.compute(InstrClass::Fp32Sqrt, Regs, 1);
  if (N.starts_with("floor.") || N.starts_with("ceil.") ||
      N.starts_with("trunc.") || N.starts_with("round."))
    return Ctx.compute(getConvertClass(CB), Regs, 1, "cvt");
  // Register halves of a double: mov.b64 {lo, hi} and back.
  if (N == "d2i.hi" || N == "d2i.lo" || N == "lohi.i2d")
    return makeFree("register halves");
  for (StringRef P :
       {"d2", "f2", "i2", "ui2", "ll2", "ull2", "ff2", "bf2", "ff.to.", "h2"})
    if (N.starts_with(P))
      return Ctx.compute(getConvertClass(CB), Regs, 1, "cvt");
  if (N.contains("x2.to.") || N.contains("x4.to."))
    return Ctx.compute(InstrClass::Convert, Regs, 1, "cvt");
  return std::nullopt;
}

std::optional<CostInfo> costInteger(const CostContext &Ctx, const CallBase &CB,
                                    StringRef N) {
  unsigned Bits = getScalarBits(CB.getType(), Ctx.DL);
  if (N.starts_with("mulhi.") || N.starts_with("mul24.")) {
    if (Bits > 32) // mul.hi.u64: four IMADs, two of them dependent
      return Ctx.compute(InstrClass::IntMul, 4, 2, "64-bit mul.hi");
    return Ctx.compute(InstrClass::IntMul, 1);
  }
  if (N.starts_with("idp4a") || N.starts_with("idp2a"))
    return Ctx.compute(InstrClass::IntMad, 1, 1, "dp4a");
  if (N.starts_with("flo."))
    return Ctx.compute(InstrClass::IntBit, Bits > 32 ? 2 : 1, 1, "bfind");
  for (StringRef P : {"sad.", "prmt", "fns", "bmsk", "sext.", "zext.", "fshl.",
                      "fshr.", "isspacep."})
    if (N.starts_with(P))
      return Ctx.compute(InstrClass::IntAdd, Bits > 32 ? 2 : 1, 1);
  if (N.starts_with("move.") || N == "reflect" ||
      N.starts_with("internal.addrspace.wrap") || N.starts_with("compiler."))
    return makeFree("mov");
  return std::nullopt;
}

std::optional<CostInfo> costSync(const CostContext &Ctx, const CallBase &CB,
                                 StringRef N) {
  if (N.starts_with("read.ptx.sreg.")) {
    StringRef Reg = N.drop_front(strlen("read.ptx.sreg."));
    if (isConstantBankRegister(Reg))
      return makeFree("constant-bank operand");
    return Ctx.compute(InstrClass::SpecialReg, 1, 1, "S2R");
  }
  if (N.starts_with("barrier.cta.arrive") ||
      N.starts_with("barrier.cluster.arrive"))
    return Ctx.compute(InstrClass::Barrier, 1, 1, "bar.arrive (no wait)");
  if (N.starts_with("barrier.cluster")) {
    CostInfo C = Ctx.compute(InstrClass::Barrier, 1, 1, "barrier.cluster");
    C.K = CostInfo::Kind::Barrier;
    C.Assumption = "cluster barrier priced as a block barrier";
    return C;
  }
  if (N.starts_with("barrier")) { // barrier0, barrier.sync, barrier.cta.*
    CostInfo C = Ctx.compute(InstrClass::Barrier, 1, 1, "bar.sync");
    C.K = CostInfo::Kind::Barrier;
    return C;
  }
  if (N.starts_with("bar.warp.sync"))
    return Ctx.compute(InstrClass::Branch, 1, 1, "warpsync");
  if (N == "membar.cta" || N.starts_with("fence.sc.cta"))
    return Ctx.compute(InstrClass::Barrier, 1, 1, "membar.cta");
  if (N.starts_with("membar.") || N.starts_with("fence.")) {
    CostInfo C =
        Ctx.builder()
            .add(InstrClass::Barrier, 1, 0)
            .addLatency(Expr::symbol(getLatencySymbol(MemSpace::Global)))
            .build(CostInfo::Kind::Compute, "membar/fence");
    C.Assumption = "a fence beyond the block assumed to wait one "
                   "global-memory latency (lat.global)";
    return C;
  }
  if (N.starts_with("shfl."))
    return Ctx.compute(InstrClass::Shfl, 1, 1, "shfl.sync");
  if (N.starts_with("vote.") || N == "activemask" || N.starts_with("elect."))
    return Ctx.compute(InstrClass::Vote, 1, 1, "vote");
  if (N.starts_with("match.") || N.starts_with("redux.sync."))
    return withAssumption(Ctx.compute(InstrClass::Vote, 1, 1, "warp op"),
                          ("llvm.nvvm." + N + " priced as one vote").str());
  return std::nullopt;
}

std::optional<CostInfo> costMemory(const CostContext &Ctx, const CallBase &CB,
                                   StringRef N) {
  const Value *Ptr = CB.arg_size() ? CB.getArgOperand(0) : nullptr;
  if (N.starts_with("ldu.global.") || N.starts_with("ldg.global.")) {
    CostInfo C = costAccess(Ctx, Ptr, storeSize(Ctx, CB.getType()), 16,
                            /*IsLoad=*/true, /*ReadOnly=*/true);
    C.What = N.starts_with("ldu") ? "ldu.global" : "ld.global.nc";
    return C;
  }
  if (N.starts_with("atomic."))
    return costAtomicAccess(Ctx, Ptr, CB.getType(), !CB.use_empty(),
                            N.drop_front(strlen("atomic.")).split('.').first);
  if (N.starts_with("cp.async.ca.") || N.starts_with("cp.async.cg.")) {
    // One LDGSTS: global read and shared write in one instruction; the warp
    // goes on, and waits for the data at cp.async.wait_*.
    unsigned Bytes = N.contains(".16") ? 16 : (N.contains(".8") ? 8 : 4);
    CostInfo C = Ctx.builder()
                     .add(InstrClass::Ldst, 1, 1)
                     .build(CostInfo::Kind::Memory, "cp.async");
    C.Space = MemSpace::Global;
    C.IsLoad = C.IsStore = true;
    C.AccessBytes = Bytes;
    return C;
  }
  if (N.starts_with("cp.async.wait")) {
    CostInfo C =
        Ctx.builder()
            .add(InstrClass::IntAdd, 1, 0)
            .addLatency(Expr::symbol(getLatencySymbol(MemSpace::Global)))
            .build(CostInfo::Kind::Compute, "cp.async.wait (DEPBAR)");
    C.Assumption = "cp.async.wait assumed to wait one global-memory latency "
                   "(lat.global) for the copies it waits for";
    return C;
  }
  if (N.starts_with("cp.async.commit") ||
      N.starts_with("cp.async.mbarrier.arrive"))
    return Ctx.compute(InstrClass::IntAdd, 1, 1, "cp.async bookkeeping");
  if (N.starts_with("cp.async.bulk") || N.starts_with("cp.reduce.async.bulk") ||
      N.starts_with("st.bulk")) {
    CostInfo C = Ctx.builder()
                     .add(InstrClass::Ldst, 1, 1)
                     .build(CostInfo::Kind::Memory, "bulk copy");
    C.Space = MemSpace::Global;
    C.Assumption = "bulk (TMA) copy not modelled: priced as one memory "
                   "instruction issue";
    return C;
  }
  if (N.starts_with("prefetch") || N.starts_with("applypriority") ||
      N.starts_with("discard")) {
    CostInfo C = Ctx.builder()
                     .add(InstrClass::Ldst, 1, 0)
                     .build(CostInfo::Kind::Memory, "cache hint");
    C.Space = getMemSpace(Ptr);
    return C;
  }
  if (N.starts_with("ldmatrix."))
    return costAccess(Ctx, Ptr, storeSize(Ctx, CB.getType()), 16, true, false);
  if (N.starts_with("stmatrix."))
    return costAccess(Ctx, Ptr, operandBytes(Ctx, CB), 16, false, false);
  if (N.starts_with("wmma.") && N.contains(".load."))
    return costAccess(Ctx, Ptr, storeSize(Ctx, CB.getType()), 16, true, false);
  if (N.starts_with("wmma.") && N.contains(".store."))
    return costAccess(Ctx, Ptr, operandBytes(Ctx, CB), 16, false, false);
  for (StringRef P : {"tex.", "tld4.", "suld."})
    if (N.starts_with(P))
      return withAssumption(
          costAccess(Ctx, nullptr, storeSize(Ctx, CB.getType()), 16, true,
                     true),
          "texture or surface read priced as a read-only global load");
  if (N.starts_with("sust."))
    return withAssumption(costAccess(Ctx, nullptr, 4, 4, false, false),
                          "surface store priced as a global store");
  return std::nullopt;
}

std::optional<CostInfo> costMatrix(const CostContext &Ctx, StringRef N) {
  if (N.starts_with("mma.") || (N.starts_with("wmma.") && N.contains(".mma.")))
    return Ctx.compute(InstrClass::Tensor, 1, 1, "mma.sync");
  if (N.starts_with("wgmma.") || N.starts_with("tcgen05."))
    return withAssumption(
        Ctx.compute(InstrClass::Tensor, 1, 1, "async mma"),
        ("llvm.nvvm." + N +
         " (asynchronous warpgroup/tensor-memory MMA) not modelled: priced as "
         "one tensor instruction")
            .str());
  if (N.starts_with("mbarrier."))
    return withAssumption(Ctx.compute(InstrClass::Barrier, 1, 1, "mbarrier"),
                          "mbarrier operation not modelled: priced as one "
                          "barrier instruction, without waiting");
  if (N == "exit")
    return Ctx.compute(InstrClass::Branch, 1, 1, "exit");
  return std::nullopt;
}

} // namespace

std::optional<CostInfo> costNVVMIntrinsic(const CostContext &Ctx,
                                          const CallBase &CB, StringRef Name) {
  StringRef N = Name.drop_front(strlen("llvm.nvvm."));
  if (std::optional<CostInfo> C = costSync(Ctx, CB, N))
    return C;
  if (std::optional<CostInfo> C = costMemory(Ctx, CB, N))
    return C;
  if (std::optional<CostInfo> C = costMatrix(Ctx, N))
    return C;
  if (std::optional<CostInfo> C = costMath(Ctx, CB, N))
    return C;
  return costInteger(Ctx, CB, N);
}

} // namespace detail
} // namespace ktime
