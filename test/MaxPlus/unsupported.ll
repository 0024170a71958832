; What the max-plus model cannot take as it is gets a documented fallback
; and an assumption line, never a crash: an empty kernel, a store of a
; constant, irreducible control flow (taken once), recursion (the recursive
; call is one call instruction).
; RUN: %opt_ktime -ktime-gpu=a100 -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus>' | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; Nothing to wait for.
; CHECK-LABEL: kernel empty on a100-pcie-40gb
; CHECK-NEXT:  variant naive: instance = 0 cycles, height 0, 0 fragments
define ptx_kernel void @empty() #0 {
  ret void
}

; *p = 7 depends on no data: an arc from the index node (parameters, ids,
; constants, ready at 0) carries the write time T = ldst lat 19; k = 1.
; CHECK-LABEL: kernel constant_store on a100-pcie-40gb
; CHECK-NEXT:  variant naive: instance = 19 cycles, height 1, 1 fragment
; CHECK:           0: store 7 [output]
; CHECK-NEXT:      1: index (parameters, ids, constants) [input]
; CHECK-NEXT:      1 -> 0: 19
define ptx_kernel void @constant_store(ptr %p) #0 {
  store i32 7, ptr %p
  ret void
}

; CHECK-LABEL: kernel irreducible on a100-pcie-40gb
; CHECK:       assumption: irreducible control flow (a cycle entered at 2 blocks, such as a goto into a loop body) is no loop to KernelTime: how often it repeats is not counted (the max-plus model takes its blocks once, in reverse post-order)
define ptx_kernel void @irreducible(ptr %a, i1 %c) #0 {
entry:
  %v0 = load i32, ptr %a
  br i1 %c, label %x, label %y
x:
  %px = phi i32 [ %v0, %entry ], [ %vy, %y ]
  %vx = add i32 %px, 1
  %cx = icmp slt i32 %vx, 100
  br i1 %cx, label %y, label %out
y:
  %py = phi i32 [ %v0, %entry ], [ %vx, %x ]
  %vy = mul i32 %py, 3
  %cy = icmp slt i32 %vy, 100
  br i1 %cy, label %x, label %out
out:
  %r = phi i32 [ %vx, %x ], [ %vy, %y ]
  store i32 %r, ptr %a
  ret void
}

; CHECK-LABEL: kernel recursive on a100-pcie-40gb
; CHECK:         function f fragment 1:
; CHECK:       assumption: recursive call to f: costed as the call instruction
define ptx_kernel void @recursive(ptr %a, i32 %n) #0 {
  %r = call i32 @f(i32 %n)
  store i32 %r, ptr %a
  ret void
}

define i32 @f(i32 %n) {
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %rec, label %done
rec:
  %m = sub i32 %n, 1
  %r = call i32 @f(i32 %m)
  %s = add i32 %r, %n
  ret i32 %s
done:
  ret i32 0
}

attributes #0 = { "target-cpu"="sm_80" }
