; Which of the codegen view's passes a copied function gets (CopySelection.cpp,
; codegenWork): EarlyCSE with MemorySSA only where a memory access may repeat.
; @reload_past_store loads a[tx] through two equal addresses with a store to
; shared memory between: no load repeats as written, so EarlyCSE first runs
; without MemorySSA, which merges the addresses but not the loads (the store
; is in between); a load of one pointer then repeats, so EarlyCSE with
; MemorySSA runs too, and merges the second load (the shared store cannot
; write global memory). @values_only recomputes tx * n and needs EarlyCSE
; without MemorySSA only. @offsets_only has a constant offset to split and
; nothing to merge. @forward_past_store stores to a[tx + 1], then to shared
; memory, then loads a[tx + 1] again: besides the offset to split, a load of
; what a store wrote, which EarlyCSE with MemorySSA forwards (the shared
; store cannot write global memory). @forward_only is the same without the
; offset: a store-to-load forward is the only thing to do, so the function
; must still be copied.
; RUN: %opt_ktime -passes='print<kernel-time-cost>,print<kernel-time>' -ktime-gpu=a100 \
; RUN:   -ktime-codegen-view=false -disable-output %s | FileCheck %s --check-prefix=IR
; RUN: %opt_ktime -passes='print<kernel-time-cost>,print<kernel-time>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s --check-prefix=VIEW
;
; a100-pcie-40gb (arch/sm_80.yaml): special_reg (S2R), int.add, int.mul,
; int.mad (a GEP with a variable index), fp32.add: del 2 each; ldst (ld/st)
; del 4; the zero extensions and the exit are free.
;
; @reload_past_store as written: S2R + 3 GEPs of a[tx], tile[tx], a[tx] + 2
; ld.global + st.shared + fadd + GEP of out[tx] + st.global:
;   delay = 2 + 3 x 2 + 2 x 4 + 4 + 2 + 2 + 4 = 28
; In the view the second GEP is the first (EarlyCSE) and the second load the
; first (EarlyCSE with MemorySSA): 28 - 2 - 4 = 22. Without the MemorySSA
; run the load would stay: 28 - 2 = 26.
;
; @values_only as written: S2R + 2 int.mul + 2 GEPs + ld.global + st.global:
;   delay = 2 + 2 x 2 + 2 x 2 + 4 + 4 = 18
; In the view %m2 is %m1: 18 - 2 = 16.
;
; @offsets_only as written: S2R + the add tx + 1 + 2 GEPs + ld.global +
; st.global:
;   delay = 2 + 2 + 2 x 2 + 4 + 4 = 16
; In the view the + 1 is an immediate offset of the address (free), and a[tx]
; and out[tx] share the zero extension: 16 - 2 = 14.
;
; @forward_past_store as written: S2R + the add + GEP of a[tx + 1] +
; st.global + GEP of tile[tx] + st.shared + ld.global + GEP of out[tx] +
; st.global:
;   delay = 2 + 2 + 2 + 4 + 2 + 4 + 4 + 2 + 4 = 26
; In the view the + 1 is an immediate offset (free) and the load is the
; stored %v: 26 - 2 - 4 = 20. Without the MemorySSA run the load would
; stay: 26 - 2 = 24.
;
; @forward_only as written: the same without the add:
;   delay = 2 + 2 + 4 + 2 + 4 + 4 + 2 + 4 = 24
; In the view the load is the stored %v: 24 - 4 = 20. Not copied, it would
; stay 24.
;
; IR-LABEL: kernel reload_past_store on
; IR: %y = load float, ptr addrspace(1) %p2
; IR-LABEL: kernel reload_past_store
; IR: delay = 28
; IR-LABEL: kernel values_only
; IR: delay = 18
; IR-LABEL: kernel offsets_only
; IR: delay = 16
; IR-LABEL: kernel forward_past_store
; IR: delay = 26
; IR-LABEL: kernel forward_only
; IR: delay = 24
;
; VIEW-LABEL: kernel reload_past_store on
; VIEW-NOT: %y = load
; VIEW: %z = fadd float %x, %x
; VIEW-LABEL: kernel values_only on
; VIEW-NOT: %m2 = mul
; VIEW: store float %x
; VIEW-LABEL: kernel offsets_only on
; VIEW: getelementptr inbounds i8, ptr addrspace(1) %{{.*}}, i64 4{{.*}}free (offset folded into the address)
; VIEW-LABEL: kernel forward_past_store on
; VIEW-NOT: %y = load
; VIEW: store float %v, ptr addrspace(1) %q
; VIEW-LABEL: kernel forward_only on
; VIEW-NOT: %y = load
; VIEW: store float %v, ptr addrspace(1) %q
; VIEW-LABEL: kernel reload_past_store
; VIEW: delay = 22
; VIEW-LABEL: kernel values_only
; VIEW: delay = 16
; VIEW-LABEL: kernel offsets_only
; VIEW: delay = 14
; VIEW-LABEL: kernel forward_past_store
; VIEW: delay = 20
; VIEW-LABEL: kernel forward_only
; VIEW: delay = 20

target datalayout = "e-p:64:64:64-p3:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [32 x float] undef, align 4

define ptx_kernel void @reload_past_store(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tx to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %x = load float, ptr addrspace(1) %p1, align 4
  %s = getelementptr inbounds [32 x float], ptr addrspace(3) @tile, i32 0, i32 %tx
  store float %x, ptr addrspace(3) %s, align 4
  %p2 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %y = load float, ptr addrspace(1) %p2, align 4
  %z = fadd float %x, %y
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %z, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @values_only(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m1 = mul i32 %tx, %n
  %i1 = zext i32 %m1 to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i1
  %x = load float, ptr addrspace(1) %p, align 4
  %m2 = mul i32 %tx, %n
  %i2 = zext i32 %m2 to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i2
  store float %x, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @offsets_only(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %j = add nuw nsw i32 %tx, 1
  %i = zext i32 %j to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %x = load float, ptr addrspace(1) %p, align 4
  %k = zext i32 %tx to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %k
  store float %x, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @forward_past_store(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out, float %v) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %j = add nuw nsw i32 %tx, 1
  %i = zext i32 %j to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  store float %v, ptr addrspace(1) %p, align 4
  %s = getelementptr inbounds [32 x float], ptr addrspace(3) @tile, i32 0, i32 %tx
  store float %v, ptr addrspace(3) %s, align 4
  %y = load float, ptr addrspace(1) %p, align 4
  %k = zext i32 %tx to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %k
  store float %y, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @forward_only(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out, float %v) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  store float %v, ptr addrspace(1) %p, align 4
  %s = getelementptr inbounds [32 x float], ptr addrspace(3) @tile, i32 0, i32 %tx
  store float %v, ptr addrspace(3) %s, align 4
  %y = load float, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %y, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
