; Barriers, fences, warp shuffles and votes, special registers.
; a100-pcie-40gb: barrier lat 4, ops 16 -> del = 32 / (16 / 4) = 8;
; shfl lat 21, ops 32 -> del 4; vote and special_reg lat 4, ops 64 -> del 2;
; branch lat 4, units_per_pb 32 -> del 1.
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s \
; RUN:   | FileCheck %s --check-prefixes=CHECK,CHECK-%llvm_major

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: kernel sync on a100-pcie-40gb
define ptx_kernel void @sync(ptr addrspace(1) %out, i32 %v) {
  ; tid and ctaid are S2R reads: special_reg lat 4 del 2
  ; CHECK: %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x() S2R: special_reg lat 4 del 2
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ; CHECK: %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() S2R: special_reg lat 4 del 2
  %cta = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  ; launch constants are constant-bank operands (c[0x0][...]): free
  ; CHECK: %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x() free (constant-bank operand)
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  ; CHECK: %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() free (constant-bank operand)
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  ; CHECK: %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid() S2R: special_reg lat 4 del 2
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  ; CHECK: %clk = call i64 @llvm.nvvm.read.ptx.sreg.clock64() S2R: special_reg lat 4 del 2
  %clk = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  ; __syncthreads() (llvm.nvvm.barrier0, which LLVM 22's IR reader upgrades
  ; and LLVM 19's keeps): bar.sync, a block barrier: barrier lat 4 del 8
  ; CHECK-22: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0) bar.sync: barrier lat 4 del 8
  ; CHECK-19: call void @llvm.nvvm.barrier0() bar.sync: barrier lat 4 del 8
  call void @llvm.nvvm.barrier0()
  ; CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.count(i32 1, i32 64) bar.sync: barrier lat 4 del 8
  call void @llvm.nvvm.barrier.cta.sync.aligned.count(i32 1, i32 64)
  ; bar.arrive does not wait: priced as one barrier instruction (compute)
  ; CHECK: call void @llvm.nvvm.barrier.cta.arrive.aligned.count(i32 1, i32 64) bar.arrive (no wait): barrier lat 4 del 8
  call void @llvm.nvvm.barrier.cta.arrive.aligned.count(i32 1, i32 64)
  ; __syncwarp(): WARPSYNC, a branch-unit instruction
  ; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1) warpsync: branch lat 4 del 1
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  ; __shfl_down_sync: shfl lat 21 del 4
  ; CHECK: %sh = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31) shfl.sync: shfl lat 21 del 4
  %sh = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  ; CHECK: %bf = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float 1.000000e+00, i32 16, i32 31) shfl.sync: shfl lat 21 del 4
  %bf = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float 1.0, i32 16, i32 31)
  ; votes: vote lat 4 del 2
  ; CHECK: %bal = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 true) vote: vote lat 4 del 2
  %bal = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 true)
  ; CHECK: %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 false) vote: vote lat 4 del 2
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 false)
  ; CHECK: %mask = call i32 @llvm.nvvm.activemask() vote: vote lat 4 del 2
  %mask = call i32 @llvm.nvvm.activemask()
  ; match.any has no class of its own: priced as a vote, said so
  ; CHECK: %match = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %v) warp op: vote lat 4 del 2 ; assumed: llvm.nvvm.match.any.sync.i32 priced as one vote
  %match = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %v)
  ; __threadfence_block(): a block-scope fence, one barrier-class instruction
  ; CHECK: fence syncscope("block") seq_cst fence.cta: barrier lat 4 del 8
  fence syncscope("block") seq_cst
  ; __threadfence(): waits for the thread's writes beyond the SM; priced
  ; one global latency (lat.global) plus the issue (del 8)
  ; CHECK: fence syncscope("device") seq_cst fence (membar.gl/sys): barrier lat lat.global del 8 ; assumed: a fence beyond the block assumed to wait one global-memory latency (lat.global)
  fence syncscope("device") seq_cst
  ; a compiler-only fence is nothing
  ; CHECK: fence syncscope("singlethread") seq_cst free (compiler fence)
  fence syncscope("singlethread") seq_cst
  %t1 = add i32 %tid, %cta
  %t2 = add i32 %t1, %ntid
  %t3 = add i32 %t2, %nctaid
  %t4 = add i32 %t3, %lane
  %t5 = add i32 %t4, %sh
  %t6 = add i32 %t5, %bal
  %t7 = add i32 %t6, %mask
  %t8 = add i32 %t7, %match
  %c = trunc i64 %clk to i32
  %t9 = add i32 %t8, %c
  %a = zext i1 %any to i32
  %t10 = add i32 %t9, %a
  %bfi = fptosi float %bf to i32
  %t11 = add i32 %t10, %bfi
  store i32 %t11, ptr addrspace(1) %out
  ret void
}

; The totals count block barriers (Kind::Barrier) apart from the rest.
; CHECK: total: {{.*}}, 2 barriers, 0 calls, 2 assumptions

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.cta.sync.aligned.count(i32, i32)
declare void @llvm.nvvm.barrier.cta.arrive.aligned.count(i32, i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i32 @llvm.nvvm.activemask()
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
