; A device function the kernel calls without inlining it (docs/kernel-time.md,
; "Inputs of one launch"): its cost is in the thread's time (the Thread stage
; costs the call with the callee's body, its load's latency included), but
; its global loads and stores are not in the launch's traffic, and an
; Assumption says so. Expected from Inputs/toy-gpu.yaml: one block of 1024
; threads; the kernel's own store moves 4 B per thread, 1024 x 4 = 4096 B;
; the callee's 4-byte load is not counted (it would make 8192). A stack slot
; of the callee (an alloca) is not global memory and names nothing.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='callsget:grid=1,block=1024,regs=32' \
; RUN:   -ktime-launch='callslocal:grid=1,block=1024,regs=32' %s | FileCheck %s
; CHECK-LABEL: launch 'callsget:grid=1,block=1024,regs=32' on toy-gpu:
; CHECK: bytes: global 4096.0,
; CHECK: assumption: the global loads and stores of get, called without being inlined, are not in the launch's traffic (bytes, cache hits, DRAM): their latency is in the time, their bytes are not
; CHECK-LABEL: launch 'callslocal:grid=1,block=1024,regs=32' on toy-gpu:
; CHECK-NOT: the global loads and stores of
; CHECK: predicted

target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define float @get(ptr addrspace(1) %x, i32 %i) noinline {
  %ix = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %x, i64 %ix
  %v = load float, ptr addrspace(1) %p, align 4
  ret float %v
}

define float @twice(float %a) noinline {
  %slot = alloca float, align 4
  store float %a, ptr %slot, align 4
  %b = load float, ptr %slot, align 4
  %c = fadd float %a, %b
  ret float %c
}

define ptx_kernel void @callsget(ptr addrspace(1) %x, ptr addrspace(1) %y) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = call float @get(ptr addrspace(1) %x, i32 %tid)
  %ix = zext i32 %tid to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %y, i64 %ix
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @callslocal(ptr addrspace(1) %y, float %a) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = call float @twice(float %a)
  %ix = zext i32 %tid to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %y, i64 %ix
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}
