; Counts from values a comparison chooses (lib/Expr/ChosenValues.cpp): for
; integers [a < b] = max(0, min(1, b - a)) and select(c, x, y) =
; y + (x - y) * [c], each thread's own value, so a count from it is exact per
; thread and weighted by the lanes on each side at a launch.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; "int k = threadIdx.x ? threadIdx.x : blockDim.x; for (i = k; i < n; i +=
; blockDim.x)" as clang -O3 writes the start: select(tid.x == 0, ntid.x,
; tid.x) = tid.x + (ntid.x - tid.x) * [tid.x == 0], [tid.x == 0] =
; 1 - min(1, tid.x) (tid.x >= 0): k = ntid.x - (ntid.x - tid.x) * min(1,
; tid.x). Top-tested: max(0, ceildiv(n - k, ntid.x)). n = 1000, ntid.x =
; 256: thread 0 starts at 256: ceildiv(744, 256) = 3 (256, 512, 768);
; thread 5 starts at 5: ceildiv(995, 256) = 4.
; CHECK-LABEL: kernel chosen_start
; CHECK:      loop1: trip = max(0, ceildiv(ntid.x * min(1, tid.x) - tid.x * min(1, tid.x) + n - ntid.x, ntid.x)) [header runs trip + 1 times]{{(, lat = .*)?$}}
; CHECK-NOT:    assumption
define ptx_kernel void @chosen_start(ptr %a, i32 %n) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %zero = icmp eq i32 %t, 0
  %k = select i1 %zero, i32 %nt, i32 %t
  br label %head
head:
  %i = phi i32 [ %k, %entry ], [ %i.next, %body ]
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %exit
body:
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nsw i32 %i, %nt
  br label %head
exit:
  ret void
}

; The same start as clang -O0 leaves it: a phi joining the two sides of the
; branch on tid.x != 0 (then k = tid.x, else k = ntid.x): the same value,
; [tid.x != 0] = min(1, tid.x), so the same count.
; CHECK-LABEL: kernel chosen_start_branch
; CHECK:      loop1: trip = max(0, ceildiv(ntid.x * min(1, tid.x) - tid.x * min(1, tid.x) + n - ntid.x, ntid.x)) [header runs trip + 1 times]{{(, lat = .*)?$}}
; CHECK-NOT:    assumption
define ptx_kernel void @chosen_start_branch(ptr %a, i32 %n) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nonzero = icmp ne i32 %t, 0
  br i1 %nonzero, label %then, label %else
then:
  br label %join
else:
  br label %join
join:
  %k = phi i32 [ %t, %then ], [ %nt, %else ]
  br label %head
head:
  %i = phi i32 [ %k, %join ], [ %i.next, %body ]
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %exit
body:
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nsw i32 %i, %nt
  br label %head
exit:
  ret void
}

; n items over ntid.x threads, the first n mod ntid.x threads taking one
; more: "for (j = 0; j < n / T + (tid.x < n % T); ++j)" with T = ntid.x, n
; unsigned (n / T, n % T floor division and remainder): the bound is
; n / T + [tid.x < n - T * (n / T)] = n / T + max(0, min(1, n - T * (n / T)
; - tid.x)). n = 1000, T = 256: n / T = 3, n % T = 232: threads 0-231 run 4,
; threads 232-255 run 3 (232 * 4 + 24 * 3 = 1000 items).
; CHECK-LABEL: kernel share_of_items
; The unsigned n is read as a number >= 0, which the Assumptions say.
; CHECK:      loop1: trip = max(0, n / ntid.x + max(0, min(1, n - ntid.x * (n / ntid.x) - tid.x))) [header runs trip + 1 times]{{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: unsigned division of n assumed non-negative
; CHECK-NEXT:   assumption: unsigned comparison of n - ntid.x * (n / ntid.x) assumed non-negative
define ptx_kernel void @share_of_items(ptr %a, i32 %n) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %q = udiv i32 %n, %nt
  %r = urem i32 %n, %nt
  %more = icmp ult i32 %t, %r
  %one = zext i1 %more to i32
  %count = add i32 %q, %one
  br label %head
head:
  %j = phi i32 [ 0, %entry ], [ %j.next, %body ]
  %in = icmp ult i32 %j, %count
  br i1 %in, label %body, label %exit
body:
  %w = zext i32 %j to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %j.next = add nuw i32 %j, 1
  br label %head
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

attributes #0 = { mustprogress "target-cpu"="sm_80" }
