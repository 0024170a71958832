; A warp-uniform term in an address (docs/memory.md, "From the address to
; the lanes' offsets"): each warp sums a row, a[(gid / 32) * cols + c] for
; c = lane, lane + 32, ..., with gid = ctaid.x * ntid.x + tid.x and lane =
; tid.x % 32 (clang -O3 of a CUDA source, the loop rotated).
;
; Block shape unknown: the layout assumes ntid.x a multiple of 32, so lane l
; of warp w has tid.x = 32 w + l and ctaid.x * ntid.x = 32 ctaid.x k. Then
; gid / 32 = (32 (ctaid.x k + w) + l) / 32 = ctaid.x k + w for every l <
; 32: the same row for the whole warp, and the offset 4 (row * cols + l + 32
; iter) puts lane l 4 l bytes after lane 0: 32 consecutive floats, a unit
; stride, 4 sectors of one line (128 bytes in 4 sectors: factor 1). The
; row start, 4 row cols bytes, is not known modulo 128: assumed to start a
; line.
;
; Block of 48 threads ("nvvm.reqntid"="48"): the warps straddle rows and
; gid = 48 ctaid.x + l over the first warp's lanes; 48 ctaid.x is 16 mod 32
; for an odd ctaid.x, so lanes 16 to 31 are in the next row there: the
; quotient is not the same for every lane, and the model falls back to
; scattered lanes (factor 8), an upper bound on the two rows such a warp
; really reads.
;
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: kernel rowsum on a100-pcie-40gb
; CHECK: %v: global load 4 B, pattern unit, stride 4 B, lanes 32, sectors 4/4, lines 1/1, factor 1, transferred 4 B, uncoalesced 0 B;
; CHECK-SAME: assumed: the alignment of the warp's first address is not known
define ptx_kernel void @rowsum(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %cols) {
entry:
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %cx, %nx
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %gid = add i32 %b, %tx
  %lane = and i32 %tx, 31
  %any = icmp slt i32 %lane, %cols
  br i1 %any, label %pre, label %exit

pre:
  %row = sdiv i32 %gid, 32
  %rowoff = mul nsw i32 %cols, %row
  br label %loop

loop:
  %c = phi i32 [ %lane, %pre ], [ %c.next, %loop ]
  %s = phi float [ 0.0, %pre ], [ %s.next, %loop ]
  %i = add nsw i32 %c, %rowoff
  %i64 = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i64
  %v = load float, ptr addrspace(1) %p, align 4
  %s.next = fadd float %s, %v
  %c.next = add nuw nsw i32 %c, 32
  %more = icmp slt i32 %c.next, %cols
  br i1 %more, label %loop, label %exit

exit:
  %sum = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %g64 = sext i32 %gid to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %g64
  store float %sum, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: kernel rowsum48 on a100-pcie-40gb
; CHECK: %v: global load 4 B, pattern irregular, lanes 32, sectors 32/4,
define ptx_kernel void @rowsum48(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %cols) #0 {
entry:
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %cx, %nx
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %gid = add i32 %b, %tx
  %lane = and i32 %tx, 31
  %any = icmp slt i32 %lane, %cols
  br i1 %any, label %pre, label %exit

pre:
  %row = sdiv i32 %gid, 32
  %rowoff = mul nsw i32 %cols, %row
  br label %loop

loop:
  %c = phi i32 [ %lane, %pre ], [ %c.next, %loop ]
  %s = phi float [ 0.0, %pre ], [ %s.next, %loop ]
  %i = add nsw i32 %c, %rowoff
  %i64 = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i64
  %v = load float, ptr addrspace(1) %p, align 4
  %s.next = fadd float %s, %v
  %c.next = add nuw nsw i32 %c, 32
  %more = icmp slt i32 %c.next, %cols
  br i1 %more, label %loop, label %exit

exit:
  %sum = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %g64 = sext i32 %gid to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %g64
  store float %sum, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "nvvm.reqntid"="48" }
