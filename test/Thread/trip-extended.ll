; Unsigned counters. An int or unsigned counter compared with a size_t bound: the test reads the
; counter's zext or sext to 64 bits, which ScalarEvolution keeps outside the
; recurrence when it cannot prove that the 32-bit counter does not wrap (the
; grid-stride step ntid.x * nctaid.x is not known small). The count is that
; of the counter's own value, under the assumption, stated, that it does not
; wrap around (lib/Thread/AffineTripCount.cpp).
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; "for (unsigned i = ctaid.x * ntid.x + tid.x; i < n; i += ntid.x *
; nctaid.x)" with size_t n, clang -O3: rotated, the latch tests
; n >u zext(i + S), the guard n >u zext(g). i = g + k * S < n for
; k = 0 .. ceildiv(n - g, S) - 1: max(0, ceildiv(n - g, S)) iterations per
; entry of the guarded region. n = 1000, 2 blocks of 128 (S = 256), g = 5:
; i = 5, 261, 517, 773: 4 = ceildiv(995, 256).
; CHECK-LABEL: kernel grid_stride_unsigned
; CHECK:      loop1: trip = max(0, ceildiv(n - ctaid.x * ntid.x - tid.x, nctaid.x * ntid.x)){{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: the 32-bit counter of the loop, compared as a 64-bit value, is assumed not to wrap around
define ptx_kernel void @grid_stride_unsigned(ptr %out, i64 %n) #0 {
entry:
  %c = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %nt
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = add i32 %cn, %t
  %g.wide = zext i32 %g to i64
  %any = icmp ugt i64 %n, %g.wide
  br i1 %any, label %pre, label %exit
pre:
  %nc = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %step = mul i32 %nt, %nc
  br label %loop
loop:
  %i.wide = phi i64 [ %g.wide, %pre ], [ %i.next.wide, %loop ]
  %i = phi i32 [ %g, %pre ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr %out, i64 %i.wide
  store float 0.0, ptr %p, align 4
  %i.next = add i32 %i, %step
  %i.next.wide = zext i32 %i.next to i64
  %go = icmp ugt i64 %n, %i.next.wide
  br i1 %go, label %loop, label %exit
exit:
  ret void
}

; The same with "int i" (sext): the unsigned test compares the sext of a
; counter that starts at g >= 0 (ids and sizes are non-negative), so the
; same count under the same assumption.
; CHECK-LABEL: kernel grid_stride_int
; CHECK:      loop1: trip = max(0, ceildiv(n - ctaid.x * ntid.x - tid.x, nctaid.x * ntid.x)){{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: the 32-bit counter of the loop, compared as a 64-bit value, is assumed not to wrap around
define ptx_kernel void @grid_stride_int(ptr %out, i64 %n) #0 {
entry:
  %c = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %cn = mul i32 %c, %nt
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = add i32 %cn, %t
  %g.wide = sext i32 %g to i64
  %any = icmp ugt i64 %n, %g.wide
  br i1 %any, label %pre, label %exit
pre:
  %nc = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %step = mul i32 %nt, %nc
  br label %loop
loop:
  %i.wide = phi i64 [ %g.wide, %pre ], [ %i.next.wide, %loop ]
  %i = phi i32 [ %g, %pre ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr %out, i64 %i.wide
  store float 0.0, ptr %p, align 4
  %i.next = add i32 %i, %step
  %i.next.wide = sext i32 %i.next to i64
  %go = icmp ugt i64 %n, %i.next.wide
  br i1 %go, label %loop, label %exit
exit:
  ret void
}

; -O0 shape (top-tested): "for (unsigned i = m; i < n; i += s)", i
; zext'd for the size_t compare in the header: i = m + k * s < n for
; k = 0 .. ceildiv(n - m, s) - 1, s >= 1 (ntid.x): max(0, ceildiv(n - m,
; ntid.x)) iterations. n = 100, m = 3, s = 32: i = 3, 35, 67, 99: 4.
; CHECK-LABEL: kernel top_tested
; CHECK:      loop1: trip = max(0, ceildiv(n - m, ntid.x)) [header runs trip + 1 times]{{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: the 32-bit counter of the loop, compared as a 64-bit value, is assumed not to wrap around
define ptx_kernel void @top_tested(ptr %out, i64 %n, i32 %m) #0 {
entry:
  %s = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %header
header:
  %i = phi i32 [ %m, %entry ], [ %i.next, %body ]
  %i.wide = zext i32 %i to i64
  %go = icmp ult i64 %i.wide, %n
  br i1 %go, label %body, label %exit
body:
  %p = getelementptr inbounds float, ptr %out, i64 %i.wide
  store float 0.0, ptr %p, align 4
  %i.next = add i32 %i, %s
  br label %header
exit:
  ret void
}

; Not counted this way: an int counter from a parameter of unknown sign
; under an unsigned test (a negative m, sext'd, is a huge unsigned number).
; CHECK-LABEL: kernel unknown_sign
; CHECK:      loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @unknown_sign(ptr %out, i64 %n, i32 %m) #0 {
entry:
  %s = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %header
header:
  %i = phi i32 [ %m, %entry ], [ %i.next, %body ]
  %i.wide = sext i32 %i to i64
  %go = icmp ult i64 %i.wide, %n
  br i1 %go, label %body, label %exit
body:
  %p = getelementptr inbounds float, ptr %out, i64 %i.wide
  store float 0.0, ptr %p, align 4
  %i.next = add i32 %i, %s
  br label %header
exit:
  ret void
}

; "for (unsigned i = tid * k; i < (tid + 1) * k; ++i)", clang -O3: the latch
; tests i + 1 != (tid + 1) * k, the guard tid * k <u (tid + 1) * k. The
; counter runs from tid * k to (tid + 1) * k - 1: k iterations, max(0, k)
; per entry of the guarded region, as long as the unsigned products do not
; wrap around 32 bits (tid = 3, k = 2^30: (tid + 1) * k is 0 in 32 bits and
; the guard skips the loop): two Assumptions say so.
; CHECK-LABEL: kernel chunk
; CHECK:      loop1: trip = max(0, k){{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: the unsigned product k * tid.x is assumed not to wrap around its 32 bits
; CHECK-NEXT:   assumption: the unsigned product k * tid.x + k is assumed not to wrap around its 32 bits
define ptx_kernel void @chunk(ptr %out, i32 %k) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lo = mul i32 %k, %t
  %t1 = add nuw nsw i32 %t, 1
  %hi = mul i32 %k, %t1
  %any = icmp ult i32 %lo, %hi
  br i1 %any, label %loop, label %exit
loop:
  %i = phi i32 [ %i.next, %loop ], [ %lo, %entry ]
  %i.wide = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %out, i64 %i.wide
  store float 0.0, ptr %p, align 4
  %i.next = add nuw i32 %i, 1
  %done = icmp eq i32 %i.next, %hi
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; "for (int i = ctaid.x * ntid.x + tid.x; i < size; i += S)" with size_t
; size and S = nctaid.x * ntid.x, as clang -O3 writes it when instcombine
; widens the counter itself: one 64-bit phi w, first value sext(g), next
; value sext(trunc(w) + S) (nsw). With an inline asm in the loop (__hfma2),
; which ScalarEvolution cannot prove returns, it cannot use the add's nsw and
; sees no recurrence. It
; is the 32-bit counter i = g + k * S read through its sext: the latch
; tests size >u sext(i + S), the guard size >u sext(g), and the count per
; entry of the guarded region is max(0, ceildiv(size - g, S)), as for
; grid_stride_int. size = 1000, 2 blocks of 128 (S = 256), g = 5:
; i = 5, 261, 517, 773: 4 = ceildiv(995, 256).
; The product ctaid.x * ntid.x in its first value is read as mathematical
; under the unsigned test, and an Assumption says so.
; CHECK-LABEL: kernel grid_stride_widened
; CHECK:      loop1: trip = max(0, ceildiv(size - ctaid.x * ntid.x - tid.x, nctaid.x * ntid.x)){{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: the 32-bit counter of the loop, compared as a 64-bit value, is assumed not to wrap around
; CHECK-NEXT:   assumption: the unsigned product ctaid.x * ntid.x is assumed not to wrap around its 32 bits
define ptx_kernel void @grid_stride_widened(ptr %out, i64 %size) #0 {
entry:
  %nc = tail call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %nt = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %step = mul i32 %nc, %nt
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cn = mul i32 %nt, %c
  %g = add i32 %cn, %t
  %g.wide = sext i32 %g to i64
  %any = icmp ugt i64 %size, %g.wide
  br i1 %any, label %loop, label %exit
loop:
  %w = phi i64 [ %w.next, %loop ], [ %g.wide, %entry ]
  %acc = phi i32 [ %acc.next, %loop ], [ 0, %entry ]
  %p = getelementptr inbounds i32, ptr %out, i64 %w
  %x = load i32, ptr %p, align 4
  %acc.next = tail call i32 asm "xor.b32 $0, $1, $2;", "=r,r,r"(i32 %acc, i32 %x)
  %i = trunc nsw i64 %w to i32
  %i.next = add nsw i32 %step, %i
  %w.next = sext i32 %i.next to i64
  %go = icmp ugt i64 %size, %w.next
  br i1 %go, label %loop, label %exit
exit:
  %sum = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  store i32 %sum, ptr %out, align 4
  ret void
}

; The same widened counter with a first value that is not the sext of a
; 32-bit value (a 64-bit start): not read as a 32-bit counter, so the loop
; is not counted here.
; CHECK-LABEL: kernel widened_wide_start
; CHECK:      loop1: trip = trip.loop1
define ptx_kernel void @widened_wide_start(ptr %out, i64 %size, i64 %start) #0 {
entry:
  %any = icmp ugt i64 %size, %start
  br i1 %any, label %loop, label %exit
loop:
  %w = phi i64 [ %w.next, %loop ], [ %start, %entry ]
  %p = getelementptr inbounds float, ptr %out, i64 %w
  store float 0.0, ptr %p, align 4
  %i = trunc nsw i64 %w to i32
  %i.next = add nsw i32 %i, 7
  %w.next = sext i32 %i.next to i64
  %go = icmp ugt i64 %size, %w.next
  br i1 %go, label %loop, label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

attributes #0 = { mustprogress "target-cpu"="sm_80" }
