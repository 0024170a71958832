; Counters compared as floating-point numbers (lib/Thread/FloatTripCount.cpp):
; the loop's one exit compares sitofp/uitofp of an affine counter with a
; constant float, or with lg2.approx of a power of two (what clang leaves of
; `__log2f(16)`), and the counter's start and step are constants. The count
; comes from stepping the counter and comparing each value as the GPU does.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; Rodinia backprop's `for (i = 1; i <= __log2f(16); i++)` as clang -O3
; rotates it: the latch tests lg2(16) < (float)(i + 1) to leave. lg2.approx
; of 16 = 2^4 is taken as 4: the values tested after each iteration are 2, 3,
; 4 (4 < 2, 3, 4 false: go on) and 5 (4 < 5: leave), so the body runs 4 times.
; CHECK-LABEL: kernel tree
; CHECK:       loop1: trip = 4{{$}}
; CHECK:       assumption: the approximate log2 of 16 (lg2.approx, __log2f) is taken as its exact value 4 in the loop's exit test; the CUDA C++ Programming Guide bounds __log2f's error (2 ulps outside [0.5, 2]), and a result just on the other side of 4 would change the count by one
define ptx_kernel void @tree(ptr %a) #0 {
entry:
  %lg = call float @llvm.nvvm.lg2.approx.f(float 1.600000e+01)
  %skip = fcmp ult float %lg, 1.000000e+00
  br i1 %skip, label %exit, label %body
body:
  %i = phi i32 [ 1, %entry ], [ %i.next, %body ]
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nuw nsw i32 %i, 1
  %f = uitofp nneg i32 %i.next to float
  %done = fcmp ult float %lg, %f
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; Tested in the header against a constant: `for (int i = 0; (float)i <
; 10.5f; i += 3)`: 0, 3, 6 and 9 are below 10.5, 12 is not: 4 iterations,
; nothing assumed.
; CHECK-LABEL: kernel below_constant
; CHECK:       loop1: trip = 4 [header runs trip + 1 times]
; CHECK-NOT:   assumption
define ptx_kernel void @below_constant(ptr %a) #0 {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %f = sitofp i32 %i to float
  %in = fcmp olt float %f, 1.050000e+01
  br i1 %in, label %body, label %exit
body:
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nsw i32 %i, 3
  br label %head
exit:
  ret void
}

; Counting down in double: `i = 10; do { ...; i -= 2; } while ((double)i >
; 0.5)`: after the iterations at 10, 8, 6, 4 and 2 the latch tests 8, 6, 4,
; 2 (go on) and 0 (leave): 5 iterations.
; CHECK-LABEL: kernel down_double
; CHECK:       loop1: trip = 5{{$}}
define ptx_kernel void @down_double(ptr %a) #0 {
entry:
  br label %body
body:
  %i = phi i32 [ 10, %entry ], [ %i.next, %body ]
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nsw i32 %i, -2
  %d = sitofp i32 %i.next to double
  %more = fcmp ogt double %d, 5.000000e-01
  br i1 %more, label %body, label %exit
exit:
  ret void
}

; Not counted: lg2.approx of 10, not a power of two (its approximation is
; not known exactly), and a bound the kernel is given.
; CHECK-LABEL: kernel not_power_of_two
; CHECK:       loop1: trip = trip.loop1 [not exact]
; CHECK-NEXT:  assumption: trip count of the loop unknown because its exit condition compares floating-point values (counted only for an integer counter of constant start and step against a constant bound, up to 2^16 iterations); it is the symbol trip.loop1
; CHECK-LABEL: kernel parameter_bound
; CHECK:       loop1: trip = trip.loop1 [not exact]
; CHECK-NEXT:  assumption: trip count of the loop unknown because its exit condition compares floating-point values
define ptx_kernel void @not_power_of_two(ptr %a) #0 {
entry:
  %lg = call float @llvm.nvvm.lg2.approx.f(float 1.000000e+01)
  br label %body
body:
  %i = phi i32 [ 1, %entry ], [ %i.next, %body ]
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nuw nsw i32 %i, 1
  %f = uitofp nneg i32 %i.next to float
  %done = fcmp ult float %lg, %f
  br i1 %done, label %exit, label %body
exit:
  ret void
}

define ptx_kernel void @parameter_bound(ptr %a, float %x) #0 {
entry:
  br label %body
body:
  %i = phi i32 [ 1, %entry ], [ %i.next, %body ]
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nuw nsw i32 %i, 1
  %f = uitofp nneg i32 %i.next to float
  %done = fcmp ult float %x, %f
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; The limit, 2^16 = 65536 iterations: `for (i = 0; (float)i < 65536.0f;
; i++)` is counted, `< 65537.0f` (65537 iterations) is not.
; CHECK-LABEL: kernel at_limit
; CHECK:       loop1: trip = 65536 [header runs trip + 1 times]
; CHECK-LABEL: kernel past_limit
; CHECK:       loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @at_limit(ptr %a) #0 {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %f = sitofp i32 %i to float
  %in = fcmp olt float %f, 6.553600e+04
  br i1 %in, label %body, label %exit
body:
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nsw i32 %i, 1
  br label %head
exit:
  ret void
}

define ptx_kernel void @past_limit(ptr %a) #0 {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %f = sitofp i32 %i to float
  %in = fcmp olt float %f, 6.553700e+04
  br i1 %in, label %body, label %exit
body:
  %w = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %a, i64 %w
  store float 1.0, ptr %p, align 4
  %i.next = add nsw i32 %i, 1
  br label %head
exit:
  ret void
}

declare float @llvm.nvvm.lg2.approx.f(float)

attributes #0 = { "nvvm.reqntid"="256,1,1" }
