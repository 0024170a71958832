; A loop runtime-unrolled by 2 with its remainder iteration peeled in front
; (what clang -O3 makes of "#pragma unroll for (i = tid.y; i < 17; ++i)"
; when the count depends on tid.y): the unrolled loop starts from a phi of
; tid.y (odd tid.y: no prologue) and tid.y + 1 (even tid.y: the prologue ran
; i = tid.y). The phi joins the two sides of a branch on "tid.y & 1 == 0",
; so the first value is each thread's own (lib/Expr/ChosenValues.cpp):
; a = tid.y + [tid.y & 1 == 0] = tid.y + 1 - min(1, tid.y & 1), the remainder
; tid.y & 1 printed tid.y - 2 * (tid.y / 2).
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; The unrolled loop tests i + 2 != 17 at its latch, i from a:
; the test succeeds floor((17 - (a + 2)) / 2) times and the body runs one
; more time, floor((17 - a) / 2) = 8 + floor((min(1, tid.y & 1) - tid.y) / 2).
; tid.y = 0: the prologue runs i = 0, the loop i = 1, 3, ..., 15: 8 times,
;   8 + floor((0 - 0) / 2) = 8;
; tid.y = 1: no prologue, i = 1, ..., 15: 8 times, 8 + floor((1 - 1) / 2);
; tid.y = 2: the prologue runs i = 2, the loop i = 3, ..., 15: 7 times,
;   8 + floor((0 - 2) / 2) = 7; tid.y = 3: 8 + floor((1 - 3) / 2) = 7.
; CHECK-LABEL: kernel prologue
; CHECK:      loop1: trip = (min(1, tid.y - 2 * (tid.y / 2)) - tid.y) / 2 + 8{{(, lat = .*)?$}}
; CHECK-NOT:    assumption
define ptx_kernel void @prologue(ptr addrspace(3) %sh) #0 {
entry:
  %ty = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %in = icmp ult i32 %ty, 17
  br i1 %in, label %pre, label %exit
pre:
  %odd = and i32 %ty, 1
  %even = icmp eq i32 %odd, 0
  br i1 %even, label %peel, label %join
peel:
  %p0 = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %ty
  store float 0.0, ptr addrspace(3) %p0, align 4
  %ty1 = or disjoint i32 %ty, 1
  br label %join
join:
  %start = phi i32 [ %ty, %pre ], [ %ty1, %peel ]
  %last = icmp eq i32 %ty, 16
  br i1 %last, label %exit, label %loop
loop:
  %i = phi i32 [ %start, %join ], [ %i.next, %loop ]
  %p1 = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %i
  store float 0.0, ptr addrspace(3) %p1, align 4
  %i1 = add nuw nsw i32 %i, 1
  %p2 = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %i1
  store float 0.0, ptr addrspace(3) %p2, align 4
  %i.next = add nuw nsw i32 %i, 2
  %done = icmp eq i32 %i.next, 17
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A runtime-unrolled loop with its remainder in a prologue loop (what clang
; -O3 makes of "#pragma unroll 4 for (i = tid.x; i < n; ++i)"): loop1 runs
; r = (n - tid.x) mod 4 iterations of i += 1 from tid.x, then loop2 (4 per
; iteration) starts from a phi of tid.x (r = 0: loop1 skipped) and loop1's
; i + 1, whose value when loop1 exits is its start plus its count times its
; step: tid.x + r. That value, not loop1's iteration number iter.loop1 (a
; symbol no launch binds), is loop2's first value.
; loop1's count, ScalarEvolution's zext(trunc n - trunc tid.x) in 2 bits, is
; (n - tid.x) mod 4 = n - tid.x - 4 * ((n - tid.x) / 4), exactly.
; loop2 tests i + 4 != n at its latch: (n - a) / 4 iterations from a:
;   a = tid.x + r: (n - tid.x - r) / 4 = (n - tid.x) / 4 (r is the remainder);
;   a = tid.x:     (n - tid.x) / 4 (r = 0).
; n = 10, tid.x = 1: r = 1, loop1 runs i = 1, loop2 i = 2, 6: 2 iterations
; = 9 / 4. n = 10, tid.x = 3: r = 3, loop1 runs i = 3, 4, 5, loop2 i = 6:
; 1 = 7 / 4.
; CHECK-LABEL: kernel prologue_loop
; CHECK:      loop1: trip = max(0, n - tid.x - 4 * ((n - tid.x) / 4)){{(, lat = .*)?$}}
; CHECK-NOT:    assumption
; Both first values give the same count, exact on either path: no
; assumption.
; CHECK:      loop2: trip = (n - tid.x) / 4{{(, lat = .*)?$}}
; CHECK-NOT:  iter.loop1
; CHECK-NOT:    first values
define ptx_kernel void @prologue_loop(ptr %out, ptr %in, i32 %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp slt i32 %t, %n
  br i1 %any, label %pre, label %exit
pre:
  %len = sub i32 %n, %t
  %r = and i32 %len, 3
  %none = icmp eq i32 %r, 0
  br i1 %none, label %join, label %rem
rem:
  %i1 = phi i32 [ %i1.next, %rem ], [ %t, %pre ]
  %k = phi i32 [ %k.next, %rem ], [ 0, %pre ]
  %p1 = getelementptr inbounds float, ptr %in, i32 %i1
  store float 0.0, ptr %p1, align 4
  %i1.next = add nuw nsw i32 %i1, 1
  %k.next = add i32 %k, 1
  %rem.done = icmp eq i32 %k.next, %r
  br i1 %rem.done, label %join, label %rem
join:
  %start = phi i32 [ %t, %pre ], [ %i1.next, %rem ]
  %left = sub i32 %t, %n
  %few = icmp ugt i32 %left, -4
  br i1 %few, label %exit, label %loop
loop:
  %i = phi i32 [ %i.next, %loop ], [ %start, %join ]
  %p = getelementptr inbounds float, ptr %in, i32 %i
  store float 0.0, ptr %p, align 4
  %p.1 = getelementptr inbounds float, ptr %p, i32 1
  store float 0.0, ptr %p.1, align 4
  %p.2 = getelementptr inbounds float, ptr %p, i32 2
  store float 0.0, ptr %p.2, align 4
  %p.3 = getelementptr inbounds float, ptr %p, i32 3
  store float 0.0, ptr %p.3, align 4
  %i.next = add nuw nsw i32 %i, 4
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

attributes #0 = { mustprogress "target-cpu"="sm_80" }
