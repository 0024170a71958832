; Robustness: the unsigned-bound trip counts of unsigned-bounds.cu on
; hand-written IR, so the check does not depend on what clang emits.
;
; Constants of unsigned comparisons and backedge-taken counts are read as
; unsigned numbers, and a != test with constants counts modulo 2^w.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; c = 0 .. 199 (the latch tests the old value: continue while c <u 199,
; i8 -57 = 199): 200 iterations.
; CHECK-LABEL: kernel ult_i8
; CHECK: loop1: trip = 200{{(, lat = .*)?$}}
define ptx_kernel void @ult_i8(ptr %a) #0 {
entry:
  br label %loop
loop:
  %c = phi i8 [ 0, %entry ], [ %c.next, %loop ]
  %idx = zext i8 %c to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  store float 0.0, ptr %p, align 4
  %c.next = add nuw i8 %c, 1
  %go = icmp ult i8 %c, -57
  br i1 %go, label %loop, label %exit
exit:
  ret void
}

; c.next = 1, 2, ...; exit when c.next == 60000 (i16 -5536): the body runs
; for c = 0 .. 59999, 60000 times.
; CHECK-LABEL: kernel ne_i16
; CHECK: loop1: trip = 60000{{(, lat = .*)?$}}
define ptx_kernel void @ne_i16(ptr %a) #0 {
entry:
  br label %loop
loop:
  %c = phi i16 [ 0, %entry ], [ %c.next, %loop ]
  %idx = zext i16 %c to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  store float 0.0, ptr %p, align 4
  %c.next = add nuw i16 %c, 1
  %done = icmp eq i16 %c.next, -5536
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; A top-tested loop (the header exits): continue while c <u 200 (i8 -56);
; c = 0 .. 199, 200 iterations (-Oz keeps this shape; it printed 0).
; CHECK-LABEL: kernel header_ult_i8
; CHECK: loop1: trip = 200 [header runs trip + 1 times]{{(, lat = .*)?$}}
define ptx_kernel void @header_ult_i8(ptr %a) #0 {
entry:
  br label %header
header:
  %c = phi i8 [ 0, %entry ], [ %c.next, %body ]
  %go = icmp ult i8 %c, -56
  br i1 %go, label %body, label %exit
body:
  %idx = zext i8 %c to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  store float 0.0, ptr %p, align 4
  %c.next = add nuw i8 %c, 1
  br label %header
exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
