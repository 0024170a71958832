; Counters that wrap around their width: the count is the one of w-bit
; arithmetic (ScalarEvolution's), never a negative or zero count for a loop
; tested at the bottom; a counter that never meets its test gives the
; symbol. Before the fix these gave -1, 0, 0 and 3, all marked exact.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; i8 from 5 by 7 while != 4: the body's k-th run (k = 1, 2, ...) leaves
; 5 + 7k mod 256, which is 4 when 7k = 255 (mod 256); 7 * 183 = 1281 =
; 5 * 256 + 1, so k = 255 * 183 mod 256 = -183 mod 256 = 73.
; CHECK-LABEL: kernel ne_jumps_over
; CHECK:       loop1: trip = 73,
define ptx_kernel void @ne_jumps_over(ptr %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i8 [ 5, %entry ], [ %i.n, %loop ]
  store i8 %i, ptr %a
  %i.n = add i8 %i, 7
  %c = icmp ne i8 %i.n, 4
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; i8 from 0 by 3 while != 1: 3k = 1 (mod 256), 3 * 171 = 513 = 2 * 256 + 1,
; so k = 171.
; CHECK-LABEL: kernel ne_by_three
; CHECK:       loop1: trip = 171,
define ptx_kernel void @ne_by_three(ptr %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.n, %loop ]
  store i8 %i, ptr %a
  %i.n = add i8 %i, 3
  %c = icmp ne i8 %i.n, 1
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; i8 from 0 by 100 while u< 250, no nuw: 100k mod 256 runs 100, 200, 44,
; 144, 244, 88, 188, 32, 132, 232, 76, 176, 20, 120, 220, 64, 164, 8, 108,
; 208, 52, 152, and 252 at k = 23, the first not below 250.
; CHECK-LABEL: kernel ult_wraps
; CHECK:       loop1: trip = 23,
define ptx_kernel void @ult_wraps(ptr %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.n, %loop ]
  store i8 %i, ptr %a
  %i.n = add i8 %i, 100
  %c = icmp ult i8 %i.n, 250
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; i8 from 0 by 2 while != 1: every value is even, the loop never ends.
; CHECK-LABEL: kernel ne_never
; CHECK:       loop1: trip = trip.loop1 [not exact],
; CHECK:       assumption: trip count of the loop unknown
define ptx_kernel void @ne_never(ptr %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i8 [ 0, %entry ], [ %i.n, %loop ]
  store i8 %i, ptr %a
  %i.n = add i8 %i, 2
  %c = icmp ne i8 %i.n, 1
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Without wrapping nothing changes: i32 from 0 by 1 while s< 16 (nsw), 16.
; CHECK-LABEL: kernel plain
; CHECK:       loop1: trip = 16,
define ptx_kernel void @plain(ptr %a) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.n, %loop ]
  store i32 %i, ptr %a
  %i.n = add nsw i32 %i, 1
  %c = icmp slt i32 %i.n, 16
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
