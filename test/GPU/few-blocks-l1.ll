; A grid of fewer blocks than the SMs could hold keeps the L1 for the blocks
; it has (docs/memory.md, "Cache hit fractions"): the blocks an SM holds at
; once are the occupancy's, but no more than ceil(grid blocks / SMs), and
; their bytes no more than the grid's footprint. The
; kernel is RRZE gpu-cache's pattern: every block of 256 threads sums the
; same n floats `reps` times (clang -O3 of
;   for (r < reps) for (i = threadIdx.x; i < n; i += 256) s += in[i];
;   out[threadIdx.x] = s;
; unrolling disabled), n = 16384 (64 KiB), reps = 4.
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (2 SMs, L1
; 196608 B, carve-outs 0, 8, 16, ... KB, 1024 B of shared memory reserved per
; block, 2048 threads and 65536 registers per SM; L2 1 MiB):
; - Occupancy: 256 threads x 32 registers = 8192 per block, 8 blocks per SM
;   (2048 threads). Their reserved 8 x 1 KB take the 8 KB carve-out: L1 bytes
;   196608 - 8192 = 188416.
; - The load: requested per block reps x n x 4 = 262144 B, unique 65536 B:
;   reuse r = 1 - 65536 / 262144 = 0.75. The L1 test counts the groups of
;   its loop nest: the load alone, 65536 B a block (the store after the
;   loop touches nothing between two of its uses).
; - Every block reads the same 64 KiB: the grid footprint fits the warm L2,
;   DRAM 0. Sectors reaching L2: the load's requested bytes x (1 - L1) (a
;   warp's 128 B are 4 whole sectors), plus the store's 1024 B a block.
; - The blocks an SM holds at once hold no more distinct bytes than the
;   whole grid touches: every block reads the same 64 KiB, so the load's
;   grid footprint is 65536 B too.
; grid 2, one block per SM: 65536 <= 188416, L1 = r = 0.75;
;   L2 = 2 x 262144 x 0.25 + 2 x 1024 = 133120.
; grid 8, ceil(8 / 2) = 4 per SM: min(4 x 65536, 65536) = 65536 <= 188416,
;   L1 = 0.75; L2 = 8 x 262144 x 0.25 + 8 x 1024 = 532480.
; grid 16, 8 per SM (the occupancy): again 65536 B, L1 = 0.75;
;   L2 = 16 x 262144 x 0.25 + 16 x 1024 = 1064960.
; Before the cap at the launch's blocks every launch took the occupancy's 8
; blocks (grid 2: 8 x 66560 = 532480 B, L1 = 0.75 x 188416 / 532480 =
; 0.265385, L2 2 x 262144 x 0.734615 + 2048 = 387197.8); before the cap
; at the grid's footprint, grid 8 took 4 x 66560 = 266240 B (L1 0.530769,
; L2 992240.7) and grid 16 532480 B (L2 3097582.6); both counted the
; store's 1024 B a block beside the load's.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='reread:grid=2,block=256,regs=32,n=16384,reps=4' \
; RUN:   -ktime-launch='reread:grid=8,block=256,regs=32,n=16384,reps=4' \
; RUN:   -ktime-launch='reread:grid=16,block=256,regs=32,n=16384,reps=4' %s \
; RUN:   | FileCheck %s
; CHECK: launch 'reread:grid=2,
; CHECK: bytes: global 526336.0, L2 133120.0, DRAM 0.0
; CHECK: launch 'reread:grid=8,
; CHECK: bytes: global 2105344.0, L2 532480.0, DRAM 0.0
; CHECK: launch 'reread:grid=16,
; CHECK: bytes: global 4210688.0, L2 1064960.0, DRAM 0.0
;
; `own` is the same kernel with each block reading its own 64 KiB,
; in[ctaid.x * n + i], and storing its own out[ctaid.x * 256 + tid.x]: the
; load's grid footprint grows with the blocks (65536 B each; 8 blocks
; 524288 B, within the L2), so the blocks an SM holds count apart.
; grid 2: 1 per SM, 65536 <= 188416, L1 = 0.75: L2 133120 as above.
; grid 8: 4 per SM, min(4 x 65536, 524288) = 262144 > 188416,
;   L1 = 0.75 x 188416 / 262144 = 0.5390625; L2 = 8 x 262144 x 0.460938
;   (the miss fraction carried to six decimals) + 8 x 1024 = 966657.0 +
;   8192 = 974849.0 (992240.7 when the store's bytes counted beside the
;   load's).
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='own:grid=2,block=256,regs=32,n=16384,reps=4' \
; RUN:   -ktime-launch='own:grid=8,block=256,regs=32,n=16384,reps=4' %s \
; RUN:   | FileCheck %s --check-prefix=OWN
; OWN: launch 'own:grid=2,
; OWN: bytes: global 526336.0, L2 133120.0, DRAM 0.0
; OWN: launch 'own:grid=8,
; OWN: bytes: global 2105344.0, L2 974849.0, DRAM 0.0
;
; Per group: `mixed` reads the one array of `reread` and stores the own
; output of `own`. At grid 512, 8 blocks an SM, the load's bytes an SM's
; blocks touch are min(8 x 65536, 65536) = 65536 <= 188416, L1 = 0.75 (the
; kernel's totals, min(8 x 66560, 65536 + 524288) = 532480, would spill;
; the store after the loop counts in neither test now, and with it the
; per-group sum was 65536 + min(8 x 1024, 512 x 1024) = 73728, which fits). L2 = 512 x 262144 x 0.25 + 512 x 1024 = 33554432 + 524288 =
; 34078720; the grid's 589824 B fit the L2, DRAM 0.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='mixed:grid=512,block=256,regs=32,n=16384,reps=4' %s \
; RUN:   | FileCheck %s --check-prefix=MIXED
; MIXED: launch 'mixed:grid=512,
; MIXED: bytes: global 134742016.0, L2 34078720.0, DRAM 0.0
;
; The remark's hit percentages at grid 2, of the bytes a thread moves: its
; loads 4 x reps x n / 256 = 1024 B, 0.75 of them from L1 (768 B), and its
; store's 4 B: l1pct = 768 / 1028 = 74.7 %, shown 75%; l2pct = 260 / 1028 =
; 25.3 %, shown 25% (the old rule: 26% and 74%).
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time -ktime-remarks=verbose \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='reread:grid=2,block=256,regs=32,n=16384,reps=4' %s \
; RUN:   2>&1 | FileCheck %s --check-prefix=PCT
; PCT: l1pct = 75%, l2pct = 25%

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

outer.latch:
  %s.outer = phi float [ %s, %outer ], [ %add, %inner ]
  %r.next = add nuw nsw i32 %r, 1
  %done = icmp eq i32 %r.next, %reps
  br i1 %done, label %exit, label %outer

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
}

