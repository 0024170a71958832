; Robustness: a loop with two latches (two `continue` paths back to the
; header, as IR looks before loop-simplify), on hand-written IR. No crash;
; the count i = 0 .. 9, 10 iterations, is exact once the latches are merged
; (loop-simplify, which every clang pipeline runs); without that,
; ScalarEvolution computes nothing and KernelTime says so in an Assumption
; remark, with the trip.loop1 symbol, never a number. (The reason it gives,
; "not an affine function of the induction variable", is misleading: the
; real one is that the loop has two latches.)
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s \
; RUN:   | FileCheck %s --check-prefix=RAW
; RUN: %opt_ktime -passes='function(loop-simplify),print<kernel-time>' -disable-output %s \
; RUN:   | FileCheck %s --check-prefix=SIMPLE
; RUN: %opt_ktime -passes=kernel-time -S %s -o %t.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %s -o %t.plain.ptx
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 %t.ll -o %t.ktime.ptx
; RUN: diff %t.plain.ptx %t.ktime.ptx
;
; RAW: loop1: trip = trip.loop1 [not exact]{{(, lat = .*)?$}}
; RAW-NEXT: assumption: trip count of the loop unknown because
; i = 0 .. 9 (the header tests i < 10 before each iteration): 10.
; SIMPLE: loop1: trip = 10 [header runs trip + 1 times]

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @twolatch(ptr %a) #0 {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %inext, %latch1 ], [ %inext, %latch2 ]
  %c = icmp slt i32 %i, 10
  br i1 %c, label %body, label %exit
body:
  %p = getelementptr inbounds i32, ptr %a, i32 %i
  %v = load i32, ptr %p, align 4
  %inext = add nsw i32 %i, 1
  %pos = icmp sgt i32 %v, 0
  br i1 %pos, label %latch1, label %latch2
latch1:
  br label %header
latch2:
  store i32 1, ptr %p, align 4
  br label %header
exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
