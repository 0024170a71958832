//===- RegisterEstimateTest.cpp - Register pressure derived by hand -------===//
//
// Small NVPTX IR functions whose live-register pressure is worked out in the
// comments beside them, {live values} = weight at the point that decides
// the maximum. Arguments count 0 (parameter bank), i1 0 (predicates), i32
// and float 1, i64, double and generic pointers 2, shared pointers 1.
//
//===----------------------------------------------------------------------===//
#include "KernelTime/GPU.h"
#include "RegisterPressure.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <memory>
#include <string>

using namespace ktime;
using namespace llvm;

namespace {

const char *Header = R"(
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
)";

class RegisterEstimateTest : public testing::Test {
protected:
  LLVMContext Ctx;
  std::unique_ptr<Module> M;

  const Function &parse(StringRef Body, StringRef Name) {
    SMDiagnostic Err;
    M = parseAssemblyString((Twine(Header) + Body).str(), Err, Ctx);
    if (!M) {
      std::string Msg;
      raw_string_ostream OS(Msg);
      Err.print("RegisterEstimateTest", OS);
      ADD_FAILURE() << Msg;
      M = std::make_unique<Module>("empty", Ctx);
    }
    const Function *F = M->getFunction(Name);
    if (!F) {
      ADD_FAILURE() << "no function " << Name.str();
      F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                           GlobalValue::ExternalLinkage, Name, M.get());
    }
    return *F;
  }

  RegisterPressure pressure(StringRef Body, StringRef Name,
                            unsigned Window = 0) {
    PressureOptions Opts;
    Opts.LoadHoistWindow = Window;
    return computeRegisterPressure(parse(Body, Name), Opts);
  }
};

TEST_F(RegisterEstimateTest, TypeWeights) {
  DataLayout DL("e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64");
  EXPECT_EQ(registerWeight(Type::getInt1Ty(Ctx), DL), 0u);
  EXPECT_EQ(registerWeight(Type::getInt8Ty(Ctx), DL), 1u);
  EXPECT_EQ(registerWeight(Type::getInt16Ty(Ctx), DL), 1u);
  EXPECT_EQ(registerWeight(Type::getInt32Ty(Ctx), DL), 1u);
  EXPECT_EQ(registerWeight(Type::getInt64Ty(Ctx), DL), 2u);
  EXPECT_EQ(registerWeight(Type::getInt128Ty(Ctx), DL), 4u);
  EXPECT_EQ(registerWeight(Type::getHalfTy(Ctx), DL), 1u);
  EXPECT_EQ(registerWeight(Type::getFloatTy(Ctx), DL), 1u);
  EXPECT_EQ(registerWeight(Type::getDoubleTy(Ctx), DL), 2u);
  EXPECT_EQ(registerWeight(PointerType::get(Ctx, 0), DL), 2u);
  EXPECT_EQ(registerWeight(PointerType::get(Ctx, 6), DL), 1u); // p6:32
  // Vectors: their elements; 16-bit ones two to a register.
  EXPECT_EQ(registerWeight(FixedVectorType::get(Type::getFloatTy(Ctx), 4), DL),
            4u);
  EXPECT_EQ(registerWeight(FixedVectorType::get(Type::getDoubleTy(Ctx), 2), DL),
            4u);
  EXPECT_EQ(registerWeight(FixedVectorType::get(Type::getHalfTy(Ctx), 2), DL),
            1u);
  EXPECT_EQ(registerWeight(FixedVectorType::get(Type::getInt8Ty(Ctx), 4), DL),
            1u);
  EXPECT_EQ(registerWeight(FixedVectorType::get(Type::getInt1Ty(Ctx), 4), DL),
            0u);
  // {i32, i1} (cmpxchg): 1 + 0.
  EXPECT_EQ(registerWeight(StructType::get(Ctx, {Type::getInt32Ty(Ctx),
                                                 Type::getInt1Ty(Ctx)}),
                           DL),
            1u);
  EXPECT_EQ(registerWeight(Type::getVoidTy(Ctx), DL), 0u);
}

