; Reuse (docs/memory.md, "Reuse"): per group of accesses off one base whose
; offsets differ by constants, the bytes a block requests, the distinct
; bytes it touches (the footprint of the address over tid.* in [0, ntid.*)
; and each enclosing loop's iteration in [0, trip)), and the grid's
; footprint (ctaid.* in [0, nctaid.*) too).
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()

; A 3-point stencil out[i] = in[i - 1] + in[i] + in[i + 1], i = 256 *
; ctaid.x + tid.x + 1, 256 threads a block: one group of 3 loads.
; Requested: 3 loads x 4 B x 256 threads = 3072 B a block. The taps' shifts
; -4, 0, 4 are steps of tid.x's coefficient 4, so tid.x's range widens by 2:
; unique = 4 x (256 + 2) = 1032 B (L1 reuse 1 - 1032 / 3072 = 66 %). Grid:
; ctaid.x adds copies 1024 B apart: 1024 * nctaid.x + 8 B.
; CHECK-LABEL: kernel stencil on a100-pcie-40gb
; CHECK: line ? %l: global load 4 B, {{.*}}; reuse: group of 3, requested 3072 B/block, unique 1032 B/block, grid 1024 * nctaid.x + 8 B
; CHECK: line ? %c: global load 4 B, {{.*}}; reuse: group of 3, requested 3072 B/block, unique 1032 B/block, grid 1024 * nctaid.x + 8 B
; CHECK: line ? %r: global load 4 B, {{.*}}; reuse: group of 3, requested 3072 B/block, unique 1032 B/block, grid 1024 * nctaid.x + 8 B
; The store is its own group, without reuse: 1024 B a block.
; (%po is the store's address after the back end's constant-offset split.)
; CHECK: line ? store to %po{{[0-9]*}}: global store 4 B, {{.*}}; reuse: requested 1024 B/block, unique 1024 B/block, grid 1024 * nctaid.x B
define ptx_kernel void @stencil(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = shl nsw i32 %ctaid, 8
  %i0 = add nsw i32 %base, %tid
  %i = add nsw i32 %i0, 1
  %im = add nsw i32 %i, -1
  %ip = add nsw i32 %i, 1
  %xm = sext i32 %im to i64
  %x = sext i32 %i to i64
  %xp = sext i32 %ip to i64
  %pl = getelementptr inbounds float, ptr addrspace(1) %in, i64 %xm
  %pc = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x
  %pr = getelementptr inbounds float, ptr addrspace(1) %in, i64 %xp
  %l = load float, ptr addrspace(1) %pl, align 4
  %c = load float, ptr addrspace(1) %pc, align 4
  %r = load float, ptr addrspace(1) %pr, align 4
  %s1 = fadd float %l, %c
  %s2 = fadd float %s1, %r
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x
  store float %s2, ptr addrspace(1) %po, align 4
  ret void
}

; A matrix-multiply tile, 16 x 16 threads: row = 16 * ctaid.y + tid.y, col =
; 16 * ctaid.x + tid.x, for (k = 0; k < 64; ++k) s += A[row * 64 + k] *
; B[k * 64 + col] * scale[ctaid.x].
; A: requested 4 B x 256 threads x 64 iterations = 65536 B; the offset 256 *
; tid.y + 4 * k spans k (4 B steps, 64) then tid.y (256 B steps, 16):
; 256 x 16 = 4096 B unique (each A element read by the 16 threads of a
; row: reuse 15/16; a warp's two rows read two words 256 B apart). B:
; 4 * tid.x + 256 * k spans tid.x (4 B steps, 16) then k (256 B steps,
; 64): 64 x 64 = 4096 B.
; scale[ctaid.x] does not change in the loop (invariant in loop1) nor
; between threads: 4 unique bytes of 65536 requested.
; CHECK-LABEL: kernel tile on a100-pcie-40gb
; CHECK: line ? %a: global load 4 B, pattern strided, stride 0 B, row stride 256 B, {{.*}}; reuse: requested 65536 B/block, unique 4096 B/block,
; CHECK: line ? %b: global load 4 B, pattern unit, {{.*}}; reuse: requested 65536 B/block, unique 4096 B/block,
; CHECK: line ? %sc: global load 4 B, pattern broadcast, {{.*}}; reuse: invariant in loop1, requested 65536 B/block, unique 4 B/block, grid 4 * nctaid.x B
define ptx_kernel void @tile(ptr addrspace(1) %A, ptr addrspace(1) %B, ptr addrspace(1) %scale, ptr addrspace(1) %C) #1 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %r16 = shl nsw i32 %cy, 4
  %row = add nsw i32 %r16, %ty
  %c16 = shl nsw i32 %cx, 4
  %col = add nsw i32 %c16, %tx
  %rowoff = shl nsw i32 %row, 6
  %cxx = zext i32 %cx to i64
  %psc = getelementptr inbounds float, ptr addrspace(1) %scale, i64 %cxx
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %ai = add nsw i32 %rowoff, %k
  %aix = sext i32 %ai to i64
  %pa = getelementptr inbounds float, ptr addrspace(1) %A, i64 %aix
  %a = load float, ptr addrspace(1) %pa, align 4
  %kr = shl nsw i32 %k, 6
  %bi = add nsw i32 %kr, %col
  %bix = sext i32 %bi to i64
  %pb = getelementptr inbounds float, ptr addrspace(1) %B, i64 %bix
  %b = load float, ptr addrspace(1) %pb, align 4
  %sc = load float, ptr addrspace(1) %psc, align 4
  %m = fmul float %a, %b
  %m2 = fmul float %m, %sc
  %acc1 = fadd float %acc, %m2
  %k1 = add nuw nsw i32 %k, 1
  %done = icmp eq i32 %k1, 64
  br i1 %done, label %exit, label %loop

exit:
  %ci = add nsw i32 %rowoff, %col
  %cix = sext i32 %ci to i64
  %pcc = getelementptr inbounds float, ptr addrspace(1) %C, i64 %cix
  store float %acc1, ptr addrspace(1) %pcc, align 4
  ret void
}

attributes #0 = { "nvvm.reqntid"="256,1,1" }
attributes #1 = { "nvvm.reqntid"="16,16,1" }
