; A load through a pointer each lane chooses (docs/memory.md, "Pointers the
; lanes choose"): its shared part's lanes move shared bytes and wait for
; lat.shared, its global part's move global bytes and wait for lat.global,
; warp by warp; a warp waits for the slowest space one of its lanes reads
; (docs/kernel-time.md, "A warp and its main thread").
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (lat.shared 20,
; 32 banks of 4 B; L2 latency 200, warm: the launch's bytes fit the 1 MiB
; L2): 2 blocks of 64 threads, two warps each. @halo reads tile[tid.x]
; where tid.x < 32, else in[64 ctaid.x + tid.x], and stores out[i].
; Warp 0 (tid.x 0-31) takes the tile: 32 lanes, one wavefront of 32 x 4 B
; = 128 shared bytes per block, 256 for the launch. Warp 1 (tid.x 32-63)
; takes in[]: 32 x 4 B coalesced per block, 256 B, and the store 128 x 4 =
; 512 B: global 768 B, all of it through L2 (nothing read twice).
; The thread's time without the load is 24 cycles (the model's time
; max(28, lat.global + 24) prices the load as a generic, global one):
; warp 0 takes 20 + 24 = 44 cycles (the main thread, tid 0), warp 1 200
; + 24 = 224, the longest warp.
; Before, the load was one generic access through an address that is not
; affine in the ids: 32 sectors a request for every warp (L2 4608 B), no
; shared bytes, and lat.global for every lane.
; CHECK-LABEL: kernel halo
; CHECK: launch 'halo:grid=2,block=64,regs=32' on toy-gpu:
; CHECK: wave of 2 blocks, 1 on the busiest SM: 224.0 cycles (longest warp 224.0, {{.*}}lat.global 200.0)
; CHECK-NEXT: main thread: time 44.0,
; CHECK-NEXT: bytes: global 768.0, L2 768.0, DRAM 0.0, shared 256.0
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='halo:grid=2,block=64,regs=32' %s | FileCheck %s

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [32 x float] undef, align 4

define ptx_kernel void @halo(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %in) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %intile = icmp ult i32 %tid, 32
  %t = zext i32 %tid to i64
  %g = sext i32 %i to i64
  %idx = select i1 %intile, i64 %t, i64 %g
  %inflat = addrspacecast ptr addrspace(1) %in to ptr
  %p = select i1 %intile, ptr addrspacecast (ptr addrspace(3) @tile to ptr), ptr %inflat
  %addr = getelementptr inbounds float, ptr %p, i64 %idx
  %v = load float, ptr %addr, align 4
  %o = getelementptr inbounds float, ptr addrspace(1) %out, i64 %g
  store float %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
