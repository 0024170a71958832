; A kernel that stores one value: almost no work, so its launch overhead
; dominates. Used by launch-bound.ll.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @tiny(ptr addrspace(1) %out) #0 {
entry:
  store float 1.0, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
