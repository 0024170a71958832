; A loop whose bound is loaded from memory: its count is the symbol
; trip.loop1, which a launch spec may bind (test/errors/launch-specs.test).
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @chase(ptr addrspace(1) %p) #0 {
entry:
  %n = load i32, ptr addrspace(1) %p
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.n, %loop ]
  %v = load volatile i32, ptr addrspace(1) %p
  %i.n = add nsw i32 %i, 1
  %n2 = load volatile i32, ptr addrspace(1) %p
  %c = icmp slt i32 %i.n, %n2
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
