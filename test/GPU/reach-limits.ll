; Where a launch does not weigh a branch side (docs/model.md, "Sides no
; lane takes"), and a short tile loop whose reach changes with the
; iteration. Expected values derived from Inputs/toy-gpu.yaml (every
; instruction lat 4, del 2; pipes as docs/kernel-time.md, "Issue cycles";
; one dispatch per clock); print<kernel-time-cost> lists each cost.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='tile4:grid=1,block=1024,regs=32,n=2050' \
; RUN:   -ktime-launch='loaded_bound:grid=1,block=1024,regs=32' \
; RUN:   -ktime-launch='short_circuit:grid=1,block=1024,regs=32,n=100000' %s \
; RUN:   | FileCheck %s
;
; All three: one block of 32 warps on one SM, 8 warps per processing block
; (warp j on block j mod 4).
;
; tile4: for (ti = 0; ti < 4; ++ti) if (4 * tid.x + ti < n) work, work = 8
; fmul (fma 16) and a store (lsu 2). The guard's lane count depends on ti:
; its reach is summed over the 4 iterations and divided by 4, exactly.
; Per warp, every iteration: tile (add, setp: alu 4; bra: cbu 2), latch
; (add, setp: alu 4; bra: cbu 2); entry S2R, shl: alu 4. So alu 4 + 4 x 8
; = 36, cbu 16, dispatch 2 + 4 x 6 = 26, plus per iteration run: fma 16,
; lsu 2, dispatch 9.
; n = 2050: warps 0-15 (tid.x <= 511) run work 4 times: fma 64 (dispatch
; 62): 64. Warp 16 (tid.x 512..543, lane 0: 2048 + ti < 2050 for ti 0, 1):
; 2 of 4: fma 32, dispatch 26 + 18 = 44: 44. Warps 17-31: none: alu 36.
; Processing block 0 (warps 0, 4, ..., 28): 4 x 64 + 44 + 3 x 36 = 408
; (counting every iteration for every warp: 8 x 64 = 512).
; CHECK-LABEL: launch 'tile4:grid=1,block=1024,regs=32,n=2050'
; CHECK: wave of 1 blocks, 1 on the busiest SM: 408.0 cycles (longest warp 200.0, issue 408.0
;
; loaded_bound: if (tid.x < *np) work. The bound is loaded: the side's
; share is data the launch does not give (taken.side1, GPU/data-branches.ll),
; so the side is not weighed and the traffic counts every lane, an estimate.
; Per warp: entry S2R, setp (alu 4), ld.global (lsu 2), bra (cbu 2); work
; fma 16, lsu 2: 16. 8 warps: issue 128. Bytes: 1024 threads x (4 B
; loaded + 4 B stored) = 8192.
; CHECK-LABEL: launch 'loaded_bound:grid=1,block=1024,regs=32'
; CHECK: issue 128.0
; CHECK: bytes: global 8192.0
; CHECK: estimate: taken.side1 = 1 (assumed)
; CHECK: assumption: an estimate: taken.side1, a side of a branch on data, is assumed taken by every lane, an upper bound; give the share of threads that take it: taken.side1=P
;
; short_circuit: if (tid.x < 16 && tid.x < n) light else heavy, as
; `entry: br c1, second, heavy; second: br c2, light, heavy`. heavy is
; reached from entry too (lanes 16-31 of every warp), so the second
; branch's reach must not weigh it: with n = 100000 no lane takes
; second -> heavy, yet every warp runs heavy. Per warp: fma 16 (heavy),
; alu 6, cbu 4, lsu 4, dispatch 15: 16; 8 warps: 128 (weighing heavy by
; that reach would give 8 x 6 = 48).
; CHECK-LABEL: launch 'short_circuit:grid=1,block=1024,regs=32,n=100000'
; CHECK: wave of 1 blocks, 1 on the busiest SM: 128.0 cycles

target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @tile4(ptr addrspace(1) %out, float %x, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g4 = shl i32 %tx, 2
  br label %tile

tile:
  %ti = phi i32 [ 0, %entry ], [ %ti.next, %latch ]
  %i = add i32 %g4, %ti
  %c = icmp slt i32 %i, %n
  br i1 %c, label %work, label %latch

work:
  %v1 = fmul float %x, %x
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v4 = fmul float %v3, %v3
  %v5 = fmul float %v4, %v4
  %v6 = fmul float %v5, %v5
  %v7 = fmul float %v6, %v6
  %v8 = fmul float %v7, %v7
  store float %v8, ptr addrspace(1) %out, align 4
  br label %latch

latch:
  %ti.next = add nuw nsw i32 %ti, 1
  %more = icmp ult i32 %ti.next, 4
  br i1 %more, label %tile, label %exit

exit:
  ret void
}

define ptx_kernel void @loaded_bound(ptr addrspace(1) %out, ptr addrspace(1) %np, float %x) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = load i32, ptr addrspace(1) %np, align 4
  %c = icmp slt i32 %tx, %n
  br i1 %c, label %work, label %exit

work:
  %v1 = fmul float %x, %x
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v4 = fmul float %v3, %v3
  %v5 = fmul float %v4, %v4
  %v6 = fmul float %v5, %v5
  %v7 = fmul float %v6, %v6
  %v8 = fmul float %v7, %v7
  store float %v8, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @short_circuit(ptr addrspace(1) %out, float %x, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c1 = icmp ult i32 %tx, 16
  br i1 %c1, label %second, label %heavy

second:
  %c2 = icmp slt i32 %tx, %n
  br i1 %c2, label %light, label %heavy

light:
  store float %x, ptr addrspace(1) %out, align 4
  br label %exit

heavy:
  %v1 = fmul float %x, %x
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v4 = fmul float %v3, %v3
  %v5 = fmul float %v4, %v4
  %v6 = fmul float %v5, %v5
  %v7 = fmul float %v6, %v6
  %v8 = fmul float %v7, %v7
  store float %v8, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}
