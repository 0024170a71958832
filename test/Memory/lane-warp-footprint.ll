; Footprints of addresses indexed by a thread's lane (tid.x % 32) or warp
; (tid.x / 32) (docs/memory.md, "Reuse"): the box variable tid.x, which
; the offset only divides by 32, is split into its quotient q and
; remainder r, tid.x = 32 q + r, q in [0, ceil(ntid.x / 32)), r in
; [0, min(ntid.x, 32)); the footprint is then that of an offset linear in
; q and r, and where that box is larger than tid.x's range, at most 4 B
; for each of tid.x's values. Before the split such an offset had no footprint (no reuse:
; unique = requested).
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; in[2 * (tid.x % 32)], 256 threads: tid.x = 32 q + r with q in [0, 8) and
; r in [0, 32), exactly (32 divides 256). The offset 8 r: 32 copies of 4 B
; at stride 8 B: U = min(4 x 32, 4 + 8 x 31) = 128 B unique of 4 x 256 =
; 1024 B requested, the same for the grid (no ctaid in the offset).
; CHECK-LABEL: kernel lanes on a100-pcie-40gb
; CHECK: line ? %v: global load 4 B, {{.*}}; reuse: requested 1024 B/block, unique 128 B/block, grid 128 B{{$}}
define ptx_kernel void @lanes(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  %i = shl nuw nsw i32 %lane, 1
  %x = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x
  %v = load float, ptr addrspace(1) %p, align 4
  %t = zext i32 %tid to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

; in[64 * (tid.x / 32) + tid.x % 32], 256 threads: each warp reads its own
; 128 B and skips the next 128 B. The offset 256 q + 4 r: r first (4 B
; steps, 32 values): U = X = 128 B; then q (256 B steps >= X, 8 values):
; U = min(128 x 8, 128 + 256 x 7) = 1024 B unique of 1024 B requested (no
; thread reads another's element), the grid the same.
; CHECK-LABEL: kernel warps on a100-pcie-40gb
; CHECK: line ? %v: global load 4 B, {{.*}}; reuse: requested 1024 B/block, unique 1024 B/block, grid 1024 B{{$}}
define ptx_kernel void @warps(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %warp = lshr i32 %tid, 5
  %lane = and i32 %tid, 31
  %row = shl nuw nsw i32 %warp, 6
  %i = add nuw nsw i32 %row, %lane
  %x = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x
  %v = load float, ptr addrspace(1) %p, align 4
  %t = zext i32 %tid to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

; in[tid.x % 32] with 48 threads: q in [0, 2) and r in [0, 32) also hold
; tid.x = 48..63, which no thread has, so the footprint is an upper bound:
; 32 copies of 4 B at stride 4 B, 128 B (here also the exact value: the
; first warp reads every lane's word; the cap, 4 B x 48 points = 192 B, is
; above it). Requested 4 x 48 = 192 B.
; CHECK-LABEL: kernel ragged on a100-pcie-40gb
; CHECK: line ? %v: global load 4 B, {{.*}}; reuse: requested 192 B/block, unique 128 B/block, grid 128 B (upper bounds)
define ptx_kernel void @ragged(ptr addrspace(1) %in, ptr addrspace(1) %out) #1 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  %x = zext i32 %lane to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x
  %v = load float, ptr addrspace(1) %p, align 4
  %t = zext i32 %tid to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

; in[64 * (tid.x / 32) + tid.x % 32] with 40 threads: the box q in [0, 2),
; r in [0, 32) gives 128 x 2 = 256 B (r: 128 B; q: 256 B steps, U =
; min(128 x 2, 128 + 256)), but it has 64 points where tid.x has 40, so the
; footprint is capped at 4 B x 1 shift x 40 points = 160 B, the 4 x 40 B
; requested (the second warp's 8 threads read 32 B of their own).
; CHECK-LABEL: kernel straddle on a100-pcie-40gb
; CHECK: line ? %v: global load 4 B, {{.*}}; reuse: requested 160 B/block, unique 160 B/block, grid 160 B (upper bounds)
define ptx_kernel void @straddle(ptr addrspace(1) %in, ptr addrspace(1) %out) #2 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %warp = lshr i32 %tid, 5
  %lane = and i32 %tid, 31
  %row = shl nuw nsw i32 %warp, 6
  %i = add nuw nsw i32 %row, %lane
  %x = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x
  %v = load float, ptr addrspace(1) %p, align 4
  %t = zext i32 %tid to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}

attributes #0 = { "nvvm.reqntid"="256,1,1" }
attributes #1 = { "nvvm.reqntid"="48,1,1" }
attributes #2 = { "nvvm.reqntid"="40,1,1" }
