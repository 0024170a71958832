; Halving loops, the tree reduction "for (s = blockDim.x / 2; s > 0;
; s >>= 1)": the counter is divided by 2^c each iteration, so the count is a
; log2 (lib/Thread/GeometricTripCount.cpp). log2(x) is floor(log2(x)) for
; x >= 1 and -1 below, so log2(x) + 1 is 0 for x = 0.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -S %s | FileCheck %s --check-prefix=META

target triple = "nvptx64-nvidia-cuda"

; clang-22 -O3: rotated, s from ntid.x / 2, the latch tests the next value
; (s >> 1 == 0 exits), a guard "ntid.x / 2 != 0" skips the loop. The guard is
; the source loop's entry test s > 0, so the count per entry of the guarded
; region is the top-tested count: s = a, a / 2, ..., 1 with a = ntid.x / 2,
; floor(log2(a)) + 1 iterations (0 for a = 0).
;   256 threads: s = 128, 64, ..., 1: 8 = floor(log2(128)) + 1;
;   1000 threads: s = 500, 250, 125, 62, 31, 15, 7, 3, 1: 9 = 8 + 1.
; CHECK-LABEL: kernel reduce_o3
; CHECK:      loop1: trip = log2(ntid.x / 2) + 1{{(, lat = .*)?$}}
; CHECK-NOT:    assumption
; META: !{!"ktime.trip", !"log2(ntid.x / 2) + 1"}
define ptx_kernel void @reduce_o3(ptr addrspace(3) %sh) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %half = lshr i32 %nt, 1
  %skip = icmp eq i32 %half, 0
  br i1 %skip, label %exit, label %loop
loop:
  %s = phi i32 [ %s.next, %latch ], [ %half, %entry ]
  %in = icmp ult i32 %t, %s
  br i1 %in, label %add, label %latch
add:
  %ts = add nuw nsw i32 %s, %t
  %p = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %ts
  %v = load float, ptr addrspace(3) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %t
  %w = load float, ptr addrspace(3) %q, align 4
  %sum = fadd float %v, %w
  store float %sum, ptr addrspace(3) %q, align 4
  br label %latch
latch:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %s.next = lshr i32 %s, 1
  %done = icmp eq i32 %s.next, 0
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; clang-19 -O3 makes the same loop with a phi h one step ahead of s: h runs
; through ntid.x, ntid.x / 2, ..., s = h >> 1, and the latch goes on while
; h >= 4 (h <u 4 exits), that is while the next h, h / 2, is >= 2: the
; source's test s > 0 on the next s. The guard ntid.x >= 2 is that test on
; the first h, so the count per entry of the guarded region is the number of
; k with floor(ntid.x / 2^k) >= 2: floor(log2(floor(ntid.x / 2))) + 1, the
; count above.
; CHECK-LABEL: kernel reduce_o3_ahead
; CHECK:      loop1: trip = log2(ntid.x / 2) + 1{{(, lat = .*)?$}}
; CHECK-NOT:    assumption
define ptx_kernel void @reduce_o3_ahead(ptr addrspace(3) %sh) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %skip = icmp ult i32 %nt, 2
  br i1 %skip, label %exit, label %loop
loop:
  %h = phi i32 [ %s, %latch ], [ %nt, %entry ]
  %s = lshr i32 %h, 1
  %in = icmp ult i32 %t, %s
  br i1 %in, label %add, label %latch
add:
  %ts = add nuw nsw i32 %s, %t
  %p = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %ts
  %v = load float, ptr addrspace(3) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %t
  %w = load float, ptr addrspace(3) %q, align 4
  %sum = fadd float %v, %w
  store float %sum, ptr addrspace(3) %q, align 4
  br label %latch
latch:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %done = icmp ult i32 %h, 4
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; clang-19 -O0, as KernelTime's canonical copy rotates it: s from ntid.x / 2,
; the latch tests the phi, s <u 2 exits (s >= 2 goes on: the next s >= 1),
; and the guard skips the loop when ntid.x <u 2. "ntid.x >= 2" is the same
; test as "floor(ntid.x / 2) >= 1", the source's s > 0 on the first s, so
; the count per entry of the guarded region is again floor(log2(a)) + 1.
; CHECK-LABEL: kernel reduce_o0_19
; CHECK:      loop1: trip = log2(ntid.x / 2) + 1{{(, lat = .*)?$}}
; CHECK-NOT:    assumption
define ptx_kernel void @reduce_o0_19(ptr addrspace(3) %sh) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %half = lshr i32 %nt, 1
  %skip = icmp ult i32 %nt, 2
  br i1 %skip, label %exit, label %pre
pre:
  br label %loop
loop:
  %s = phi i32 [ %half, %pre ], [ %s.next, %loop ]
  %q = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %t
  store float 0.0, ptr addrspace(3) %q, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %s.next = lshr i32 %s, 1
  %last = icmp ult i32 %s, 2
  br i1 %last, label %exit, label %loop
exit:
  ret void
}

