; A block whose warps straddle rows unevenly (48 x 2: warp 1 holds the last
; 16 threads of row 0 and the first 16 of row 1): a shared access's
; wavefronts are the mean over the block's warps, not the first warp's
; (docs/memory.md, "The warp"). a100-pcie-40gb: memory.shared.banks 32,
; bank_width_bytes 4, so bank = word % 32 and a warp of 4-byte lanes is one
; phase.
;
; sh[ty][tx] with rows of 62 floats: word 62 ty + tx.
;   warp 0 (linear ids 0-31): ty 0, tx 0-31: words 0-31, every bank once: 1.
;   warp 1 (ids 32-63): tx 32-47 of row 0, words 32-47, banks 0-15; and
;     tx 0-15 of row 1, words 62-77, banks 30, 31, 0-13. Banks 0-13 hold
;     two words each (32-45 and 64-77): 2-way, 2 wavefronts.
;   warp 2 (ids 64-95): tx 16-47 of row 1, words 78-109, 32 consecutive
;     words: 1.
;   Mean (1 + 2 + 1) / 3 = 4/3 = 1.333.
; sh[ty][tx] with rows of 64 floats: word 64 ty + tx; warp 1's rows meet
; at banks 0-15 and 0-15 (words 32-47 and 64-79): 2-way too, mean 4/3.
; A 64 x 2 block has whole warps in rows: no mean, no change.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 \
; RUN:   -ktime-launch=straddle:grid=1 -ktime-launch=whole_warps:grid=1 \
; RUN:   -ktime-launch=partial:grid=1,block=48 -ktime-launch=partial:grid=1,block=40 \
; RUN:   -disable-output %s | FileCheck %s --check-prefix=KERNEL
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a40 \
; RUN:   -ktime-launch=straddle:grid=1 -ktime-launch=whole_warps:grid=1 \
; RUN:   -ktime-launch=partial:grid=1,block=48 -ktime-launch=partial:grid=1,block=40 \
; RUN:   -disable-output %s | FileCheck %s --check-prefix=A40
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -disable-output \
; RUN:   -pass-remarks-analysis=kernel-time %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

@rows62 = internal addrspace(3) global [2 x [62 x float]] undef, align 4
@rows64 = internal addrspace(3) global [2 x [64 x float]] undef, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

