; Which global loads the L1 caches (memory.l1.global_loads, docs/targets.md):
; all of them (the default, Volta onwards and GP100), only the read-only ones
; (ld.global.nc: Maxwell, GP10x but GP100, GK110's read-only cache) or none
; (GK104). A load the L1 does not cache gets no L1 hits (docs/memory.md,
; "Cache hit fractions"): its reuse is served by L2.
;
; Expected values derived by hand from Inputs/toy-gpu.yaml (L1 196608 B, 2
; SMs; L2 1 MiB; no global_loads key: all) with the key added by sed.
; The kernels are the 3-point stencil of test/Memory/reuse.ll,
; out[i] = in[i - 1] + in[i] + in[i + 1], i = 256 ctaid.x + tid.x + 1, on 64
; blocks of 256 threads; in `stencil_nc` the input is a noalias read-only
; kernel parameter, which the back end reads with ld.global.nc.
;
; Per thread: 3 loads and a store of 4 B, 16 B. Reuse of the three loads in a
; block: requested 3 x 4 x 256 = 3072 B, unique 4 x (256 + 2) = 1032 B, so
; r = 1 - 1032 / 3072 = 0.6640625; 8 resident blocks touch far less than the
; L1 left by the carve-out, so L1 = r for a load the L1 caches. Every byte fits
; the warm L2.
; - L1 used: L1 bytes 3 x 4 x r = 7.96875 of 16 per thread: l1pct 49.8 %,
;   shown 50%; L2 the rest, 8.03125 / 16 = 50.2 %, shown 50%.
; - L1 not used: l1pct 0%, l2pct 100%.
; Sectors reaching L2 per warp: the address 4 (i - 1) of in[i - 1] is
; 32-byte aligned at lane 0 (4 sectors, 128 B); in[i] and in[i + 1] are
; shifted by 4 and 8 B (5 sectors each, 160 B); the store to out[i] too
; (160 B). 64 x 8 = 512 warps.
; - L1 used: the loads' 448 B x (1 - r) = 150.5 B, plus the store's 160 B:
;   512 x 310.5 = 158976 B.
; - L1 not used: 512 x (448 + 160) = 311296 B.
;
; RUN: rm -rf %t && mkdir -p %t/all %t/read_only %t/none
; RUN: sed 's/^    size_bytes: 196608 .*/&\n    global_loads: all/' \
; RUN:   %S/Inputs/toy-gpu.yaml > %t/all/toy-gpu.yaml
; RUN: sed 's/^    size_bytes: 196608 .*/&\n    global_loads: read_only/' \
; RUN:   %S/Inputs/toy-gpu.yaml > %t/read_only/toy-gpu.yaml
; RUN: sed 's/^    size_bytes: 196608 .*/&\n    global_loads: none/' \
; RUN:   %S/Inputs/toy-gpu.yaml > %t/none/toy-gpu.yaml
; RUN: sed 's/^    size_bytes: 196608 .*/&\n    global_loads: some/' \
; RUN:   %S/Inputs/toy-gpu.yaml > %t/toy-gpu.yaml
;
; The key absent and `all` give the same: every load may hit L1.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='stencil:grid=64,block=256,regs=32' \
; RUN:   -ktime-launch='stencil_nc:grid=64,block=256,regs=32' %s \
; RUN:   | FileCheck %s --check-prefixes=BOTH-CACHED
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%t/all/toy-gpu.yaml \
; RUN:   -ktime-launch='stencil:grid=64,block=256,regs=32' \
; RUN:   -ktime-launch='stencil_nc:grid=64,block=256,regs=32' %s \
; RUN:   | FileCheck %s --check-prefixes=BOTH-CACHED
; BOTH-CACHED-LABEL: kernel stencil
; BOTH-CACHED: bytes: global 262144.0, L2 158976.1, DRAM 0.0
; BOTH-CACHED-LABEL: kernel stencil_nc
; BOTH-CACHED: bytes: global 262144.0, L2 158976.1, DRAM 0.0
;
; read_only: the plain loads go to L2, the ld.global.nc ones may hit L1.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%t/read_only/toy-gpu.yaml \
; RUN:   -ktime-launch='stencil:grid=64,block=256,regs=32' \
; RUN:   -ktime-launch='stencil_nc:grid=64,block=256,regs=32' %s \
; RUN:   | FileCheck %s --check-prefixes=READ-ONLY
; READ-ONLY-LABEL: kernel stencil
; READ-ONLY: bytes: global 262144.0, L2 311296.0, DRAM 0.0
; READ-ONLY-LABEL: kernel stencil_nc
; READ-ONLY: bytes: global 262144.0, L2 158976.1, DRAM 0.0
;
; none: no global load hits L1.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%t/none/toy-gpu.yaml \
; RUN:   -ktime-launch='stencil:grid=64,block=256,regs=32' \
; RUN:   -ktime-launch='stencil_nc:grid=64,block=256,regs=32' %s \
; RUN:   | FileCheck %s --check-prefixes=NONE
; NONE-LABEL: kernel stencil
; NONE: bytes: global 262144.0, L2 311296.0, DRAM 0.0
; NONE-LABEL: kernel stencil_nc
; NONE: bytes: global 262144.0, L2 311296.0, DRAM 0.0
;
; The remark's hit percentages.
; RUN: %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time -ktime-remarks=verbose \
; RUN:   -ktime-gpu=%t/read_only/toy-gpu.yaml \
; RUN:   -ktime-launch='stencil:grid=64,block=256,regs=32' \
; RUN:   -ktime-launch='stencil_nc:grid=64,block=256,regs=32' %s 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=REMARK
; REMARK: kernel stencil on toy-gpu, {{.*}} l1pct = 0%, l2pct = 100%
; REMARK: kernel stencil_nc on toy-gpu, {{.*}} l1pct = 50%, l2pct = 50%
;
; A value that is none of the three is refused where it is written.
; RUN: not %opt_ktime -passes=kernel-time -disable-output \
; RUN:   -ktime-gpu=%t/toy-gpu.yaml %s 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: toy-gpu.yaml:45:19: field 'memory.l1.global_loads': must be all, read_only or none, got 'some'

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

define ptx_kernel void @stencil(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = shl nsw i32 %ctaid, 8
  %i0 = add nsw i32 %base, %tid
  %i = add nsw i32 %i0, 1
  %im = add nsw i32 %i, -1
  %ip = add nsw i32 %i, 1
  %xm = sext i32 %im to i64
  %x = sext i32 %i to i64
  %xp = sext i32 %ip to i64
  %pl = getelementptr inbounds float, ptr addrspace(1) %in, i64 %xm
  %pc = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x
  %pr = getelementptr inbounds float, ptr addrspace(1) %in, i64 %xp
  %l = load float, ptr addrspace(1) %pl, align 4
  %c = load float, ptr addrspace(1) %pc, align 4
  %r = load float, ptr addrspace(1) %pr, align 4
  %s1 = fadd float %l, %c
  %s2 = fadd float %s1, %r
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x
  store float %s2, ptr addrspace(1) %po, align 4
  ret void
}

define ptx_kernel void @stencil_nc(ptr addrspace(1) noalias readonly %in,
                                   ptr addrspace(1) noalias %out) #0 {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = shl nsw i32 %ctaid, 8
  %i0 = add nsw i32 %base, %tid
  %i = add nsw i32 %i0, 1
  %im = add nsw i32 %i, -1
  %ip = add nsw i32 %i, 1
  %xm = sext i32 %im to i64
  %x = sext i32 %i to i64
  %xp = sext i32 %ip to i64
  %pl = getelementptr inbounds float, ptr addrspace(1) %in, i64 %xm
  %pc = getelementptr inbounds float, ptr addrspace(1) %in, i64 %x
  %pr = getelementptr inbounds float, ptr addrspace(1) %in, i64 %xp
  %l = load float, ptr addrspace(1) %pl, align 4
  %c = load float, ptr addrspace(1) %pc, align 4
  %r = load float, ptr addrspace(1) %pr, align 4
  %s1 = fadd float %l, %c
  %s2 = fadd float %s1, %r
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x
  store float %s2, ptr addrspace(1) %po, align 4
  ret void
}

attributes #0 = { "nvvm.reqntid"="256,1,1" }
