; A tree reduction's halving loop has a count the launch fixes
; (test/Thread/trip-halving.ll): trip = log2(ntid.x / 2) + 1, so a launch
; gets a prediction. The kernel passes one barrier before the loop and one
; per iteration: barriers = trip + 1.
;   block 256:  s = 128, 64, 32, 16, 8, 4, 2, 1: trip 8 = floor(log2(128)) + 1,
;               barriers 9;
;   block 1000: s = 500, 250, 125, 62, 31, 15, 7, 3, 1: trip 9 =
;               floor(log2(500)) + 1, barriers 10.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output \
; RUN:   -ktime-launch='reduce:grid=4,block=256,regs=32' \
; RUN:   -ktime-launch='reduce:grid=4,block=1000,regs=32' %s | FileCheck %s
;
; CHECK:      loop1: trip = log2(ntid.x / 2) + 1,
; CHECK-LABEL: launch 'reduce:grid=4,block=256,regs=32'
; CHECK:      main thread: time {{.*}}, barriers 9.0
; CHECK:      predicted {{[0-9.]+}} ns
; CHECK-LABEL: launch 'reduce:grid=4,block=1000,regs=32'
; CHECK:      main thread: time {{.*}}, barriers 10.0
; CHECK:      predicted {{[0-9.]+}} ns

target triple = "nvptx64-nvidia-cuda"

; __shared__ float sh[1024]; sh[t] = in[t]; __syncthreads();
; for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
;   if (t < s) sh[t] += sh[t + s];
;   __syncthreads();
; }
; if (t == 0) out[blockIdx.x] = sh[0];
@sh = internal addrspace(3) global [1024 x float] undef, align 4

define ptx_kernel void @reduce(ptr addrspace(1) %out, ptr addrspace(1) %in) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pi = getelementptr inbounds float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %pi, align 4
  %q = getelementptr inbounds [1024 x float], ptr addrspace(3) @sh, i32 0, i32 %t
  store float %x, ptr addrspace(3) %q, align 4
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %nt = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %half = lshr i32 %nt, 1
  %skip = icmp eq i32 %half, 0
  br i1 %skip, label %done, label %loop
loop:
  %s = phi i32 [ %s.next, %latch ], [ %half, %entry ]
  %in.range = icmp ult i32 %t, %s
  br i1 %in.range, label %add, label %latch
add:
  %ts = add nuw nsw i32 %s, %t
  %p = getelementptr inbounds [1024 x float], ptr addrspace(3) @sh, i32 0, i32 %ts
  %v = load float, ptr addrspace(3) %p, align 4
  %w = load float, ptr addrspace(3) %q, align 4
  %sum = fadd float %v, %w
  store float %sum, ptr addrspace(3) %q, align 4
  br label %latch
latch:
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %s.next = lshr i32 %s, 1
  %last = icmp eq i32 %s.next, 0
  br i1 %last, label %done, label %loop
done:
  %first = icmp eq i32 %t, 0
  br i1 %first, label %write, label %exit
write:
  %c = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %c
  %r = load float, ptr addrspace(3) @sh, align 4
  store float %r, ptr addrspace(1) %po, align 4
  br label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { mustprogress "target-cpu"="sm_80" }
