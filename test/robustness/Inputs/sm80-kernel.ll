; One sm_80 kernel with one counted loop, for the option tests of
; test/robustness: k = 0 .. 11 (the latch tests k + 1 < 12), trip = 12.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @twelve(ptr %a) #0 {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr i32, ptr %a, i32 %k
  store i32 0, ptr %p, align 4
  %k.next = add nsw i32 %k, 1
  %c = icmp slt i32 %k.next, 12
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
