; Loops that several tests can end (lib/Thread/ExitTests.cpp): the loop stops
; at the first test that fails, so its count is the least of the counts each
; test gives alone (top-tested, except a test of the latch). Every test
; counted: the count. Some not countable: the least of the others, an upper
; bound, said in an Assumption and marked [not exact].
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; "for (int i = tid.x; i * 4 < n && i * 4 < chunk; i += ntid.x)" as clang -O0
; gives it (canonicalised): the header tests 4i < n; only when that holds a
; second block tests 4i < chunk; an i1 phi joins "false" from the header with
; the second test, and the joined block exits. Tests at the top, 4i = 4 tid.x
; + k * 4 ntid.x: the first holds for k < ceildiv(n - 4 tid.x, 4 ntid.x), the
; second for k < ceildiv(chunk - 4 tid.x, 4 ntid.x); the least of the two
; (printed with chunk's count first).
; n = 1000, chunk = 600, ntid.x = 256, tid.x = 5: 4i = 20, 1044: the second
; test fails at k = 1: min(ceildiv(980, 1024), ceildiv(580, 1024)) = 1.
; CHECK-LABEL: kernel and_unoptimised
; CHECK:      loop1: trip = min(max(0, ceildiv(chunk - 4 * tid.x, 4 * ntid.x)), max(0, ceildiv(n - 4 * tid.x, 4 * ntid.x))){{(, lat = .*)?$}}
; CHECK-NOT:  assumption
define ptx_kernel void @and_unoptimised(ptr %a, i32 %n, i32 %chunk) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %cond
cond:
  %i = phi i32 [ %t, %entry ], [ %i.next, %latch ]
  %i4 = shl nsw i32 %i, 2
  %first = icmp slt i32 %i4, %n
  br i1 %first, label %second, label %join
second:
  %in.chunk = icmp slt i32 %i4, %chunk
  br label %join
join:
  %go = phi i1 [ false, %cond ], [ %in.chunk, %second ]
  br i1 %go, label %body, label %exit
body:
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  br label %latch
latch:
  %i.next = add nsw i32 %i, %nt
  br label %cond
exit:
  ret void
}

; The same two tests in one condition, as a logical and (select) of a
; rotated loop's latch: bottom-tested, each test's count is 1 + the times it
; holds for the next value, max(1, ceildiv(B - 4 tid.x, 4 ntid.x)) for
; B = n and B = chunk; the least of the two. With the numbers above:
; min(max(1, 1), max(1, 1)) = 1. The guard is not one test, so the count
; stays per entry into the loop (at least 1).
; CHECK-LABEL: kernel and_rotated
; CHECK:      loop1: trip = min(max(1, ceildiv(chunk - 4 * tid.x, 4 * ntid.x)), max(1, ceildiv(n - 4 * tid.x, 4 * ntid.x))){{(, lat = .*)?$}}
; CHECK-NOT:  assumption
define ptx_kernel void @and_rotated(ptr %a, i32 %n, i32 %chunk) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nt = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %t4 = shl nsw i32 %t, 2
  %e1 = icmp slt i32 %t4, %n
  %e2 = icmp slt i32 %t4, %chunk
  %enter = and i1 %e1, %e2
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %t, %entry ], [ %i.next, %loop ]
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nsw i32 %i, %nt
  %n4 = shl nsw i32 %i.next, 2
  %c1 = icmp slt i32 %n4, %n
  %c2 = icmp slt i32 %n4, %chunk
  %go = select i1 %c1, i1 %c2, i1 false
  br i1 %go, label %loop, label %exit
exit:
  ret void
}

; "while (!(i >= n || i >= m))" written as an exit on an or, "i >= n || i >=
; m" true leaving: the loop goes on while i < n and i < m, i = 0, 1, ...:
; top-tested, min(max(0, n), max(0, m)) (n = 7, m = 3: 3).
; CHECK-LABEL: kernel or_exit
; CHECK:      loop1: trip = min(max(0, m), max(0, n)) [header runs trip + 1 times]{{(, lat = .*)?$}}
define ptx_kernel void @or_exit(ptr %a, i32 %n, i32 %m) #0 {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %x = icmp sge i32 %i, %n
  %y = icmp sge i32 %i, %m
  %out = or i1 %x, %y
  br i1 %out, label %exit, label %body
