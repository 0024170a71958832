; A loop header's phi of two constants (a two-step tile loop that the
; optimiser rotated around a flag: k is 0 in the first iteration and 1
; after) is k = 0 + (1 - 0) * min(iter.loop1, 1), not an opaque value
; (docs/memory.md, "Addresses"): the lanes' guard i = 2 * tid.x + k < n
; holds for tid.x < ceil((n - k) / 2), so a warp starting at tid.x has
;   max(0, min(32, ceildiv(n - k, 2) - tid.x))
; active lanes, -k printed as max(-1, -iter.loop1). Before, k was the
; symbol val.k, and a launch could not evaluate the lanes (dedispersion's
; tile loop, docs/accuracy.md).
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s
; CHECK-LABEL: kernel two_steps on a100-pcie-40gb
; The footprint (docs/memory.md, "Reuse"): offset 8 * tid.x + 4 * k, where
; 4 * min(iter.loop1, 1) prints min(4, 4 * iter.loop1) and becomes 4 *
; first.loop1, a box variable of the two values 0 and 1; with tid.x in
; [0, 64): 64 x 2 distinct words of 4 B = 512 B per block, and every block
; reads the same ones (no ctaid): grid 512 B (before: no footprint, the
; blocks' requests, 512 * nctaid).
; CHECK: line ? %v: global load 4 B, {{.*}}; reuse: requested 512 B/block, unique 512 B/block, grid 512 B;
; CHECK: branch %tile -> %body: active lanes max(0, min(32, ceildiv(n + max(-1, -iter.loop1), 2) - tid.x)) of 32
; CHECK-NOT: val.k

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @two_steps(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = shl i32 %tx, 1
  br label %tile

tile:
  %first = phi i1 [ true, %entry ], [ false, %latch ]
  %k = phi i32 [ 0, %entry ], [ 1, %latch ]
  %i = or disjoint i32 %k, %x
  %in.range = icmp slt i32 %i, %n
  br i1 %in.range, label %body, label %latch

body:
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i64
  %v = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float %v, ptr addrspace(1) %q, align 4
  br label %latch

latch:
  br i1 %first, label %tile, label %exit

exit:
  ret void
}

attributes #0 = { "nvvm.reqntid"="64,1,1" }
