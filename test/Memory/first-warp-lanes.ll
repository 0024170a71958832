; The lanes of an access behind a branch whose lanes are known in the
; block's first warp only (docs/memory.md, "Of an access"): `tid.x < 16`
; depends on the warp (its lane 0's tid.x), but in the first warp, ids 0 to
; 31, it is lanes 0-15. The counts of an access are those of the first
; warp, so an access under it (and in the blocks it dominates, a loop's
; body included) is counted for those lanes. a100-pcie-40gb: 32 banks of 4
; bytes, bank = word % 32.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@col = internal addrspace(3) global [16 x [16 x float]] undef, align 4
@wide = internal addrspace(3) global [64 x [16 x float]] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: kernel halves on a100-pcie-40gb
define ptx_kernel void @halves(ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %t, 16
  %t64 = zext i32 %t to i64
  br i1 %low, label %pre, label %high
pre:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done
loop:
  ; col[t][j] inside a loop under t < 16: lanes 0-15 of the first warp,
  ; words 16 l + j, banks 0 (even lanes) and 16 (odd lanes), 8 distinct
  ; words each: 8-way, 8 wavefronts (16-way if all 32 lanes were counted).
  ; CHECK: line ? %v: shared load 4 B, pattern strided, stride 64 B, lanes 16, bank conflicts 8-way (8 wavefronts);
  %j = phi i32 [ 0, %pre ], [ %j.next, %loop ]
  %s = phi float [ 0.0, %pre ], [ %s.next, %loop ]
  %j64 = zext i32 %j to i64
  %p = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @col, i64 0, i64 %t64, i64 %j64
  %v = load float, ptr addrspace(3) %p, align 4
  %s.next = fadd float %s, %v
  %j.next = add nuw nsw i32 %j, 1
  %end = icmp eq i32 %j.next, %n
  br i1 %end, label %done, label %loop
high:
  ; col[t - 16][0] on the other side: lanes 16-31, words 16 (l - 16): the
  ; same two banks, 8-way.
  ; CHECK: line ? store to %qh{{[0-9]*}}: shared store 4 B, pattern strided, stride 64 B, lanes 16, bank conflicts 8-way (8 wavefronts);
  %r = add i64 %t64, -16
  %qh = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @col, i64 0, i64 %r, i64 0
  store float 1.0, ptr addrspace(3) %qh, align 4
  br label %done
done:
  %res = phi float [ 0.0, %pre ], [ %s.next, %loop ], [ 0.0, %high ]
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %res, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: kernel second on a100-pcie-40gb
define ptx_kernel void @second(ptr addrspace(1) %out) #1 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %up = icmp uge i32 %t, 32
  %t64 = zext i32 %t to i64
  br i1 %up, label %then, label %done
then:
  ; t >= 32 in a block of 64: no lane of the first warp takes it, the
  ; second warp's lanes are not known here: every lane is counted, words
  ; 16 l over the same two banks, 16 each: 16-way.
  ; CHECK: line ? store to %qs: shared store 4 B, pattern strided, stride 64 B, lanes 32, bank conflicts 16-way (16 wavefronts);
  %qs = getelementptr inbounds [64 x [16 x float]], ptr addrspace(3) @wide, i64 0, i64 %t64, i64 0
  store float 1.0, ptr addrspace(3) %qs, align 4
  br label %done
done:
  ret void
}

attributes #0 = { "nvvm.reqntid"="32,1,1" }
attributes #1 = { "nvvm.reqntid"="64,1,1" }