body:
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nsw i32 %i, 1
  br label %head
exit:
  ret void
}

; A search: "for (i = 0; i < n && a[i] != key; ++i)": the second test reads
; a value loaded in the loop and is not counted; the count of the first,
; max(0, n), is the count if the search never finds the key: an upper bound.
; CHECK-LABEL: kernel search
; CHECK:      loop1: trip = max(0, n) [not exact] [header runs trip + 1 times]{{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: the loop ends at the first of 2 tests to fail and 1 cannot be counted (its exit condition depends on a value loaded from memory in the loop); trip = max(0, n) counts the others, as if those never ended it: an upper bound
define ptx_kernel void @search(ptr %a, i32 %n, float %key, ptr %pos) #0 {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %in = icmp slt i32 %i, %n
  br i1 %in, label %look, label %exit
look:
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  %v = load float, ptr %p, align 4
  %found = fcmp oeq float %v, %key
  br i1 %found, label %exit, label %body
body:
  %i.next = add nsw i32 %i, 1
  br label %head
exit:
  %r = phi i32 [ %i, %head ], [ %i, %look ]
  store i32 %r, ptr %pos, align 4
  ret void
}

; Steps and first values of unknown sign. "for (j = j0; j < n; j += step)"
; with an int parameter step: a signed counter that goes on while j < n
; never ends unless step > 0, so the kernel's returning says step > 0 where
; the loop runs: max(0, ceildiv(n - j0, step)) at the top (n = 100, j0 = 3,
; step = 10: j = 3, 13, ..., 93: 10 = ceildiv(97, 10)), with the
; Assumption. A thread with step <= 0 cannot be in the loop of a kernel that
; returns; the step is clamped to max(1, step) so that the count stays
; defined for every thread a launch evaluates.
; CHECK-LABEL: kernel step_of_unknown_sign
; CHECK:      loop1: trip = max(0, ceildiv(n - j0, max(1, step))) [header runs trip + 1 times]{{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: the step of the counter, step, is assumed positive: the loop would not end otherwise
define ptx_kernel void @step_of_unknown_sign(ptr %a, i32 %j0, i32 %n, i32 %step) #0 {
entry:
  br label %head
head:
  %j = phi i32 [ %j0, %entry ], [ %j.next, %body ]
  %in = icmp slt i32 %j, %n
  br i1 %in, label %body, label %exit
body:
  %w = sext i32 %j to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %j.next = add nsw i32 %j, %step
  br label %head
exit:
  ret void
}

; "for (d = dim; d < 32; d *= 2)" with an int parameter dim: doubled from 0
; or below the counter never reaches 32, so dim >= 1 where the loop runs.
; Top-tested doubling (docs/model.md): T = log2(ceildiv(32, dim) - 1) + 1
; (dim = 4: d = 4, 8, 16: log2(7) + 1 = 3; dim = 1: log2(31) + 1 = 5).
; CHECK-LABEL: kernel doubling_from_parameter
; CHECK:      loop1: trip = log2(ceildiv(32, dim) - 1) + 1 [header runs trip + 1 times]{{(, lat = .*)?$}}
; CHECK-NEXT:   assumption: the doubled counter's first value is assumed to be at least 1: the loop would not end otherwise
define ptx_kernel void @doubling_from_parameter(ptr %a, i32 %dim) #0 {
entry:
  br label %head
head:
  %d = phi i32 [ %dim, %entry ], [ %d.next, %body ]
  %in = icmp slt i32 %d, 32
  br i1 %in, label %body, label %exit
body:
  %w = sext i32 %d to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %d.next = shl nsw i32 %d, 1
  br label %head
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

attributes #0 = { mustprogress "target-cpu"="sm_80" }
