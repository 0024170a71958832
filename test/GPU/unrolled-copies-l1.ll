; Copies of one loop that unrolling an outer loop makes read the same bytes:
; the kernel's footprint counts them once and they share its compulsory
; misses (docs/memory.md, "Cache hit fractions"). The kernel is clang -O3's
; shape of
;   for (r < reps) for (i = threadIdx.x; i < n; i += 256) s += in[i];
;   out[threadIdx.x] = s;
; with the outer loop unrolled by two by hand: each outer iteration runs two
; inner loops, each reading in[0, n). n = 32768 floats (128 KiB), reps = 2,
; grid 2 (one block per SM).
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (2 SMs, L1
; 196608 B, carve-outs 0, 8, 16, ... KB, 1024 B of shared memory reserved per
; block, 2048 threads and 65536 registers per SM; L2 1 MiB):
; - Occupancy: 256 threads x 32 registers, 8 blocks per SM; their reserved
;   8 x 1 KB take the 8 KB carve-out: L1 bytes 196608 - 8192 = 188416. The
;   grid puts min(8, ceil(2 / 2)) = 1 block on each SM.
; - Each copy requests reps x n x 4 = 262144 B per block over 131072 B of
;   array. Both read the same bytes (the same offset over loops of the same
;   trip): requested 524288 B, unique 131072 B, reuse r = 1 - 131072 /
;   524288 = 0.75 for each. The bytes of their loop nest: 131072 B once
;   (the store after the loops is not between two uses) <= 188416: L1 =
;   r = 0.75.
; - The grid reads the same 128 KiB: it fits the warm L2, DRAM 0. L2 bytes:
;   the loads' 2 x 524288 x 0.25 = 262144 plus the stores' 2 x 1024:
;   264192. Global bytes: 2 x (524288 + 1024) = 1050624.
; Counting each copy's array apart (the old rule) gave a footprint of
; 2 x 131072 + 1024 = 263168 B > 188416 and reuse 0.5 per copy:
; L1 = 0.5 x 188416 / 263168 = 0.357977, L2 = 2 x 524288 x 0.642023 + 2048
; = 675257.9.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='reread2:grid=2,block=256,regs=32,n=32768,reps=2' \
; RUN:   -ktime-launch='apart:grid=2,block=256,regs=32,n=32768,reps=2' %s \
; RUN:   | FileCheck %s
; CHECK: launch 'reread2:grid=2,
; CHECK: bytes: global 1050624.0, L2 264192.0, DRAM 0.0
;
; Loops that read different bytes stay apart: `apart` is the same kernel
; with its second loop reading in[n + i], the next 128 KiB. Each loop's
; reuse is its own, 1 - 131072 / 262144 = 0.5, and their nest's bytes
; 2 x 131072 = 262144 B > 188416: L1 = 0.5 x 188416 / 262144 = 0.359375
; for both; L2 = 2 x 524288 x 0.640625 + 2048 = 673792 (the 256 KiB the
; grid reads fit the L2). (With the store's 1024 B counted beside them:
; 263168 B, L1 0.357977, L2 675257.9.)
; CHECK: launch 'apart:grid=2,
; CHECK: bytes: global 1050624.0, L2 673792.0, DRAM 0.0
;
; The hit percentages of a thread's bytes: loads 2 x 2 x 32768 x 4 / 256 =
; 2048 B, 0.75 from L1 (1536 B), and the store's 4 B: l1pct = 1536 / 2052 =
; 74.9 %, shown 75%; l2pct = 516 / 2052 = 25.1 %, shown 25%.
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time -ktime-remarks=verbose \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='reread2:grid=2,block=256,regs=32,n=32768,reps=2' %s \
; RUN:   2>&1 | FileCheck %s --check-prefix=PCT
; PCT: l1pct = 75%, l2pct = 25%
;
; The memory printer says which loads share their bytes.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml %s | FileCheck %s --check-prefix=MEM
; MEM-LABEL: kernel reread2
; MEM: %v: {{.*}}, the same bytes as other loops' copies (requested together 8 * ntid.x * ntid.y * ntid.z * max(0, reps) * max(0, ceildiv(n - tid.x, 256)) B/block)
; MEM: %v2: {{.*}}, the same bytes as other loops' copies (requested together 8 * ntid.x
; MEM-LABEL: kernel apart
; MEM-NOT: the same bytes

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @reread2(ptr noalias writeonly %out, ptr noalias readonly %in, i32 %n, i32 %reps) {
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
  br i1 %cmp215, label %first, label %outer.latch

first:
  %i = phi i32 [ %i.next, %first ], [ %tid, %outer ]
  %si = phi float [ %add, %first ], [ %s, %outer ]
  %idx = zext nneg i32 %i to i64
  %ptr = getelementptr inbounds float, ptr %in, i64 %idx
  %v = load float, ptr %ptr, align 4
  %add = fadd contract float %si, %v
  %i.next = add nuw nsw i32 %i, 256
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %first, label %between

between:
  br i1 %cmp215, label %second, label %outer.latch

second:
  %j = phi i32 [ %j.next, %second ], [ %tid, %between ]
  %sj = phi float [ %add2, %second ], [ %add, %between ]
  %jdx = zext nneg i32 %j to i64
  %ptr2 = getelementptr inbounds float, ptr %in, i64 %jdx
  %v2 = load float, ptr %ptr2, align 4
  %add2 = fadd contract float %sj, %v2
  %j.next = add nuw nsw i32 %j, 256
  %more2 = icmp slt i32 %j.next, %n
  br i1 %more2, label %second, label %outer.latch

outer.latch:
  %s.outer = phi float [ %s, %outer ], [ %add, %between ], [ %add2, %second ]
  %r.next = add nuw nsw i32 %r, 1
  %done = icmp eq i32 %r.next, %reps
  br i1 %done, label %exit, label %outer
}

define ptx_kernel void @apart(ptr noalias writeonly %out, ptr noalias readonly %in, i32 %n, i32 %reps) {
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
  br i1 %cmp215, label %first, label %outer.latch

first:
  %i = phi i32 [ %i.next, %first ], [ %tid, %outer ]
  %si = phi float [ %add, %first ], [ %s, %outer ]
  %idx = zext nneg i32 %i to i64
  %ptr = getelementptr inbounds float, ptr %in, i64 %idx
  %v = load float, ptr %ptr, align 4
  %add = fadd contract float %si, %v
  %i.next = add nuw nsw i32 %i, 256
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %first, label %between

between:
  br i1 %cmp215, label %second, label %outer.latch

second:
  %j = phi i32 [ %j.next, %second ], [ %tid, %between ]
  %sj = phi float [ %add2, %second ], [ %add, %between ]
  %jn = add nuw nsw i32 %j, %n
  %jdx = zext nneg i32 %jn to i64
  %ptr2 = getelementptr inbounds float, ptr %in, i64 %jdx
  %v2 = load float, ptr %ptr2, align 4
  %add2 = fadd contract float %sj, %v2
  %j.next = add nuw nsw i32 %j, 256
  %more2 = icmp slt i32 %j.next, %n
  br i1 %more2, label %second, label %outer.latch

outer.latch:
  %s.outer = phi float [ %s, %outer ], [ %add, %between ], [ %add2, %second ]
  %r.next = add nuw nsw i32 %r, 1
  %done = icmp eq i32 %r.next, %reps
  br i1 %done, label %exit, label %outer
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
