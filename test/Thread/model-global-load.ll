; A loop whose body uses a value loaded from global memory: the iteration's
; critical path runs through the load, so its lat contains the symbol
; lat.global (bound later by the GPU stage), and with lat.global at its
; nominal value (the DRAM latency, 572.2 cycles on a100) lat dominates del.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -pass-remarks-analysis=kernel-time \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

; for (i = 0; i < 64; ++i) acc += x[i]; rotated, BTC = 63, trip = 64.
; Per iteration (a100):
;   zext i32 -> i64: free (high word zero)
;   gep x, zext(i): variable index from 32 bits -> int.mad lat 4, del 2
;   load (kernel pointer parameter: global): ldst lat lat.global,
;     del 32/(32/4) = 4
;   fadd: fp32.add lat 4, del 2; add, icmp: int.add lat 4, del 2 each;
;   br (exit next): branch lat 4, del 1
;   lat = gep -> load -> fadd -> sink = 4 + lat.global + 4 = lat.global + 8
;         (> the counter's 4 + 4 = 8)
;   del = 2 + 4 + 2 + 2 + 2 + 1 = 13
;   time = 64 x max(lat.global + 8, 13) = max(832, 64 * lat.global + 512)
;        (lat and del depend on different latency symbols, so the max
;        stays; at the nominal 572.2 the second term is the larger)
; Kernel: entry free, exit one store (del 4): delay = 64 x 13 + 4 = 836,
; time = max(max(832, 64 * lat.global + 512), 836)
;      = max(836, 64 * lat.global + 512).
; CHECK-LABEL: kernel gsum
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = max(836, 64 * lat.global + 512)
; CHECK-NEXT:    delay = 836
; CHECK-NEXT:    barriers = 0
; CHECK:         loop1: trip = 64, lat = lat.global + 8, del = 13 per iteration, time = max(832, 64 * lat.global + 512)
; REMARK: remark: <unknown>:0:0: loop loop{{[0-9]+}}: trip = 64, lat = lat.global + 8 cycles, del = 13 cycles per iteration
define ptx_kernel void @gsum(ptr %x, ptr %out) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %idx = zext nneg i32 %i to i64
  %p = getelementptr inbounds float, ptr %x, i64 %idx
  %v = load float, ptr %p, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 64
  br i1 %c, label %loop, label %exit
exit:
  store float %acc.next, ptr %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