TEST_F(RegisterEstimateTest, PointersIntoSharedMemoryCountOne) {
  const Function &F = parse(R"(
@s = internal addrspace(3) global [256 x float] undef
define ptx_kernel void @k(ptr %p, i32 %i) {
  %shared = getelementptr float, ptr addrspace(3) @s, i32 %i
  %generic = getelementptr float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i32 %i
  %global = getelementptr float, ptr %p, i32 %i
  store float 0.0, ptr addrspace(3) %shared
  store float 0.0, ptr %generic
  store float 0.0, ptr %global
  ret void
})",
                            "k");
  const DataLayout &DL = F.getDataLayout();
  auto It = F.getEntryBlock().begin();
  EXPECT_EQ(valueRegisterWeight(&*It++, DL), 1u); // %shared
  EXPECT_EQ(valueRegisterWeight(&*It++, DL), 1u); // %generic, from @s
  EXPECT_EQ(valueRegisterWeight(&*It++, DL), 2u); // %global
}

TEST_F(RegisterEstimateTest, StraightLine) {
  RegisterPressure P = pressure(R"(
define ptx_kernel void @straight(ptr %p, i32 %n) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()    ; {x} 1
  %y = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()  ; {x, y} 2
  %z = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()   ; {x, y, z} 3
  %s = add i32 %x, %y                               ; {s, z} 2
  %u = add i32 %s, %n                               ; {u, z} 2 (%n: 0)
  %v = mul i32 %u, %z                               ; {v} 1
  %c = icmp slt i32 %v, %n                          ; {v, c} 1 + 0
  %w = select i1 %c, i32 %v, i32 0                  ; {w} 1
  %g = getelementptr i32, ptr %p, i32 %w            ; {g} 2
  store i32 %n, ptr %g
  ret void
})",
                                "straight");
  // The most, 3, is {x, y, z}, right after %z.
  EXPECT_EQ(P.Max, 3u);
  ASSERT_NE(P.At, nullptr);
  EXPECT_EQ(P.At->getName(), "z");
  EXPECT_EQ(P.OpaqueCalls, 0u);
}

TEST_F(RegisterEstimateTest, WideValuesVectorsAndPredicates) {
  RegisterPressure P = pressure(R"(
define ptx_kernel void @wide(ptr %p) {
  %a = load i64, ptr %p
  %d = load double, ptr %p
  %v = load <4 x float>, ptr %p
  %h = load <2 x half>, ptr %p
  %c = icmp eq i64 %a, 0
  %q = load ptr, ptr %p
  store i64 %a, ptr %q
  store double %d, ptr %q
  store <4 x float> %v, ptr %q
  store <2 x half> %h, ptr %q
  %z = zext i1 %c to i32
  store i32 %z, ptr %q
  ret void
})",
                                "wide");
  // After %q: {a 2, d 2, v 4, h 1, c 0, q 2} = 11.
  EXPECT_EQ(P.Max, 11u);
  EXPECT_EQ(P.At->getName(), "q");
}

TEST_F(RegisterEstimateTest, ValuesLiveAcrossALoop) {
  RegisterPressure P = pressure(R"(
define ptx_kernel void @loop(ptr %p, i32 %n) {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %body, label %exit
exit:
  %s = add i32 %x, %y
  store i32 %s, ptr %p
  ret void
})",
                                "loop");
  // %x and %y are live through the loop: {x, y, i} then {x, y, i1} = 3.
  EXPECT_EQ(P.Max, 3u);
}

TEST_F(RegisterEstimateTest, ALoopCarriesItsPhis) {
  RegisterPressure P = pressure(R"(
define ptx_kernel void @reduce(ptr %p, ptr %q, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %g = getelementptr float, ptr %p, i32 %i      ; {i, acc, g} 1 + 1 + 2 = 4
  %v = load float, ptr %g                       ; {i, acc, v} 3
  %acc1 = fadd float %acc, %v                   ; {i, acc1} 2
  %i1 = add i32 %i, 1                           ; {acc1, i1} 2
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  store float %acc1, ptr %q
  ret void
})",
                                "reduce");
  EXPECT_EQ(P.Max, 4u);
  EXPECT_EQ(P.At->getName(), "g");
}

const char *FoldKernel = R"(
define ptx_kernel void @fold(ptr %p, ptr %q) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = getelementptr float, ptr %p, i32 %t
  %v0 = load float, ptr %b
  %g1 = getelementptr i8, ptr %b, i64 4
  %v1 = load float, ptr %g1
  %a1 = fadd float %v0, %v1
  %g2 = getelementptr i8, ptr %b, i64 8
  %v2 = load float, ptr %g2
  %a2 = fadd float %a1, %v2
  %g3 = getelementptr i8, ptr %b, i64 12
  %v3 = load float, ptr %g3
  %a3 = fadd float %a2, %v3
  store float %a3, ptr %q
  ret void
})";

