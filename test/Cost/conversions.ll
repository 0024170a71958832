; Conversions: cvt between integer and floating point or between float widths
; (convert; convert.f64 where the source or the result is a 64-bit type, the
; guide's "type conversions from and to 64-bit types"); integer widening and
; narrowing as the backend does it.
; a100-pcie-40gb (arch/sm_80.yaml): convert lat 4, ops 16 -> del = 32 / (16 /
; 4) = 8; convert.f64 lat 6, ops 16 -> del 8; int.add lat 4, ops 64 -> del 2.
; gtx-980 (arch/sm_52.yaml): convert lat 6, ops 32 -> del = 32 / (32 / 4) = 4;
; convert.f64 lat 48, ops 4 -> del = 32 / (4 / 4) = 32, eight times convert's.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=gtx-980 -disable-output %s | FileCheck %s --check-prefix=MAXWELL

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: kernel conversions on a100-pcie-40gb
define ptx_kernel void @conversions(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %i, i16 %s, i64 %l, float %f, double %d, half %h, bfloat %b) {
  ; CHECK: %c1 = sitofp i32 %i to float cvt: convert lat 4 del 8
  ; MAXWELL: %c1 = sitofp i32 %i to float cvt: convert lat 6 del 4
  %c1 = sitofp i32 %i to float
  ; CHECK: %c2 = fptosi float %f to i32 cvt: convert lat 4 del 8
  ; MAXWELL: %c2 = fptosi float %f to i32 cvt: convert lat 6 del 4
  %c2 = fptosi float %f to i32
  ; CHECK: %c3 = fpext float %f to double cvt: convert.f64 lat 6 del 8
  ; MAXWELL: %c3 = fpext float %f to double cvt: convert.f64 lat 48 del 32
  %c3 = fpext float %f to double
  ; CHECK: %c4 = fptrunc double %d to float cvt: convert.f64 lat 6 del 8
  ; MAXWELL: %c4 = fptrunc double %d to float cvt: convert.f64 lat 48 del 32
  %c4 = fptrunc double %d to float
  ; CHECK: %c5 = fpext half %h to float cvt: convert lat 4 del 8
  ; MAXWELL: %c5 = fpext half %h to float cvt: convert lat 6 del 4
  %c5 = fpext half %h to float
  ; CHECK: %c6 = uitofp i64 %l to double cvt: convert.f64 lat 6 del 8
  ; MAXWELL: %c6 = uitofp i64 %l to double cvt: convert.f64 lat 48 del 32
  %c6 = uitofp i64 %l to double
  ; a 64-bit integer to float is a 64-bit conversion too
  ; CHECK: %c8 = sitofp i64 %l to float cvt: convert.f64 lat 6 del 8
  ; MAXWELL: %c8 = sitofp i64 %l to float cvt: convert.f64 lat 48 del 32
  %c8 = sitofp i64 %l to float
  ; a bfloat is the upper half of a float: one shift
  ; CHECK: %c7 = fpext bfloat %b to float bf16 shift: int.add lat 4 del 2
  %c7 = fpext bfloat %b to float
  ; truncation reads the low register: free
  ; CHECK: %t1 = trunc i64 %l to i32 free (low bits)
  %t1 = trunc i64 %l to i32
  ; to i1 the backend tests the low bit: and.b32 + setp, lat 8, del 4
  ; CHECK: %t2 = trunc i32 %i to i1 and + setp: 2 x int.add lat 8 del 4
  %t2 = trunc i32 %i to i1
  ; i1 to i32: selp
  ; CHECK: %z1 = zext i1 %t2 to i32 selp: int.add lat 4 del 2
  %z1 = zext i1 %t2 to i32
  ; 16 to 32 bits: cvt.u32.u16 / cvt.s32.s16, one integer instruction
  ; CHECK: %z2 = zext i16 %s to i32 cvt: int.add lat 4 del 2
  %z2 = zext i16 %s to i32
  ; CHECK: %x2 = sext i16 %s to i32 cvt: int.add lat 4 del 2
  %x2 = sext i16 %s to i32
  ; a load extends for free (ld.u8 / ld.s8)
  %byte = load i8, ptr addrspace(1) %in
  ; CHECK: %z3 = zext i8 %byte to i32 free (extending load)
  %z3 = zext i8 %byte to i32
  ; 32 to 64 bits: zero high word is free; a sign extension used by other
  ; than GEPs and multiplies computes the high word (SHF): one int.add
  ; CHECK: %z4 = zext i32 %i to i64 free (high word is zero)
  %z4 = zext i32 %i to i64
  ; CHECK: %x4 = sext i32 %i to i64 high word: int.add lat 4 del 2
  %x4 = sext i32 %i to i64
  ; used only as a GEP index it folds into mul.wide.s32
  ; CHECK: %x5 = sext i32 %c2 to i64 free (folded into mul.wide)
  %x5 = sext i32 %c2 to i64
  %p = getelementptr float, ptr addrspace(1) %out, i64 %x5
  ; pointer casts between integers and pointers are the same bits
  ; CHECK: %pi = ptrtoint ptr addrspace(1) %p to i64 free (same bits)
  %pi = ptrtoint ptr addrspace(1) %p to i64
  ; CHECK: %bc = bitcast float %f to i32 free (same bits)
  %bc = bitcast float %f to i32
  %s1 = add i64 %z4, %x4
  %s2 = add i64 %s1, %pi
  %s3 = trunc i64 %s2 to i32
  %s4 = add i32 %s3, %bc
  %s5 = add i32 %s4, %z1
  %s6 = add i32 %s5, %z2
  %s7 = add i32 %s6, %x2
  %s8 = add i32 %s7, %z3
  %s9 = add i32 %s8, %t1
  %f1 = sitofp i32 %s9 to float
  %f2 = fadd float %f1, %c1
  %f3 = fadd float %f2, %c4
  %f4 = fadd float %f3, %c5
  %f5 = fadd float %f4, %c7
  %f6 = fadd float %f5, %c8
  store float %f6, ptr addrspace(1) %p
  %o = getelementptr i8, ptr addrspace(1) %out, i64 8
  %d2 = fadd double %c3, %c6
  store double %d2, ptr addrspace(1) %o
  ret void
}
