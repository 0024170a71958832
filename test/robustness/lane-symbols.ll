; Robustness: a launch whose time mentions laneid or WARP_SZ (from
; llvm.nvvm.read.ptx.sreg.laneid / .warpsize) is predicted: the warp
; sampling binds them per lane (laneid = the lane's index in its warp,
; WARP_SZ = the target's warp size). The check of unbound symbols (a
; symbol no launch binds counted as 0 before) refused both at first.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output \
; RUN:   -ktime-launch=k:grid=1,block=64,n=1000 -ktime-launch=w:grid=1,block=64,n=1000 \
; RUN:   %s 2>&1 | FileCheck %s
; CHECK-LABEL: launch 'k:grid=1,block=64,n=1000' on a100-pcie-40gb:
; CHECK-NOT: no value
; CHECK: predicted
; CHECK-LABEL: launch 'w:grid=1,block=64,n=1000' on a100-pcie-40gb:
; CHECK-NOT: no value
; CHECK: predicted
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %c0 = icmp slt i32 %l, %n
  br i1 %c0, label %loop, label %end
loop:
  %i = phi i32 [ %l, %entry ], [ %i2, %loop ]
  %ix = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ix
  store float 1.0, ptr addrspace(1) %p, align 4
  %i2 = add nsw i32 %i, 32
  %c = icmp slt i32 %i2, %n
  br i1 %c, label %loop, label %end
end:
  ret void
}
define ptx_kernel void @w(ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %l = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %c0 = icmp slt i32 %l, %n
  br i1 %c0, label %loop, label %end
loop:
  %i = phi i32 [ %l, %entry ], [ %i2, %loop ]
  %ix = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ix
  store float 1.0, ptr addrspace(1) %p, align 4
  %i2 = add nsw i32 %i, %ws
  %c = icmp slt i32 %i2, %n
  br i1 %c, label %loop, label %end
end:
  ret void
}
attributes #0 = { "target-cpu"="sm_80" }
