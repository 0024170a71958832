; A kernel with almost no work is bound by its launch overhead. Expected
; values derived from Inputs/toy-gpu.yaml (every instruction lat 4, del 2;
; launch 1000 + 0.5 x blocks cycles at 1000 MHz).
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='tiny:grid=4,block=64,regs=16' %S/Inputs/empty.ll \
; RUN:   | FileCheck %s
;
; One st.global: del 2, its latency not awaited: time = max(0, 2) = 2.
; 4 blocks of 2 warps over 2 SMs: 2 blocks = 4 warps on the busiest SM, one
; per processing block: 2 cycles. Launch 1000 + 0.5 x 4 = 1002 > 2.
; CHECK: predicted 1004.0 ns = launch 1002.0 ns + exec 2.0 ns; bound launch
