; Block dispatch beyond the launch regression's range: the regression
; (intercept + slope(b) x grid, AMALi's fit of empty kernels on 32..2048
; blocks) is held at 2048 blocks, and the blocks past it are dispatched at
; its per-block rate slope(b) while the earlier ones run: a floor under the
; execution, not a term added to it (docs/kernel-time.md, "Launch
; overhead").
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=a100-pcie-40gb \
; RUN:   -ktime-launch='empty:grid=1000000,block=32' \
; RUN:   -ktime-launch='empty:grid=2048,block=32' \
; RUN:   -ktime-launch='empty:grid=2049,block=128' \
; RUN:   -ktime-launch='chain:grid=100000,block=256,regs=32' \
; RUN:   -ktime-launch='empty:grid=1,block=128' \
; RUN:   %s | FileCheck %s
;
; The remarks, the JSON report and the other models (-ktime-model=all)
; name the floor where it binds, and the other models take it too.
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time -ktime-gpu=a100-pcie-40gb \
; RUN:   -ktime-launch='empty:grid=1000000,block=32' -ktime-model=all \
; RUN:   -ktime-report=%t.json %s 2>&1 | FileCheck %s --check-prefix=SHORT
; RUN: FileCheck %s --check-prefix=JSON < %t.json
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time -ktime-remarks=verbose \
; RUN:   -ktime-gpu=a100-pcie-40gb -ktime-model=all \
; RUN:   -ktime-launch='empty:grid=1000000,block=32' %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=VERBOSE
;
; gpu-targets/a100-pcie-40gb.yaml: intercept 2119, slope_b2 1.0956e-3,
; slope_b1 -1.5389e-2, slope_b0 0.93524, fit grid 32..2048, warps 4..32,
; sm_mhz 1410. A block of 32 threads is 1 warp, below the fit's 4: b = 4,
; slope = 1.0956e-3 x 16 - 1.5389e-2 x 4 + 0.93524 = 0.8912136 cycles a
; block; the launch term 2119 + 0.8912136 x 2048 = 3944.2055 cycles
; = 2797.3 ns.
;
; An empty kernel (no instructions) on 10^6 blocks: 32 blocks of one
; warp per SM, a wave of 32 x 108 = 3456 blocks, 289 full waves and a
; partial one. Its warps take 0 cycles, but every wave after the first
; waits sm_80's block turnaround, 368 cycles (docs/kernel-time.md, "Block
; turnaround"): 288 + 1 = 289 waves x 368 = 106352 cycles = 75.427 us.
; The 10^6 - 2048 = 997952 blocks past the range take 0.8912136 x 997952
; = 889388.39 cycles = 630771.9 ns, more: the execution's time;
; 2797.3 + 630771.9 = 633569.2 ns.
; The launch overhead's assumption names the block of one warp, below the
; fit's 4 warps; the grid past the range alone is not an extrapolation.
; CHECK: launch 'empty:grid=1000000,block=32'
; CHECK: block dispatch: 997952 blocks past the launch regression's range, 630771.9 ns (the execution's time)
; CHECK: predicted 633569.2 ns = launch 2797.3 ns + exec 630771.9 ns; bound launch
; CHECK: assumption: launch overhead: grid 1000000 blocks of 1 warp is outside the regression's range (grid 32-2048, warps 4-32): evaluated at the nearest edge
; CHECK: assumption: block dispatch: the 997952 blocks past the launch regression's range take 630.772 us at its per-block rate, more than the execution's 75.427 us
;
; SHORT: kernel empty on a100-pcie-40gb, grid 1000000x1x1, block 32x1x1: predicted 633.6 us; bound: launch (2.80 us of it, dispatch 630.8 us)
; VERBOSE: predicted 633.6 us (633569 ns) = launch 2.80 us + 289.35 waves (0.261 us per full wave), raised to 630.8 us by the dispatch of 997952 blocks past the launch regression's range;
; VERBOSE-SAME: models: kp 633.6 us maxplus 633.6 us kdt 633.6 us
; JSON: "dispatch_blocks": 997952,
; JSON-NEXT: "dispatch_ns": 630771.9{{[0-9]*}},
; JSON-NEXT: "dispatch_raised": true,
;
; At the edge of the range nothing is past it: the launch term alone.
; CHECK: launch 'empty:grid=2048,block=32'
; CHECK-NOT: block dispatch
; CHECK: predicted 2797.3 ns = launch 2797.3 ns + exec 0.0 ns; bound launch
; CHECK-NOT: block dispatch
;
; One block past it, of 4 warps (slope(4) = 0.8912136 as above): 0.8912136
; cycles = 0.6 ns. 16 blocks of 4 warps per SM, a wave of 1728: the 321
; blocks of the partial wave wait the turnaround, 368 cycles = 261.0 ns,
; more than the floor, which is listed and not applied. The launch term
; is the same 3944.2055 cycles (b = 4): 2797.3 + 261.0 = 3058.3 ns.
; CHECK: launch 'empty:grid=2049,block=128'
; CHECK: block dispatch: 1 block past the launch regression's range, 0.6 ns{{$}}
; CHECK: predicted 3058.3 ns = launch 2797.3 ns + exec 261.0 ns; bound launch
; CHECK-NOT: assumption: launch overhead
; CHECK-NOT: assumption: block dispatch
; CHECK: launch 'empty:grid=1,
;
; One block, below the range's 32: the term is held at grid 32, 2119 +
; 0.8912136 x 32 = 2147.5188 cycles = 1523.1 ns, and the assumption names
; one block of 4 warps (in the singular).
; CHECK-SAME: block=128'
; CHECK-NOT: block dispatch
; CHECK: predicted 1523.1 ns = launch 1523.1 ns + exec 0.0 ns; bound launch
; CHECK: assumption: launch overhead: grid 1 block of 4 warps is outside the regression's range (grid 32-2048, warps 4-32): evaluated at the nearest edge
;
; A kernel whose blocks work longer than they take to dispatch: 97952
; blocks past the range at slope(8) = 0.8822464 cycles (test/GPU/
; launch-regression.ll) take 86417.8 cycles = 61289.2 ns, far below its
; execution (a chain of 100000 dependent multiplies, issue-bound, 525 ms):
; the floor is listed, not applied, and not an assumption.
; CHECK: launch 'chain:grid=100000,block=256,regs=32'
; CHECK: block dispatch: 97952 blocks past the launch regression's range, 61289.2 ns{{$}}
; CHECK: bound issue
; CHECK-NOT: assumption: block dispatch

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @empty() {
  ret void
}

define ptx_kernel void @chain(ptr addrspace(1) %out, float %x) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = phi float [ %x, %entry ], [ %v.next, %loop ]
  %v.next = fmul float %v, %v
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 100000
  br i1 %done, label %exit, label %loop

exit:
  store float %v.next, ptr addrspace(1) %out
  ret void
}
