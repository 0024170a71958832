; What has no class of its own gets a documented default and says so:
; unmodelled intrinsics (one int.add), inline asm (one int.add per PTX
; instruction), math intrinsics NVPTX cannot lower (their libdevice price),
; calls (the call instruction: branch; the Thread stage costs a defined
; callee), tensor-core and async-copy instructions.
; a100-pcie-40gb: int.add lat 4 del 2; branch lat 4 del 1; tensor lat 25
; del 16; ldst lat 19 del 4.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

define float @helper(float %x) {
  %y = fmul float %x, %x
  ret float %y
}

; CHECK-LABEL: kernel calls on a100-pcie-40gb
define ptx_kernel void @calls(ptr addrspace(1) %out, float %x, i32 %i, ptr %fp, ptr addrspace(3) %sh, ptr addrspace(1) %g) {
  ; an intrinsic nothing prices: the default, one int.add, and its name
  ; CHECK: call void @llvm.nvvm.nanosleep(i32 100) int.add lat 4 del 2 ; assumed: unmodelled intrinsic llvm.nvvm.nanosleep priced as one int.add (the default)
  call void @llvm.nvvm.nanosleep(i32 100)
  ; CHECK: %r = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> zeroinitializer) int.add lat 4 del 2 ; assumed: unmodelled intrinsic llvm.vector.reduce.add.v4i32 priced as one int.add (the default)
  %r = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> zeroinitializer)
  ; two PTX statements: 2 x int.add in a chain, lat 8, del 4
  ; CHECK: %a = call i32 asm "add.s32 $0, $1, 1;\0A\09mul.lo.s32 $0, $0, 3;", "=r,r"(i32 %i) inline asm: 2 x int.add lat 8 del 4 ; assumed: inline asm: 2 instructions priced as int.add
  %a = call i32 asm "add.s32 $0, $1, 1;\0A\09mul.lo.s32 $0, $0, 3;", "=r,r"(i32 %i)
  ; llvm.sin.f32 without afn has no NVPTX lowering: priced as __nv_sinf
  ; (lat 56 del 61, see libdevice.ll)
  ; CHECK: %s = call float @llvm.sin.f32(float %x) __nv_sinf: {{.*}} lat 56 del 61 ; assumed: llvm.sin.f32 has no NVPTX instruction; priced as libdevice __nv_sinf (its ordinary path)
  %s = call float @llvm.sin.f32(float %x)
  ; with afn it is sin.approx.f32: FMUL + MUFU, lat 4 + 23 = 27, del 2 + 8
  ; CHECK: %sa = call afn float @llvm.sin.f32(float %s) sin.approx.f32: fp32.mul + sfu lat 27 del 10
  %sa = call afn float @llvm.sin.f32(float %s)
  ; a device function that survived inlining: the call instruction; the
  ; Thread stage adds the callee's cost
  ; CHECK: %h = call float @helper(float %sa) call @helper: branch lat 4 del 1
  %h = call float @helper(float %sa)
  ; CHECK: call void %fp() indirect call: branch lat 4 del 1 ; assumed: indirect call: the callee is unknown; only the call instruction is priced
  call void %fp()
  ; CHECK: %pr = call i32 @vprintf(ptr null, ptr null) call @vprintf: branch lat 4 del 1 ; assumed: external function vprintf: its body is not in this module; only the call instruction is priced
  %pr = call i32 @vprintf(ptr null, ptr null)
  ; cp.async: one LDGSTS issue (ldst del 4); the warp goes on (lat 19)...
  ; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.16(ptr addrspace(3) %sh, ptr addrspace(1) %g) cp.async: ldst lat 19 del 4 (16 bytes)
  call void @llvm.nvvm.cp.async.ca.shared.global.16(ptr addrspace(3) %sh, ptr addrspace(1) %g)
  ; CHECK: call void @llvm.nvvm.cp.async.commit.group() cp.async bookkeeping: int.add lat 4 del 2
  call void @llvm.nvvm.cp.async.commit.group()
  ; ...and waits at cp.async.wait_group, assumed one global latency
  ; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0) cp.async.wait (DEPBAR): int.add lat lat.global del 2 ; assumed: cp.async.wait assumed to wait one global-memory latency (lat.global) for the copies it waits for
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  ; mma.sync on the tensor cores: tensor lat 25 del 16
  ; CHECK: %mma = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f16.f16.f32(<2 x half> {{.*}} mma.sync: tensor lat 25 del 16
  %mma = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f16.f16.f32(<2 x half> zeroinitializer, <2 x half> zeroinitializer, <2 x half> zeroinitializer, <2 x half> zeroinitializer, <2 x half> zeroinitializer, <2 x half> zeroinitializer, float 0.0, float 0.0, float 0.0, float 0.0)
  %m0 = extractvalue { float, float, float, float } %mma, 0
  %t0 = sitofp i32 %a to float
  %t1 = fadd float %t0, %h
  %t2 = fadd float %t1, %m0
  %ri = sitofp i32 %r to float
  %t3 = fadd float %t2, %ri
  store float %t3, ptr addrspace(1) %out
  ret void
}

; The totals count calls (the three call instructions) and assumptions.
; CHECK: total: {{.*}} 3 calls, 7 assumptions

declare void @llvm.nvvm.nanosleep(i32)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare float @llvm.sin.f32(float)
declare i32 @vprintf(ptr, ptr)
declare void @llvm.nvvm.cp.async.ca.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f16.f16.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float)
