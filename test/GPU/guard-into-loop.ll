; A bounds guard that branches straight into a loop (no preheader between):
; the loop header is entered through that one edge (its other predecessor
; is the back edge), so the lanes the guard keeps out do not count for the
; accesses in the loop (lib/Launch/ThreadFacts.cpp, activeFraction;
; docs/kernel-time.md, "Inputs of one launch").
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output \
; RUN:   -ktime-launch='guard_into_loop:grid=2,block=64,regs=32,n=96' \
; RUN:   -ktime-launch='guard_into_loop:grid=4,block=64,regs=32,n=96' %s \
; RUN:   | FileCheck %s
;
; i = 64 * ctaid.x + tid.x; if (i < n) 4 stores of 4 B each: 16 B per
; thread that passes. n = 96.
; grid 2 (one wave): the middle block (0, 64 lanes) for every block but the
; last, the last (block 1, threads 64..127, 32 pass) once:
; (64 + 32) x 16 = 1536 B (before: 2048, every lane counted).
; CHECK-LABEL: launch 'guard_into_loop:grid=2,block=64,regs=32,n=96'
; CHECK: bytes: global 1536.0, L2 1536.0, DRAM 0.0, shared 0.0
; grid 4 (one wave): the middle block is block (4 - 1) / 2 = 1, 32 lanes,
; for blocks 0-2, and the last (block 3, none) once: 3 x 32 x 16 = 1536 B
; (before: 4096).
; CHECK-LABEL: launch 'guard_into_loop:grid=4,block=64,regs=32,n=96'
; CHECK: bytes: global 1536.0, L2 1536.0, DRAM 0.0, shared 0.0

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

define ptx_kernel void @guard_into_loop(ptr addrspace(1) %out, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %cx, 6
  %i = add i32 %base, %tx
  %c = icmp slt i32 %i, %n
  br i1 %c, label %loop, label %exit

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %row = mul i32 %k, 4096
  %o = add i32 %row, %i
  %o64 = sext i32 %o to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %o64
  store float 1.0, ptr addrspace(1) %p, align 4
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k.next, 4
  br i1 %more, label %loop, label %exit

exit:
  ret void
}
