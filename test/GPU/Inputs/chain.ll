; A kernel whose threads each run a loop of 1000 iterations of 4 dependent
; multiplications: no memory traffic but one store, so its time is its
; thread time (one warp) or its issue cycles (many warps). Used by the
; tests of this folder.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @chain(ptr addrspace(1) %out, float %x) #0 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = phi float [ %x, %entry ], [ %v.next, %loop ]
  %v1 = fmul float %v, %v
  %v2 = fmul float %v1, %v1
  %v3 = fmul float %v2, %v2
  %v.next = fmul float %v3, %v3
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 1000
  br i1 %c, label %loop, label %exit

exit:
  store float %v.next, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
