; Global-memory coalescing of one warp request (docs/memory.md). The block
; shape is unknown, so a warp is 32 consecutive tid.x: lane l has tid.x =
; tid.x(lane 0) + l, and i = ctaid.x * ntid.x + tid.x steps by 1 per lane.
; The lowest address of the warp starts a 128-byte line (the base is
; cudaMalloc-aligned and 4 * ctaid.x * ntid.x is a multiple of 128 when ntid.x
; is a multiple of 32). Sectors are 32 bytes, lines 128 bytes; the minimum is
; what the 32 lanes' bytes need laid out contiguously from the same lowest
; address; factor = max(1, sectors / minimum); transferred = sectors x 32 /
; 32 lanes.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
declare float @llvm.nvvm.ldu.global.f.f32.p1(ptr addrspace(1), i32)

; CHECK-LABEL: kernel unit on a100-pcie-40gb
; CHECK: assumed: block shape unknown: a warp is assumed to span 32 consecutive tid.x (ntid.x a multiple of 32)
define ptx_kernel void @unit(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %ix = sext i32 %i to i64
  ; float a[i]: lanes at 4 l, bytes [0, 128): sectors 0..3 = 4, one line;
  ; 128 distinct bytes need 4 sectors and 1 line: factor 4 / 4 = 1;
  ; transferred 4 x 32 / 32 = 4 B per thread, none uncoalesced.
  ; CHECK: line ? %v: global load 4 B, pattern unit, stride 4 B, lanes 32, sectors 4/4, lines 1/1, factor 1, transferred 4 B, uncoalesced 0 B;
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ix
  %v = load float, ptr addrspace(1) %p, align 4
  ; float4 a[i] (a <4 x float> load): lanes at 16 l, [0, 512): 16 sectors,
  ; 4 lines, all needed: factor 1; 16 x 32 / 32 = 16 B per thread.
  ; CHECK: line ? %v4: global load 16 B, pattern unit, stride 16 B, lanes 32, sectors 16/16, lines 4/4, factor 1, transferred 16 B, uncoalesced 0 B;
  %p4 = getelementptr inbounds <4 x float>, ptr addrspace(1) %a, i64 %ix
  %v4 = load <4 x float>, ptr addrspace(1) %p4, align 16
  ; A float4 struct copy is a 16-byte memcpy: a 16-byte read and write.
  ; CHECK: line ? memcpy from %p4: global load 16 B, pattern unit, stride 16 B, lanes 32, sectors 16/16, lines 4/4, factor 1,
  ; CHECK: line ? memcpy to %q4: global store 16 B, pattern unit, stride 16 B, lanes 32, sectors 16/16, lines 4/4, factor 1,
  %q4 = getelementptr inbounds <4 x float>, ptr addrspace(1) %b, i64 %ix
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 16 %q4, ptr addrspace(1) align 16 %p4, i64 16, i1 false)
  %e = extractelement <4 x float> %v4, i32 0
  %s = fadd float %v, %e
  ; CHECK: line ? store to %q: global store 4 B, pattern unit, stride 4 B, lanes 32, sectors 4/4, lines 1/1, factor 1,
  %q = getelementptr inbounds float, ptr addrspace(1) %b, i64 %ix
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: kernel strided on a100-pcie-40gb
define ptx_kernel void @strided(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  ; a[2 i]: lanes at 8 l in [0, 256): 8 sectors (4 lanes each), 2 lines;
  ; 128 distinct bytes need 4 sectors, 1 line: factor 8 / 4 = 2 (lines
  ; 2 / 1 = 2); 8 x 32 / 32 = 8 B moved per thread, all 4 B uncoalesced.
  ; In the L1's data array (32 banks of 4 B, docs/memory.md, "The L1's
  ; cycles a request") lane l reads word 2 l, bank 2 l mod 32: lanes l and
  ; l + 16 share a bank, 2-way, 2 wavefronts.
  ; CHECK: line ? %v2: global load 4 B, pattern strided, stride 8 B, lanes 32, sectors 8/4, lines 2/1, factor 2, transferred 8 B, uncoalesced 4 B, L1 bank conflicts 2-way (2 wavefronts);
  %i2 = shl nsw i32 %i, 1
  %x2 = sext i32 %i2 to i64
  %p2 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x2
  %v2 = load float, ptr addrspace(1) %p2, align 4
  ; a[32 i]: lanes 128 bytes apart: 32 sectors and 32 lines against 4 and
  ; 1: factor 32 / 4 = 8 (lines 32 / 1 = 32); 32 x 32 / 32 = 32 B moved
  ; per thread. Word 32 l: every lane in bank 0, 32-way, 32 wavefronts.
  ; CHECK: line ? %v32: global load 4 B, pattern strided, stride 128 B, lanes 32, sectors 32/4, lines 32/1, factor 8, transferred 32 B, uncoalesced 4 B, L1 bank conflicts 32-way (32 wavefronts);
  %i32 = shl nsw i32 %i, 5
  %x32 = sext i32 %i32 to i64
  %p32 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x32
  %v32 = load float, ptr addrspace(1) %p32, align 4
  ; a[i + 1]: 4 bytes past a line start: [4, 132) touches 5 sectors and 2
  ; lines, and so would any 128 contiguous bytes from 4: factor 5 / 5 = 1
  ; (misaligned, not uncoalesced); 5 x 32 / 32 = 5 B moved per thread.
  ; CHECK: line ? %v1: global load 4 B, pattern unit, stride 4 B, lanes 32, sectors 5/5, lines 2/2, factor 1, transferred 5 B, uncoalesced 0 B;
  %i1 = add nsw i32 %i, 1
  %x1 = sext i32 %i1 to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %s1 = fadd float %v2, %v32
  %s2 = fadd float %s1, %v1
  %ix = sext i32 %i to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %b, i64 %ix
  store float %s2, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: kernel broadcast on a100-pcie-40gb
define ptx_kernel void @broadcast(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %k) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ; a[k]: every lane reads the same 4 bytes: 1 sector, 1 line, fewer than
  ; the 4 sectors 32 x 4 bytes need: factor max(1, 1 / 4) = 1; 1 x 32 / 32
  ; = 1 B moved per thread.
  ; CHECK: line ? %vk: global load 4 B, pattern broadcast, stride 0 B, lanes 32, sectors 1/4, lines 1/1, factor 1, transferred 1 B, uncoalesced 0 B;
  %xk = sext i32 %k to i64
  %pk = getelementptr inbounds float, ptr addrspace(1) %a, i64 %xk
  %vk = load float, ptr addrspace(1) %pk, align 4
  ; a[blockIdx.x]: uniform in the block, so also a broadcast.
  ; CHECK: line ? %vc: global load 4 B, pattern broadcast, stride 0 B, lanes 32, sectors 1/4, lines 1/1, factor 1,
  %xc = zext i32 %ctaid to i64
  %pc = getelementptr inbounds float, ptr addrspace(1) %a, i64 %xc
  %vc = load float, ptr addrspace(1) %pc, align 4
  %s = fadd float %vk, %vc
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %ix = sext i32 %i to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %b, i64 %ix
  store float %s, ptr addrspace(1) %q, align 4
  ret void
}

