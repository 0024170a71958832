; Many warps on one processing block: the sum of their delays wins over the
; longest warp (the KP model's time_PB = max(max time_WP, sum delay_WP)).
; Expected values derived from Inputs/toy-gpu.yaml (see latency-bound.ll
; for the per-thread time 16000 and issue cycles 8000 of Inputs/chain.ll:
; its fma pipe, 4 fmul of del 2 per iteration).
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='chain:grid=2,block=1024,regs=32' %S/Inputs/chain.ll \
; RUN:   | FileCheck %s
;
; 2 blocks on 2 SMs: 1 block of 32 warps on the busiest SM; 4 processing
; blocks get 8 warps each: sum of issue cycles 8 x 8000 = 64000 > 16000.
; CHECK: wave of 2 blocks, 1 on the busiest SM: 64000.0 cycles (longest warp 16000.0, issue 64000.0
; CHECK-SAME: bound issue
; launch 1000 + 0.5 x 2 = 1001.
; CHECK: predicted 65001.0 ns = launch 1001.0 ns + exec 64000.0 ns; bound issue
