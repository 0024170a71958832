; __syncthreads() splits a kernel into fragments that run one after the
; other (Antonyuk & Mikheev): the kernel's time is the sum of theirs.
; A loop containing a barrier is a fragment of its own, and its iterations
; cannot overlap: trip x the sum of the body's fragments.
; RUN: %opt_ktime -ktime-gpu=a100 -disable-output %s \
; RUN:   -passes='print<kernel-time-maxplus>' | FileCheck %s
;
; Times (gpu-targets/a100-pcie-40gb.yaml): t = lat.global (nominal 572.2),
; a shared load's lat.shared (nominal memory.shared.latency 23), any store
; T = ldst lat 19, fmul / fadd 4.

target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [256 x float] undef, align 4
@tile = internal addrspace(3) global [256 x float] undef, align 4

; s[tid] = a[tid]; __syncthreads(); b[tid] = 2 * s[tid ^ 1].
; Fragment 1: a[tid] -> s[tid]: t + T = lat.global + 19 = 591.2.
; Fragment 2: s[tid ^ 1] -> product (loop 4) -> b[tid]:
;   lat.shared + 4 + 19 = 23 + 23 = 46.
; Instance = 591.2 + 46 = lat.global + lat.shared + 42 = 637.2; height =
; max(1, 3) = 3.
; CHECK-LABEL: kernel exchange on a100-pcie-40gb
; CHECK:       variant ops: instance = lat.global + lat.shared + 42 = 637.2 cycles, height 3, 2 fragments
; CHECK:         fragment 1: 2 nodes, 1 arcs, height 1, time lat.global + 19 = 591.2
; CHECK-NEXT:      0: load %va [input]
; CHECK-NEXT:      1: store %va [output]
; CHECK:         fragment 2: 3 nodes, 3 arcs, height 3, time lat.shared + 23 = 46
; CHECK-NEXT:      0: load %w [input]
; CHECK-NEXT:      1: op fmul %m loop 4
; CHECK-NEXT:      2: store %m [output]
define ptx_kernel void @exchange(ptr %a, ptr %b) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %va = load float, ptr %pa, align 4
  %ps = getelementptr inbounds float, ptr addrspace(3) @s, i64 %idx
  store float %va, ptr addrspace(3) %ps, align 4
  call void @llvm.nvvm.barrier0()
  %t1 = xor i32 %tid, 1
  %idx1 = zext nneg i32 %t1 to i64
  %ps1 = getelementptr inbounds float, ptr addrspace(3) @s, i64 %idx1
  %w = load float, ptr addrspace(3) %ps1, align 4
  %m = fmul float %w, 2.0
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  store float %m, ptr %pb, align 4
  ret void
}

; for (k = 0; k < 16; ++k) { tile[tid] = acc; sync; acc += tile[tid];
; sync; } out[0] = 2 * acc.
; Body fragment 1: acc -> tile[tid]: T = 19.
; Body fragment 2: tile[tid] -> acc + v (loop 4): lat.shared + 4 = 27.
; Loop: 16 x (19 + lat.shared + 4) = 16 * lat.shared + 368 = 736, a
; fragment of the kernel; fragment 2 of the kernel: acc -> product
; (loop 4) -> out: 4 + 19 = 23. Instance = 16 * lat.shared + 391 = 759.
; CHECK-LABEL: kernel tile_loop on a100-pcie-40gb
; CHECK:       variant ops: instance = 16 * lat.shared + 391 = 759 cycles, height 3, 2 fragments
; CHECK:         loop loop1 body fragment 1: 3 nodes, 2 arcs, height 1, time 19;
; CHECK:         loop loop1 body fragment 2: 4 nodes, 4 arcs, height 3, time lat.shared + 4 = 27;
; CHECK:         fragment 1: 2 nodes, 2 arcs, height 2, time 16 * lat.shared + 368 = 736;
; CHECK-NEXT:      0: compound loop loop1 [input] [output] loop 16 * lat.shared + 368
; CHECK:         fragment 2: 3 nodes, 3 arcs, height 3, time 23, <1_o, Z^3 (x) 1_i> = 23;
; CHECK:         assumption: loop loop1: contains a barrier, so its iterations run one after the other (trip x the sum of its fragments)
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
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" }
