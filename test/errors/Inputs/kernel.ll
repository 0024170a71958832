; A small kernel the error tests compile; its loop runs 8 times.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @eight(ptr %out) #0 {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds float, ptr %out, i32 %k
  store float 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp ult i32 %k.next, 8
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
