; A barrier that cuts each iteration of its loop (@in_loop), and barriers
; that do not cut a kernel (lib/Thread/BarrierFragments.cpp): one in an
; irreducible cycle that LoopInfo does not see as a loop (@in_cycle:
; entered at %a or at %c), one on one side of a branch (@in_branch), one
; in a loop whose iterations may skip it (@skipped_in_loop, a continue
; before it). Used by barrier-fragments.ll.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @in_loop(ptr addrspace(1) %out, float %x) #0 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = phi float [ %x, %entry ], [ %v.next, %loop ]
  %v.next = fmul float %v, %v
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 100
  br i1 %c, label %loop, label %exit

exit:
  store float %v.next, ptr addrspace(1) %out, align 4
  ret void
}

define ptx_kernel void @in_cycle(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  %c0 = icmp sgt i32 %n, 3
  br i1 %c0, label %a, label %c

a:
  %i = phi i32 [ 0, %entry ], [ %i.c, %c ]
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.n = add i32 %i, 1
  %c1 = icmp slt i32 %i.n, %n
  br i1 %c1, label %c, label %exit

c:
  %j = phi i32 [ 0, %entry ], [ %i.n, %a ]
  %w = fmul float %x, %x
  store float %w, ptr addrspace(1) %out, align 4
  %i.c = add i32 %j, 1
  br label %a

exit:
  ret void
}

define ptx_kernel void @in_branch(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  %c0 = icmp sgt i32 %n, 3
  br i1 %c0, label %sync, label %exit

sync:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  store float %x, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @skipped_in_loop(ptr addrspace(1) %out, float %x, i32 %n) #0 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %odd = and i32 %i, 1
  %skip = icmp ne i32 %odd, 0
  br i1 %skip, label %latch, label %sync

sync:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %latch

latch:
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  store float %x, ptr addrspace(1) %out, align 4
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" }
