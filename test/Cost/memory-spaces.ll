; Loads and stores by state space. A load's latency is the symbol of its
; space (lat.global, lat.shared, lat.local, lat.const, lat.param), bound by
; the GPU stage; a store's is ldst's lat, 19 (its warp does not wait for it).
; Issue: ldst, ops_per_clk_per_sm 32 -> del = 32 / (32 / 4) = 4 per memory
; instruction (a100-pcie-40gb). Generic addresses are traced to their space:
; kernel pointer parameters are global, byval parameters param, allocas
; local, __shared__/__constant__ variables shared/const.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

%struct.S = type { float, float }

@sh = internal addrspace(3) global [64 x float] undef, align 4
@cst = internal addrspace(4) constant [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4
@dev = internal global float 0.0, align 4

; CHECK-LABEL: kernel spaces on a100-pcie-40gb
define ptx_kernel void @spaces(ptr %p, ptr addrspace(1) %g, ptr byval(%struct.S) align 4 %s, i32 %i, ptr %pp) {
  ; a kernel's pointer parameter points to global memory
  ; CHECK: %a = load float, ptr %p, align 4 ld.global: ldst lat lat.global del 4 (4 bytes)
  %a = load float, ptr %p, align 4
  ; CHECK: %b = load float, ptr addrspace(1) %g, align 4 ld.global: ldst lat lat.global del 4 (4 bytes)
  %b = load float, ptr addrspace(1) %g, align 4
  ; through an addrspacecast and a GEP back to addrspace(1)
  ; CHECK: %gen = addrspacecast ptr addrspace(1) %g to ptr free (same address)
  %gen = addrspacecast ptr addrspace(1) %g to ptr
  %genp = getelementptr inbounds float, ptr %gen, i32 %i
  ; CHECK: %c = load float, ptr %genp, align 4 ld.global: ldst lat lat.global del 4 (4 bytes)
  %c = load float, ptr %genp, align 4
  ; a byval aggregate lives in the param space
  ; CHECK: %d = load float, ptr %s, align 4 ld.param: ldst lat lat.param del 4 (4 bytes)
  %d = load float, ptr %s, align 4
  ; __shared__: generic pointer made from it with a cast (cvta.shared: a
  ; 64-bit add of the window base, 2 x int.add: lat 8, del 4)
  %shp = getelementptr inbounds [64 x float], ptr addrspace(3) @sh, i32 0, i32 %i
  ; CHECK: %shg = addrspacecast ptr addrspace(3) %shp to ptr cvta: 2 x int.add lat 8 del 4
  %shg = addrspacecast ptr addrspace(3) %shp to ptr
  ; CHECK: store float %a, ptr %shg, align 4 st.shared: ldst lat 19 del 4 (4 bytes)
  store float %a, ptr %shg, align 4
  ; CHECK: %e = load float, ptr addrspace(3) %shp, align 4 ld.shared: ldst lat lat.shared del 4 (4 bytes)
  %e = load float, ptr addrspace(3) %shp, align 4
  ; __constant__
  %cp = getelementptr inbounds [4 x float], ptr addrspace(4) @cst, i32 0, i32 %i
  ; CHECK: %f = load float, ptr addrspace(4) %cp, align 4 ld.const: ldst lat lat.const del 4 (4 bytes)
  %f = load float, ptr addrspace(4) %cp, align 4
  ; a __device__ variable in the generic space is global
  ; CHECK: %h = load float, ptr @dev, align 4 ld.global: ldst lat lat.global del 4 (4 bytes)
  %h = load float, ptr @dev, align 4
  ; a local array (spilled or indexed): local memory
  ; CHECK: %arr = alloca [8 x float], align 4 free (stack frame)
  %arr = alloca [8 x float], align 4
  %ap = getelementptr inbounds [8 x float], ptr %arr, i32 0, i32 %i
  ; CHECK: store float %b, ptr %ap, align 4 st.local: ldst lat 19 del 4 (4 bytes)
  store float %b, ptr %ap, align 4
  ; CHECK: %j = load float, ptr %ap, align 4 ld.local: ldst lat lat.local del 4 (4 bytes)
  %j = load float, ptr %ap, align 4
  ; a pointer loaded from memory: its space is unknown, priced as global
  ; CHECK: %q = load ptr, ptr %pp, align 8 ld.global: ldst lat lat.global del 4 (8 bytes)
  %q = load ptr, ptr %pp, align 8
  ; CHECK: %k = load float, ptr %q, align 4 ld: ldst lat lat.global del 4 (4 bytes) ; assumed: generic address (its state space is not known here) priced as global
  %k = load float, ptr %q, align 4
  %s1 = fadd float %a, %b
  %s2 = fadd float %s1, %c
  %s3 = fadd float %s2, %d
  %s4 = fadd float %s3, %e
  %s5 = fadd float %s4, %f
  %s6 = fadd float %s5, %h
  %s7 = fadd float %s6, %j
  %s8 = fadd float %s7, %k
  store float %s8, ptr addrspace(1) %g, align 4
  ret void
}

; Phis and selects keep a space when every input agrees.
; CHECK-LABEL: kernel merged on a100-pcie-40gb
define ptx_kernel void @merged(ptr addrspace(1) %g, i1 %c, i32 %i, i32 %j) {
entry:
  %s1 = getelementptr inbounds [64 x float], ptr addrspace(3) @sh, i32 0, i32 %i
  %s2 = getelementptr inbounds [64 x float], ptr addrspace(3) @sh, i32 0, i32 %j
  %g1 = addrspacecast ptr addrspace(3) %s1 to ptr
  %g2 = addrspacecast ptr addrspace(3) %s2 to ptr
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  ; both shared
  %both = select i1 %c, ptr %g1, ptr %g2
  ; CHECK: %x = load float, ptr %both, align 4 ld.shared: ldst lat lat.shared del 4 (4 bytes)
  %x = load float, ptr %both, align 4
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  ; shared or global: unknown, priced as global
  %mix = phi ptr [ %g1, %entry ], [ %gg, %then ]
  ; CHECK: %y = load float, ptr %mix, align 4 ld: ldst lat lat.global del 4 (4 bytes) ; assumed: generic address
  %y = load float, ptr %mix, align 4
  %z = fadd float %x, %y
  store float %z, ptr addrspace(1) %g, align 4
  ret void
}

; Read-only loads (ld.global.nc): !invariant.load, a const __restrict__
; parameter (noalias readonly), llvm.nvvm.ldu.
; CHECK-LABEL: kernel readonly on a100-pcie-40gb
define ptx_kernel void @readonly(ptr noalias readonly %in, ptr addrspace(1) %g, ptr addrspace(1) %out) {
  ; CHECK: %a = load float, ptr %in, align 4 ld.global.nc: ldst lat lat.global del 4 (4 bytes, read-only)
  %a = load float, ptr %in, align 4
  ; CHECK: %b = load float, ptr addrspace(1) %g, align 4, !invariant.load !0 ld.global.nc: ldst lat lat.global del 4 (4 bytes, read-only)
  %b = load float, ptr addrspace(1) %g, align 4, !invariant.load !0
  ; CHECK: %c = call float @llvm.nvvm.ldu.global.f.f32.p1(ptr addrspace(1) %g, i32 4) ldu.global: ldst lat lat.global del 4 (4 bytes, read-only)
  %c = call float @llvm.nvvm.ldu.global.f.f32.p1(ptr addrspace(1) %g, i32 4)
  %s = fadd float %a, %b
  %t = fadd float %s, %c
  store float %t, ptr addrspace(1) %out, align 4
  ret void
}

; Vector accesses and accesses NVPTX splits (at most 16 bytes and at most
; the alignment per instruction).
; CHECK-LABEL: kernel vectors on a100-pcie-40gb
define ptx_kernel void @vectors(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  ; one ld.v4.f32: del 4, 16 bytes
  ; CHECK: %v = load <4 x float>, ptr addrspace(1) %in, align 16 ld.global: ldst lat lat.global del 4 (16 bytes)
  %v = load <4 x float>, ptr addrspace(1) %in, align 16
  ; aligned to 4 only: four ld.f32, issued back to back (del 4 x 4 = 16),
  ; waited for together (one lat.global)
  ; CHECK: %u = load <4 x float>, ptr addrspace(1) %in, align 4 ld.global: 4 x ldst lat lat.global del 16 (16 bytes)
  %u = load <4 x float>, ptr addrspace(1) %in, align 4
  %w = fadd <4 x float> %v, %u
  ; 32 bytes aligned to 16: two st.v4.f32: lat 19, del 8
  %wide = shufflevector <4 x float> %w, <4 x float> %v, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  ; CHECK: store <8 x float> %wide, ptr addrspace(1) %out, align 16 st.global: 2 x ldst lat 19 del 8 (32 bytes)
  store <8 x float> %wide, ptr addrspace(1) %out, align 16
  ; 40 bytes aligned to 4: ten ld.b32 and ten st.b32; the stores wait for
  ; the loads: lat = lat.global + 19, del = 20 x 4 = 80
  ; CHECK: call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %out, ptr addrspace(1) align 4 %in, i64 40, i1 false) memcpy: ld.global + st.global: 20 x ldst lat lat.global + 19 del 80 (40 bytes)
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %out, ptr addrspace(1) align 4 %in, i64 40, i1 false)
  ret void
}

