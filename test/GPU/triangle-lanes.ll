; An access whose active lanes depend on an inner loop's iteration, where
; the inner loop's count depends on the outer loop's (a triangle). The
; share of lanes is taken at the inner loop's mean iteration, and that
; mean at the outer loop's mean (docs/memory.md, "Active lanes"): no
; iteration symbol is left for the launch to bind.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='tri:grid=1,block=32,regs=16,arg1=4' \
; RUN:   -ktime-launch='tri:grid=1,block=32,regs=16,arg1=9' %s | FileCheck %s
;
; tri(out, n): for i in [0, n), for j in [i, n): if (tid.x < j) store 4 B
; to out[tid.x]. One block of one warp.
; Outer loop: n iterations, mean iteration i = (n - 1) / 2.
; Inner loop: n - i iterations, mean iteration (n - i - 1) / 2, so
; j = i + (n - i - 1) / 2; at the outer mean, n - i = (n + 1) / 2.
; Executions per thread: n x (n + 1) / 2. Active lanes: tid.x < j, j of
; the warp's 32 lanes (j < 32), at j = (n - 1) / 2 + (n - 1) / 4
; = 3 (n - 1) / 4.
; n = 4: 4 x 2.5 = 10 executions, 2.25 lanes: 10 x 2.25 x 4 B = 90.
; CHECK: launch 'tri:grid=1,block=32,regs=16,arg1=4' on toy-gpu:
; CHECK: bytes: global 90.0,
; n = 9: 9 x 5 = 45 executions, 6 lanes: 45 x 6 x 4 B = 1080.
; CHECK: launch 'tri:grid=1,block=32,regs=16,arg1=9' on toy-gpu:
; CHECK: bytes: global 1080.0,

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @tri(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %outer, label %exit

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i32 [ %i, %outer ], [ %j.next, %inner.latch ]
  %in = icmp ult i32 %t, %j
  br i1 %in, label %then, label %inner.latch

then:
  %x = zext i32 %t to i64
  %p = getelementptr float, ptr addrspace(1) %out, i64 %x
  store volatile float 1.0, ptr addrspace(1) %p, align 4
  br label %inner.latch

inner.latch:
  %j.next = add nsw i32 %j, 1
  %inner.more = icmp slt i32 %j.next, %n
  br i1 %inner.more, label %inner, label %outer.latch

outer.latch:
  %i.next = add nsw i32 %i, 1
  %outer.more = icmp slt i32 %i.next, %n
  br i1 %outer.more, label %outer, label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
