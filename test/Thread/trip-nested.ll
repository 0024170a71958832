; Nested and triangular loops.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; for (i = 0; i < n; ++i) for (j = 0; j < m; ++j): outer max(0, n) (guard
; n > 0), inner max(0, m) per outer iteration (guard m > 0 inside the outer
; body).
; CHECK-LABEL: kernel rect
; CHECK:      loop1: trip = max(0, n){{(, lat = .*)?$}}
; CHECK-NEXT:   loop2: trip = max(0, m){{(, lat = .*)?$}}
define ptx_kernel void @rect(i32 %n, i32 %m, ptr %out) #0 {
entry:
  %gn = icmp sgt i32 %n, 0
  br i1 %gn, label %outer, label %exit
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %gm = icmp sgt i32 %m, 0
  br i1 %gm, label %inner, label %outer.latch
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %ij = add nsw i32 %i, %j
  %p = getelementptr inbounds float, ptr %out, i32 %ij
  store float 0.0, ptr %p
  %j.next = add nuw nsw i32 %j, 1
  %cj = icmp eq i32 %j.next, %m
  br i1 %cj, label %outer.latch, label %inner
outer.latch:
  %i.next = add nuw nsw i32 %i, 1
  %ci = icmp eq i32 %i.next, %n
  br i1 %ci, label %exit, label %outer
exit:
  ret void
}

; for (i = 0; i < n; ++i) for (j = 0; j <= i; ++j): at outer iteration k
; (i = k) the inner loop runs for j = 0..k, i.e. k + 1 times; k is the
; symbol iter.loop1.
; CHECK-LABEL: kernel triangle
; CHECK:      loop1: trip = max(0, n){{(, lat = .*)?$}}
; CHECK-NEXT:   loop2: trip = iter.loop1 + 1{{(, lat = .*)?$}}
define ptx_kernel void @triangle(i32 %n, ptr %out) #0 {
entry:
  %gn = icmp sgt i32 %n, 0
  br i1 %gn, label %outer, label %exit
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %p = getelementptr inbounds float, ptr %out, i32 %j
  store float 0.0, ptr %p
  %j.next = add nuw nsw i32 %j, 1
  %cj = icmp ugt i32 %j.next, %i
  br i1 %cj, label %outer.latch, label %inner
outer.latch:
  %i.next = add nuw nsw i32 %i, 1
  %ci = icmp eq i32 %i.next, %n
  br i1 %ci, label %exit, label %outer
exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
