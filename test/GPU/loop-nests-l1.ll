; The blocks an SM holds touch, between two uses of an access's bytes, only
; the bytes of the loop nest around it: a loop that runs before or after it
; touches nothing in between (docs/memory.md, "Cache hit fractions"). The
; L1 test of a group adds the groups of its outermost loop and of the
; outermost loops of the other copies of its data; an access outside every
; loop (the final store) is not among them.
;
; clang -O3 (with #pragma unroll 1 on each loop) of
;   phases: for (r < reps) for (i = tid.x; i < n; i += 256) s += x[i];
;           for (j = tid.x; j < m; j += 256) s += y[j];
;           out[tid.x] = s;
;   back:   the same first nest, then
;           for (i = tid.x; i < n; i += 256)
;             s += x[i] + y[i] + y[i + n] + y[i + 2 * n];
;           out[tid.x] = s;
; n = 16384 floats (64 KiB), reps = 4, m = 65536 (256 KiB), grid 2.
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (2 SMs, L1
; 196608 B, carve-outs 0, 8, 16, ... KB, 1024 B of shared memory reserved per
; block, 2048 threads and 65536 registers per SM; L2 1 MiB):
; - Occupancy: 256 threads x 32 registers, 8 blocks per SM; their reserved
;   8 x 1 KB take the 8 KB carve-out: L1 bytes 196608 - 8192 = 188416. The
;   grid puts min(8, ceil(2 / 2)) = 1 block on each SM.
; - Every block reads the same x and y: the grid footprints (phases 64 KiB
;   + 256 KiB + the store's 1 KiB; back 64 + 3 x 64 + 1 KiB) fit the warm
;   L2, DRAM 0. The L2 bytes are the L1 misses plus the stores' 2 x 1024.
;
; phases: x requests reps x n x 4 = 262144 B per block over 65536 B, reuse
;   r = 1 - 65536 / 262144 = 0.75; its nest holds x alone, 65536 <= 188416:
;   L1 = 0.75. y requests 262144 B, all distinct: r = 0, L1 = 0.
;   L2 = 2 x 262144 x 0.25 + 2 x 262144 + 2048 = 131072 + 524288 + 2048
;   = 657408. (Adding every group of the kernel, 65536 + 262144 + 1024 =
;   328704 > 188416, gave x L1 = 0.75 x 188416 / 328704 = 0.429907 and
;   L2 825228.9, the hit fraction carried to six decimals.)
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='phases:grid=2,block=256,regs=32,n=16384,reps=4,m=65536' \
; RUN:   -ktime-launch='back:grid=2,block=256,regs=32,n=16384,reps=4' %s \
; RUN:   | FileCheck %s
; CHECK: launch 'phases:grid=2,
; CHECK: bytes: global 1050624.0, L2 657408.0, DRAM 0.0
;
; back: x is read in both nests (the same offset over loops of the same
;   trip): its copies request 262144 + 65536 = 327680 B per block over
;   65536 B, r = 1 - 65536 / 327680 = 0.8. Its nests are both, so the
;   three y groups of the second (y[i], y[i + n], y[i + 2n]: 65536 B each,
;   r = 0) count: 65536 + 3 x 65536 = 262144 > 188416, x L1 = 0.8 x 188416
;   / 262144 = 0.575. L2 = 2 x 327680 x 0.425 + 2 x 3 x 65536 + 2048 =
;   278528 + 393216 + 2048 = 673792. (Counting x with its first nest
;   alone would give L1 = 0.8 and L2 526336; every group of the kernel,
;   the store's 1024 B too, 675258.0.)
; CHECK: launch 'back:grid=2,
; CHECK: bytes: global 1050624.0, L2 673792.0, DRAM 0.0

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @phases(ptr noalias writeonly %out, ptr noalias readonly %x, ptr noalias readonly %y, i32 %n, i32 %reps, i32 %m) {
entry:
  %cmp32 = icmp sgt i32 %reps, 0
  %0 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %cmp32, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:
  %cmp229 = icmp slt i32 %0, %n
  br label %for.body

for.cond.cleanup:
  %s.0.lcssa = phi float [ 0.000000e+00, %entry ], [ %s.1.lcssa, %for.cond.cleanup3 ]
  %cmp1036 = icmp slt i32 %0, %m
  br i1 %cmp1036, label %for.body12, label %for.cond.cleanup11

for.body:
  %r.034 = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %for.cond.cleanup3 ]
  %s.033 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %s.1.lcssa, %for.cond.cleanup3 ]
  br i1 %cmp229, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup3:
  %s.1.lcssa = phi float [ %s.033, %for.body ], [ %add, %for.body4 ]
  %inc = add nuw nsw i32 %r.034, 1
  %exitcond.not = icmp eq i32 %inc, %reps
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body

for.body4:
  %i.031 = phi i32 [ %add5, %for.body4 ], [ %0, %for.body ]
  %s.130 = phi float [ %add, %for.body4 ], [ %s.033, %for.body ]
  %idxprom = zext nneg i32 %i.031 to i64
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %idxprom
  %1 = load float, ptr %arrayidx, align 4
  %add = fadd contract float %s.130, %1
  %add5 = add nuw nsw i32 %i.031, 256
  %cmp2 = icmp slt i32 %add5, %n
  br i1 %cmp2, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup11:
  %s.2.lcssa = phi float [ %s.0.lcssa, %for.cond.cleanup ], [ %add15, %for.body12 ]
  %idxprom20 = zext nneg i32 %0 to i64
  %arrayidx21 = getelementptr inbounds float, ptr %out, i64 %idxprom20
  store float %s.2.lcssa, ptr %arrayidx21, align 4
  ret void

for.body12:
  %j.038 = phi i32 [ %add17, %for.body12 ], [ %0, %for.cond.cleanup ]
  %s.237 = phi float [ %add15, %for.body12 ], [ %s.0.lcssa, %for.cond.cleanup ]
  %idxprom13 = zext nneg i32 %j.038 to i64
  %arrayidx14 = getelementptr inbounds float, ptr %y, i64 %idxprom13
  %2 = load float, ptr %arrayidx14, align 4
  %add15 = fadd contract float %s.237, %2
  %add17 = add nuw nsw i32 %j.038, 256
  %cmp10 = icmp slt i32 %add17, %m
  br i1 %cmp10, label %for.body12, label %for.cond.cleanup11
}

define ptx_kernel void @back(ptr noalias writeonly %out, ptr noalias readonly %x, ptr noalias readonly %y, i32 %n, i32 %reps) {
entry:
  %cmp53 = icmp sgt i32 %reps, 0
  %0 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %cmp53, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:
  %cmp250 = icmp slt i32 %0, %n
  br label %for.body

for.cond.cleanup:
  %s.0.lcssa = phi float [ 0.000000e+00, %entry ], [ %s.1.lcssa, %for.cond.cleanup3 ]
  %cmp1157 = icmp slt i32 %0, %n
  br i1 %cmp1157, label %for.body13.lr.ph, label %for.cond.cleanup12

for.body13.lr.ph:
  %mul = shl nuw nsw i32 %n, 1
  br label %for.body13

for.body:
  %r.055 = phi i32 [ 0, %for.body.lr.ph ], [ %inc, %for.cond.cleanup3 ]
  %s.054 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %s.1.lcssa, %for.cond.cleanup3 ]
  br i1 %cmp250, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup3:
  %s.1.lcssa = phi float [ %s.054, %for.body ], [ %add, %for.body4 ]
  %inc = add nuw nsw i32 %r.055, 1
  %exitcond.not = icmp eq i32 %inc, %reps
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body

for.body4:
  %i.052 = phi i32 [ %add5, %for.body4 ], [ %0, %for.body ]
  %s.151 = phi float [ %add, %for.body4 ], [ %s.054, %for.body ]
  %idxprom = zext nneg i32 %i.052 to i64
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %idxprom
  %1 = load float, ptr %arrayidx, align 4
  %add = fadd contract float %s.151, %1
  %add5 = add nuw nsw i32 %i.052, 256
  %cmp2 = icmp slt i32 %add5, %n
  br i1 %cmp2, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup12:
  %s.2.lcssa = phi float [ %s.0.lcssa, %for.cond.cleanup ], [ %add27, %for.body13 ]
  %idxprom32 = zext nneg i32 %0 to i64
  %arrayidx33 = getelementptr inbounds float, ptr %out, i64 %idxprom32
  store float %s.2.lcssa, ptr %arrayidx33, align 4
  ret void

for.body13:
  %i8.059 = phi i32 [ %0, %for.body13.lr.ph ], [ %add29, %for.body13 ]
  %s.258 = phi float [ %s.0.lcssa, %for.body13.lr.ph ], [ %add27, %for.body13 ]
  %idxprom14 = zext nneg i32 %i8.059 to i64
  %arrayidx15 = getelementptr inbounds float, ptr %x, i64 %idxprom14
  %2 = load float, ptr %arrayidx15, align 4
  %arrayidx17 = getelementptr inbounds float, ptr %y, i64 %idxprom14
  %3 = load float, ptr %arrayidx17, align 4
  %add18 = fadd contract float %2, %3
  %add19 = add nsw i32 %i8.059, %n
  %idxprom20 = sext i32 %add19 to i64
  %arrayidx21 = getelementptr inbounds float, ptr %y, i64 %idxprom20
  %4 = load float, ptr %arrayidx21, align 4
  %add22 = fadd contract float %add18, %4
  %add23 = add nuw nsw i32 %i8.059, %mul
  %idxprom24 = zext nneg i32 %add23 to i64
  %arrayidx25 = getelementptr inbounds float, ptr %y, i64 %idxprom24
  %5 = load float, ptr %arrayidx25, align 4
  %add26 = fadd contract float %add22, %5
  %add27 = fadd contract float %s.258, %add26
  %add29 = add nuw nsw i32 %i8.059, 256
  %cmp11 = icmp slt i32 %add29, %n
  br i1 %cmp11, label %for.body13, label %for.cond.cleanup12
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
