; A data-dependent while loop: no count exists in the code, so the trip is
; the symbol trip.<loop> and an Assumption remark says why.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -pass-remarks-analysis=kernel-time \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt_ktime -passes=kernel-time -S %s | FileCheck %s --check-prefix=META

target triple = "nvptx64-nvidia-cuda"

; while (p >= 0) { ++len; p = next[p]; }
; CHECK-LABEL: kernel chase
; CHECK:      loop1: trip = trip.loop1 [not exact]{{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: trip count of the loop unknown because its exit condition depends on a value loaded from memory in the loop; it is the symbol trip.loop1
; REMARK: remark: <unknown>:0:0: loop loop{{[0-9]+}}: trip = trip.loop1{{(, lat = .*)?$}}
; REMARK: remark: <unknown>:0:0: assumption: trip count of the loop unknown because its exit condition depends on a value loaded from memory in the loop; it is the symbol trip.loop1
; META: !{!"ktime.trip", !"trip.loop1"}
define ptx_kernel void @chase(ptr %next, i32 %start, ptr %length) #0 {
entry:
  %g = icmp sgt i32 %start, -1
  br i1 %g, label %loop, label %exit
loop:
  %p = phi i32 [ %start, %entry ], [ %p.next, %loop ]
  %len = phi i32 [ 0, %entry ], [ %len.next, %loop ]
  %len.next = add nuw nsw i32 %len, 1
  %idx = zext nneg i32 %p to i64
  %a = getelementptr inbounds i32, ptr %next, i64 %idx
  %p.next = load i32, ptr %a, align 4
  %c = icmp sgt i32 %p.next, -1
  br i1 %c, label %loop, label %exit
exit:
  %r = phi i32 [ 0, %entry ], [ %len.next, %loop ]
  store i32 %r, ptr %length, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