; CHECK-LABEL: kernel straddle on a100-pcie-40gb
; CHECK: block 48x2x1
; CHECK: line ? %a: shared load 4 B, pattern unit, stride 4 B, lanes 32, bank conflicts 1-way (1 wavefront; 1.333 on average over the block's warps)
; CHECK: line ? %b: shared load 4 B, pattern unit, stride 4 B, lanes 32, bank conflicts 1-way (1 wavefront; 1.333 on average over the block's warps)
; A launch prices the mean. A request takes the longer of two stages
; (docs/memory.md, "Shared memory: bank conflicts"): the banks, its
; wavefronts of banks x width = 128 B at memory.shared.bank_bytes_per_clk,
; and the data path, its lanes' bytes at bandwidth_bytes_per_clk; counted
; as bytes at the latter, per thread max(wavefronts per lane x 128 x
; bandwidth / bank rate, 4 B). a100-pcie-40gb (sm_80) gives no bank rate:
; the banks serve at the data path's 110.5 B/clk, so a wavefront counts
; 128 B. The mean's wavefronts over the block's lanes: (1 + 2 + 1) / 96 =
; 1/24 a lane, x 128 = 16/3 B > 4; two loads, 96 threads: 1024 B. The
; 64 x 2 block: one wavefront over 32 lanes, 4 B; 128 threads: 512 B.
; KERNEL-LABEL: launch 'straddle:grid=1' on a100-pcie-40gb:
; KERNEL: bytes: {{.*}}, shared 1024.0
; KERNEL: assumption: block 48x2x1: warps straddle rows unevenly; the block's first warp is modelled, and a shared access's bank conflicts are the mean over 3 of its 3 warps
; KERNEL-LABEL: launch 'whole_warps:grid=1' on a100-pcie-40gb:
; KERNEL: bytes: {{.*}}, shared 512.0
; REMARK: shared load has bank conflicts in the block's warps that straddle rows (a request takes 1.333 wavefronts on average over the block's warps, 1 in the first
define ptx_kernel void @straddle(ptr addrspace(1) %out) #0 {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext i32 %tx to i64
  %y = zext i32 %ty to i64
  %p62 = getelementptr inbounds [2 x [62 x float]], ptr addrspace(3) @rows62, i64 0, i64 %y, i64 %x
  %a = load float, ptr addrspace(3) %p62, align 4
  %p64 = getelementptr inbounds [2 x [64 x float]], ptr addrspace(3) @rows64, i64 0, i64 %y, i64 %x
  %b = load float, ptr addrspace(3) %p64, align 4
  %s = fadd float %a, %b
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: kernel whole_warps on a100-pcie-40gb
; CHECK: line ? %a: shared load 4 B, pattern unit, stride 4 B, lanes 32, bank conflicts 1-way (1 wavefront);
define ptx_kernel void @whole_warps(ptr addrspace(1) %out) #1 {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext i32 %tx to i64
  %y = zext i32 %ty to i64
  %q = getelementptr inbounds [2 x [64 x float]], ptr addrspace(3) @rows64, i64 0, i64 %y, i64 %x
  %a = load float, ptr addrspace(3) %q, align 4
  store float %a, ptr addrspace(1) %out, align 4
  ret void
}

; Only where every thread of the block runs the access: under a branch on
; tid.y the other warps' lanes are not all there (warp 2 never is), so the
; first warp's count stands.
; CHECK-LABEL: kernel guarded on a100-pcie-40gb
; CHECK: line ? %a: shared load 4 B, pattern unit, stride 4 B, lanes 32, bank conflicts 1-way (1 wavefront);
define ptx_kernel void @guarded(ptr addrspace(1) %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %row0 = icmp eq i32 %ty, 0
  br i1 %row0, label %then, label %end
then:
  %x = zext i32 %tx to i64
  %y = zext i32 %ty to i64
  %p = getelementptr inbounds [2 x [62 x float]], ptr addrspace(3) @rows62, i64 0, i64 %y, i64 %x
  %a = load float, ptr addrspace(3) %p, align 4
  store float %a, ptr addrspace(1) %out, align 4
  br label %end
end:
  ret void
}

; A partial last warp takes its wavefronts for fewer threads: the banks'
; part is the wavefronts over the lanes. sh[2 tx]: words 0, 2, ..., 62.
;   block 48: warp 0 (32 lanes, words 0-62 even: banks 0-30 twice each) 2
;     wavefronts, warp 1 (16 lanes, words 64-94 even: each bank once) 1:
;     (2 + 1) x 128 B = 384 B for 48 threads (8 B each, more than 4).
;   block 40: warp 0 again 2, warp 1 (8 lanes) 1: 384 B for 40 threads.
; KERNEL-LABEL: launch 'partial:grid=1,block=48' on a100-pcie-40gb:
; KERNEL: bytes: {{.*}}, shared 384.0
; KERNEL-LABEL: launch 'partial:grid=1,block=40' on a100-pcie-40gb:
; KERNEL: bytes: {{.*}}, shared 384.0

; a40 (sm_86): memory.shared.bandwidth_bytes_per_clk 64, bank_bytes_per_clk
; 128: the data path takes two cycles for a warp of 4-byte lanes, in which
; the banks serve two wavefronts, so a wavefront counts 128 x 64 / 128 =
; 64 B at the data path's rate. straddle: 1/24 x 64 = 2.67 B < 4 a
; thread, so the straddling warp's 2-way conflict costs nothing: 2 loads x
; 96 threads x 4 B = 768 B, as for conflict-free warps (whole_warps: 128 x
; 4 = 512 B). partial: block 48, 3 / 48 x 64 = 4 B a thread, 192 B; block
; 40, 3 / 40 x 64 = 4.8 B > 4, 3 x 64 = 192 B.
; A40-LABEL: launch 'straddle:grid=1' on a40:
; A40: bytes: {{.*}}, shared 768.0
; A40-LABEL: launch 'whole_warps:grid=1' on a40:
; A40: bytes: {{.*}}, shared 512.0
; A40-LABEL: launch 'partial:grid=1,block=48' on a40:
; A40: bytes: {{.*}}, shared 192.0
; A40-LABEL: launch 'partial:grid=1,block=40' on a40:
; A40: bytes: {{.*}}, shared 192.0
@flat = internal addrspace(3) global [4096 x float] undef, align 4
define ptx_kernel void @partial(ptr addrspace(1) %out) #2 {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %o = mul i32 %tx, 2
  %x = zext i32 %o to i64
  %p = getelementptr inbounds float, ptr addrspace(3) @flat, i64 %x
  %a = load float, ptr addrspace(3) %p, align 4
  store float %a, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "target-cpu"="sm_80" "nvvm.reqntid"="48,2,1" }
attributes #2 = { "target-cpu"="sm_80" }
attributes #1 = { "target-cpu"="sm_80" "nvvm.reqntid"="64,2,1" }