; A transposed read in[x * 1024 + y] with x = 32 * ctaid.x + tid.x: lanes
; 4096 bytes apart, each its own sector and line: 32 / 4 = 8 (lines 32 /
; 1); the write out[y * 1024 + x] is unit stride. With a row length n
; known only at run time, the lane stride is 4 * n bytes: assumed at least
; a sector, which gives the same 32 sectors.
; CHECK-LABEL: kernel transpose on a100-pcie-40gb
define ptx_kernel void @transpose(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %cx = shl nsw i32 %ctaid, 5
  %x = add nsw i32 %cx, %tid
  %row = shl nsw i32 %x, 10
  %r = add nsw i32 %row, %y
  %rx = sext i32 %r to i64
  ; Lanes 4096 B apart, all in one bank of the L1: 32-way, 32 wavefronts.
  ; CHECK: line ? %t: global load 4 B, pattern strided, stride 4096 B, lanes 32, sectors 32/4, lines 32/1, factor 8, transferred 32 B, uncoalesced 4 B, L1 bank conflicts 32-way (32 wavefronts);
  %pi = getelementptr inbounds float, ptr addrspace(1) %in, i64 %rx
  %t = load float, ptr addrspace(1) %pi, align 4
  %rown = mul nsw i32 %x, %n
  %rn = add nsw i32 %rown, %y
  %rnx = sext i32 %rn to i64
  ; CHECK: line ? %tn: global load 4 B, pattern strided, stride 4 * n B, lanes 32, sectors 32/4, lines 32/1, factor 8, transferred 32 B, uncoalesced 4 B; {{.*}}assumed: lane stride 4 * n bytes is not a constant: assumed at least 32 bytes (each lane in its own sectors)
  %pn = getelementptr inbounds float, ptr addrspace(1) %in, i64 %rnx
  %tn = load float, ptr addrspace(1) %pn, align 4
  %w = shl nsw i32 %y, 10
  %o = add nsw i32 %w, %x
  %ox = sext i32 %o to i64
  ; CHECK: line ? store to %po: global store 4 B, pattern unit, stride 4 B, lanes 32, sectors 4/4, lines 1/1, factor 1,
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ox
  %s = fadd float %t, %tn
  store float %s, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()

; Indirect a[idx[i]]: the address depends on data each lane loaded, so the
; lanes are assumed scattered: 32 sectors and lines against 4 and 1.
; Read-only loads (!invariant.load, ldu) and atomics are analysed alike.
; CHECK-LABEL: kernel gather on a100-pcie-40gb
define ptx_kernel void @gather(ptr addrspace(1) %a, ptr addrspace(1) %idx, ptr addrspace(1) %h) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tx = zext i32 %tid to i64
  ; CHECK: line ? %j: global load (read-only) 4 B, pattern unit, stride 4 B, lanes 32, sectors 4/4, lines 1/1, factor 1,
  %pj = getelementptr inbounds i32, ptr addrspace(1) %idx, i64 %tx
  %j = load i32, ptr addrspace(1) %pj, align 4, !invariant.load !0
  %jx = sext i32 %j to i64
  ; CHECK: line ? %g: global load 4 B, pattern irregular, lanes 32, sectors 32/4, lines 32/1, factor 8, transferred 32 B, uncoalesced 4 B; {{.*}}assumed: the address depends on data loaded per lane (%j): lanes assumed scattered, each in its own sectors
  %pg = getelementptr inbounds float, ptr addrspace(1) %a, i64 %jx
  %g = load float, ptr addrspace(1) %pg, align 4
  ; ldu of a uniform address: a read-only broadcast.
  ; CHECK: line ? %u: global load (read-only) 4 B, pattern broadcast, stride 0 B, lanes 32, sectors 1/4, lines 1/1, factor 1,
  %u = call float @llvm.nvvm.ldu.global.f.f32.p1(ptr addrspace(1) %a, i32 4)
  ; atomicAdd(&h[tid.x], 1): unit stride; atomicAdd(&h[idx], 1): scattered.
  ; CHECK: line ? %o1: global atomic 4 B, pattern unit, stride 4 B, lanes 32, sectors 4/4, lines 1/1, factor 1,
  %ph = getelementptr inbounds i32, ptr addrspace(1) %h, i64 %tx
  %o1 = atomicrmw add ptr addrspace(1) %ph, i32 1 monotonic
  ; CHECK: line ? %o2: global atomic 4 B, pattern irregular, lanes 32, sectors 32/4,
  %pi = getelementptr inbounds i32, ptr addrspace(1) %h, i64 %jx
  %o2 = atomicrmw add ptr addrspace(1) %pi, i32 1 monotonic
  %s = fadd float %g, %u
  store float %s, ptr addrspace(1) %pg, align 4
  ret void
}

