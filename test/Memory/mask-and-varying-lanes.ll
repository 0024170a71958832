; A test known at every lane (a mask) with tests that vary with the warp
; (lib/Memory/LaneConditions.cpp): a tile of 12 x 12 threads in a block of
; 16 x 16 ("nvvm.reqntid"="16,16,1"), as a tiled convolution's output
; threads are. A warp is two rows: lane l has tid.x = l % 16 and tid.y =
; y0 + l / 16 (y0 = tid.y of lane 0).
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 \
; RUN:   -disable-output -ktime-launch='tile:grid=1,block=16x16,regs=16' \
; RUN:   -ktime-launch='rows:grid=1x2,block=16x16,regs=16,h=20' %s \
; RUN:   | FileCheck %s --check-prefix=LAUNCH
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -ktime-codegen-view=false -disable-output %s \
; RUN:   | FileCheck %s --check-prefix=TWICE
;
; tile: ty u< 12 && tx u< 12. tx u< 12 is 0 <= tx < 12 at every lane: the
; mask of lanes 0-11 and 16-27. ty < 12 is X = 12 - ty > 0, X0 = 12 - y0,
; deltas 0 (lanes 0-15) and -1 (lanes 16-31). Over the mask's lanes the
; deltas run 0 for 12 lanes and -1 for 12 more: 12 lanes pass when
; 12 - y0 > 0 and 12 more when 11 - y0 > 0:
; 12 max(0, min(1, 12 - y0)) + 12 max(0, min(1, 11 - y0))
; = max(0, min(12, 144 - 12 y0)) + max(0, min(12, 132 - 12 y0)).
; The other side is the 32 lanes less these.
; CHECK-LABEL: kernel tile
; CHECK: branch %entry -> %exit: active lanes min(0, max(-12, 12 * tid.y - 144)) + min(0, max(-12, 12 * tid.y - 132)) + 32 of 32
; CHECK: branch %entry -> %then: active lanes max(0, min(12, 144 - 12 * tid.y)) + max(0, min(12, 132 - 12 * tid.y)) of 32
;
; rows: ty < 12 && tx < 12 && row < h, row = 12 ctaid.y + ty. row < h has
; X = h - 12 ctaid.y - ty, the same deltas as ty < 12, so the two are one
; test of the smaller X: min(12 - y0, h - 12 ctaid.y - y0); the mask's 24
; lanes counted as above: 12 max(0, min(1, X0)) + 12 max(0, min(1, X0 - 1)).
; CHECK-LABEL: kernel rows
; CHECK: branch %entry -> %then: active lanes max(0, min(12, 12 * h - 144 * ctaid.y - 12 * tid.y, 144 - 12 * tid.y)) + max(0, min(12, 12 * h - 144 * ctaid.y - 12 * tid.y - 12, 132 - 12 * tid.y)) of 32
;
; halo: ty > 11 || tx > 11, the threads outside the tile: the lanes that
; fail both (ty <= 11 && tx <= 11, the tile's count above) taken from 32.
; CHECK-LABEL: kernel halo
; CHECK: branch %entry -> %exit: active lanes max(0, min(12, 144 - 12 * tid.y)) + max(0, min(12, 132 - 12 * tid.y)) of 32
; CHECK: branch %entry -> %then: active lanes min(0, max(-12, 12 * tid.y - 144)) + min(0, max(-12, 12 * tid.y - 132)) + 32 of 32
;
; guarded: k > 0 && ty < 12 && tx < 12. k > 0 is the same at every lane
; (uniform: all 32 lanes or none, max(0, min(32, 32 k))); the && keeps the
; three tests, so the tile's count follows, times max(0, min(1, k)):
; max(0, min(1, k)) x (12 max(0, min(1, 12 - y0)) + 12 max(0, min(1,
; 11 - y0))), printed with max(0, min(1, 12 - y0)) as its equal
; -min(0, max(-1, y0 - 12)).
; CHECK-LABEL: kernel guarded
; CHECK: branch %entry -> %then: active lanes -12 * min(0, max(-1, tid.y - 12)) * max(0, min(1, k)) - 12 * min(0, max(-1, tid.y - 11)) * max(0, min(1, k)) of 32
;
; outside: ty > 11 || tx > 11 || row >= h, the threads of rows outside the
; tile or the data: not (ty <= 11 && tx <= 11 && row < h), 32 less the
; lanes of rows' conjunction above.
; CHECK-LABEL: kernel outside
; CHECK: branch %entry -> %exit: active lanes max(0, min(12, 12 * h - 144 * ctaid.y - 12 * tid.y, 144 - 12 * tid.y)) + max(0, min(12, 12 * h - 144 * ctaid.y - 12 * tid.y - 12, 132 - 12 * tid.y)) of 32
; CHECK: branch %entry -> %then: active lanes min(0, max(-12, 12 * tid.y - 144, 144 * ctaid.y - 12 * h + 12 * tid.y)) + min(0, max(-12, 12 * tid.y - 132, 144 * ctaid.y - 12 * h + 12 * tid.y + 12)) + 32 of 32
;
; narrow: tx < a && tx < b in a block 3 wide ("nvvm.reqntid"="3,32,1"):
; lane l has tid.x = l % 3, so tx is 0 at 11 lanes, 1 at 11 and 2 at 10;
; both tests have the same deltas, and their one merged test
; min(a, b) - tx > 0 steps unevenly (11 runs, 11/11/10 lanes), so they are
; counted split by their deltas: 11 [a > 0][b > 0] + 11 [a > 1][b > 1] +
; 10 [a > 2][b > 2], each [v > 0] written max(0, min(1, v)).
; CHECK-LABEL: kernel narrow
; CHECK: branch %entry -> %then: active lanes 11 * max(0, min(1, a)) * max(0, min(1, b)) + 10 * max(0, min(1, a - 2)) * max(0, min(1, b - 2)) + 11 * max(0, min(1, a - 1)) * max(0, min(1, b - 1)) of 32
;
; twice: c0 = tx < p && ty < q, then c_k = c_(k-1) && c_(k-1) for k up to
; 20 (hand-written: -O3 folds x && x). A chain keeps at most 16
; comparisons: c_k has 2^(k+1), so c4 keeps none and is not counted (the
; side taken by every lane, said as an estimate), and the operands' terms
; stop doubling there (kept, they took minutes at 20 levels). Read as
; written (-ktime-codegen-view=false): the codegen view's EarlyCSE folds
; c && c.
; TWICE-LABEL: kernel twice
; TWICE: branch %entry -> %then: active lanes unknown
;
; In a launch the counts bind the side's traffic: the tile's 144 threads
; store 4 B each, 576 B, with no estimate; rows over a grid of 1 x 2 blocks
; with h = 20: block row 0 has rows 0-11, all below 20 (144 threads), block
; row 1 rows 12-23, of which 12-19 (8 x 12 = 96 threads): 240 x 4 = 960 B.
; LAUNCH-LABEL: launch 'tile:grid=1,block=16x16,regs=16'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 576.0,
; LAUNCH-LABEL: launch 'rows:grid=1x2,block=16x16,regs=16,h=20'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 960.0,
; LAUNCH-NOT: estimate: taken
; The same rows over 1 x 80 blocks on the toy GPU (16 blocks a wave): five
; full waves, whose traffic is again the sum of their blocks'. Block rows 0
; and 1 differ only in the warps of ty 8 to 11 (warp 7, ty 14 and 15, is
; idle in both), so they are told apart in every warp: 960 B, not 2 x 576
; = 1152 (block row 1 taken for block row 0); rows 2 to 79 are past h.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/../GPU/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='rows:grid=1x80,block=16x16,regs=16,h=20' %s \
; RUN:   | FileCheck %s --check-prefix=WAVES
; WAVES: waves: 5.000 (5 full)
; WAVES: bytes: global 960.0,

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()

define ptx_kernel void @tile(ptr addrspace(1) %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %iny = icmp ult i32 %ty, 12
  %inx = icmp ult i32 %tx, 12
  %in = and i1 %iny, %inx
  br i1 %in, label %then, label %exit

then:
  %o = shl i32 %ty, 4
  %i = add i32 %o, %tx
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @rows(ptr addrspace(1) %out, i32 %h) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %by = mul nsw i32 %cy, 12
  %row = add nsw i32 %by, %ty
  %iny = icmp slt i32 %ty, 12
  %inx = icmp slt i32 %tx, 12
  %inh = icmp slt i32 %row, %h
  %a = and i1 %iny, %inx
  %in = and i1 %a, %inh
  br i1 %in, label %then, label %exit

then:
  %o = mul nsw i32 %row, 1024
  %i = add nsw i32 %o, %tx
  %i64 = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @halo(ptr addrspace(1) %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %outy = icmp sgt i32 %ty, 11
  %outx = icmp sgt i32 %tx, 11
  %out1 = or i1 %outy, %outx
  br i1 %out1, label %then, label %exit

then:
  %o = shl i32 %ty, 4
  %i = add i32 %o, %tx
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @guarded(ptr addrspace(1) %out, i32 %k) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %some = icmp sgt i32 %k, 0
  %iny = icmp ult i32 %ty, 12
  %inx = icmp ult i32 %tx, 12
  %a = and i1 %some, %iny
  %in = and i1 %a, %inx
  br i1 %in, label %then, label %exit

then:
  %o = shl i32 %ty, 4
  %i = add i32 %o, %tx
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @outside(ptr addrspace(1) %out, i32 %h) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %by = mul nsw i32 %cy, 12
  %row = add nsw i32 %by, %ty
  %outy = icmp sgt i32 %ty, 11
  %outx = icmp sgt i32 %tx, 11
  %outh = icmp sge i32 %row, %h
  %a = or i1 %outy, %outx
  %o = or i1 %a, %outh
  br i1 %o, label %then, label %exit

then:
  %i64 = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @twice(ptr addrspace(1) %out, i32 %p, i32 %q) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %inx = icmp slt i32 %tx, %p
  %iny = icmp slt i32 %ty, %q
  %c0 = and i1 %inx, %iny
  %c1 = and i1 %c0, %c0
  %c2 = and i1 %c1, %c1
  %c3 = and i1 %c2, %c2
  %c4 = and i1 %c3, %c3
  %c5 = and i1 %c4, %c4
  %c6 = and i1 %c5, %c5
  %c7 = and i1 %c6, %c6
  %c8 = and i1 %c7, %c7
  %c9 = and i1 %c8, %c8
  %c10 = and i1 %c9, %c9
  %c11 = and i1 %c10, %c10
  %c12 = and i1 %c11, %c11
  %c13 = and i1 %c12, %c12
  %c14 = and i1 %c13, %c13
  %c15 = and i1 %c14, %c14
  %c16 = and i1 %c15, %c15
  %c17 = and i1 %c16, %c16
  %c18 = and i1 %c17, %c17
  %c19 = and i1 %c18, %c18
  %c20 = and i1 %c19, %c19
  br i1 %c20, label %then, label %exit

then:
  %i64 = zext i32 %tx to i64
  %g = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %g, align 4
  br label %exit

exit:
  ret void
}

attributes #0 = { "nvvm.reqntid"="16,16,1" }

define ptx_kernel void @narrow(ptr addrspace(1) %out, i32 %a, i32 %b) #1 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ina = icmp slt i32 %tx, %a
  %inb = icmp slt i32 %tx, %b
  %in = and i1 %ina, %inb
  br i1 %in, label %then, label %exit

then:
  %i64 = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

attributes #1 = { "nvvm.reqntid"="3,32,1" }
