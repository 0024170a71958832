; A guard that one thread of the grid passes, written (tid.x | ctaid.x) == 0
; (Rodinia's backprop: `if (ty == 0 && by == 0)`, which clang folds into an
; or tested against zero): an or is zero exactly when both operands are, so
; the lanes are those of tid.x == 0 && ctaid.x == 0 and the branch is counted
; from the lanes, not assumed taken by every lane (an estimate). Its
; negation, != 0, is tid.x != 0 || ctaid.x != 0. Expected values from
; Inputs/toy-gpu.yaml (every instruction lat 4, del 2; 1000 MHz; launch
; 1000 + 0.5 x blocks ns).
;
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output \
; RUN:   -ktime-gpu=%S/Inputs/toy-gpu.yaml \
; RUN:   -ktime-launch='first_only:grid=1,block=64,regs=32' \
; RUN:   -ktime-launch='first_only:grid=4,block=64,regs=32' \
; RUN:   -ktime-launch='all_but_first:grid=1,block=64,regs=32' %s \
; RUN:   | FileCheck %s --implicit-check-not=estimate
;
; first_only, one block: lane 0 of warp 0 stores 4 bytes.
; CHECK-LABEL: launch 'first_only:grid=1,block=64,regs=32'
; CHECK: bytes: global 4.0
; Four blocks: the launch's traffic is the sum of its blocks'
; (docs/kernel-time.md): block 0 stores 4 bytes, blocks 1 to 3 have no lane
; with ctaid.x == 0 and store none, so 4 bytes.
; CHECK-LABEL: launch 'first_only:grid=4,block=64,regs=32'
; CHECK: bytes: global 4.0
; all_but_first, one block: every lane but lane 0, 63 x 4 = 252 bytes.
; CHECK-LABEL: launch 'all_but_first:grid=1,block=64,regs=32'
; CHECK: bytes: global 252.0

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @first_only(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %or = or i32 %tid, %bid
  %none = icmp eq i32 %or, 0
  br i1 %none, label %then, label %exit

then:
  store float 1.0, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

define ptx_kernel void @all_but_first(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bid, %ntid
  %i = add i32 %base, %tid
  %or = or i32 %tid, %bid
  %some = icmp ne i32 %or, 0
  br i1 %some, label %then, label %exit

then:
  %idx = zext i32 %i to i64
  %p = getelementptr float, ptr addrspace(1) %out, i64 %idx
  store float 1.0, ptr addrspace(1) %p
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
