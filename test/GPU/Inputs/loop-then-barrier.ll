; A loop a guard may skip, with a barrier in each iteration, then a barrier
; outside it and a store (lib/Thread/BarrierFragments.cpp): what follows
; the loop comes after the loop's cut although the guard, not the loop,
; dominates it. Used by barrier-fragments.ll.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @loop_then_barrier(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %after

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = phi float [ %x, %entry ], [ %v.next, %loop ]
  %v.next = fmul float %v, %v
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %after

after:
  %r = phi float [ %x, %entry ], [ %v.next, %loop ]
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  store float %r, ptr addrspace(1) %out, align 4
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" }
