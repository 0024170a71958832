; A figure that depends on the thread (a trip count from tid.x) is the mean
; over the block's threads, not the middle thread's (docs/memory.md, "Cache
; hit fractions"). The kernel is clang -O3's shape of
;   for (r < reps) for (i = threadIdx.x; i < n; i += 256) s += in[i];
;   out[threadIdx.x] = s;
; Launch: grid 2, block 256, 32 registers, n = 100, reps = 8: threads 0-99
; read one float per repetition, threads 100-255 none. The middle thread,
; tid.x = 127, runs no iteration: at it the requests were 0 and the load got
; no reuse at all.
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (2 SMs, L1
; 196608 B, 1024 B of shared memory reserved per block, 2048 threads and
; 65536 registers per SM; L2 1 MiB):
; - The inner count is max(0, ceildiv(100 - tid.x, 256)): 1 below 100, else
;   0. The ids averaged are tid.x = floor(j x 255 / 31) for j < 32 (32 of
;   the 256, spread evenly from 0 to 255: 0, 8, 16, ..., 255); 13 of them
;   (j <= 12, 12 x 255 / 31 = 98.7) are below 100: mean count 13 / 32 =
;   0.40625. Requested per block 4 x 256 x 8 x 0.40625 = 3328 B, unique 4 x
;   256 x 0.40625 = 416 B: reuse 1 - 416 / 3328 = 0.875 (= 1 - 1 / reps,
;   whatever the sample). 416 B fit the L1: L1 = 0.875.
; - Global bytes: each block's 100 reading threads load 8 x 4 = 32 B each,
;   3200 B, and its 256 threads store 4 B: 2 x (3200 + 1024) = 8448.
; - L2 bytes: the loads' 6400 x (1 - 0.875) = 800 plus the stores' 2048:
;   2848. The grid's bytes fit the warm L2: DRAM 0.
; At the middle thread: no reuse, L2 = 8448.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='reread:grid=2,block=256,regs=32,n=100,reps=8' %s \
; RUN:   | FileCheck %s
; CHECK: launch 'reread:grid=2,block=256,regs=32,n=100,
; CHECK: bytes: global 8448.0, L2 2848.0, DRAM 0.0
;
; n = 1: thread 0 alone reads, and id 0 is among the ids averaged: mean
; count 1 / 32, requested 4 x 256 x 8 / 32 = 256 B, unique 32 B, reuse
; 0.875 again. Global bytes 2 x (8 x 4 + 1024) = 2112; L2 2 x 32 x 0.125 +
; 2048 = 2056. (Spread from the middle of each stretch instead, no id would
; be 0: no reuse, L2 2112.)
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='reread:grid=2,block=256,regs=32,n=1,reps=8' %s \
; RUN:   | FileCheck %s --check-prefix=ONE
; ONE: bytes: global 2112.0, L2 2056.0, DRAM 0.0

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @reread(ptr noalias writeonly %out, ptr noalias readonly %in, i32 %n, i32 %reps) {
entry:
  %cmp18 = icmp sgt i32 %reps, 0
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %cmp18, label %outer.ph, label %exit

outer.ph:
  %cmp215 = icmp slt i32 %tid, %n
  br label %outer

exit:
  %s.final = phi float [ 0.000000e+00, %entry ], [ %s.outer, %outer.latch ]
  %oidx = zext nneg i32 %tid to i64
  %optr = getelementptr inbounds float, ptr %out, i64 %oidx
  store float %s.final, ptr %optr, align 4
  ret void

outer:
  %r = phi i32 [ 0, %outer.ph ], [ %r.next, %outer.latch ]
  %s = phi float [ 0.000000e+00, %outer.ph ], [ %s.outer, %outer.latch ]
  br i1 %cmp215, label %inner, label %outer.latch

inner:
  %i = phi i32 [ %i.next, %inner ], [ %tid, %outer ]
  %si = phi float [ %add, %inner ], [ %s, %outer ]
  %idx = zext nneg i32 %i to i64
  %ptr = getelementptr inbounds float, ptr %in, i64 %idx
  %v = load float, ptr %ptr, align 4
  %add = fadd contract float %si, %v
  %i.next = add nuw nsw i32 %i, 256
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %inner, label %outer.latch

outer.latch:
  %s.outer = phi float [ %s, %outer ], [ %add, %inner ]
  %r.next = add nuw nsw i32 %r, 1
  %done = icmp eq i32 %r.next, %reps
  br i1 %done, label %exit, label %outer
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
