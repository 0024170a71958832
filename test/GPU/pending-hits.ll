; A hit on a line that a request of the same iteration is still fetching
; waits for that fill: a stencil's taps miss together, and the two taps
; that find the first tap's lines in L1 wait as long as it does (GPGPU-Sim
; calls such an access HIT_RESERVED and parks it in the miss's MSHR entry).
; Hits on lines an earlier iteration brought keep the L1's latency
; (docs/kernel-time.md, "Mean access latency"; docs/memory.md, "Cache hit
; fractions"). Expected values derived from Inputs/toy-gpu.yaml: L1 latency
; 30 and 196608 B, L2 latency 200 and 1048576 B, caches warm (the default).
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='stencil:grid=2,block=32,regs=32' \
; RUN:   -ktime-launch='sweeps:grid=2,block=32,regs=32,m=4' \
; RUN:   -ktime-launch='guarded:grid=2,block=32,regs=32,n=3' %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml -ktime-report=%t.json \
; RUN:   -ktime-launch='stencil:grid=2,block=32,regs=32' %s
; RUN: FileCheck %s --check-prefix=JSON < %t.json
;
; stencil: out[i] = in[i] + in[i + 1] + in[i + 2], no loop. A block of 32
; threads asks for 3 x 4 x 32 = 384 B through the three taps and touches
; 4 x (32 + 2) = 136 B: reuse r = 1 - 136 / 384 = 0.645833 (hit fractions
; are kept to 1e-6). The block's bytes fit the L1, so L1 = r for each tap.
; Without a loop one iteration is the whole kernel: the iteration's reuse
; r_i = r, the share of its distinct lines fetched beyond the L1 is
; m = (1 - L1) / (1 - r_i) = 1, and every hit waits: pending = min(L1,
; r_i x m) = 0.645833. The grid's 4 x (64 + 2) = 264 B fit the L2 (warm):
; the misses and the store hit L2.
; A warp: global 32 x (12 + 4) = 512 B; L1 hits 32 x 12 x 0.645833 = 248 B,
; all waiting; L2 the loads' 136 B of misses and the store's 128 B, 264 B. lat.global = (248 x 200 + 264 x 200)
; / 512 = 200: every byte waits for L2. (At the L1's latency the hits gave
; (248 x 30 + 264 x 200) / 512 = 117.7.) One warp an SM: time = lat.global
; + 20 = 220 (every instruction takes 4 cycles on the toy GPU: the address,
; 12, before the loads, the two adds, 8, after them).
; The launch's L1 hits, 2 warps x 248 B (495.99974 from the rounded
; 0.645833), all of them waiting (the JSON report):
; JSON: "l1_hit_bytes": [[HIT:495\.99[0-9]+]]
; JSON: "l1_pending_hit_bytes": [[HIT]]
; CHECK: launch 'stencil:grid=2,block=32,regs=32' on toy-gpu:
; CHECK: wave of 2 blocks, 1 on the busiest SM: 220.0 cycles (longest warp 220.0, issue {{[0-9.]+}}, sync 0.0, lat.global 200.0), bound latency
;
; sweeps: the same three taps read m = 4 times in a loop (volatile loads,
; so each iteration reads again). A block asks for 384 x 4 = 1536 B and
; touches 136 B: L1 = 1 - 136 / 1536 = 0.911458. One iteration asks for
; 384 B and touches 136 B: r_i = 0.645833, and of its distinct lines the
; share m = (1 - 0.911458) / (1 - 0.645833) = 0.25 comes from L2: the first
; iteration's. pending = 0.645833 x 0.25 = 0.161458 of the loads' bytes.
; A warp: loads 32 x 48 = 1536 B, the store 128 B, global 1664 B; L1 hits
; 1536 x 0.911458 = 1400 B, of which 1536 x 0.161458 = 248 B wait; L2
; 1664 - 1400 = 264 B. lat.global = ((1400 - 248) x 30 + 248 x 200 + 264 x
; 200) / 1664 = 136960 / 1664 = 82.3 (57.0 with every hit at 30). The loop
; takes max(18, lat.global + 12) an iteration (the load, then the three adds
; of the sum), 16 cycles outside it: 4 x 94.3 + 16 = 393.2.
; CHECK: launch 'sweeps:grid=2,block=32,regs=32,m=4' on toy-gpu:
; CHECK: wave of 2 blocks, 1 on the busiest SM: 393.2 cycles (longest warp 393.2, issue {{[0-9.]+}}, sync 0.0, lat.global 82.3), bound latency
;
; guarded: the stencil's taps each behind a branch of its own (n = 3: every
; thread takes both). The warp adds a tap to the sum before it reaches the
; next, which then finds the line filled: no hit waits, and lat.global is
; the stencil's at the L1's latency, 117.7.
; CHECK: launch 'guarded:grid=2,block=32,regs=32,n=3' on toy-gpu:
; CHECK: lat.global 117.7), bound latency

target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @stencil(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %idx = sext i32 %i to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 1
  %p2 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 2
  %a = load float, ptr addrspace(1) %p0, align 4
  %b = load float, ptr addrspace(1) %p1, align 4
  %c = load float, ptr addrspace(1) %p2, align 4
  %s1 = fadd float %a, %b
  %s = fadd float %s1, %c
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %s, ptr addrspace(1) %po, align 4
  ret void
}

define ptx_kernel void @sweeps(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, i32 %m) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %idx = sext i32 %i to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 1
  %p2 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 2
  %any = icmp sgt i32 %m, 0
  br i1 %any, label %loop, label %done

loop:
  %t = phi i32 [ 0, %entry ], [ %t1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc3, %loop ]
  %a = load volatile float, ptr addrspace(1) %p0, align 4
  %b = load volatile float, ptr addrspace(1) %p1, align 4
  %c = load volatile float, ptr addrspace(1) %p2, align 4
  %acc1 = fadd float %acc, %a
  %acc2 = fadd float %acc1, %b
  %acc3 = fadd float %acc2, %c
  %t1 = add nuw nsw i32 %t, 1
  %more = icmp slt i32 %t1, %m
  br i1 %more, label %loop, label %done

done:
  %r = phi float [ 0.0, %entry ], [ %acc3, %loop ]
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %r, ptr addrspace(1) %po, align 4
  ret void
}

define ptx_kernel void @guarded(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %idx = sext i32 %i to i64
  %p0 = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %p1 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 1
  %p2 = getelementptr inbounds float, ptr addrspace(1) %p0, i64 2
  %a = load float, ptr addrspace(1) %p0, align 4
  %c1 = icmp sgt i32 %n, 1
  br i1 %c1, label %tap1, label %join1

tap1:
  %b = load float, ptr addrspace(1) %p1, align 4
  %s1 = fadd float %a, %b
  br label %join1

join1:
  %s = phi float [ %a, %entry ], [ %s1, %tap1 ]
  %c2 = icmp sgt i32 %n, 2
  br i1 %c2, label %tap2, label %join2

tap2:
  %c = load float, ptr addrspace(1) %p2, align 4
  %s2 = fadd float %s, %c
  br label %join2

join2:
  %r = phi float [ %s, %join1 ], [ %s2, %tap2 ]
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %r, ptr addrspace(1) %po, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
