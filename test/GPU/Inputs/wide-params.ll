; A kernel with the parameter types launch values must fit: a size_t count
; (i64), a double and a half scale. x[t] *= s for the threads t < n of one
; block.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @scale(i64 %n, double %s, half %h, ptr addrspace(1) noalias %x) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %in = icmp ult i64 %t, %n
  br i1 %in, label %body, label %exit

body:
  %p = getelementptr inbounds double, ptr addrspace(1) %x, i64 %t
  %v = load double, ptr addrspace(1) %p, align 8
  %m = fmul double %v, %s
  store double %m, ptr addrspace(1) %p, align 8
  br label %exit

exit:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
