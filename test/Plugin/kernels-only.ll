; Kernels are analysed, and the device functions they call (their loops run
; as part of the kernel); a device function no kernel calls gets nothing.
; Kernels are found by the ptx_kernel calling convention and by
; !nvvm.annotations.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -S %s | FileCheck %s --check-prefix=META

target triple = "nvptx64-nvidia-cuda"

; CHECK: KernelTime model of module '{{.*}}': 2 kernels and 1 device function they call
; CHECK-NOT: unused
; CHECK: kernel by_cc
; CHECK:   loop1: trip = 8
; CHECK: kernel by_annotation
; CHECK:   loop1: trip = 8
; CHECK: device function helper
; CHECK-NEXT: called by: by_cc
; CHECK:   loop1: trip = 8
; CHECK-NOT: unused

; META-LABEL: define void @unused
; META: br i1 %c, label %loop, label %exit{{$}}
define void @unused(ptr %out) #0 {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds float, ptr %out, i32 %k
  store float 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp ult i32 %k.next, 8
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; META-LABEL: define void @helper
; META: br i1 %c, label %loop, label %exit, !llvm.loop
define void @helper(ptr %out) #0 {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds float, ptr %out, i32 %k
  store float 0.0, ptr %p
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp ult i32 %k.next, 8
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define ptx_kernel void @by_cc(ptr %out) #0 {
  call void @helper(ptr %out)
  br label %loop
loop:
  %k = phi i32 [ 0, %0 ], [ %k.next, %loop ]
  %p = getelementptr inbounds float, ptr %out, i32 %k
  store float 1.0, ptr %p
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp ult i32 %k.next, 8
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

define void @by_annotation(ptr %out) #0 {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr inbounds float, ptr %out, i32 %k
  store float 2.0, ptr %p
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp ult i32 %k.next, 8
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @by_annotation, !"kernel", i32 1}
attributes #0 = { "target-cpu"="sm_80" }
