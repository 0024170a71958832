; A list walk: each thread follows next[] from its own node until a
; negative link, counting the nodes. The loop's exit depends on a value it
; loads, so its count is the symbol trip.loop1. Used by
; estimate-unknown-trip.test.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @walk(ptr addrspace(1) %next, ptr addrspace(1) %len) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %p = phi i32 [ %tid, %entry ], [ %p.next, %loop ]
  %n = phi i32 [ 0, %entry ], [ %n.next, %loop ]
  %idx = zext i32 %p to i64
  %addr = getelementptr inbounds i32, ptr addrspace(1) %next, i64 %idx
  %p.next = load i32, ptr addrspace(1) %addr, align 4
  %n.next = add nuw nsw i32 %n, 1
  %more = icmp sgt i32 %p.next, -1
  br i1 %more, label %loop, label %exit

exit:
  %out = getelementptr inbounds i32, ptr addrspace(1) %len, i64 0
  store i32 %n.next, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_80" }
