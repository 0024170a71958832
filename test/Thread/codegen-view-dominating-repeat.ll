; The codegen view copies a function only where its passes have something to
; do (CopySelection.cpp, codegenWork): a value computed again where
; an earlier computation of it dominates (EarlyCSE merges the two), not one
; computed on both sides of a branch (neither dominates the other; EarlyCSE
; leaves both). @dominated recomputes tx * n in a block its entry dominates;
; @sides computes it once on each side of a branch. @layout is @dominated
; with the dominated block laid out first (the check must not follow the
; layout); @commuted computes tx + n and n + tx (one value to EarlyCSE);
; @known_condition selects on the condition of the branch that guards it
; (EarlyCSE knows it is true there).
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
;
; @layout as written: S2R + int.mad + bra, then %then (int.mul + xor +
; st.global + bra), then %first (int.mul + st.global + setp + @p bra):
;   delay = 2 + 2 + 1 + (2 + 2 + 4 + 1) + (2 + 4 + 2 + 1) = 23
; and in the view %b is %a: 23 - 2 = 21.
; IR-LABEL: kernel layout
; IR: delay = 23
; VIEW-LABEL: kernel layout
; VIEW: delay = 21
;
; @commuted as written: S2R + int.mad + 2 int.add + int.mul + st.global:
;   delay = 2 + 2 + 2 x 2 + 2 + 4 = 14; in the view one add: 12.
; IR-LABEL: kernel commuted
; IR: delay = 14
; VIEW-LABEL: kernel commuted
; VIEW: delay = 12
;
; @known_condition as written: S2R + int.mad + setp + @p bra, then selp +
; st.global (falling through to the exit):
;   delay = 2 + 2 + 2 + 1 + 2 + 4 = 13; in the view %s is %tx: 11.
; IR-LABEL: kernel known_condition
; IR: delay = 13
; VIEW-LABEL: kernel known_condition
; VIEW: delay = 11

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

define ptx_kernel void @layout(ptr addrspace(1) %out, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x0 = zext nneg i32 %tx to i64
  %q0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x0
  br label %first
then:
  %b = mul i32 %tx, %n
  %b2 = xor i32 %b, %n
  store i32 %b2, ptr addrspace(1) %q0, align 4
  br label %exit
first:
  %a = mul i32 %tx, %n
  store i32 %a, ptr addrspace(1) %q0, align 4
  %c = icmp slt i32 %tx, %n
  br i1 %c, label %then, label %exit
exit:
  ret void
}

define ptx_kernel void @commuted(ptr addrspace(1) %out, i32 %n) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x0 = zext nneg i32 %tx to i64
  %q0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x0
  %s1 = add i32 %tx, %n
  %s2 = add i32 %n, %tx
  %s = mul i32 %s1, %s2
  store i32 %s, ptr addrspace(1) %q0, align 4
  ret void
}

define ptx_kernel void @known_condition(ptr addrspace(1) %out, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x0 = zext nneg i32 %tx to i64
  %q0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %x0
  %c = icmp slt i32 %tx, %n
  br i1 %c, label %then, label %exit
then:
  %s = select i1 %c, i32 %tx, i32 %n
  store i32 %s, ptr addrspace(1) %q0, align 4
  br label %exit
exit:
  ret void
}
