; The L1's cycles a request (docs/memory.md, "The L1's cycles a request"):
; with memory.l1.tags_per_clk, a load the L1 caches takes ceil(lines /
; tags_per_clk) wavefronts in the L1's tag stage and its bank-conflict
; wavefronts in the data array, each a cycle, and returns the bytes its
; lanes ask for at the L1's rate; each of the three is a level of its own.
; Without the figure, the L1 level is the sectors the requests move.
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (2 SMs; L1 64 B a
; clock; shared memory's 32 banks of 4 B) with `tags_per_clk: 4` added by
; sed. Each kernel @strideS: thread t reads a[S (t % 64) + 32 k], k = 0..7,
; in a loop of 64 iterations (8 requests of the same lane pattern, 128 B
; apart: the same banks and as many lines; a few kilobytes in all, which
; stay in L1), and stores out[t]. One block of 1024 threads an SM (grid 2):
; 1024 x 64 x 8 = 524288 loads an SM, and the store's 4 sectors a warp, 4 B
; a thread, 4096 B.
;
; Per request, 32 lanes 4 S bytes apart, the lowest address taken to start
; a line; a wavefront costs 64 / 32 = 2 B a thread:
;   S   lines  tag wavefronts  data wavefronts             (sectors)
;   1   1      1               1                           4
;   3   3      1               1                           12
;   8   8      2               8 (banks 0, 8, 16, 24)      32
;   9   9      3               1 (9 t mod 32 all differ)   32
;   32  32     8               32 (all in bank 0)          32
; The three levels an SM, in cycles at 64 B a clock:
;   returned bytes: (524288 x 4 + 4096) / 64 = 32832 for every S
;   tag stage:      524288 x 2 x tags / 64 = 16384 x tags
;   data array:     524288 x 2 x data / 64 = 16384 x data
;   S = 1: max(32832, 16384, 16384) = 32832
;   S = 8: max(32832, 32768, 131072) = 131072
;   S = 9: max(32832, 49152, 16384) = 49152
;   S = 32: max(32832, 131072, 524288) = 524288
; The L1 binds but at S = 3 (32832 cycles, returned bytes), which is less
; than its warps' latency path: the launch is latency-bound (more of its
; sectors miss L1 than S = 1's, which lengthens its loads' mean latency).
; Without the figure (the file as it is), the sectors: S = 3:
; (524288 x 12 + 4096) / 64 = 98368; S = 8 and 9: (524288 x 32 + 4096) / 64
; = 262208; S = 32, its lanes all in bank 0, a cycle a lane: 64 B a thread,
; (524288 x 64 + 4096) / 64 = 524352.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: sed 's/^    size_bytes: 196608 .*/&\n    tags_per_clk: 4/' \
; RUN:   %S/Inputs/toy-gpu.yaml > %t/toy-gpu.yaml
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%t/toy-gpu.yaml \
; RUN:   -ktime-launch='stride1:grid=2,block=1024,regs=32' \
; RUN:   -ktime-launch='stride3:grid=2,block=1024,regs=32' \
; RUN:   -ktime-launch='stride8:grid=2,block=1024,regs=32' \
; RUN:   -ktime-launch='stride9:grid=2,block=1024,regs=32' \
; RUN:   -ktime-launch='stride32:grid=2,block=1024,regs=32' %s \
; RUN:   | FileCheck %s --check-prefix=TAGS
; TAGS-LABEL: kernel stride1
; TAGS: 1 on the busiest SM: 32832.0 cycles {{.*}} bound L1
; TAGS-LABEL: kernel stride3
; TAGS: 1 on the busiest SM: {{.*}} bound latency
; TAGS-LABEL: kernel stride8
; TAGS: 1 on the busiest SM: 131072.0 cycles {{.*}} bound L1
; TAGS-LABEL: kernel stride9
; TAGS: 1 on the busiest SM: 49152.0 cycles {{.*}} bound L1
; TAGS-LABEL: kernel stride32
; TAGS: 1 on the busiest SM: 524288.0 cycles {{.*}} bound L1
;
; The launch remark names the stage that binds, with its cycles on the
; first wave's busiest SM against the wave's: S = 8 the data array's bank
; conflicts, 131072, S = 9 the tag stage, 49152.
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time -ktime-gpu=%t/toy-gpu.yaml \
; RUN:   -ktime-launch='stride8:grid=2,block=1024,regs=32' \
; RUN:   -ktime-launch='stride9:grid=2,block=1024,regs=32' %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; REMARK: kernel stride8 on toy-gpu, {{.*}} bound: L1 (bank conflicts: 131072 of the wave's 131072 cycles)
; REMARK: kernel stride9 on toy-gpu, {{.*}} bound: L1 (tag stage: 49152 of the wave's 49152 cycles)
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='stride3:grid=2,block=1024,regs=32' \
; RUN:   -ktime-launch='stride9:grid=2,block=1024,regs=32' \
; RUN:   -ktime-launch='stride32:grid=2,block=1024,regs=32' %s \
; RUN:   | FileCheck %s --check-prefix=SECTORS
; SECTORS-LABEL: kernel stride3
; SECTORS: 1 on the busiest SM: 98368.0 cycles {{.*}} bound L1
; SECTORS-LABEL: kernel stride9
; SECTORS: 1 on the busiest SM: 262208.0 cycles {{.*}} bound L1
; SECTORS-LABEL: kernel stride32
; SECTORS: 1 on the busiest SM: 524352.0 cycles {{.*}} bound L1
;
; A figure no GPU has is refused where it is written.
; RUN: mkdir -p %t/bad
; RUN: sed 's/^    size_bytes: 196608 .*/&\n    tags_per_clk: 65/' \
; RUN:   %S/Inputs/toy-gpu.yaml > %t/bad/toy-gpu.yaml
; RUN: not %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%t/bad/toy-gpu.yaml %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BAD
; BAD: toy-gpu.yaml:45:19: field 'memory.l1.tags_per_clk': must be between 1 and 64 lines per clock (no GPU has a value outside), got 65


target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @stride1(ptr addrspace(1) %a, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 63
  %off = mul nuw nsw i32 %lane, 1
  %o64 = zext i32 %off to i64
  %base = getelementptr inbounds float, ptr addrspace(1) %a, i64 %o64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %s7, %loop ]
  %v0 = load float, ptr addrspace(1) %base, align 4
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 128
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 256
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 384
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %p4 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 512
  %v4 = load float, ptr addrspace(1) %p4, align 4
  %p5 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 640
  %v5 = load float, ptr addrspace(1) %p5, align 4
  %p6 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 768
  %v6 = load float, ptr addrspace(1) %p6, align 4
  %p7 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 896
  %v7 = load float, ptr addrspace(1) %p7, align 4
  %s0 = fadd float %acc, %v0
  %s1 = fadd float %s0, %v1
  %s2 = fadd float %s1, %v2
  %s3 = fadd float %s2, %v3
  %s4 = fadd float %s3, %v4
  %s5 = fadd float %s4, %v5
  %s6 = fadd float %s5, %v6
  %s7 = fadd float %s6, %v7
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k1, 64
  br i1 %more, label %loop, label %exit

exit:
  %t64 = zext i32 %tid to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %s7, ptr addrspace(1) %po, align 4
  ret void
}

define ptx_kernel void @stride3(ptr addrspace(1) %a, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 63
  %off = mul nuw nsw i32 %lane, 3
  %o64 = zext i32 %off to i64
  %base = getelementptr inbounds float, ptr addrspace(1) %a, i64 %o64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %s7, %loop ]
  %v0 = load float, ptr addrspace(1) %base, align 4
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 128
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 256
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 384
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %p4 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 512
  %v4 = load float, ptr addrspace(1) %p4, align 4
  %p5 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 640
  %v5 = load float, ptr addrspace(1) %p5, align 4
  %p6 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 768
  %v6 = load float, ptr addrspace(1) %p6, align 4
  %p7 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 896
  %v7 = load float, ptr addrspace(1) %p7, align 4
  %s0 = fadd float %acc, %v0
  %s1 = fadd float %s0, %v1
  %s2 = fadd float %s1, %v2
  %s3 = fadd float %s2, %v3
  %s4 = fadd float %s3, %v4
  %s5 = fadd float %s4, %v5
  %s6 = fadd float %s5, %v6
  %s7 = fadd float %s6, %v7
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k1, 64
  br i1 %more, label %loop, label %exit

exit:
  %t64 = zext i32 %tid to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %s7, ptr addrspace(1) %po, align 4
  ret void
}

