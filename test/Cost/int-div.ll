; Integer division and remainder. By a variable: div/rem.s32/.u32 is ptxas's
; emulated sequence, its integer ALU part and whole latency as int.div, its
; 7.25 IMAD, I2F + F2I and MUFU.RCP (ptxas 13.0's mean over the four forms,
; utils/division-sequence.py) as int.mul, convert and sfu, beside it; a
; 64-bit one takes the backend's 32-bit path (assumed). By a constant: the
; shift/mul.hi sequences LLVM's BuildUDIV/BuildSDIV emit, counted from the
; same magic numbers (each count below was checked against llc-22 -mcpu=sm_80).
; a100-pcie-40gb (arch/sm_80.yaml): int.add/int.mul lat 4, 64/clk/SM ->
; del 32/(64/4) = 2; int.div lat 71 del 20; convert and sfu 16/clk/SM ->
; del 32/(16/4) = 8; branch lat 4, units_per_pb 32 -> del = max(32 / 32, 1) = 1.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: kernel divisions on a100-pcie-40gb
define ptx_kernel void @divisions(ptr addrspace(1) %out, i32 %n, i32 %m, i64 %l, i64 %k) {
  ; lat = int.div's 71 (the others add none);
  ; del = 20 + 7.25 x 2 + 2 x 8 + 8 = 58.5
  ; CHECK: %v1 = sdiv i32 %n, %m div by a variable: int.div + 7.25 x int.mul + 2 x convert + sfu lat 71 del 58.5
  %v1 = sdiv i32 %n, %m
  ; CHECK: %v2 = urem i32 %n, %m rem by a variable: int.div + 7.25 x int.mul + 2 x convert + sfu lat 71 del 58.5
  %v2 = urem i32 %n, %m
  ; or.b64, and.b64 (high word), setp.ne.b64 (two words): 4 int.add in a
  ; chain, @p bra + bra.uni, then div.u32:
  ; lat = 4 x 4 + 2 x 4 + 71 = 95, del = 4 x 2 + 2 x 1 + 58.5 = 68.5
  ; CHECK: %v3 = udiv i64 %l, %k 64-bit division: 4 x int.add + 2 x branch + int.div + 7.25 x int.mul + 2 x convert + sfu lat 95 del 68.5 ; assumed: 64-bit division assumed to take the backend's 32-bit path (both operands below 2^32)
  %v3 = udiv i64 %l, %k
  ; by 8, unsigned: shr.u32
  ; CHECK: %c1 = udiv i32 %n, 8 shifts (power-of-two divisor): int.add lat 4 del 2
  %c1 = udiv i32 %n, 8
  ; by 8, signed: shr.s32 31, shr.u32 29, add, shr.s32 3: 4 x int.add,
  ; lat 16, del 8
  ; CHECK: %c2 = sdiv i32 %n, 8 shifts (power-of-two divisor): 4 x int.add lat 16 del 8
  %c2 = sdiv i32 %n, 8
  ; signed remainder by 8: the last shift becomes and + sub: 5 x int.add,
  ; lat 20, del 10
  ; CHECK: %c3 = srem i32 %n, 8 shifts (power-of-two divisor): 5 x int.add lat 20 del 10
  %c3 = srem i32 %n, 8
  ; by 3, unsigned: mul.hi.u32 + shr.u32: lat 8, del 4
  ; CHECK: %c4 = udiv i32 %n, 3 mul.hi sequence (constant divisor): int.mul + int.add lat 8 del 4
  %c4 = udiv i32 %n, 3
  ; by 7, unsigned (the magic needs the add fix-up): mul.hi, sub, shr, add,
  ; shr: lat 5 x 4 = 20, del 5 x 2 = 10
  ; CHECK: %c5 = udiv i32 %n, 7 mul.hi sequence (constant divisor): int.mul + 4 x int.add lat 20 del 10
  %c5 = udiv i32 %n, 7
  ; by 7, signed: mul.hi.s32, add, shr.u32 31, shr.s32 2, add: lat 20, del 10
  ; CHECK: %c6 = sdiv i32 %n, 7 mul.hi sequence (constant divisor): int.mul + 4 x int.add lat 20 del 10
  %c6 = sdiv i32 %n, 7
  ; remainder by 10, unsigned: the division (mul.hi, shr), mul.lo, sub:
  ; lat 4 x 4 = 16, del 4 x 2 = 8
  ; CHECK: %c7 = urem i32 %n, 10 mul.hi sequence (constant divisor): 2 x int.mul + 2 x int.add lat 16 del 8
  %c7 = urem i32 %n, 10
  ; by 1: nothing
  ; CHECK: %c8 = udiv i32 %n, 1 free (division by 1)
  %c8 = udiv i32 %n, 1
  ; 64-bit by 7, signed: the 64-bit magic is positive, so llc emits mul.hi.s64,
  ; shr.u64 63, shr.s64 1, add.s64; two instructions per add or shift
  ; (3 x 2 = 6 int.add) and four multiplies for mul.hi.s64, two of them
  ; dependent: lat = 2 x 4 + 6 x 4 = 32, del = 4 x 2 + 6 x 2 = 20
  ; CHECK: %c9 = sdiv i64 %l, 7 mul.hi sequence (constant divisor): 4 x int.mul + 6 x int.add lat 32 del 20
  %c9 = sdiv i64 %l, 7
  ; By all ones, unsigned, only the divisor itself gives a quotient of 1 (a
  ; remainder of 0): llc-22 emits setp.eq.b32 and selp.b32, 2 x int.add,
  ; lat 2 x 4 = 8, del 2 x 2 = 4.
  ; CHECK: %e1 = udiv i32 %n, -1 compare and select (divisor all ones or the minimum): 2 x int.add lat 8 del 4
  %e1 = udiv i32 %n, -1
  ; CHECK: %e2 = urem i32 %n, -1 compare and select (divisor all ones or the minimum): 2 x int.add lat 8 del 4
  %e2 = urem i32 %n, -1
  ; The signed quotient by the minimum likewise (setp.eq.b64 and selp.b64
  ; for i64, two words each: 4 x int.add, lat 16, del 8); its remainder is
  ; the power-of-two sequence of 2^63 (5 adds and shifts, two words each:
  ; 10 x int.add, lat 40, del 20).
  ; CHECK: %e3 = sdiv i64 %l, -9223372036854775808 compare and select (divisor all ones or the minimum): 4 x int.add lat 16 del 8
  %e3 = sdiv i64 %l, -9223372036854775808
  ; CHECK: %e4 = srem i64 %l, -9223372036854775808 shifts (power-of-two divisor): 10 x int.add lat 40 del 20
  %e4 = srem i64 %l, -9223372036854775808
  %s1 = add i32 %v1, %v2
  %s2 = add i32 %s1, %c1
  %s3 = add i32 %s2, %c2
  %s4 = add i32 %s3, %c3
  %s5 = add i32 %s4, %c4
  %s6 = add i32 %s5, %c5
  %s7 = add i32 %s6, %c6
  %s8 = add i32 %s7, %c7
  %s9 = add i32 %s8, %c8
  store i32 %s9, ptr addrspace(1) %out
  %o64 = getelementptr i8, ptr addrspace(1) %out, i64 8
  %t = add i64 %v3, %c9
  store i64 %t, ptr addrspace(1) %o64
  ret void
}
