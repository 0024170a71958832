; Robustness: how kernels are found, with odd modules. Kernels are
; ptx_kernel functions or "kernel" entries of !nvvm.annotations (the old
; marker; LLVM 22's IR reader turns them into ptx_kernel); declarations
; are never analysed; malformed annotation entries (null, a global
; variable, wrong order) are skipped, not crashed on (an empty entry !{}
; crashes LLVM's own reader, llvm::UpgradeNVVMAnnotations, before any pass
; runs: not a KernelTime bug, so it is not in this file);
; a kernel marked both ways is analysed once; a kernel without a
; "target-cpu" gets a NoTarget warning remark and its loops are still
; counted; "sm_80a"/"sm_100f" are sm_80/sm_100; a 32-bit nvptx module works.
; Trip counts: every loop is a do-while over k = 0 .. N - 1 (the latch tests
; k + 1 < N), N iterations, N written in the loop's name.
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: sed -e 's/nvptx64-nvidia-cuda/nvptx-nvidia-cuda/' %s > %t.32.ll
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.32.ll | FileCheck %s

; CHECK: KernelTime model of module '{{.*}}': 5 kernels
; CHECK-NEXT: kernel old_style
; CHECK-NEXT:   gpu: a100-pcie-40gb
; CHECK:   loops: 1
; CHECK-NEXT:     loop1: trip = 10{{(, lat = .*)?$}}
; CHECK-NEXT: kernel both_ways
; CHECK-NEXT:   gpu: a100-pcie-40gb
; CHECK:   loops: 1
; CHECK-NEXT:     loop1: trip = 7{{(, lat = .*)?$}}
; CHECK-NEXT: kernel no_cpu
; CHECK-NEXT:   gpu: none
; CHECK:   loops: 1
; CHECK-NEXT:     loop1: trip = 5{{(, lat = .*)?$}}
; CHECK-NEXT: kernel arch_specific
; CHECK-NEXT:   gpu: a100-pcie-40gb
; CHECK:   loops: 0
; CHECK-NEXT: kernel family_specific
; CHECK-NEXT:   gpu: none
; CHECK:   loops: 0
; CHECK-NOT: kernel

; REMARK: remark: <unknown>:0:0: loop loop{{[0-9]+}}: trip = 10{{(, lat = .*)?$}}
; REMARK: remark: <unknown>:0:0: loop loop{{[0-9]+}}: trip = 7{{(, lat = .*)?$}}
; REMARK: remark: <unknown>:0:0: warning: no GPU target for this kernel: the kernel names no sm_XX (no "target-cpu" attribute); no prediction (name a GPU with -ktime-gpu=NAME)
; REMARK: remark: <unknown>:0:0: loop loop{{[0-9]+}}: trip = 5{{(, lat = .*)?$}}
; REMARK: remark: <unknown>:0:0: warning: no GPU target for sm_100f: no target file in {{.*}} is the default for sm_100f
; REMARK-NOT: remark: <unknown>:0:0: {{loop|warning}}

target triple = "nvptx64-nvidia-cuda"

@g = global i32 0

; Only in !nvvm.annotations. loop10: 10 iterations.
define void @old_style(ptr %a) #0 {
entry:
  br label %loop10
loop10:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop10 ]
  %p = getelementptr i32, ptr %a, i32 %k
  store i32 0, ptr %p, align 4
  %k.next = add nsw i32 %k, 1
  %c = icmp slt i32 %k.next, 10
  br i1 %c, label %loop10, label %exit
exit:
  ret void
}

; ptx_kernel and annotated. loop7: 7 iterations.
define ptx_kernel void @both_ways(ptr %a) #0 {
entry:
  br label %loop7
loop7:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop7 ]
  %p = getelementptr i32, ptr %a, i32 %k
  store i32 0, ptr %p, align 4
  %k.next = add nsw i32 %k, 1
  %c = icmp slt i32 %k.next, 7
  br i1 %c, label %loop7, label %exit
exit:
  ret void
}

; No "target-cpu": no GPU, loops still counted. loop5: 5 iterations.
define ptx_kernel void @no_cpu(ptr %a) {
entry:
  br label %loop5
loop5:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop5 ]
  %p = getelementptr i32, ptr %a, i32 %k
  store i32 0, ptr %p, align 4
  %k.next = add nsw i32 %k, 1
  %c = icmp slt i32 %k.next, 5
  br i1 %c, label %loop5, label %exit
exit:
  ret void
}

; sm_80a runs on the sm_80 default; sm_100f has no target file (yet).
define ptx_kernel void @arch_specific(ptr %a) #1 {
  ret void
}
define ptx_kernel void @family_specific(ptr %a) #2 {
  ret void
}

; Not kernels: a plain device function, declarations marked both ways.
define void @device_fn(ptr %a) #0 {
  ret void
}
declare ptx_kernel void @declared_kernel(ptr)
declare void @declared_annotated(ptr)

attributes #0 = { "target-cpu"="sm_80" }
attributes #1 = { "target-cpu"="sm_80a" }
attributes #2 = { "target-cpu"="sm_100f" }

!nvvm.annotations = !{!0, !1, !2, !3, !4, !6, !7, !8}
!0 = !{ptr @old_style, !"kernel", i32 1}
!1 = !{ptr @both_ways, !"kernel", i32 1}
!2 = !{ptr @declared_annotated, !"kernel", i32 1}
!3 = !{ptr @g, !"kernel", i32 1}
!4 = !{null, !"kernel", i32 1}
!6 = !{!"kernel"}
!7 = !{ptr @device_fn, !"maxntidx", i32 256}
!8 = !{ptr @device_fn, i32 1, !"kernel"}
