; What is free, and what address arithmetic costs. PTX addresses are
; [register + immediate]: a constant offset used only by memory instructions
; folds into them; a variable index is an IMAD.WIDE (mul.wide.s32 + add.s64,
; fused by ptxas) when it comes from 32 bits, LEA + LEA.HI.X (two integer
; instructions) when it is a 64-bit index times a power of two.
; a100-pcie-40gb: int.add and int.mad lat 4 del 2.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,CHECK-%llvm_major

target triple = "nvptx64-nvidia-cuda"

%struct.P = type { float, float, float }

; CHECK-LABEL: kernel addresses on a100-pcie-40gb
define ptx_kernel void @addresses(ptr addrspace(1) %base, i32 %i, i64 %l) {
entry:
  ; constant offset, used by a load: folded into ld [%rd+16]
  ; CHECK: %c = getelementptr inbounds float, ptr addrspace(1) %base, i64 4 free (offset folded into the address)
  %c = getelementptr inbounds float, ptr addrspace(1) %base, i64 4
  %a = load float, ptr addrspace(1) %c, align 4
  ; constant offset used by something else (a phi): a 64-bit add, IADD3 +
  ; IADD3.X with the carry: lat 8, del 4
  ; CHECK: %c2 = getelementptr inbounds float, ptr addrspace(1) %base, i64 8 address: 2 x int.add lat 8 del 4
  %c2 = getelementptr inbounds float, ptr addrspace(1) %base, i64 8
  ; 32-bit index sign-extended: one IMAD.WIDE, lat 4 del 2 (the sext is free)
  %idx = sext i32 %i to i64
  ; CHECK: %v = getelementptr inbounds float, ptr addrspace(1) %base, i64 %idx address: int.mad lat 4 del 2
  %v = getelementptr inbounds float, ptr addrspace(1) %base, i64 %idx
  ; a 64-bit index times 4: LEA + LEA.HI.X, lat 8, del 4
  ; CHECK: %w = getelementptr inbounds float, ptr addrspace(1) %base, i64 %l address: 2 x int.add lat 8 del 4
  %w = getelementptr inbounds float, ptr addrspace(1) %base, i64 %l
  ; a 64-bit index times 12 (a struct), then a constant field offset folded
  ; into the store: two IMADs for the 64-bit multiply-add, lat 8, del 4
  ; CHECK: %f = getelementptr inbounds %struct.P, ptr addrspace(1) %base, i64 %l, i32 1 address: 2 x int.mad lat 8 del 4
  %f = getelementptr inbounds %struct.P, ptr addrspace(1) %base, i64 %l, i32 1
  ; a byte offset: a 64-bit add
  ; CHECK: %b = getelementptr inbounds i8, ptr addrspace(1) %base, i64 %l address: 2 x int.add lat 8 del 4
  %b = getelementptr inbounds i8, ptr addrspace(1) %base, i64 %l
  ; no offset at all
  ; CHECK: %z = getelementptr inbounds float, ptr addrspace(1) %base, i64 0 free (same address)
  %z = getelementptr inbounds float, ptr addrspace(1) %base, i64 0
  %x = load float, ptr addrspace(1) %v, align 4
  %y = load float, ptr addrspace(1) %w, align 4
  store float %x, ptr addrspace(1) %f, align 4
  store float %y, ptr addrspace(1) %b, align 4
  store float %a, ptr addrspace(1) %z, align 4
  ; markers and renamings are free
  ; CHECK: %fr = freeze float %a free (freeze)
  %fr = freeze float %a
  ; CHECK: call void @llvm.assume(i1 true) free (marker)
  call void @llvm.assume(i1 true)
  %arr = alloca [4 x float], align 4
  ; lifetime markers in LLVM 19's form (size, pointer), which LLVM 22's IR
  ; reader upgrades to its pointer-only form
  ; CHECK-22: call void @llvm.lifetime.start.p0(ptr %arr) free (marker)
  ; CHECK-19: call void @llvm.lifetime.start.p0(i64 16, ptr %arr) free (marker)
  call void @llvm.lifetime.start.p0(i64 16, ptr %arr)
  ; CHECK-22: call void @llvm.lifetime.end.p0(ptr %arr) free (marker)
  ; CHECK-19: call void @llvm.lifetime.end.p0(i64 16, ptr %arr) free (marker)
  call void @llvm.lifetime.end.p0(i64 16, ptr %arr)
  ; CHECK: %agg = insertvalue { float, float } undef, float %fr, 0 free (register)
  %agg = insertvalue { float, float } undef, float %fr, 0
  ; CHECK: %ev = extractvalue { float, float } %agg, 0 free (register)
  %ev = extractvalue { float, float } %agg, 0
  ; CHECK: br label %next free (falls through)
  br label %next
next:
  ; CHECK: %ph = phi ptr addrspace(1) [ %c2, %entry ] free (phi)
  %ph = phi ptr addrspace(1) [ %c2, %entry ]
  store float %ev, ptr addrspace(1) %ph, align 4
  ; a kernel's ret ends the thread
  ; CHECK: ret void free (exit)
  ret void
}

declare void @llvm.assume(i1)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
