; Global atomics for same-address-atomics.ll: a counter every thread
; increments, a histogram whose bin is loaded data, one distinct address
; per thread, and a sum and a count side by side.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @counter(ptr addrspace(1) %count) #0 {
entry:
  %old = atomicrmw add ptr addrspace(1) %count, i32 1 monotonic, align 4
  ret void
}

define ptx_kernel void @histogram(ptr addrspace(1) %in, ptr addrspace(1) %bins) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %idx = zext i32 %gid to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %bin = zext i32 %v to i64
  %b = getelementptr inbounds i32, ptr addrspace(1) %bins, i64 %bin
  %old = atomicrmw add ptr addrspace(1) %b, i32 1 monotonic, align 4
  ret void
}

define ptx_kernel void @scatter(ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %idx = zext i32 %gid to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  %old = atomicrmw add ptr addrspace(1) %p, i32 1 monotonic, align 4
  ret void
}

define ptx_kernel void @sumcount(ptr addrspace(1) %acc, i32 %v) #0 {
entry:
  %sum = atomicrmw add ptr addrspace(1) %acc, i32 %v monotonic, align 4
  %cnt = getelementptr inbounds i32, ptr addrspace(1) %acc, i64 1
  %c = atomicrmw add ptr addrspace(1) %cnt, i32 1 monotonic, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
