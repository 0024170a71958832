; Eight loads from a shared tile per thread, summed, one store: word
; tid.x + 256 k of the tile for k = 0..7, so each warp's load reads 32
; consecutive words (32 banks once, 128 bytes). Used by shared-bandwidth.ll.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [2048 x float] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @shared_sum(ptr addrspace(1) noalias %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %p0 = getelementptr inbounds [2048 x float], ptr addrspace(3) @tile, i64 0, i64 %idx
  %p1 = getelementptr inbounds float, ptr addrspace(3) %p0, i64 256
  %p2 = getelementptr inbounds float, ptr addrspace(3) %p0, i64 512
  %p3 = getelementptr inbounds float, ptr addrspace(3) %p0, i64 768
  %p4 = getelementptr inbounds float, ptr addrspace(3) %p0, i64 1024
  %p5 = getelementptr inbounds float, ptr addrspace(3) %p0, i64 1280
  %p6 = getelementptr inbounds float, ptr addrspace(3) %p0, i64 1536
  %p7 = getelementptr inbounds float, ptr addrspace(3) %p0, i64 1792
  %v0 = load float, ptr addrspace(3) %p0, align 4
  %v1 = load float, ptr addrspace(3) %p1, align 4
  %v2 = load float, ptr addrspace(3) %p2, align 4
  %v3 = load float, ptr addrspace(3) %p3, align 4
  %v4 = load float, ptr addrspace(3) %p4, align 4
  %v5 = load float, ptr addrspace(3) %p5, align 4
  %v6 = load float, ptr addrspace(3) %p6, align 4
  %v7 = load float, ptr addrspace(3) %p7, align 4
  %s01 = fadd float %v0, %v1
  %s23 = fadd float %v2, %v3
  %s45 = fadd float %v4, %v5
  %s67 = fadd float %v6, %v7
  %s03 = fadd float %s01, %s23
  %s47 = fadd float %s45, %s67
  %s = fadd float %s03, %s47
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %s, ptr addrspace(1) %po, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