; -O0 shape (top-tested, after mem2reg): "for (int s = n; s > 0; s /= 2)",
; signed, sdiv. The header tests s > 0 before each iteration: s = n, n / 2,
; ..., 1: floor(log2(n)) + 1 iterations for n >= 1, none for n <= 0
; (log2(n) = -1). n = 8: s = 8, 4, 2, 1: 4 = log2(8) + 1; n = 9: the same
; 4; n = 0 or -3: 0.
; CHECK-LABEL: kernel halve_top
; CHECK:      loop1: trip = log2(n) + 1 [header runs trip + 1 times]{{(, lat = .*)?$}}
; CHECK-NOT:    assumption
define ptx_kernel void @halve_top(ptr %out, i32 %n) #0 {
entry:
  br label %header
header:
  %s = phi i32 [ %n, %entry ], [ %s.next, %body ]
  %go = icmp sgt i32 %s, 0
  br i1 %go, label %body, label %exit
body:
  %p = getelementptr inbounds i32, ptr %out, i32 %s
  store i32 %s, ptr %p, align 4
  %s.next = sdiv i32 %s, 2
  br label %header
exit:
  ret void
}

; A do-while with no guard: "s = n; do { ... } while ((s >>= 1) != 0)",
; unsigned. The body runs for s = n, then while the next value is not 0:
; 1 + floor(log2(floor(n / 2))) + 1 times; n = 0: once (log2(0) + 2 = 1);
; n = 1: once; n = 8: s = 8, 4, 2, 1: 4 = log2(4) + 2.
; CHECK-LABEL: kernel halve_do
; CHECK:      loop1: trip = log2(n / 2) + 2{{(, lat = .*)?$}}
define ptx_kernel void @halve_do(ptr %out, i32 %n) #0 {
entry:
  br label %loop
loop:
  %s = phi i32 [ %n, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %out, i32 %s
  store i32 %s, ptr %p, align 4
  %s.next = lshr i32 %s, 1
  %go = icmp ne i32 %s.next, 0
  br i1 %go, label %loop, label %exit
exit:
  ret void
}

; Quartering, "for (s = n; s > 0; s >>= 2)" top-tested: s = n, n / 4, ...
; while s >= 1: 4^k <= n, k = 0 .. floor(log2(n) / 2): floor(log2(n) / 2) + 1
; iterations. n = 64: s = 64, 16, 4, 1: 4 = 6 / 2 + 1; n = 63: 63, 15, 3: 3
; = floor(5 / 2) + 1.
; CHECK-LABEL: kernel quarter
; CHECK:      loop1: trip = log2(n) / 2 + 1 [header runs trip + 1 times]{{(, lat = .*)?$}}
define ptx_kernel void @quarter(ptr %out, i32 %n) #0 {
entry:
  br label %header
header:
  %s = phi i32 [ %n, %entry ], [ %s.next, %body ]
  %go = icmp ugt i32 %s, 0
  br i1 %go, label %body, label %exit
body:
  %p = getelementptr inbounds i32, ptr %out, i32 %s
  store i32 %s, ptr %p, align 4
  %s.next = lshr i32 %s, 2
  br label %header
exit:
  ret void
}

; A reduction that stops at a warp: "for (s = ntid.x / 2; s > 32; s >>= 1)",
; top-tested: floor(a / 2^k) > 32 exactly when 2^k <= floor(a / 33), a =
; ntid.x / 2: floor(log2(floor(a / 33))) + 1 iterations. 256 threads: s =
; 128, 64: 2 = log2(floor(128 / 33) = 3) + 1; 64 threads: a = 32, none
; (log2(0) + 1).
; CHECK-LABEL: kernel to_warp
; CHECK:      loop1: trip = log2(ntid.x / 66) + 1 [header runs trip + 1 times]{{(, lat = .*)?$}}
define ptx_kernel void @to_warp(ptr %out) #0 {
entry:
  %nt = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %half = lshr i32 %nt, 1
  br label %header
header:
  %s = phi i32 [ %half, %entry ], [ %s.next, %body ]
  %go = icmp ugt i32 %s, 32
  br i1 %go, label %body, label %exit
body:
  %p = getelementptr inbounds i32, ptr %out, i32 %s
  store i32 %s, ptr %p, align 4
  %s.next = lshr i32 %s, 1
  br label %header
exit:
  ret void
}

; Not counted: "s > -1" never fails for a halving counter that is not
; negative (it stops at 0), and a signed test of a counter halved unsigned
; from a start of unknown sign (a negative n would become a large unsigned
; number) is left alone too.
; CHECK-LABEL: kernel never_ends
; CHECK:      loop1: trip = trip.loop1 [not exact]
; CHECK-LABEL: kernel unknown_sign
; CHECK:      loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @never_ends(ptr %out, i32 %n) #0 {
entry:
  br label %header
header:
  %s = phi i32 [ %n, %entry ], [ %s.next, %body ]
  %go = icmp sgt i32 %s, -1
  br i1 %go, label %body, label %exit
body:
  %p = getelementptr inbounds i32, ptr %out, i32 %s
  store i32 %s, ptr %p, align 4
  %s.next = ashr i32 %s, 1
  br label %header
exit:
  ret void
}

define ptx_kernel void @unknown_sign(ptr %out, i32 %n) #0 {
entry:
  br label %loop
loop:
  %s = phi i32 [ %n, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %out, i32 %s
  store i32 %s, ptr %p, align 4
  %s.next = lshr i32 %s, 1
  %go = icmp sgt i32 %s.next, 0
  br i1 %go, label %loop, label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { mustprogress "target-cpu"="sm_80" }
