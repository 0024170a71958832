; Waves, and a partial last wave modelled as partial. Expected values
; derived from Inputs/toy-gpu.yaml (2 SMs, 4 processing blocks, A100
; occupancy limits) and the per-thread issue cycles 8000 of
; Inputs/chain.ll (latency-bound.ll derives them).
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='chain:grid=5,block=1024,regs=32' %S/Inputs/chain.ll \
; RUN:   | FileCheck %s
;
; 1024 threads = 32 warps per block; 64 warps per SM -> 2 blocks per SM;
; a wave is 2 x 2 = 4 blocks: 5 blocks = 1 full wave + 1 block, 1.25 waves.
; CHECK: occupancy: 2 blocks/SM, 64 warps/SM (100.0%), limited by warps
; CHECK: waves: 1.250 (1 full)
; Full wave: 2 blocks = 64 warps on an SM, 16 per processing block:
; 16 x 8000 = 128000 cycles.
; CHECK: wave of 4 blocks, 2 on the busiest SM: 128000.0 cycles
; Partial wave: 1 block on the busiest SM, 8 warps per processing block:
; 8 x 8000 = 64000 cycles (not a full wave's 128000).
; CHECK: wave of 1 blocks, 1 on the busiest SM: 64000.0 cycles
; exec 128000 + 64000 = 192000; launch 1000 + 0.5 x 5 = 1002.5.
; CHECK: predicted 193002.5 ns = launch 1002.5 ns + exec 192000.0 ns; bound issue
