; Robustness: halving and doubling counters of odd widths and steps
; (lib/Thread/GeometricTripCount.cpp). None may crash; steps whose 2^c does
; not fit the arithmetic (a shift by more than 62), a multiplier that is no
; positive power of two (INT_MIN) and a shift by 0 leave the loop uncounted;
; narrow and wide counters with small steps are counted.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s
;
; CHECK-LABEL: kernel i128_shift
; CHECK:       loop1: trip = trip.loop1 [not exact]
; CHECK-LABEL: kernel i64_shl63
; CHECK:       loop1: trip = trip.loop1 [not exact]
; An i8 n, udiv by 4 while != 0: s = n, n / 4, ... (unsigned), 4^k <= n:
; floor(log2(n) / 2) + 1; n = 255: 255, 63, 15, 3: 4 = floor(7 / 2) + 1.
; CHECK-LABEL: kernel i8_halve
; CHECK:       loop1: trip = log2(n) / 2 + 1 [header runs trip + 1 times]
; CHECK-LABEL: kernel i32_mulmin
; CHECK:       loop1: trip = trip.loop1 [not exact]
; CHECK-LABEL: kernel i1_loop
; CHECK:       loop1: trip = trip.loop1 [not exact]
; 1000, 500, 250, 125, 62, 31, 15, 7, 3, 1: 10 = floor(log2(1000)) + 1.
; CHECK-LABEL: kernel i64_halve_const
; CHECK:       loop1: trip = 10 [header runs trip + 1 times]

target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @i128_shift(ptr %out, i128 %n) {
entry:
  br label %header
header:
  %s = phi i128 [ %n, %entry ], [ %s.next, %body ]
  %go = icmp ugt i128 %s, 0
  br i1 %go, label %body, label %exit
body:
  store i128 %s, ptr %out, align 4
  %s.next = lshr i128 %s, 100
  br label %header
exit:
  ret void
}
define ptx_kernel void @i64_shl63(ptr %out, i64 %n) {
entry:
  br label %header
header:
  %s = phi i64 [ 1, %entry ], [ %s.next, %body ]
  %go = icmp ult i64 %s, %n
  br i1 %go, label %body, label %exit
body:
  store i64 %s, ptr %out, align 4
  %s.next = shl i64 %s, 63
  br label %header
exit:
  ret void
}
define ptx_kernel void @i8_halve(ptr %out, i8 %n) {
entry:
  br label %header
header:
  %s = phi i8 [ %n, %entry ], [ %s.next, %body ]
  %go = icmp ne i8 %s, 0
  br i1 %go, label %body, label %exit
body:
  store i8 %s, ptr %out, align 4
  %s.next = udiv i8 %s, 4
  br label %header
exit:
  ret void
}
define ptx_kernel void @i32_mulmin(ptr %out, i32 %n) {
entry:
  br label %header
header:
  %s = phi i32 [ 1, %entry ], [ %s.next, %body ]
  %go = icmp slt i32 %s, %n
  br i1 %go, label %body, label %exit
body:
  store i32 %s, ptr %out, align 4
  %s.next = mul i32 %s, -2147483648
  br label %header
exit:
  ret void
}
define ptx_kernel void @i1_loop(ptr %out, i1 %n) {
entry:
  br label %header
header:
  %s = phi i1 [ %n, %entry ], [ %s.next, %body ]
  %go = icmp ne i1 %s, 0
  br i1 %go, label %body, label %exit
body:
  store i1 %s, ptr %out, align 1
  %s.next = lshr i1 %s, 0
  br label %header
exit:
  ret void
}
define ptx_kernel void @i64_halve_const(ptr %out) {
entry:
  br label %header
header:
  %s = phi i64 [ 1000, %entry ], [ %s.next, %body ]
  %go = icmp sgt i64 %s, 0
  br i1 %go, label %body, label %exit
body:
  store i64 %s, ptr %out, align 4
  %s.next = ashr i64 %s, 1
  br label %header
exit:
  ret void
}
