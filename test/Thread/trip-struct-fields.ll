; A load of a scalar field of a kernel's by-value struct parameter is a
; symbol (docs/usage.md, "Names a launch can bind"): the parameter's name
; (argI without one) and the field's path in the IR struct type, .fieldJ
; per struct and [K] per array element, found from the load's constant
; offset through the DataLayout's struct layout. Only a load that covers
; exactly one integer or floating-point field that the kernel does not
; write (it only reads the parameter, or writes it with stores at constant
; offsets elsewhere) is named; any other leaves the count unknown.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; P = { i32 @0, float @4, In @8 }, In = { i32 @8, [2 x i32] @12 }.
%struct.In = type { i32, [2 x i32] }
%struct.P = type { i32, float, %struct.In }
%struct.Pad = type { i8, i32 }

; Every loop below runs while i + 1 < n from i = 0, bottom-tested: its body
; runs max(1, n) times.

; Offset 0, the pointer itself: field 0.
; CHECK-LABEL: kernel offset0
; CHECK: loop1: trip = max(1, p.field0),
define ptx_kernel void @offset0(ptr %a, ptr byval(%struct.P) align 4 %p) #0 {
entry:
  %n = load i32, ptr %p, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Offset 16 = 8 (field 2, In) + 4 (its field 1, the array) + 4 (element
; 1); without value names, the parameter is arg1.
; CHECK-LABEL: kernel nested
; CHECK: loop1: trip = max(1, arg1.field2.field1[1]),
define ptx_kernel void @nested(ptr %0, ptr byval(%struct.P) align 4 %1) #0 {
entry:
  %f = getelementptr inbounds i8, ptr %1, i64 16
  %n = load i32, ptr %f, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %0, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; The same offset through a typed getelementptr.
; CHECK-LABEL: kernel typed
; CHECK: loop1: trip = max(1, p.field2.field1[1]),
define ptx_kernel void @typed(ptr %a, ptr byval(%struct.P) align 4 %p) #0 {
entry:
  %f = getelementptr inbounds %struct.P, ptr %p, i32 0, i32 2, i32 1, i32 1
  %n = load i32, ptr %f, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Half of field 0 (an i16 at offset 2): not one field.
; CHECK-LABEL: kernel partial
; CHECK: loop1: trip = trip.loop1 [not exact]
; CHECK-NEXT: assumption: trip count of the loop unknown because its count depends on a value that is neither a kernel parameter nor a PTX special register (a value loaded from a struct passed by value, but not a named field); it is the symbol trip.loop1
define ptx_kernel void @partial(ptr %a, ptr byval(%struct.P) align 4 %p) #0 {
entry:
  %f = getelementptr inbounds i8, ptr %p, i64 2
  %h = load i16, ptr %f, align 2
  %n = sext i16 %h to i32
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Fields 0 and 1 at once (an i64): not one field.
; CHECK-LABEL: kernel wide
; CHECK: loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @wide(ptr %a, ptr byval(%struct.P) align 8 %p) #0 {
entry:
  %w = load i64, ptr %p, align 8
  %n = trunc i64 %w to i32
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A vector of the array's two elements: not one field.
; CHECK-LABEL: kernel vector
; CHECK: loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @vector(ptr %a, ptr byval(%struct.P) align 8 %p) #0 {
entry:
  %f = getelementptr inbounds i8, ptr %p, i64 12
  %v = load <2 x i32>, ptr %f, align 8
  %n = extractelement <2 x i32> %v, i32 1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; The float field 1 read as an i32: not the field's type.
; CHECK-LABEL: kernel punned
; CHECK: loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @punned(ptr %a, ptr byval(%struct.P) align 4 %p) #0 {
entry:
  %f = getelementptr inbounds i8, ptr %p, i64 4
  %n = load i32, ptr %f, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; An i32 in Pad's padding (offset 1, inside field 0's slot): no field.
; CHECK-LABEL: kernel padding
; CHECK: loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @padding(ptr %a, ptr byval(%struct.Pad) align 4 %p) #0 {
entry:
  %f = getelementptr inbounds i8, ptr %p, i64 1
  %n = load i32, ptr %f, align 1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; The kernel writes into its copy at constant offsets (field 1, bytes 4 to
; 8): a field it does not write (field 0) keeps the launch's value and is
; named (CUB's reduction kernels update some fields of their GridEvenShare
; in place and read the others).
; CHECK-LABEL: kernel stored
; CHECK: loop1: trip = max(1, p.field0),
define ptx_kernel void @stored(ptr %a, ptr byval(%struct.P) align 4 %p) #0 {
entry:
  %f = getelementptr inbounds i8, ptr %p, i64 4
  store float 1.0, ptr %f, align 4
  %n = load i32, ptr %p, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; The field it writes (field 0, an i16 store into its first two bytes) is
; not the launch's value: unnamed.
; CHECK-LABEL: kernel storedfield
; CHECK: loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @storedfield(ptr %a, ptr byval(%struct.P) align 4 %p) #0 {
entry:
  store i16 7, ptr %p, align 4
  %n = load i32, ptr %p, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A store at an offset the IR computes (field 2's array at index k) may
; write any field: none of them is named.
; CHECK-LABEL: kernel storedany
; CHECK: loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @storedany(ptr %a, i64 %k, ptr byval(%struct.P) align 4 %p) #0 {
entry:
  %arr = getelementptr inbounds i8, ptr %p, i64 12
  %e = getelementptr inbounds i32, ptr %arr, i64 %k
  store i32 0, ptr %e, align 4
  %n = load i32, ptr %p, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; The struct's address escapes to a call: none of its fields is named.
; CHECK-LABEL: kernel escaped
; CHECK: loop1: trip = trip.loop1 [not exact]
define ptx_kernel void @escaped(ptr %a, ptr byval(%struct.P) align 4 %p) #0 {
entry:
  call void @touch(ptr %p, i32 0)
  %n = load i32, ptr %p, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A copy of the struct (memcpy from it) only reads it: its fields are named.
; CHECK-LABEL: kernel copied
; CHECK: loop1: trip = max(1, p.field0),
define ptx_kernel void @copied(ptr %a, ptr %out, ptr byval(%struct.P) align 4 %p) #0 {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr %out, ptr %p, i64 20, i1 false)
  %n = load i32, ptr %p, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @touch(ptr %a, i32 %i)
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

declare void @touch(ptr, i32)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

attributes #0 = { "target-cpu"="sm_80" }
