; Nested loops: the inner loop, costed first, is a compound node of the
; outer loop's body whose lat is the inner loop's time, so the outer
; iteration's lat contains trip(inner) x max(lat, del)(inner). Also checks
; that `-passes=kernel-time -S` gives every loop all three entries
; ktime.trip, ktime.lat, ktime.del, and the kernel !ktime.kernel.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -S %s | FileCheck %s --check-prefix=META

target triple = "nvptx64-nvidia-cuda"

; for (i = 0; i < 10; ++i) for (j = 0; j < 8; ++j) acc *= x; both rotated.
; a100: fp32.mul, int.add lat 4, del 2; branch lat 4, del 1; phis free.
; inner (loop2; trip: BTC 7 -> 8):
;   fmul acc (lat 4), add j -> setp (lat 4 + 4 = 8), @p bra (latch is next):
;   lat = max(4, 8) = 8, del = 2 + 2 + 2 + 1 = 7
;   time = 8 x max(8, 7) = 64, del = 8 x 7 = 56
; outer (loop1; trip: BTC 9 -> 10): its region is
;   outer header (phis, falls through to the inner loop: lat 0, del 0)
;   -> inner loop (lat 64, del 56)
;   -> latch (add -> setp: lat 8; del 2 + 2 + 1 = 5; exit is next: one bra)
;   lat = 0 + 64 + 8 = 72, del = 0 + 56 + 5 = 61
;   time = 10 x max(72, 61) = 720, del = 10 x 61 = 610
; Kernel: entry falls through (free), exit one store (del 4):
;   lat = 720, del = 610 + 4 = 614, time = max(720, 614) = 720
; CHECK-LABEL: kernel nest
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = 720
; CHECK-NEXT:    delay = 614
; CHECK-NEXT:    barriers = 0
; CHECK:         loop1: trip = 10, lat = 72, del = 61 per iteration, time = 720
; CHECK:         loop2: trip = 8, lat = 8, del = 7 per iteration, time = 64
;
; META: define ptx_kernel void @nest(float %x, ptr %out) #0 !ktime.kernel [[K:![0-9]+]] {
; META: br i1 %cj, label %inner, label %latch, !llvm.loop [[INNER:![0-9]+]]
; META: br i1 %ci, label %outer, label %exit, !llvm.loop [[OUTER:![0-9]+]]
; META-DAG: [[INNER]] = distinct !{[[INNER]], [[IT:![0-9]+]], [[IL:![0-9]+]], [[ID:![0-9]+]]}
; META-DAG: [[IT]] = !{!"ktime.trip", !"8"}
; META-DAG: [[IL]] = !{!"ktime.lat", !"8"}
; META-DAG: [[ID]] = !{!"ktime.del", !"7"}
; META-DAG: [[OUTER]] = distinct !{[[OUTER]], [[OT:![0-9]+]], [[OL:![0-9]+]], [[OD:![0-9]+]]}
; META-DAG: [[OT]] = !{!"ktime.trip", !"10"}
; META-DAG: [[OL]] = !{!"ktime.lat", !"72"}
; META-DAG: [[OD]] = !{!"ktime.del", !"61"}
; META-DAG: [[K]] = !{!"time", !"720", !"delay", !"614", !"barriers", !"0"}
define ptx_kernel void @nest(float %x, ptr %out) #0 {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 1.0, %entry ], [ %a.next, %latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %a = phi float [ %acc, %outer ], [ %a.next, %inner ]
  %a.next = fmul float %a, %x
  %j.next = add nuw nsw i32 %j, 1
  %cj = icmp ult i32 %j.next, 8
  br i1 %cj, label %inner, label %latch
latch:
  %i.next = add nuw nsw i32 %i, 1
  %ci = icmp ult i32 %i.next, 10
  br i1 %ci, label %outer, label %exit
exit:
  store float %a.next, ptr %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