declare float @llvm.nvvm.ldu.global.f.f32.p1(ptr addrspace(1), i32)
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)

!0 = !{}

; A __constant__ value at a fixed address that arithmetic uses is an operand
; of that instruction in SASS (c[0x3][offset]), not a load: free. ptxas takes
; one such operand per instruction; a value that is also stored, or an
; address with a variable index (above, %f), is loaded (ld.const).
@cw = internal addrspace(4) externally_initialized constant [4 x float] zeroinitializer, align 4
; CHECK-LABEL: kernel bank_operands on a100-pcie-40gb
define ptx_kernel void @bank_operands(ptr addrspace(1) %g, float %x) {
  ; CHECK: %w0 = load float, ptr addrspace(4) @cw, align 4 free (constant-bank operand of its user)
  %w0 = load float, ptr addrspace(4) @cw, align 4
  ; the fadd's second fixed constant: the bank slot is taken by %w0
  ; CHECK: %w1 = load float, ptr addrspace(4) getelementptr inbounds ([4 x float], ptr addrspace(4) @cw, i64 0, i64 1), align 4 ld.const: ldst lat lat.const del 4 (4 bytes)
  %w1 = load float, ptr addrspace(4) getelementptr inbounds ([4 x float], ptr addrspace(4) @cw, i64 0, i64 1), align 4
  ; stored as well as added: a load
  ; CHECK: %w2 = load float, ptr addrspace(4) getelementptr inbounds ([4 x float], ptr addrspace(4) @cw, i64 0, i64 2), align 4 ld.const: ldst lat lat.const del 4 (4 bytes)
  %w2 = load float, ptr addrspace(4) getelementptr inbounds ([4 x float], ptr addrspace(4) @cw, i64 0, i64 2), align 4
  %s0 = fadd float %w0, %w1
  %s1 = fmul float %s0, %w2
  store float %w2, ptr addrspace(1) %g, align 4
  %gp = getelementptr inbounds float, ptr addrspace(1) %g, i64 1
  store float %s1, ptr addrspace(1) %gp, align 4
  ret void
}
