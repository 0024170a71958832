# Generates one sm_80 kernel of N (-v N=...) dependent fadds in one block,
# followed by one loop of 7 iterations (i = 0 .. 6, the latch tests
# i + 1 < 7). Used by huge-functions.test.
BEGIN {
  print "target triple = \"nvptx64-nvidia-cuda\""
  print "define ptx_kernel void @straight(ptr %a, float %x0) #0 {"
  print "entry:"
  for (k = 1; k <= N; k++)
    printf "  %%x%d = fadd float %%x%d, 1.0\n", k, k - 1
  printf "  store float %%x%d, ptr %%a, align 4\n", N
  print "  br label %loop"
  print "loop:"
  print "  %i = phi i32 [ 0, %entry ], [ %n, %loop ]"
  print "  %q = getelementptr float, ptr %a, i32 %i"
  print "  store float 0.0, ptr %q, align 4"
  print "  %n = add nsw i32 %i, 1"
  print "  %c = icmp slt i32 %n, 7"
  print "  br i1 %c, label %loop, label %exit"
  print "exit:"
  print "  ret void"
  print "}"
  print "attributes #0 = { \"target-cpu\"=\"sm_80\" }"
}
