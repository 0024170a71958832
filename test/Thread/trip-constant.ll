; Constant and parameter bounds, and a constant step, through opt.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -pass-remarks-analysis=kernel-time \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt_ktime -passes=kernel-time -S %s | FileCheck %s --check-prefix=META

target triple = "nvptx64-nvidia-cuda"

; for (k = 0; k < 15; ++k), rotated: the latch exits, BTC = 14, so the body
; runs 14 + 1 = 15 times.
; CHECK-LABEL: kernel fifteen
; CHECK:       loop1: trip = 15{{(, lat = .*)?$}}
; REMARK: remark: <unknown>:0:0: loop loop{{[0-9]+}}: trip = 15{{(, lat = .*)?$}}
; META: br i1 %c, label %loop, label %exit, !llvm.loop [[ID:![0-9]+]]
define ptx_kernel void @fifteen(ptr %out) #0 {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds float, ptr %out, i32 %k
  store float 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp ult i32 %k.next, 15
  br i1 %c, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

; for (k = 3; k < 400; k += 4): k takes 3, 7, ..., 399, i.e.
; (399 - 3) / 4 + 1 = 100 values.
; CHECK-LABEL: kernel step4
; CHECK:       loop1: trip = 100{{(, lat = .*)?$}}
define ptx_kernel void @step4(ptr %out) #0 {
entry:
  br label %loop
loop:
  %k = phi i32 [ 3, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds float, ptr %out, i32 %k
  store float 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 4
  %c = icmp slt i32 %k.next, 400
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; for (k = 0; k < n; ++k) as clang -O3 leaves it: a guard n > 0 in front of
; a rotated loop whose BTC is n - 1. Inside, trip = n; the guard is exactly
; "n >= 1", so per entry of the source loop trip = max(0, n). The parameter
; has no name in the IR (as clang emits it without -g), so it prints as arg0.
; CHECK-LABEL: kernel upto_n
; CHECK:       loop1: trip = max(0, arg0){{(, lat = .*)?$}}
define ptx_kernel void @upto_n(i32 %0, ptr %1) #0 {
entry:
  %guard = icmp sgt i32 %0, 0
  br i1 %guard, label %loop, label %exit
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds float, ptr %1, i32 %k
  store float 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp eq i32 %k.next, %0
  br i1 %c, label %exit, label %loop
exit:
  ret void
}

; The same loop not rotated (the header tests k < n, the latch jumps back):
; BTC = max(0, n) and the body runs BTC times; the header runs once more.
; CHECK-LABEL: kernel upto_n_top_tested
; CHECK:       loop1: trip = max(0, count) [header runs trip + 1 times]{{(, lat = .*)?$}}
define ptx_kernel void @upto_n_top_tested(i32 %count, ptr %out) #0 {
entry:
  br label %header
header:
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  %c = icmp slt i32 %k, %count
  br i1 %c, label %body, label %exit
body:
  %p = getelementptr inbounds float, ptr %out, i32 %k
  store float 0.0, ptr %p
  %k.next = add nsw i32 %k, 1
  br label %header
exit:
  ret void
}

; META: [[ID]] = distinct !{[[ID]], [[MP:![0-9]+]], [[TRIP:![0-9]+]]{{.*}}}
; META: [[MP]] = !{!"llvm.loop.mustprogress"}
; META: [[TRIP]] = !{!"ktime.trip", !"15"}

attributes #0 = { "target-cpu"="sm_80" }
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
