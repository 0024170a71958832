; Constant memory (docs/memory.md): the constant cache serves one address
; per cycle, so a warp request takes as many cycles as it has distinct
; addresses: 1 for a uniform address (a broadcast), more when lanes differ.
; A byval parameter (the param space) is read the same way. The block
; shape is unknown: lane l has tid.x = tid.x(lane 0) + l.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

%struct.P = type { float, float }

; externally_initialized, as clang emits a __constant__ array (the host
; copies it in): its loads cannot be folded to the initializer.
@coef = internal addrspace(4) externally_initialized constant [64 x float] zeroinitializer, align 4

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK-LABEL: kernel consts on a100-pcie-40gb
define ptx_kernel void @consts(ptr addrspace(1) %out, i32 %k, ptr byval(%struct.P) align 4 %s) {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ; coef[3], a fixed address used by an fadd: an operand of the add in SASS
  ; (c[0x3][0xc]), not a load (docs/costs.md), so not an access.
  ; CHECK: block unknown, 5 accesses
  ; CHECK-NOT: %c3
  %p3 = getelementptr inbounds [64 x float], ptr addrspace(4) @coef, i64 0, i64 3
  %c3 = load float, ptr addrspace(4) %p3, align 4
  ; coef[k]: uniform, 1.
  ; CHECK: line ? %ck: const load 4 B, pattern broadcast, stride 0 B, lanes 32, serialization 1;
  %kx = sext i32 %k to i64
  %pk = getelementptr inbounds [64 x float], ptr addrspace(4) @coef, i64 0, i64 %kx
  %ck = load float, ptr addrspace(4) %pk, align 4
  ; coef[tid.x % 32]: 32 distinct addresses: 32 cycles.
  ; CHECK: line ? %ct: const load 4 B, pattern unit, stride 4 B, lanes 32, serialization 32;
  %t32 = and i32 %tx, 31
  %tx32 = zext i32 %t32 to i64
  %pt = getelementptr inbounds [64 x float], ptr addrspace(4) @coef, i64 0, i64 %tx32
  %ct = load float, ptr addrspace(4) %pt, align 4
  ; coef[tid.x / 2 % 32]: lanes 2j and 2j + 1 share an address: 16.
  ; CHECK: line ? %ch: const load 4 B, pattern mixed, lanes 32, serialization 16;
  %th = lshr i32 %tx, 1
  %th32 = and i32 %th, 31
  %thx = zext i32 %th32 to i64
  %ph = getelementptr inbounds [64 x float], ptr addrspace(4) @coef, i64 0, i64 %thx
  %ch = load float, ptr addrspace(4) %ph, align 4
  ; s.x of a byval struct: param space, uniform: 1.
  ; CHECK: line ? %sx: param load 4 B, pattern broadcast, stride 0 B, lanes 32, serialization 1;
  %sx = load float, ptr %s, align 4
  %a1 = fadd float %c3, %ck
  %a2 = fadd float %a1, %ct
  %a3 = fadd float %a2, %ch
  %a4 = fadd float %a3, %sx
  %ox = zext i32 %tx to i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %ox
  store float %a4, ptr addrspace(1) %po, align 4
  ret void
}
