; The row bound (docs/memory.md, "Reuse"): an address that adds a value
; computed in its loop, differing between rows (dedispersion's
; in[c * 1024 + tid.x + shift], shift = (unsigned)(tid.y * shifts[c])),
; has no affine footprint: unique per block = requested (no reuse assumed).
; For the grid, the value is assumed to keep the address inside its row of
; the loop (the row stride, the coefficient of iter.loop1, is 1024 B): shift
; becomes a box variable over [0, 1024 / 1), an upper bound with an
; Assumption.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s
;
; Block 32 x 4 (reqntid), 16 iterations, 1-byte loads:
;   requested per block = 1 B x 128 threads x 16 = 2048 B, unique the same
;   grid: offset 1024 * iter.loop1 + tid.x + shift, box tid.x in [0, 32),
;   shift in [0, 1024), iter.loop1 in [0, 16). tid.x and shift have the
;   same coefficient: 32 + 1024 - 1 = 1055 values; 16 copies 1024 apart:
;   min(1055 x 16, 1055 + 1024 x 15) = min(16880, 16415) = 16415 B, and at
;   most what the blocks request: min(16415, 2048 * nctaid.x * nctaid.y *
;   nctaid.z)
; CHECK-LABEL: kernel dedisp on a100-pcie-40gb
; CHECK: line ? %v: global load (read-only) 1 B, {{.*}}; reuse: requested 2048 B/block, unique 2048 B/block, grid min(16415, 2048 * nctaid.x * nctaid.y * nctaid.z) B (upper bounds); {{.*}}; the value the address adds in its loop is assumed to keep it inside its row of that loop (grid footprint an upper bound)
;
; A per-row value outside any loop has no row to stay in: no bound, the
; grid footprint is what the blocks request (1 B x 128 threads).
; CHECK-LABEL: kernel rows_no_loop on a100-pcie-40gb
; CHECK: line ? %w: global load (read-only) 1 B, {{.*}}; reuse: requested 128 B/block, unique 128 B/block, grid 128 * nctaid.x * nctaid.y * nctaid.z B (upper bounds)
; CHECK-NOT: inside its row
; CHECK: store to

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

define ptx_kernel void @dedisp(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias readonly %shifts, ptr addrspace(1) %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %dmf = uitofp i32 %ty to float
  br label %loop

loop:
  %c = phi i32 [ 0, %entry ], [ %c.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %c64 = zext i32 %c to i64
  %sp = getelementptr inbounds float, ptr addrspace(1) %shifts, i64 %c64
  %s = load float, ptr addrspace(1) %sp, align 4
  %m = fmul float %dmf, %s
  %shift = fptoui float %m to i32
  %row = shl i32 %c, 10
  %x = add i32 %row, %tx
  %i = add i32 %x, %shift
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i64
  %v = load i8, ptr addrspace(1) %p, align 1
  %vf = uitofp i8 %v to float
  %sum.next = fadd float %sum, %vf
  %c.next = add nuw nsw i32 %c, 1
  %done = icmp eq i32 %c.next, 16
  br i1 %done, label %exit, label %loop

exit:
  %o = mul i32 %ty, 32
  %oi = add i32 %o, %tx
  %o64 = zext i32 %oi to i64
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i64 %o64
  store float %sum.next, ptr addrspace(1) %op, align 4
  ret void
}

define ptx_kernel void @rows_no_loop(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias readonly %shifts, ptr addrspace(1) %out) #0 {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %dmf = uitofp i32 %ty to float
  %s = load float, ptr addrspace(1) %shifts, align 4
  %m = fmul float %dmf, %s
  %shift = fptoui float %m to i32
  %i = add i32 %tx, %shift
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %i64
  %w = load i8, ptr addrspace(1) %p, align 1
  %wf = uitofp i8 %w to float
  %o = mul i32 %ty, 32
  %oi = add i32 %o, %tx
  %o64 = zext i32 %oi to i64
  %op = getelementptr inbounds float, ptr addrspace(1) %out, i64 %o64
  store float %wf, ptr addrspace(1) %op, align 4
  ret void
}

attributes #0 = { "nvvm.reqntid"="32,4,1" }