define ptx_kernel void @own(ptr noalias writeonly %out, ptr noalias readonly %in, i32 %n, i32 %reps) {
entry:
  %cmp18 = icmp sgt i32 %reps, 0
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul nuw nsw i32 %bid, %n
  %obase = shl nuw nsw i32 %bid, 8
  br i1 %cmp18, label %outer.ph, label %exit

outer.ph:
  %cmp215 = icmp slt i32 %tid, %n
  br label %outer

exit:
  %s.final = phi float [ 0.000000e+00, %entry ], [ %s.outer, %outer.latch ]
  %otid = add nuw nsw i32 %obase, %tid
  %oidx = zext nneg i32 %otid to i64
  %optr = getelementptr inbounds float, ptr %out, i64 %oidx
  store float %s.final, ptr %optr, align 4
  ret void

outer:
  %r = phi i32 [ 0, %outer.ph ], [ %r.next, %outer.latch ]
  %s = phi float [ 0.000000e+00, %outer.ph ], [ %s.outer, %outer.latch ]
  br i1 %cmp215, label %inner, label %outer.latch

outer.latch:
  %s.outer = phi float [ %s, %outer ], [ %add, %inner ]
  %r.next = add nuw nsw i32 %r, 1
  %done = icmp eq i32 %r.next, %reps
  br i1 %done, label %exit, label %outer

inner:
  %i = phi i32 [ %i.next, %inner ], [ %tid, %outer ]
  %si = phi float [ %add, %inner ], [ %s, %outer ]
  %ib = add nuw nsw i32 %base, %i
  %idx = zext nneg i32 %ib to i64
  %ptr = getelementptr inbounds float, ptr %in, i64 %idx
  %v = load float, ptr %ptr, align 4
  %add = fadd contract float %si, %v
  %i.next = add nuw nsw i32 %i, 256
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %inner, label %outer.latch
}

define ptx_kernel void @mixed(ptr noalias writeonly %out, ptr noalias readonly %in, i32 %n, i32 %reps) {
entry:
  %cmp18 = icmp sgt i32 %reps, 0
  %tid = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %obase = shl nuw nsw i32 %bid, 8
  br i1 %cmp18, label %outer.ph, label %exit

outer.ph:
  %cmp215 = icmp slt i32 %tid, %n
  br label %outer

exit:
  %s.final = phi float [ 0.000000e+00, %entry ], [ %s.outer, %outer.latch ]
  %otid = add nuw nsw i32 %obase, %tid
  %oidx = zext nneg i32 %otid to i64
  %optr = getelementptr inbounds float, ptr %out, i64 %oidx
  store float %s.final, ptr %optr, align 4
  ret void

outer:
  %r = phi i32 [ 0, %outer.ph ], [ %r.next, %outer.latch ]
  %s = phi float [ 0.000000e+00, %outer.ph ], [ %s.outer, %outer.latch ]
  br i1 %cmp215, label %inner, label %outer.latch

outer.latch:
  %s.outer = phi float [ %s, %outer ], [ %add, %inner ]
  %r.next = add nuw nsw i32 %r, 1
  %done = icmp eq i32 %r.next, %reps
  br i1 %done, label %exit, label %outer

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
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
