; A launch's traffic is the sum of its blocks' (docs/kernel-time.md,
; "Traffic: the sum over the blocks"): blocks are counted by kind, and a
; value of ctaid.x between two sampled values shares its count between
; them by nearness, so a cost linear in the block id is summed exactly.
; Expected values from Inputs/toy-gpu.yaml (2 SMs, at most 32 blocks per
; SM: a wave of 64 blocks of one warp).
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='ramp:grid=32,block=32,regs=16' \
; RUN:   -ktime-launch='ramp:grid=100,block=32,regs=16' \
; RUN:   -ktime-launch='ramp:grid=100000,block=32,regs=16' %s | FileCheck %s
;
; ramp: thread t of block b stores 4 bytes when t < b. Blocks of 32
; threads (one warp): block b has b active lanes (b < 32), 4 b bytes.
; 32 blocks, one partial wave: 4 x (0 + 1 + ... + 31) = 4 x 496 = 1984.
; The grid's 32 values of ctaid.x all differ, but on a line: the sampled
; values are the first, the last and the middles of 8 strata (0, 2, 6,
; ..., 30, 31), no halfway value lies off the line through its
; neighbours, and each value between two sampled ones counts for both in
; proportion to its nearness, which is exact for 4 b.
; CHECK: launch 'ramp:grid=32,block=32,regs=16' on toy-gpu:
; CHECK: waves: 0.500 (0 full)
; CHECK: bytes: global 1984.0,
;
; A ramp that stops: from block 32 on every lane stores, 128 bytes a
; block. 100 blocks: 1984 + 68 x 128 = 10688. The halfway value between
; two sampled ones around block 32 lies off their line, so values are
; added there until the bend lies between adjacent ones.
; CHECK: launch 'ramp:grid=100,block=32,regs=16' on toy-gpu:
; CHECK: bytes: global 10688.0,
; 100000 blocks, 1562 full waves (the refilled path) and a partial one:
; 1984 + 99968 x 128 = 12797888.
; CHECK: launch 'ramp:grid=100000,block=32,regs=16' on toy-gpu:
; CHECK: waves: 1562.500 (1562 full)
; CHECK: bytes: global 12797888.0,

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @ramp(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %in = icmp ult i32 %t, %b
  br i1 %in, label %then, label %exit

then:
  %i = zext i32 %t to i64
  %p = getelementptr float, ptr addrspace(1) %out, i64 %i
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
