; A loop over a shared-memory tile with two __syncthreads() per iteration:
; the barriers are counted (trip x 2 per thread), a bar.sync issues in the
; barrier class (its waiting for other warps is the GPU stage's), and a
; shared load's latency is the symbol lat.shared.
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -pass-remarks-analysis=kernel-time \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

; a100 classes: special_reg lat 4, del 32/(64/4) = 2; int.mad, int.add lat 4,
; del 2; ldst del 32/(32/4) = 4 (a store is not waited for; a shared load's
; lat is lat.shared, nominal 23); barrier lat 4, ops_per_clk_per_sm 16 ->
; del 32/(16/4) = 8, not waited for (void); fp32.add/mul lat 4, del 2;
; branch lat 4, del 1.
; entry: tid.x (S2R) -> gep tile[tid] (int.mad): lat 4 + 4 = 8, del 2 + 2 = 4
; loop (for k = 0; k < 16; ++k, rotated: BTC 15, trip 16):
;   st.shared, bar.sync, ld.shared, fadd, bar.sync, add, setp, @p bra
;   lat = max(ld -> fadd -> sink = lat.shared + 4, add -> setp -> sink = 8)
;       = lat.shared + 4 (nominal 27)
;   del = 4 + 8 + 4 + 2 + 8 + 2 + 2 + 1 = 31
;   barriers = 2
;   time = 16 x max(lat.shared + 4, 31) = max(496, 16 * lat.shared + 64):
;   lat and del depend on different latency symbols, so the max stays (at
;   the nominal lat.shared 23 it is 496; a bank conflict that raises
;   lat.shared can make the loop latency-bound)
;   barriers of the loop = 16 x 2 = 32
; exit: fmul (lat 4, del 2), st.global (del 4): lat 4, del 6
; Kernel: lat = 8 + max(496, 16 * lat.shared + 64) + 4
;             = max(508, 16 * lat.shared + 76), del = 4 + 16 x 31 + 6 = 506,
;   time = max(lat, del) = max(508, 16 * lat.shared + 76) (506 is below
;   508), barriers = 32
; CHECK-LABEL: kernel tile_loop
; CHECK-NEXT:    gpu: a100-pcie-40gb
; CHECK-NEXT:    time = max(508, 16 * lat.shared + 76)
; CHECK-NEXT:    delay = 506
; CHECK-NEXT:    barriers = 32
; CHECK:         loop1: trip = 16, lat = lat.shared + 4, del = 31 per iteration, time = max(496, 16 * lat.shared + 64)
; REMARK: remark: <unknown>:0:0: kernel: one thread alone takes time = max(508, 16 * lat.shared + 76) cycles, delay = 506 issue cycles, barriers = 32 (costs of a100-pcie-40gb)
; REMARK: remark: <unknown>:0:0: loop loop{{[0-9]+}}: trip = 16, lat = lat.shared + 4 cycles, del = 31 cycles per iteration
define ptx_kernel void @tile_loop(float %a, ptr %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ps = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ %a, %entry ], [ %acc.next, %loop ]
  store float %acc, ptr addrspace(3) %ps, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %v = load float, ptr addrspace(3) %ps, align 4
  %acc.next = fadd float %acc, %v
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %k.next = add nuw nsw i32 %k, 1
  %c = icmp ult i32 %k.next, 16
  br i1 %c, label %loop, label %exit
exit:
  %r = fmul float %acc.next, 2.0
  store float %r, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" }
