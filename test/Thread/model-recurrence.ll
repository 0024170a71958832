; A loop-carried accumulation: acc = ((acc * a + b) * a) + b each iteration.
; The chain from the phi to the value it carries is the iteration's critical
; path (a phi's value is ready when the iteration starts), and it is longer
; than the iteration's issue cycles, so the loop costs trip * lat.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -pass-remarks-analysis=kernel-time \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

; for (i = 0; i < 100; ++i) acc = (acc * a + b) * a + b; rotated: the latch
; tests i + 1 < 100, BTC = 99, trip = 100.
; Per iteration (a100; no `contract`, so no fma fusion; phis free):
;   fp32.mul, fp32.add: lat 4, del 32/(64/4) = 2
;   int.add (add, setp): lat 4, del 2; branch (@p bra, exit is the next
;   block): lat 4, del 32/32 = 1 (units_per_pb)
;   lat = max(acc -> t1 -> t2 -> t3 -> acc.next -> sink = 4 x 4 = 16,
;             i.next -> c -> sink = 4 + 4 = 8) = 16
;   del = 4 fp32 x 2 + 2 int.add x 2 + 1 branch x 1 = 13
;   time = trip x max(16, 13) = 100 x 16 = 1600
; Kernel: entry falls through (free); exit: one store, ldst del 32/(32/4) = 4,
; not waited for. lat = 0 + 1600 + 0, del = 100 x 13 + 4 = 1304,
; time = max(1600, 1304) = 1600.
; CHECK-LABEL: kernel recurrence
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = 1600
; CHECK-NEXT:    delay = 1304
; CHECK-NEXT:    barriers = 0
; CHECK:         loop1: trip = 100, lat = 16, del = 13 per iteration, time = 1600
; REMARK: remark: <unknown>:0:0: kernel: one thread alone takes time = 1600 cycles, delay = 1304 issue cycles, barriers = 0 (costs of a100-pcie-40gb)
; REMARK: remark: <unknown>:0:0: loop loop{{[0-9]+}}: trip = 100, lat = 16 cycles, del = 13 cycles per iteration
define ptx_kernel void @recurrence(float %a, float %b, ptr %out) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %t1 = fmul float %acc, %a
  %t2 = fadd float %t1, %b
  %t3 = fmul float %t2, %a
  %acc.next = fadd float %t3, %b
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 100
  br i1 %c, label %loop, label %exit
exit:
  store float %acc.next, ptr %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
