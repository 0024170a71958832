# Generates one sm_80 kernel with N (-v N=...) sequential counted loops; loop
# K is a do-while over i = 0 .. K - 1 (the latch tests i + 1 < K), so it
# runs K times. Used by huge-functions.test.
BEGIN {
  print "target triple = \"nvptx64-nvidia-cuda\""
  print "define ptx_kernel void @many(ptr %a) #0 {"
  print "X0:"
  print "  br label %L1"
  for (k = 1; k <= N; k++) {
    printf "L%d:\n  %%i%d = phi i32 [ 0, %%X%d ], [ %%n%d, %%L%d ]\n", k, k, k - 1, k, k
    printf "  %%x%d = sext i32 %%i%d to i64\n", k, k
    printf "  %%q%d = getelementptr float, ptr %%a, i64 %%x%d\n", k, k
    printf "  store float 0.0, ptr %%q%d, align 4\n", k
    printf "  %%n%d = add nsw i32 %%i%d, 1\n", k, k
    printf "  %%c%d = icmp slt i32 %%n%d, %d\n", k, k, k
    printf "  br i1 %%c%d, label %%L%d, label %%X%d\n", k, k, k
    printf "X%d:\n  br label %%L%d\n", k, k + 1
  }
  printf "L%d:\n  ret void\n}\n", N + 1
  print "attributes #0 = { \"target-cpu\"=\"sm_80\" }"
}
