; A 2-D copy, out[y * 1024 + x] = in[y * 1024 + x] with x = ctaid.x *
; ntid.x + tid.x and y = ctaid.y * ntid.y + tid.y: each element read and
; written once, no reuse. Used by sector-misses.ll with blocks two threads
; wide, whose warps ask for 2 words in each of 16 rows.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()

define ptx_kernel void @copy2d(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %by = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %x0 = mul nsw i32 %bx, %nx
  %x = add nsw i32 %x0, %tx
  %y0 = mul nsw i32 %by, %ny
  %y = add nsw i32 %y0, %ty
  %row = mul nsw i32 %y, 1024
  %i = add nsw i32 %row, %x
  %idx = sext i32 %i to i64
  %pin = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %pout = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  %v = load float, ptr addrspace(1) %pin, align 4
  store float %v, ptr addrspace(1) %pout, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
