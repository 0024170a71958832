; Integer division of vectors and by undefined divisors. llc divides a
; vector element by element, so a vector divided by different constants
; costs each element's own sequence (the instructions side by side, the
; latency the longest element's); a zero or undef divisor element makes the
; whole division undefined, and LLVM folds it away (llc-22 -mcpu=sm_80 emits
; nothing for it); a vector of 64-bit values divided by a variable keeps the
; scalar's 32-bit path, assumed, and the assumption says that llc divides
; each element in 64 bits there. Every sequence below was checked against
; llc-22 -mcpu=sm_80.
; a100-pcie-40gb (arch/sm_80.yaml): int.add and int.mul lat 4, 64/clk/SM ->
; del 32 / (64 / 4) = 2; int.div lat 71 del 20; convert and sfu 16/clk/SM ->
; del 8; branch lat 4, del 1.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: kernel vectors on a100-pcie-40gb
define ptx_kernel void @vectors(ptr addrspace(1) %out, <2 x i32> %v, <2 x i64> %w, i32 %s) {
  ; by 3: mul.hi.u32, shr.u32 (1 int.mul, 1 int.add, lat 8); by 8: shr.u32
  ; (1 int.add, lat 4). Together 1 int.mul + 2 int.add:
  ; lat = max(8, 4) = 8, del = 1 x 2 + 2 x 2 = 6
  ; CHECK: %d1 = udiv <2 x i32> %v, <i32 3, i32 8> a sequence per element (constant divisors): int.mul + 2 x int.add lat 8 del 6
  %d1 = udiv <2 x i32> %v, <i32 3, i32 8>
  ; srem by -1 is 0 (nothing); srem by 16: shr.s32 31, shr.u32 28, add,
  ; and, sub (5 int.add): lat 5 x 4 = 20, del 5 x 2 = 10
  ; CHECK: %d2 = srem <2 x i32> %v, <i32 -1, i32 16> a sequence per element (constant divisors): 5 x int.add lat 20 del 10
  %d2 = srem <2 x i32> %v, <i32 -1, i32 16>
  ; 64-bit, signed, by 7: mul.hi.s64, shr.u64 63, shr.s64 1, add.s64; by 3:
  ; mul.hi.s64, shr.u64 63, add.s64. A mul.hi.s64 is four multiplies, two of
  ; them dependent; an add or shift two instructions. Together
  ; 2 x 4 = 8 int.mul + 5 x 2 = 10 int.add; the longer element (by 7):
  ; lat = 2 x 4 + 3 x 2 x 4 = 32; del = 8 x 2 + 10 x 2 = 36
  ; CHECK: %d3 = sdiv <2 x i64> %w, <i64 7, i64 3> a sequence per element (constant divisors): 8 x int.mul + 10 x int.add lat 32 del 36
  %d3 = sdiv <2 x i64> %w, <i64 7, i64 3>
  ; A splat is one constant (LLVM 22 prints it as splat (...), LLVM 19 as
  ; the vector): both elements' mul.hi sequences, one latency.
  ; udiv by 5: mul.hi.u32, shr.u32: 2 x (int.mul + int.add),
  ; lat 8, del 2 x 2 + 2 x 2 = 8
  ; CHECK: %d4 = udiv <2 x i32> %v, {{splat \(i32 5\)|<i32 5, i32 5>}} mul.hi sequence (constant divisor): 2 x int.mul + 2 x int.add lat 8 del 8
  %d4 = udiv <2 x i32> %v, <i32 5, i32 5>
  ; Zero or undef in the divisor: undefined, nothing emitted.
  ; CHECK: %d5 = sdiv <2 x i32> %v, <i32 7, i32 0> free (divisor zero or undef: undefined, folded away)
  %d5 = sdiv <2 x i32> %v, <i32 7, i32 0>
  ; CHECK: %d6 = udiv <2 x i32> %v, <i32 1, i32 undef> free (divisor zero or undef: undefined, folded away)
  %d6 = udiv <2 x i32> %v, <i32 1, i32 undef>
  ; CHECK: %d7 = udiv i32 %s, 0 free (divisor zero or undef: undefined, folded away)
  %d7 = udiv i32 %s, 0
  ; Both elements by 1: nothing.
  ; CHECK: %d8 = udiv <2 x i32> %v, {{splat \(i32 1\)|<i32 1, i32 1>}} free (division by 1)
  %d8 = udiv <2 x i32> %v, <i32 1, i32 1>
  ; <2 x i64> by a variable: the scalar's test of the high words and 32-bit
  ; division per element (test/Cost/int-div.ll: lat 95, del 68.5 each):
  ; del = 2 x 68.5 = 137, lat 95; the assumption names the 64-bit division
  ; llc emits instead.
  ; CHECK: %d9 = udiv <2 x i64> %w, %w 64-bit division: 8 x int.add + 4 x branch + 2 x int.div + 14.5 x int.mul + 4 x convert + 2 x sfu lat 95 del 137 ; assumed: 64-bit division priced as the scalar's 32-bit path (both operands below 2^32), but the backend's bypass skips vectors: llc emits div/rem.u64 or .s64 per element, which costs more
  %d9 = udiv <2 x i64> %w, %w
  %e1 = add <2 x i32> %d1, %d2
  %e2 = add <2 x i32> %e1, %d4
  %e3 = add <2 x i32> %e2, %d5
  %e4 = add <2 x i32> %e3, %d6
  %e5 = add <2 x i32> %e4, %d8
  store <2 x i32> %e5, ptr addrspace(1) %out
  %o64 = getelementptr i8, ptr addrspace(1) %out, i64 16
  %f = add <2 x i64> %d3, %d9
  store <2 x i64> %f, ptr addrspace(1) %o64
  %o32 = getelementptr i8, ptr addrspace(1) %out, i64 32
  store i32 %d7, ptr addrspace(1) %o32
  ret void
}
