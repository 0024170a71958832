; The active lanes behind nested branches (lib/Launch/ThreadFacts.cpp):
; the fractions of the branches on the way multiply, except that a branch
; every lane past an enclosing branch takes (tid.y < n + 1 inside
; tid.y < n) counts once; if the product would have more than 64 terms,
; the fraction is the least of them, an upper bound, with an Assumption.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 \
; RUN:   -ktime-launch=nested:grid=1,block=4x16,n=5 \
; RUN:   -ktime-launch=unrelated:grid=1,block=4x16,n=5 -disable-output %s \
; RUN:   | FileCheck %s
;
; Block 4 x 16: a warp is 8 rows of 4 lanes, so each branch's fraction is a
; sum over the warp's 8 rows (8 terms). n = 5.
;
; nested: tid.y < n, < n + 1, < n + 2. The second and third are implied by
; the first (the same lane deltas, and n + 1 - tid.y exceeds n - tid.y by
; a constant 1 >= 0), so only the first's fraction counts: 5 rows x 4
; lanes = 20 threads, each storing 4 B:
;   global bytes = 20 x 4 = 80 (one block), all of them reaching L2
;   (stores), none from DRAM (the footprint fits L2, warm by default).
; Before the implication, the product of the three fractions gave 52.5 B
; for warp 0 (5/8 x 6/8 x 7/8 x 32 lanes x 4 B).
; CHECK-LABEL: launch 'nested:
; CHECK: bytes: global 80.0, L2 80.0, DRAM 0.0, shared 0.0
; CHECK-NOT: least of the branches' fractions
; CHECK-LABEL: launch 'unrelated:
;
; unrelated: tid.y < n, tid.y > 0, tid.y != 3: none implies another (the
; second's lanes step the other way, the third is not an order test). The
; product would have 8^3 = 512 terms > 64: the least fraction is taken.
; Warp 0 (rows 0-7): 5/8, 7/8, 7/8: the least, 5/8 = 20 lanes; warp 1
; (rows 8-15): tid.y < 5 holds for none. 20 x 4 = 80 B, an upper bound on
; the exact 48 B (rows 1, 2 and 4: 12 threads).
; CHECK: bytes: global 80.0, L2 80.0, DRAM 0.0, shared 0.0
; CHECK: assumption: the active lanes behind deeply nested branches are the least of the branches' fractions, an upper bound (their product would have more than 64 terms)

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

define ptx_kernel void @nested(ptr addrspace(1) %out, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %c1 = icmp slt i32 %ty, %n
  br i1 %c1, label %b1, label %exit
b1:
  %n1 = add i32 %n, 1
  %c2 = icmp slt i32 %ty, %n1
  br i1 %c2, label %b2, label %exit
b2:
  %n2 = add i32 %n, 2
  %c3 = icmp slt i32 %ty, %n2
  br i1 %c3, label %b3, label %exit
b3:
  %row = shl i32 %ty, 2
  %i = add i32 %row, %tx
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit
exit:
  ret void
}

define ptx_kernel void @unrelated(ptr addrspace(1) %out, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %c1 = icmp slt i32 %ty, %n
  br i1 %c1, label %b1, label %exit
b1:
  %c2 = icmp sgt i32 %ty, 0
  br i1 %c2, label %b2, label %exit
b2:
  %c3 = icmp ne i32 %ty, 3
  br i1 %c3, label %b3, label %exit
b3:
  %row = shl i32 %ty, 2
  %i = add i32 %row, %tx
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit
exit:
  ret void
}
