# Generates one optnone sm_80 kernel in clang's -O0 shape (the counter in an
# alloca) with N (-v N=...) sequential while loops; loop K tests i < K + 1
# before each iteration, i = 0 .. K: K + 1 iterations (no loop runs once:
# that crashes today, O0-single-iteration.cu). Used by huge-functions.test.
BEGIN {
  print "target triple = \"nvptx64-nvidia-cuda\""
  print "define ptx_kernel void @slow(ptr %a) #0 {"
  print "entry:"
  print "  %iv = alloca i32, align 4"
  print "  br label %P1"
  for (k = 1; k <= N; k++) {
    printf "P%d:\n  store i32 0, ptr %%iv, align 4\n  br label %%H%d\n", k, k
    printf "H%d:\n  %%v%d = load i32, ptr %%iv, align 4\n", k, k
    printf "  %%c%d = icmp slt i32 %%v%d, %d\n", k, k, k + 1
    printf "  br i1 %%c%d, label %%B%d, label %%P%d\n", k, k, k + 1
    printf "B%d:\n  %%x%d = sext i32 %%v%d to i64\n", k, k, k
    printf "  %%q%d = getelementptr float, ptr %%a, i64 %%x%d\n", k, k
    printf "  store float 0.0, ptr %%q%d, align 4\n", k
    printf "  %%n%d = add nsw i32 %%v%d, 1\n", k, k
    printf "  store i32 %%n%d, ptr %%iv, align 4\n", k
    printf "  br label %%H%d\n", k
  }
  printf "P%d:\n  ret void\n}\n", N + 1
  print "attributes #0 = { noinline optnone \"target-cpu\"=\"sm_80\" }"
}
