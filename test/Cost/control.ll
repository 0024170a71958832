; Branches as the backend lays them out: an unconditional branch to the next
; block falls through (free), any other is a bra; a conditional branch is one
; @p bra when one successor follows it, two otherwise. A switch of up to
; three cases is a compare and a branch per case; from four on a jump table:
; range test (sub, setp), bra to the default, brx.idx.
; a100-pcie-40gb: branch lat 4, units_per_pb 32 -> del = max(32 / 32, 1) = 1;
; int.add lat 4 del 2.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: kernel branches on a100-pcie-40gb
define ptx_kernel void @branches(ptr addrspace(1) %out, i32 %n, i1 %c) {
entry:
  ; %then follows: one predicated bra
  ; CHECK: br i1 %c, label %then, label %small @p bra: branch lat 4 del 1
  br i1 %c, label %then, label %small
then:
  store i32 1, ptr addrspace(1) %out
  ; jumps over %small: a bra
  ; CHECK: br label %big bra: branch lat 4 del 1
  br label %big
small:
  ; neither successor follows (%big does): @p bra and bra
  ; CHECK: br i1 %c, label %s2, label %exit @p bra: 2 x branch lat 4 del 2
  br i1 %c, label %s2, label %exit
big:
  ; three cases: a setp and a bra each, in a chain: lat 3 x 4 + 3 x 4 = 24,
  ; del 3 x 2 + 3 x 1 = 9
  ; CHECK: switch i32 %n, label %exit [ i32 1, label %s1 i32 2, label %s2 i32 3, label %s3 ] compare-and-branch chain: 3 x int.add + 3 x branch lat 24 del 9
  switch i32 %n, label %exit [ i32 1, label %s1
                               i32 2, label %s2
                               i32 3, label %s3 ]
s1:
  ; four cases: a jump table: lat 2 x 4 + 2 x 4 = 16, del 2 x 2 + 2 x 1 = 6
  ; CHECK: switch i32 %n, label %exit [ {{.*}} ] jump table: 2 x int.add + 2 x branch lat 16 del 6
  switch i32 %n, label %exit [ i32 10, label %s2
                               i32 11, label %s3
                               i32 12, label %s2
                               i32 13, label %exit ]
s2:
  store i32 2, ptr addrspace(1) %out
  ; CHECK: br label %s3 free (falls through)
  br label %s3
s3:
  store i32 3, ptr addrspace(1) %out
  br label %exit
exit:
  ; CHECK: ret void free (exit)
  ret void
}
