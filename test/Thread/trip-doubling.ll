; Doubling loops, the scan "for (d = 1; d < n; d *= 2)": the counter is
; multiplied by 2^c each iteration, so the count is a log2
; (lib/Thread/GeometricTripCount.cpp): d = a * 2^(ck) < B exactly when
; 2^(ck) <= ceildiv(B, a) - 1, k = 0 .. floor(log2(ceildiv(B, a) - 1) / c).
; With a = 1, c = 1: log2(n - 1) + 1 = ceil(log2(n)) for n >= 2, 0 for
; n <= 1. n = 8: d = 1, 2, 4: 3 = log2(7) + 1; n = 9: d = 1, 2, 4, 8: 4 =
; log2(8) + 1.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; clang -O3 (22 and 19): rotated, the latch tests the next value
; (2 * d < n), a guard n > 1 (the source's entry test 1 < n) skips the loop:
; per entry of the guarded region the top-tested count. shl nsw: no wrap.
; CHECK-LABEL: kernel scan_o3
; CHECK:      loop1: trip = log2(n - 1) + 1{{(, lat = .*)?$}}
; CHECK-NOT:    assumption
define ptx_kernel void @scan_o3(ptr %a, i32 %n) #0 {
entry:
  %g = icmp sgt i32 %n, 1
  br i1 %g, label %pre, label %exit
pre:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %d = phi i32 [ 1, %pre ], [ %d.next, %latch ]
  %lt = icmp slt i32 %t, %d
  br i1 %lt, label %latch, label %add
add:
  %td = sub nsw i32 %t, %d
  %p = getelementptr inbounds float, ptr %a, i32 %td
  %v = load float, ptr %p, align 4
  %q = getelementptr inbounds float, ptr %a, i32 %t
  %w = load float, ptr %q, align 4
  %sum = fadd float %v, %w
  store float %sum, ptr %q, align 4
  br label %latch
latch:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %d.next = shl nsw i32 %d, 1
  %go = icmp slt i32 %d.next, %n
  br i1 %go, label %loop, label %exit
exit:
  ret void
}

; The unsigned "for (unsigned d = 1; d < n; d <<= 1)": the shl has no nuw,
; and a bound n > 2^31 would wrap d to 0 (an endless loop): the count is
; stated under the assumption that it does not.
; CHECK-LABEL: kernel scan_unsigned
; CHECK:      loop1: trip = log2(n - 1) + 1{{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: the doubled counter is assumed not to wrap around its 32 bits
define ptx_kernel void @scan_unsigned(ptr %a, i32 %n) #0 {
entry:
  %g = icmp ugt i32 %n, 1
  br i1 %g, label %loop, label %exit
loop:
  %d = phi i32 [ 1, %entry ], [ %d.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i32 %d
  store float 0.0, ptr %p, align 4
  %d.next = shl i32 %d, 1
  %go = icmp ult i32 %d.next, %n
  br i1 %go, label %loop, label %exit
exit:
  ret void
}

; -O0 shape (top-tested, after mem2reg): "for (int d = 2; d <= n; d *= 4)".
; d = 2 * 4^k <= n exactly when 4^k <= ceildiv(n + 1, 2) - 1 = floor(n / 2):
; floor(log2(floor(n / 2)) / 2) + 1 iterations. n = 32: d = 2, 8, 32: 3 =
; floor(4 / 2) + 1; n = 31: d = 2, 8: 2 = floor(3 / 2) + 1; n = 1: none
; (log2(0) = -1, floor(-1 / 2) = -1).
; CHECK-LABEL: kernel quadruple_top
; CHECK:      loop1: trip = log2(n / 2) / 2 + 1 [header runs trip + 1 times]{{(, lat = .*)?$}}
; CHECK-NOT:    assumption
define ptx_kernel void @quadruple_top(ptr %out, i32 %n) #0 {
entry:
  br label %header
header:
  %d = phi i32 [ 2, %entry ], [ %d.next, %body ]
  %go = icmp sle i32 %d, %n
  br i1 %go, label %body, label %exit
body:
  %p = getelementptr inbounds i32, ptr %out, i32 %d
  store i32 %d, ptr %p, align 4
  %d.next = mul nsw i32 %d, 4
  br label %header
exit:
  ret void
}

; Not counted: a counter that starts at 0 never grows (d *= 2 stays 0).
; CHECK-LABEL: kernel from_zero
; CHECK:      loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @from_zero(ptr %out, i32 %n) #0 {
entry:
  br label %header
header:
  %d = phi i32 [ 0, %entry ], [ %d.next, %body ]
  %go = icmp slt i32 %d, %n
  br i1 %go, label %body, label %exit
body:
  %p = getelementptr inbounds i32, ptr %out, i32 %d
  store i32 %d, ptr %p, align 4
  %d.next = shl nsw i32 %d, 1
  br label %header
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { mustprogress "target-cpu"="sm_80" }
