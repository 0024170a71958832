; Launch overhead from the target's regression (the KP model's form, AMALi's
; A100 fit): intercept + slope(b) x gridSize cycles, b = warps per block.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=a100-pcie-40gb \
; RUN:   -ktime-launch='chain:grid=1000,block=256,regs=32' \
; RUN:   -ktime-launch='chain:grid=100000,block=256,regs=32' \
; RUN:   %S/Inputs/chain.ll | FileCheck %s
;
; gpu-targets/a100-pcie-40gb.yaml: intercept 2119, slope_b2 1.0956e-3,
; slope_b1 -1.5389e-2, slope_b0 0.93524, sm_mhz 1410. b = 256 / 32 = 8:
; slope = 1.0956e-3 x 64 - 1.5389e-2 x 8 + 0.93524 = 0.8822464;
; 2119 + 0.8822464 x 1000 = 3001.2464 cycles / 1.41 GHz = 2128.5 ns.
; CHECK: launch 'chain:grid=1000,block=256,regs=32'
; CHECK: launch 2128.5 ns
; Grid 100000 is past the fit's 32..2048 blocks: evaluated at 2048:
; 2119 + 0.8822464 x 2048 = 3925.8406 cycles = 2784.3 ns. The blocks past
; the edge are the dispatch floor's (test/GPU/dispatch-floor.ll), so a grid
; that is only too large is not an extrapolation and not said.
; CHECK: launch 'chain:grid=100000,block=256,regs=32'
; CHECK: launch 2784.3 ns
; CHECK-NOT: assumption: launch overhead:
; CHECK-NOT: assumption: block dispatch:
