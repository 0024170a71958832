; A loop runtime-unrolled by 2 with its remainder iteration peeled in front
; (what clang -O3 makes of "#pragma unroll for (i = tid.y; i < 17; ++i)"
; when the count depends on tid.y): the unrolled loop starts from a phi of
; tid.y (odd tid.y: no prologue) and tid.y + 1 (even tid.y: the prologue ran
; i = tid.y). Its count is taken for each first value, the largest counts.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; The unrolled loop tests i + 2 != 17 at its latch, i from a:
; the test succeeds floor((17 - (a + 2)) / 2) times and the body runs one
; more time, floor((17 - a) / 2) = 8 + floor((1 - a) / 2).
;   a = tid.y:     8 + floor((1 - tid.y) / 2) = 8 + ceildiv(-tid.y, 2)
;   a = tid.y + 1: 8 + floor(-tid.y / 2)      = 8 - tid.y / 2 (tid.y >= 0)
; (tid.y = 0: the prologue runs i = 0, the loop i = 1, 3, ..., 15: 8 times;
; tid.y = 1: no prologue, i = 1, ..., 15: 8 times; both formulas give 8.)
; CHECK-LABEL: kernel prologue
; CHECK:      loop1: trip = max(-tid.y / 2 + 8, ceildiv(-tid.y, 2) + 8){{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: the loop is entered with one of 2 first values (a runtime-unrolled loop's prologue); its count is the largest of theirs, max(-tid.y / 2 + 8, ceildiv(-tid.y, 2) + 8)
define ptx_kernel void @prologue(ptr addrspace(3) %sh) #0 {
entry:
  %ty = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %in = icmp ult i32 %ty, 17
  br i1 %in, label %pre, label %exit
pre:
  %odd = and i32 %ty, 1
  %even = icmp eq i32 %odd, 0
  br i1 %even, label %peel, label %join
peel:
  %p0 = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %ty
  store float 0.0, ptr addrspace(3) %p0, align 4
  %ty1 = or disjoint i32 %ty, 1
  br label %join
join:
  %start = phi i32 [ %ty, %pre ], [ %ty1, %peel ]
  %last = icmp eq i32 %ty, 16
  br i1 %last, label %exit, label %loop
loop:
  %i = phi i32 [ %start, %join ], [ %i.next, %loop ]
  %p1 = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %i
  store float 0.0, ptr addrspace(3) %p1, align 4
  %i1 = add nuw nsw i32 %i, 1
  %p2 = getelementptr inbounds float, ptr addrspace(3) %sh, i32 %i1
  store float 0.0, ptr addrspace(3) %p2, align 4
  %i.next = add nuw nsw i32 %i, 2
  %done = icmp eq i32 %i.next, 17
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

attributes #0 = { mustprogress "target-cpu"="sm_80" }
