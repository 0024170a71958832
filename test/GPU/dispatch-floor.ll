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
; RUN:   -ktime-launch='chain:grid=100000,block=256,regs=32' \
; RUN:   %s | FileCheck %s
;
; gpu-targets/a100-pcie-40gb.yaml: intercept 2119, slope_b2 1.0956e-3,
; slope_b1 -1.5389e-2, slope_b0 0.93524, fit grid 32..2048, warps 4..32,
; sm_mhz 1410. A block of 32 threads is 1 warp, below the fit's 4: b = 4,
; slope = 1.0956e-3 x 16 - 1.5389e-2 x 4 + 0.93524 = 0.8912136 cycles a
; block; the launch term 2119 + 0.8912136 x 2048 = 3944.2055 cycles
; = 2797.3 ns.
;
; An empty kernel (no instructions: its waves take 0 cycles) on 10^6
; blocks: the 10^6 - 2048 = 997952 blocks past the range take
; 0.8912136 x 997952 = 889388.39 cycles = 630771.9 ns, the execution's
; time; 2797.3 + 630771.9 = 633569.2 ns.
; CHECK: launch 'empty:grid=1000000,block=32'
; CHECK: predicted 633569.2 ns = launch 2797.3 ns + exec 630771.9 ns; bound launch
; CHECK: assumption: block dispatch: the 997952 blocks past the launch regression's range take 630.772 us at its per-block rate, more than the execution's 0.000 us
;
; At the edge of the range nothing is past it: the launch term alone.
; CHECK: launch 'empty:grid=2048,block=32'
; CHECK: predicted 2797.3 ns = launch 2797.3 ns + exec 0.0 ns; bound launch
; CHECK-NOT: block dispatch
;
; A kernel whose blocks work longer than they take to dispatch: 97952
; blocks past the range at slope(8) = 0.8822464 cycles (test/GPU/
; launch-regression.ll) take 86417.8 cycles = 61.3 us, far below its
; execution (a chain of 100000 dependent multiplies, issue-bound, 525 ms):
; no floor, no remark.
; CHECK: launch 'chain:grid=100000,block=256,regs=32'
; CHECK: bound issue
; CHECK-NOT: block dispatch

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