define ptx_kernel void @stride8(ptr addrspace(1) %a, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 63
  %off = mul nuw nsw i32 %lane, 8
  %o64 = zext i32 %off to i64
  %base = getelementptr inbounds float, ptr addrspace(1) %a, i64 %o64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %s7, %loop ]
  %v0 = load float, ptr addrspace(1) %base, align 4
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 128
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 256
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 384
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %p4 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 512
  %v4 = load float, ptr addrspace(1) %p4, align 4
  %p5 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 640
  %v5 = load float, ptr addrspace(1) %p5, align 4
  %p6 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 768
  %v6 = load float, ptr addrspace(1) %p6, align 4
  %p7 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 896
  %v7 = load float, ptr addrspace(1) %p7, align 4
  %s0 = fadd float %acc, %v0
  %s1 = fadd float %s0, %v1
  %s2 = fadd float %s1, %v2
  %s3 = fadd float %s2, %v3
  %s4 = fadd float %s3, %v4
  %s5 = fadd float %s4, %v5
  %s6 = fadd float %s5, %v6
  %s7 = fadd float %s6, %v7
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k1, 64
  br i1 %more, label %loop, label %exit

exit:
  %t64 = zext i32 %tid to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %s7, ptr addrspace(1) %po, align 4
  ret void
}