TEST_F(RegisterEstimateTest, ConstantOffsetsFoldIntoTheAddress) {
  // In order: {b 2, v0, v1} = 4 at %v1 and {b, a1, v2} = 4 at %v2; %g1..%g3
  // are [b+4], [b+8], [b+12] and take no register (else {b, v0, g1} = 5).
  RegisterPressure P = pressure(FoldKernel, "fold", /*Window=*/0);
  EXPECT_EQ(P.Max, 4u);
}

TEST_F(RegisterEstimateTest, LoadsMoveUp) {
  // With a window the four loads go first (t, b, v0, v1, v2, v3, a1, a2,
  // a3): {b 2, v0, v1, v2} = 5 before %v3, where %b dies.
  RegisterPressure P = pressure(FoldKernel, "fold", /*Window=*/96);
  EXPECT_EQ(P.Max, 5u);
  // The window is in positions (t 0, b 1, v0 2, g1 3, v1 4, a1 5, g2 6,
  // v2 7, ...): a load and its address take the key position - window, the
  // rest their position. With 2, %v2's key 5 ties with %a1's and the earlier
  // position wins, so %a1 goes first: the in-order 4. With 3, %v2's key 4
  // puts it before %a1: {b, v0, v1, v2} = 5.
  EXPECT_EQ(pressure(FoldKernel, "fold", /*Window=*/2).Max, 4u);
  EXPECT_EQ(pressure(FoldKernel, "fold", /*Window=*/3).Max, 5u);
}

TEST_F(RegisterEstimateTest, SharedAddressesOffByAConstantShareARegister) {
  RegisterPressure P = pressure(R"(
@s = internal addrspace(3) global [256 x float] undef
define ptx_kernel void @shared(ptr %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t16 = add nuw nsw i32 %t, 16
  %a0 = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %t
  %a1 = getelementptr [256 x float], ptr addrspace(3) @s, i32 0, i32 %t16
  %v = load float, ptr %p
  store float %v, ptr addrspace(3) %a0
  store float %v, ptr addrspace(3) %a1
  ret void
})",
                                "shared");
  // %a1 is [a0+64]: {t, t16} = 2 and {a0, v} = 2; with its own register
  // {a0, a1, v} would be 3.
  EXPECT_EQ(P.Max, 2u);
}

TEST_F(RegisterEstimateTest, ConstantMemoryLoadsAreOperands) {
  RegisterPressure P = pressure(R"(
@c = external addrspace(4) global [4 x float]
define ptx_kernel void @cbank(ptr %p) {
  %x = load float, ptr %p
  %k0 = load float, ptr addrspace(4) @c
  %k1 = load float, ptr addrspace(4) getelementptr (i8, ptr addrspace(4) @c, i64 4)
  %m = fmul float %x, %k0
  %r = fadd float %m, %k1
  store float %r, ptr %p
  ret void
})",
                                "cbank");
  // %k0 and %k1 are c[bank][0] and c[bank][4]: {x} = 1 (else {x, k0, k1}).
  EXPECT_EQ(P.Max, 1u);
}

TEST_F(RegisterEstimateTest, IrreducibleAndUnreachableBlocks) {
  RegisterPressure P = pressure(R"(
define ptx_kernel void @odd(ptr %p, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %t, %n
  br i1 %c, label %a, label %b
a:
  %x = phi i32 [ 0, %entry ], [ %y1, %b ]
  %x1 = add i32 %x, 1
  br i1 %c, label %b, label %exit
b:
  %y = phi i32 [ 1, %entry ], [ %x1, %a ]
  %y1 = add i32 %y, 2
  br i1 %c, label %a, label %exit
exit:
  %r = phi i32 [ %x1, %a ], [ %y1, %b ]
  store i32 %r, ptr %p
  ret void
dead:
  %u = add i32 %t, 7
  %w = add i32 %u, %t
  store i32 %w, ptr %p
  ret void
})",
                                "odd");
  // One value at a time in every reachable block ({t}, {x}, {x1}, {y},
  // {y1}, {r}); the unreachable block is left out.
  EXPECT_EQ(P.Max, 1u);
}

TEST_F(RegisterEstimateTest, EstimateAddsTheOverhead) {
  RegisterEstimate E = estimateRegisters(parse(R"(
define ptx_kernel void @straight(ptr %p, i32 %n) {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %z = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %s = add i32 %x, %y
  %v = mul i32 %s, %z
  %g = getelementptr i32, ptr %p, i32 %v
  store i32 %n, ptr %g
  ret void
})",
                                               "straight"));
  // Pressure 3 ({x, y, z}) + the documented overhead 7 = 10.
  EXPECT_EQ(E.Registers, 10u);
  EXPECT_EQ(E.How, "pressure 3 at basic block 1 of the kernel + 7 overhead");
}

