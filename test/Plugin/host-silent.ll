; The host side of a CUDA compile: not NVPTX, so the plugin does nothing, not
; even with a kernel-looking function and a bad GPU name.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=no-such-gpu \
; RUN:   -disable-output %s 2>&1 | count 0
; RUN: %opt_ktime -passes=kernel-time -pass-remarks-analysis=kernel-time \
; RUN:   -S %s 2>&1 | FileCheck %s --implicit-check-not='{{!"?ktime\.}}' \
; RUN:   --implicit-check-not='remark:'
; The patterns are KernelTime's metadata (!ktime.kernel, !"ktime.trip", ...)
; and remarks, not the word: the module's path, printed in the ModuleID and
; source_filename lines, may contain it.
; CHECK: define void @host_stub

target triple = "x86_64-pc-linux-gnu"

define void @host_stub(i32 %n) {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %k.next = add i32 %k, 1
  %c = icmp slt i32 %k.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
