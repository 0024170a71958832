# Generates one optnone sm_80 kernel in clang's -O0 shape with a D-deep
# (-v D=...) loop nest; every level runs i = 0 .. 2 (tests i < 3 before
# each iteration): 3 iterations per entry. The innermost body stores to
# a[i_D], which no transformation may hoist out (a loop-invariant body is
# O0-clone-trips.cu). Used by huge-functions.test.
BEGIN {
  print "target triple = \"nvptx64-nvidia-cuda\""
  print "define ptx_kernel void @nest(ptr %a) #0 {"
  print "entry:"
  for (k = 1; k <= D; k++)
    printf "  %%iv%d = alloca i32, align 4\n", k
  print "  store i32 0, ptr %iv1, align 4"
  print "  br label %H1"
  for (k = 1; k <= D; k++) {
    printf "H%d:\n  %%v%d = load i32, ptr %%iv%d, align 4\n", k, k, k
    printf "  %%c%d = icmp slt i32 %%v%d, 3\n", k, k
    if (k < D) {
      printf "  br i1 %%c%d, label %%E%d, label %%X%d\n", k, k, k
      printf "E%d:\n  store i32 0, ptr %%iv%d, align 4\n  br label %%H%d\n", k, k + 1, k + 1
    } else {
      printf "  br i1 %%c%d, label %%BODY, label %%X%d\n", k, k
    }
  }
  print "BODY:"
  printf "  %%x = load i32, ptr %%iv%d, align 4\n", D
  print "  %x64 = sext i32 %x to i64"
  print "  %q = getelementptr float, ptr %a, i64 %x64"
  print "  store float 0.0, ptr %q, align 4"
  printf "  br label %%I%d\n", D
  for (k = D; k >= 1; k--) {
    printf "I%d:\n  %%w%d = load i32, ptr %%iv%d, align 4\n", k, k, k
    printf "  %%n%d = add nsw i32 %%w%d, 1\n", k, k
    printf "  store i32 %%n%d, ptr %%iv%d, align 4\n  br label %%H%d\n", k, k, k
    if (k > 1)
      printf "X%d:\n  br label %%I%d\n", k, k - 1
    else
      printf "X%d:\n  ret void\n", k
  }
  print "}"
  print "attributes #0 = { noinline optnone \"target-cpu\"=\"sm_80\" }"
}
