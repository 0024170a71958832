; The codegen view (-ktime-codegen-view, on by default; docs/costs.md): the
; kernel is analysed as the NVPTX back end's IR passes leave it, in a copy of
; the module. Full unrolling leaves what those passes remove: the same
; shared element loaded twice (%c is %b again: tx + 1, recomputed by
; %i1b/%x1b/%p1b), and addresses that differ from one computed before by a
; constant (tx + 1, tx + 2: base + 4 and + 8 bytes, an immediate offset of
; the load, no instruction). The module itself is not changed.
; RUN: %opt_ktime -passes='print<kernel-time-cost>,print<kernel-time>' -ktime-gpu=a100 \
; RUN:   -ktime-codegen-view=false -disable-output %s | FileCheck %s --check-prefix=IR
; RUN: %opt_ktime -passes='print<kernel-time-cost>,print<kernel-time>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s --check-prefix=VIEW
; RUN: %opt_ktime -passes='kernel-time' -ktime-gpu=a100 -S %s | FileCheck %s --check-prefix=SAME
;
; a100-pcie-40gb: S2R (special_reg) del 2; int.add, int.mad (a GEP with a
; variable index), fp32.mul, fp32.fma lat 4 del 2; ldst del 4 (a store's lat
; 19, not waited for); a __constant__ value at a fixed address used by
; arithmetic is an operand (c[0x3][...]), free; a GEP with a constant
; offset of an address: free.
;
; The IR as written: 1 S2R + 6 int.mad (p0, p1, p1b, p2, q0, q1) + 3 int.add
; (i1, i1b, i2) + 4 ld.shared + 2 fp32.mul + 2 fp32.fma + 2 st.global:
;   del = 2 + 6 x 2 + 3 x 2 + 4 x 4 + 2 x 2 + 2 x 2 + 2 x 4 = 52
;   lat = tx 4 -> i1 4 -> p1 4 -> %b lat.shared -> m1 4 -> y0 4
;       = lat.shared + 20
; IR: %c = load float, ptr addrspace(3) %p1b, align 4 {{.*}}ld.shared
; IR: total: 20 instructions (9 IR instructions free), del 52
; IR: time = max(52, lat.shared + 20)
; IR-NEXT: delay = 52
;
; The codegen view: %c is gone (its users read %b), p1 and p2 are p0 + 4 and
; p0 + 8 bytes, q1 is q0 + 4; left: 1 S2R + 2 int.mad (p0, q0) + 3 ld.shared
; + 2 fp32.mul + 2 fp32.fma + 2 st.global:
;   del = 2 + 2 x 2 + 3 x 4 + 2 x 2 + 2 x 2 + 2 x 4 = 34
;   lat = tx 4 -> p0 4 -> %b lat.shared -> m1 4 -> y0 4 = lat.shared + 16
; VIEW: %p12 = getelementptr inbounds i8, ptr addrspace(3) %p0, i64 4 {{.*}}free (offset folded into the address)
; VIEW-NOT: %c = load
; VIEW: %n0 = fmul contract float %b, %w0
; VIEW: total: 12 instructions (9 IR instructions free), del 34
; VIEW: time = max(34, lat.shared + 16)
; VIEW-NEXT: delay = 34
;
; The compiled module keeps every instruction.
; SAME: %c = load float, ptr addrspace(3) %p1b, align 4
; SAME: %q1 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x1

target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x float] undef, align 4
@w = internal addrspace(4) externally_initialized constant [2 x float] zeroinitializer, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @taps(ptr addrspace(1) %out) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x0 = zext nneg i32 %tx to i64
  %p0 = getelementptr inbounds [256 x float], ptr addrspace(3) @sh, i64 0, i64 %x0
  %a = load float, ptr addrspace(3) %p0, align 4
  %i1 = add nuw nsw i32 %tx, 1
  %x1 = zext nneg i32 %i1 to i64
  %p1 = getelementptr inbounds [256 x float], ptr addrspace(3) @sh, i64 0, i64 %x1
  %b = load float, ptr addrspace(3) %p1, align 4
  %w0 = load float, ptr addrspace(4) @w, align 4
  %w1 = load float, ptr addrspace(4) getelementptr inbounds ([2 x float], ptr addrspace(4) @w, i64 0, i64 1), align 4
  %m0 = fmul contract float %a, %w0
  %m1 = fmul contract float %b, %w1
  %y0 = fadd contract float %m0, %m1
  %i1b = add nuw nsw i32 %tx, 1
  %x1b = zext nneg i32 %i1b to i64
  %p1b = getelementptr inbounds [256 x float], ptr addrspace(3) @sh, i64 0, i64 %x1b
  %c = load float, ptr addrspace(3) %p1b, align 4
  %i2 = add nuw nsw i32 %tx, 2
  %x2 = zext nneg i32 %i2 to i64
  %p2 = getelementptr inbounds [256 x float], ptr addrspace(3) @sh, i64 0, i64 %x2
  %d = load float, ptr addrspace(3) %p2, align 4
  %n0 = fmul contract float %c, %w0
  %n1 = fmul contract float %d, %w1
  %y1 = fadd contract float %n0, %n1
  %q0 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x0
  store float %y0, ptr addrspace(1) %q0, align 4
  %q1 = getelementptr inbounds float, ptr addrspace(1) %out, i64 %x1
  store float %y1, ptr addrspace(1) %q1, align 4
  ret void
}