!0 = !{}

; A base each lane chooses (`v > 0 ? y : z`: -O3 turns `if (v > 0) y[i] =
; v; else z[i] = v;` into one store through a select of the two pointers).
; Each lane is at its base's 4 i, so the lanes of each side are coalesced
; there: each side touches at most the 4 sectors and 1 line of the whole
; warp at its base, 8 sectors and 2 lines in all against the minimum 4 and
; 1: factor 2, 8 x 32 / 32 = 8 B moved per thread, 4 B uncoalesced (not
; the 32 sectors of lanes scattered). A choice the warp makes as one
; (`k != 0 ? y : z` on a parameter) is one base: 4 sectors, factor 1.
; CHECK-LABEL: kernel pick on a100-pcie-40gb
; CHECK: line ? store to %q: global store 4 B, pattern unit, stride 4 B, lanes 32, sectors 8/4, lines 2/1, factor 2, transferred 8 B, uncoalesced 4 B; {{.*}}assumed: each lane's base is one of two pointers (%yz): each side's lanes are counted as the whole warp's sectors at its base, an upper bound
; CHECK: line ? store to %r: global store 4 B, pattern unit, stride 4 B, lanes 32, sectors 4/4, lines 1/1, factor 1, transferred 4 B, uncoalesced 0 B;
define ptx_kernel void @pick(ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %z, i32 %k) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %ix = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %x, i64 %ix
  %v = load float, ptr addrspace(1) %p, align 4
  %pos = fcmp ogt float %v, 0.0
  %yz = select i1 %pos, ptr addrspace(1) %y, ptr addrspace(1) %z
  %q = getelementptr inbounds float, ptr addrspace(1) %yz, i64 %ix
  store float %v, ptr addrspace(1) %q, align 4
  %on = icmp ne i32 %k, 0
  %yz2 = select i1 %on, ptr addrspace(1) %y, ptr addrspace(1) %z
  %r = getelementptr inbounds float, ptr addrspace(1) %yz2, i64 %ix
  store float %v, ptr addrspace(1) %r, align 4
  ret void
}

; The same choice at a stride of 32 elements: each lane in its own sector
; and line at either base (32 of each for one base), so the two bases
; together stay at 32 sectors and 32 lines (not 2 x 32: a lane is at one
; base only), against the minimum 4 and 1: factor 8, as scattered lanes.
; CHECK-LABEL: kernel pickstrided on a100-pcie-40gb
; CHECK: line ? store to %q: global store 4 B, pattern strided, stride 128 B, lanes 32, sectors 32/4, lines 32/1, factor 8, transferred 32 B, uncoalesced 4 B; {{.*}}assumed: each lane's base is one of two pointers (%yz)
define ptx_kernel void @pickstrided(ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %z) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul nsw i32 %ctaid, %ntid
  %i = add nsw i32 %base, %tid
  %ix = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %x, i64 %ix
  %v = load float, ptr addrspace(1) %p, align 4
  %pos = fcmp ogt float %v, 0.0
  %yz = select i1 %pos, ptr addrspace(1) %y, ptr addrspace(1) %z
  %i32 = shl nsw i64 %ix, 5
  %q = getelementptr inbounds float, ptr addrspace(1) %yz, i64 %i32
  store float %v, ptr addrspace(1) %q, align 4
  ret void
}
