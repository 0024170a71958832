; The codegen view copies a function only where its passes have something to
; do (CanonicalClone.cpp, codegenWouldChange): a value computed again where
; an earlier computation of it dominates (EarlyCSE merges the two), not one
; computed on both sides of a branch (neither dominates the other; EarlyCSE
; leaves both). @dominated recomputes tx * n in a block its entry dominates;
; @sides computes it once on each side of a branch.
; RUN: %opt_ktime -passes='print<kernel-time-cost>,print<kernel-time>' -ktime-gpu=a100 \
; RUN:   -ktime-codegen-view=false -disable-output %s | FileCheck %s --check-prefix=IR
; RUN: %opt_ktime -passes='print<kernel-time-cost>,print<kernel-time>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s --check-prefix=VIEW
;
; a100-pcie-40gb: S2R (special_reg) del 2; int.mul, int.mad (a GEP with a
; variable index), int.add (setp, xor) del 2; st.global (ldst) del 4;
; branch del 1 (a fall-through is free).
;
; @dominated as written: S2R + 2 int.mul + int.mad + 2 st.global + setp +
; @p bra + xor:
;   delay = 2 + 2 x 2 + 2 + 2 x 4 + 2 + 1 + 2 = 21
; IR-LABEL: kernel dominated on
; IR: %b = mul i32 %tx, %n
; IR-LABEL: kernel sides on
; IR-LABEL: kernel dominated
; IR: delay = 21
;
; In the codegen view %b is %a (its user reads %a): one int.mul less,
;   delay = 21 - 2 = 19
; VIEW-LABEL: kernel dominated on
; VIEW-NOT: %b = mul
; VIEW: %b2 = xor i32 %a, %n
;
; @sides is the same in both: S2R + int.mad + setp + @p bra, then the two
; sides (int.mul + st.global + bra; int.mul + xor + st.global):
;   delay = 2 + 2 + 2 + 1 + (2 + 4 + 1) + (2 + 2 + 4) = 22
; VIEW-LABEL: kernel sides on
; VIEW: %a = mul i32 %tx, %n
; VIEW: %b = mul i32 %tx, %n
; VIEW-LABEL: kernel dominated
; VIEW: delay = 19
; VIEW-LABEL: kernel sides
; VIEW: delay = 22
; IR-LABEL: kernel sides
; IR: delay = 22

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @dominated(ptr addrspace(1) %out, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = mul i32 %tx, %n
  %x0 = zext nneg i32 %tx to i64
  %q0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x0
  store i32 %a, ptr addrspace(1) %q0, align 4
  %c = icmp slt i32 %tx, %n
  br i1 %c, label %then, label %exit
then:
  %b = mul i32 %tx, %n
  %b2 = xor i32 %b, %n
  store i32 %b2, ptr addrspace(1) %q0, align 4
  br label %exit
exit:
  ret void
}

define ptx_kernel void @sides(ptr addrspace(1) %out, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x0 = zext nneg i32 %tx to i64
  %q0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x0
  %c = icmp slt i32 %tx, %n
  br i1 %c, label %then, label %else
then:
  %a = mul i32 %tx, %n
  store i32 %a, ptr addrspace(1) %q0, align 4
  br label %exit
else:
  %b = mul i32 %tx, %n
  %b2 = xor i32 %b, %n
  store i32 %b2, ptr addrspace(1) %q0, align 4
  br label %exit
exit:
  ret void
}
