; A loop the optimizer unrolled by 4 (what clang -O3 makes of
; "#pragma unroll 4 for (k = 0; k < n; ++k)"): the unrolled loop and the
; remainder loop are counted as they now are.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; main: %kk runs 0, 4, 8, ... while kk + 4 != n & ~3 (= 4 * (n / 4) for
; n >= 0): first test at 4, so the test succeeds (4 * (n / 4) - 4) / 4 times
; and the bottom-tested body runs n / 4 times. The remainder runs from 0
; while r + 1 != n & 3, i.e. n mod 4 = n - 4 * (n / 4) times (n & 3 is a
; truncation to 2 bits, which is exactly a remainder).
; CHECK-LABEL: kernel unrolled
; CHECK:      loop1: trip = n / 4{{(, lat = .*)?$}}
; CHECK-NEXT: loop2: trip = n - 4 * (n / 4){{(, lat = .*)?$}}
; CHECK-NOT:  assumption
define ptx_kernel void @unrolled(i32 %n, ptr %out) #0 {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %check, label %exit
check:
  %rem = and i32 %n, 3
  %small = icmp ult i32 %n, 4
  br i1 %small, label %rem.pre, label %main.pre
main.pre:
  %n4 = and i32 %n, 2147483644
  br label %main
main:
  %kk = phi i32 [ 0, %main.pre ], [ %kk.next, %main ]
  %p0 = getelementptr inbounds float, ptr %out, i32 %kk
  store <4 x float> zeroinitializer, ptr %p0, align 16
  %kk.next = add nuw nsw i32 %kk, 4
  %done = icmp eq i32 %kk.next, %n4
  br i1 %done, label %main.exit, label %main
main.exit:
  %anyrem = icmp eq i32 %rem, 0
  br i1 %anyrem, label %exit, label %rem.pre
rem.pre:
  %start = phi i32 [ 0, %check ], [ %kk.next, %main.exit ]
  br label %remloop
remloop:
  %k = phi i32 [ %start, %rem.pre ], [ %k.next, %remloop ]
  %r = phi i32 [ 0, %rem.pre ], [ %r.next, %remloop ]
  %p = getelementptr inbounds float, ptr %out, i32 %k
  store float 0.0, ptr %p, align 4
  %k.next = add nuw nsw i32 %k, 1
  %r.next = add i32 %r, 1
  %rdone = icmp eq i32 %r.next, %rem
  br i1 %rdone, label %exit, label %remloop
exit:
  ret void
}

attributes #0 = { mustprogress "target-cpu"="sm_80" }
