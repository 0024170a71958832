; Integer arithmetic: 32-bit operations, multiply-add fusion, 64-bit
; operations (two 32-bit SASS instructions; three for a full multiply),
; compares, selects, min/max and bit counts. a100-pcie-40gb: int.add, int.mul
; and int.mad lat 4, ops 64 -> del = 32 / (64 / 4) = 2; int.bit lat 4, ops 16
; -> del = 32 / (16 / 4) = 8.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: kernel int32 on a100-pcie-40gb
define ptx_kernel void @int32(ptr addrspace(1) %out, i32 %a, i32 %b, i32 %c) {
  ; CHECK: %add = add i32 %a, %b int.add lat 4 del 2
  %add = add i32 %a, %b
  ; CHECK: %sub = sub i32 %add, %c int.add lat 4 del 2
  %sub = sub i32 %add, %c
  ; CHECK: %and = and i32 %sub, 255 int.add lat 4 del 2
  %and = and i32 %sub, 255
  ; CHECK: %shl = shl i32 %and, 3 int.add lat 4 del 2
  %shl = shl i32 %and, 3
  ; CHECK: %xor = xor i32 %shl, %a int.add lat 4 del 2
  %xor = xor i32 %shl, %a
  ; a multiply used twice is mul.lo: int.mul lat 4 del 2
  ; CHECK: %mul = mul i32 %xor, %b int.mul lat 4 del 2
  %mul = mul i32 %xor, %b
  ; a multiply by 8 is a shift: int.add
  ; CHECK: %mul8 = mul i32 %mul, 8 shift: int.add lat 4 del 2
  %mul8 = mul i32 %mul, 8
  ; mul with one use, in an add of the same block: one mad.lo, priced on
  ; the mul (int.mad lat 4 del 2); the add is free
  ; CHECK: %m = mul i32 %mul, %c mad with its add: int.mad lat 4 del 2
  %m = mul i32 %mul, %c
  ; CHECK: %mad = add i32 %m, %mul8 free (folded into mad)
  %mad = add i32 %m, %mul8
  ; sub is not fused (NVPTX folds only add)
  ; CHECK: %m2 = mul i32 %mad, %a int.mul lat 4 del 2
  %m2 = mul i32 %mad, %a
  ; CHECK: %msub = sub i32 %c, %m2 int.add lat 4 del 2
  %msub = sub i32 %c, %m2
  ; setp.s32, selp: one int.add each
  ; CHECK: %cmp = icmp slt i32 %msub, %mul setp: int.add lat 4 del 2
  %cmp = icmp slt i32 %msub, %mul
  ; CHECK: %sel = select i1 %cmp, i32 %msub, i32 %mul selp: int.add lat 4 del 2
  %sel = select i1 %cmp, i32 %msub, i32 %mul
  ; CHECK: %max = call i32 @llvm.smax.i32(i32 %sel, i32 %a) int.add lat 4 del 2
  %max = call i32 @llvm.smax.i32(i32 %sel, i32 %a)
  ; CHECK: %abs = call i32 @llvm.abs.i32(i32 %max, i1 false) int.add lat 4 del 2
  %abs = call i32 @llvm.abs.i32(i32 %max, i1 false)
  ; popc: int.bit lat 4 del 8
  ; CHECK: %pop = call i32 @llvm.ctpop.i32(i32 %abs) popc: int.bit lat 4 del 8
  %pop = call i32 @llvm.ctpop.i32(i32 %abs)
  ; clz = FLO + IMNMX: lat 4 + 4 = 8, del 8 + 2 = 10
  ; CHECK: %clz = call i32 @llvm.ctlz.i32(i32 %pop, i1 false) clz: int.bit + int.add lat 8 del 10
  %clz = call i32 @llvm.ctlz.i32(i32 %pop, i1 false)
  ; ctz = BREV + FLO + IMNMX: lat 2 x 4 + 4 = 12, del 2 x 8 + 2 = 18
  ; CHECK: %ctz = call i32 @llvm.cttz.i32(i32 %clz, i1 false) ctz: 2 x int.bit + int.add lat 12 del 18
  %ctz = call i32 @llvm.cttz.i32(i32 %clz, i1 false)
  ; funnel shift: one SHF
  ; CHECK: %rot = call i32 @llvm.fshl.i32(i32 %ctz, i32 %ctz, i32 5) int.add lat 4 del 2
  %rot = call i32 @llvm.fshl.i32(i32 %ctz, i32 %ctz, i32 5)
  store i32 %rot, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: kernel int64 on a100-pcie-40gb
define ptx_kernel void @int64(ptr addrspace(1) %out, i64 %a, i64 %b, i32 %x, i32 %y) {
  ; IADD3 + IADD3.X, the high word waits for the carry: lat 2 x 4 = 8,
  ; del 2 x 2 = 4
  ; CHECK: %add = add i64 %a, %b 64-bit: 2 x int.add lat 8 del 4
  %add = add i64 %a, %b
  ; logic and shifts: the two words are independent: lat 4, del 4
  ; CHECK: %or = or i64 %add, %b 64-bit: 2 x int.add lat 4 del 4
  %or = or i64 %add, %b
  ; CHECK: %shr = lshr i64 %or, 7 64-bit: 2 x int.add lat 4 del 4
  %shr = lshr i64 %or, 7
  ; full 64-bit multiply: IMAD.WIDE.U32 + 2 IMAD, two deep: lat 8, del 6
  ; CHECK: %mul = mul i64 %shr, %a 64-bit mul: 3 x int.mul lat 8 del 6
  %mul = mul i64 %shr, %a
  ; by a 32-bit constant one cross product vanishes: lat 8, del 4
  ; CHECK: %mulc = mul i64 %mul, 1000 64-bit mul: 2 x int.mul lat 8 del 4
  %mulc = mul i64 %mul, 1000
  ; both operands sign-extended from 32 bits: one mul.wide.s32; the
  ; extensions fold into it
  ; CHECK: %xs = sext i32 %x to i64 free (folded into mul.wide)
  %xs = sext i32 %x to i64
  ; CHECK: %ys = sext i32 %y to i64 free (folded into mul.wide)
  %ys = sext i32 %y to i64
  ; CHECK: %wide = mul i64 %xs, %ys mul.wide: int.mul lat 4 del 2
  %wide = mul i64 %xs, %ys
  ; ISETP + ISETP.EX: lat 8, del 4
  ; CHECK: %cmp = icmp ult i64 %wide, %mulc setp: 2 x int.add lat 8 del 4
  %cmp = icmp ult i64 %wide, %mulc
  ; one SEL per word, side by side: lat 4, del 4
  ; CHECK: %sel = select i1 %cmp, i64 %wide, i64 %mulc selp: 2 x int.add lat 4 del 4
  %sel = select i1 %cmp, i64 %wide, i64 %mulc
  ; two compares and a select per word: 4 x int.add, 3 deep: lat 12, del 8
  ; CHECK: %min = call i64 @llvm.umin.i64(i64 %sel, i64 %a) 64-bit min/max: 4 x int.add lat 12 del 8
  %min = call i64 @llvm.umin.i64(i64 %sel, i64 %a)
  ; a popc per word and their sum: lat 4 + 4 = 8, del 2 x 8 + 2 = 18
  ; CHECK: %pop = call i64 @llvm.ctpop.i64(i64 %min) popc: 2 x int.bit + int.add lat 8 del 18
  %pop = call i64 @llvm.ctpop.i64(i64 %min)
  ; 64-bit mad (mad.lo.s64): the full multiply priced as int.mad, the add free
  ; CHECK: %m = mul i64 %pop, %b 64-bit mad: 3 x int.mad lat 8 del 6
  %m = mul i64 %pop, %b
  ; CHECK: %mad = add i64 %m, %a free (folded into mad)
  %mad = add i64 %m, %a
  store i64 %mad, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i64 @llvm.umin.i64(i64, i64)
declare i64 @llvm.ctpop.i64(i64)