define ptx_kernel void @stride9(ptr addrspace(1) %a, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 63
  %off = mul nuw nsw i32 %lane, 9
  %o64 = zext i32 %off to i64
  %base = getelementptr inbounds float, ptr addrspace(1) %a, i64 %o64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %s7, %loop ]
  %v0 = load float, ptr addrspace(1) %base, align 4
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 128
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 256
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 384
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %p4 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 512
  %v4 = load float, ptr addrspace(1) %p4, align 4
  %p5 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 640
  %v5 = load float, ptr addrspace(1) %p5, align 4
  %p6 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 768
  %v6 = load float, ptr addrspace(1) %p6, align 4
  %p7 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 896
  %v7 = load float, ptr addrspace(1) %p7, align 4
  %s0 = fadd float %acc, %v0
  %s1 = fadd float %s0, %v1
  %s2 = fadd float %s1, %v2
  %s3 = fadd float %s2, %v3
  %s4 = fadd float %s3, %v4
  %s5 = fadd float %s4, %v5
  %s6 = fadd float %s5, %v6
  %s7 = fadd float %s6, %v7
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k1, 64
  br i1 %more, label %loop, label %exit

exit:
  %t64 = zext i32 %tid to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %s7, ptr addrspace(1) %po, align 4
  ret void
}

define ptx_kernel void @stride32(ptr addrspace(1) %a, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 63
  %off = mul nuw nsw i32 %lane, 32
  %o64 = zext i32 %off to i64
  %base = getelementptr inbounds float, ptr addrspace(1) %a, i64 %o64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %s7, %loop ]
  %v0 = load float, ptr addrspace(1) %base, align 4
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 128
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 256
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 384
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %p4 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 512
  %v4 = load float, ptr addrspace(1) %p4, align 4
  %p5 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 640
  %v5 = load float, ptr addrspace(1) %p5, align 4
  %p6 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 768
  %v6 = load float, ptr addrspace(1) %p6, align 4
  %p7 = getelementptr inbounds i8, ptr addrspace(1) %base, i64 896
  %v7 = load float, ptr addrspace(1) %p7, align 4
  %s0 = fadd float %acc, %v0
  %s1 = fadd float %s0, %v1
  %s2 = fadd float %s1, %v2
  %s3 = fadd float %s2, %v3
  %s4 = fadd float %s3, %v4
  %s5 = fadd float %s4, %v5
  %s6 = fadd float %s5, %v6
  %s7 = fadd float %s6, %v7
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k1, 64
  br i1 %more, label %loop, label %exit

exit:
  %t64 = zext i32 %tid to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %t64
  store float %s7, ptr addrspace(1) %po, align 4
  ret void
}
