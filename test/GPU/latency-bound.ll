; One warp: the kernel's time is its thread time (KP model: time_PB =
; max(time_WP, sum of delays) with a single warp). Expected values derived
; from Inputs/toy-gpu.yaml (every instruction lat 4, del 2; 1000 MHz, so
; 1 cycle = 1 ns; launch 1000 + 0.5 x blocks cycles).
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='chain:grid=1,block=32,regs=32' %S/Inputs/chain.ll \
; RUN:   | FileCheck %s
;
; One iteration: 4 dependent fmul, lat 4 each -> lat 16 (the add -> icmp
; chain of the loop control is 8); del = 4 fmul + add + icmp + bra = 5 x 2
; + 4 = 14 (print<kernel-time-cost> shows each). 1000 iterations:
; time 16 x 1000 = 16000; delay 14 x 1000 + st.global 2 = 14002.
; CHECK: time = 16000
; CHECK: delay = 14002
; CHECK: launch 'chain:grid=1,block=32,regs=32' on toy-gpu:
; A launch's issue cycles are those of the busiest pipe, at least the
; instructions over the dispatch rate (1 per clock; docs/kernel-time.md,
; "Issue cycles"). Per iteration: fma pipe 4 fmul x 2 = 8, alu add + icmp
; = 4, cbu bra = 2, dispatch 7 instructions = 7; the store: lsu 2, one
; dispatch. Per thread: fma 8000, dispatch 7001, alu 4000, cbu 2000,
; lsu 2: issue 8000.
; 1 block of 1 warp: the processing block's time is max(16000, 8000).
; CHECK: wave of 1 blocks, 1 on the busiest SM: 16000.0 cycles (longest warp 16000.0, issue 8000.0, sync 0.0
; CHECK: main thread: time 16000.0, delay 8000.0, barriers 0.0
; launch 1000 + 0.5 x 1 = 1000.5; exec 16000 cycles = 16000 ns.
; CHECK: predicted 17000.5 ns = launch 1000.5 ns + exec 16000.0 ns; bound latency
