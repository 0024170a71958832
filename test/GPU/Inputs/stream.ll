; A streaming kernel: y[i] = a * x[i] + y[i] over i = ctaid.x * ntid.x +
; tid.x, guarded by i < n; 12 bytes per thread (two 4-byte loads, one
; 4-byte store), unit stride, no reuse. Used by bandwidth-bound.ll.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @saxpy(i32 %n, float %a, ptr addrspace(1) noalias readonly %x, ptr addrspace(1) noalias %y) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %exit

body:
  %idx = sext i32 %i to i64
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %idx
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %idx
  %vx = load float, ptr addrspace(1) %px, align 4
  %vy = load float, ptr addrspace(1) %py, align 4
  %m = fmul float %a, %vx
  %r = fadd float %m, %vy
  store float %r, ptr addrspace(1) %py, align 4
  br label %exit

exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