TEST_F(RegisterEstimateTest, EstimateStaysInPtxasRange) {
  RegisterEstimate Empty = estimateRegisters(parse(R"(
define ptx_kernel void @empty() {
  ret void
})",
                                                   "empty"));
  // 0 + 7 = 7, below the 8 ptxas gives any kernel that does something.
  EXPECT_EQ(Empty.Registers, 8u);
  EXPECT_EQ(
      Empty.How,
      "pressure 0 at basic block 1 of the kernel + 7 overhead, raised to the "
      "minimum 8");

  RegisterEstimate Decl = estimateRegisters(parse(R"(
declare ptx_kernel void @decl(ptr)
)",
                                                  "decl"));
  EXPECT_EQ(Decl.Registers, 8u);
  EXPECT_EQ(Decl.How, "no body: the minimum, 8");
  RegisterPressure DeclP =
      computeRegisterPressure(*M->getFunction("decl"), PressureOptions());
  EXPECT_EQ(DeclP.Max, 0u);
  EXPECT_EQ(DeclP.At, nullptr);

  // 70 <4 x float> loads all live before the first add: 280 registers.
  std::string Big = "define ptx_kernel void @big(ptr %p) {\n";
  for (int I = 0; I < 70; ++I)
    Big +=
        "  %v" + std::to_string(I) + " = load volatile <4 x float>, ptr %p\n";
  Big += "  %s0 = fadd <4 x float> %v0, %v1\n";
  for (int I = 2; I < 70; ++I)
    Big += "  %s" + std::to_string(I - 1) + " = fadd <4 x float> %s" +
           std::to_string(I - 2) + ", %v" + std::to_string(I) + "\n";
  Big += "  store <4 x float> %s68, ptr %p\n  ret void\n}\n";
  RegisterEstimate Capped = estimateRegisters(parse(Big, "big"));
  EXPECT_EQ(Capped.Registers, 255u);
  EXPECT_EQ(
      Capped.How,
      "pressure 280 at basic block 1 of the kernel + 7 overhead, capped at 255 "
      "(ptxas spills the rest)");
}

TEST_F(RegisterEstimateTest, HugeFunctionsFallBackToBlockLocalPressure) {
  // 12003 blocks x 12001 values > 2^27: no liveness across blocks. %x lives
  // from the entry to the end ({x, vK} = 2 with full liveness); block-local,
  // every block sees one value at a time: 1.
  std::string IR = "define ptx_kernel void @huge(ptr %p) {\nentry:\n"
                   "  %x = load i32, ptr %p\n  br label %b0\n";
  for (int K = 0; K < 12000; ++K) {
    std::string Prev = K ? "%v" + std::to_string(K - 1) : "0";
    IR += "b" + std::to_string(K) + ":\n  %v" + std::to_string(K) +
          " = add i32 " + Prev + ", 1\n  br label %b" + std::to_string(K + 1) +
          "\n";
  }
  IR += "b12000:\n  store i32 %v11999, ptr %p\n  br label %last\n"
        "last:\n  store i32 %x, ptr %p\n  ret void\n}\n";
  const Function &F = parse(IR, "huge");
  RegisterPressure P = computeRegisterPressure(F, PressureOptions());
  EXPECT_TRUE(P.BlockLocal);
  EXPECT_EQ(P.Max, 1u);
  RegisterEstimate E = estimateRegisters(F);
  EXPECT_NE(E.How.find("too large for liveness across blocks"),
            std::string::npos)
      << E.How;
}

TEST_F(RegisterEstimateTest, CallsThatAreNotInlinedAreNamed) {
  RegisterEstimate E = estimateRegisters(parse(R"(
declare float @helper(float)
define ptx_kernel void @caller(ptr %p) {
  %x = load float, ptr %p
  %y = call float @helper(float %x)
  store float %y, ptr %p
  ret void
})",
                                               "caller"));
  // {x} = 1 (then {y}): 1 + 7 = 8.
  EXPECT_EQ(E.Registers, 8u);
  EXPECT_EQ(E.How, "pressure 1 at basic block 1 of the kernel + 7 overhead; 1 "
                   "call not inlined, "
                   "the callees' registers not counted");
}

} // namespace
