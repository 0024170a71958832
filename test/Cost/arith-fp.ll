; Floating-point arithmetic: fp32, fp64 and half on the A100 and the H100
; (fp32 and fp64 issue twice as fast on the H100). Every expected lat/del is
; worked out from the target files (gpu-targets/*.yaml) in the comment
; beside it; del = 32 / (ops_per_clk_per_sm / 4).
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 -disable-output %s | FileCheck %s --check-prefix=A100
; RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=h100 -disable-output %s | FileCheck %s --check-prefix=H100

target triple = "nvptx64-nvidia-cuda"

; A100-LABEL: kernel fp32 on a100-pcie-40gb
; H100-LABEL: kernel fp32 on h100-sxm
define ptx_kernel void @fp32(ptr addrspace(1) %out, float %a, float %b, float %c) {
  ; fp32.add on a100: lat 4, ops 64: del = 32 / (64 / 4) = 2
  ; A100: %add = fadd float %a, %b fp32.add lat 4 del 2
  ; fp32.add on h100: lat 4, ops 128: del = 32 / (128 / 4) = 1
  ; H100: %add = fadd float %a, %b fp32.add lat 4 del 1
  %add = fadd float %a, %b
  ; A100: %sub = fsub float %add, %c fp32.add lat 4 del 2
  %sub = fsub float %add, %c
  ; fp32.mul: lat 4, ops 64 (a100) -> del 2; ops 128 (h100) -> del 1
  ; A100: %mul = fmul float %sub, %b fp32.mul lat 4 del 2
  ; H100: %mul = fmul float %sub, %b fp32.mul lat 4 del 1
  %mul = fmul float %sub, %b
  ; neg.f32 is on the add pipe: fp32.add
  ; A100: %neg = fneg float %mul neg: fp32.add lat 4 del 2
  %neg = fneg float %mul
  ; fp32.fma: lat 4, ops 64 -> del 2 (a100); ops 128 -> del 1 (h100)
  ; A100: %fma = call float @llvm.fma.f32(float %neg, float %a, float %b) fma: fp32.fma lat 4 del 2
  ; H100: %fma = call float @llvm.fma.f32(float %neg, float %a, float %b) fma: fp32.fma lat 4 del 1
  %fma = call float @llvm.fma.f32(float %neg, float %a, float %b)
  ; A100: %fmuladd = call float @llvm.fmuladd.f32(float %fma, float %a, float %c) fma: fp32.fma lat 4 del 2
  %fmuladd = call float @llvm.fmuladd.f32(float %fma, float %a, float %c)
  ; setp.f32 is an fp32 compare: fp32.add
  ; A100: %cmp = fcmp olt float %fmuladd, %a setp: fp32.add lat 4 del 2
  %cmp = fcmp olt float %fmuladd, %a
  ; selp is an integer-pipe select: int.add lat 4, ops 64 -> del 2
  ; A100: %sel = select i1 %cmp, float %fmuladd, float %c selp: int.add lat 4 del 2
  %sel = select i1 %cmp, float %fmuladd, float %c
  ; IEEE division, the whole sequence: fp32.div lat 504 del 4 (both GPUs)
  ; A100: %div = fdiv float %sel, %b div.rn.f32: fp32.div lat 504 del 4
  ; H100: %div = fdiv float %sel, %b div.rn.f32: fp32.div lat 504 del 4
  %div = fdiv float %sel, %b
  ; arcp alone does not make NVPTX approximate (llc-22 emits div.rn.f32)
  ; A100: %arcp = fdiv arcp float %div, %c div.rn.f32: fp32.div lat 504 del 4
  %arcp = fdiv arcp float %div, %c
  ; afn: div.approx.f32 = MUFU.RCP (sfu lat 23, ops 16 -> del 8) + FMUL
  ; a100: lat 23 + 4 = 27, del 8 + 2 = 10; h100: lat 27, del 8 + 1 = 9
  ; A100: %fast = fdiv afn float %arcp, %c div.approx.f32: sfu + fp32.mul lat 27 del 10
  ; H100: %fast = fdiv afn float %arcp, %c div.approx.f32: sfu + fp32.mul lat 27 del 9
  %fast = fdiv afn float %arcp, %c
  ; 1 / x is rcp.rn.f32: fp32.rcp lat 60, ops 16 -> del 32 / (16 / 4) = 8
  ; A100: %rcp = fdiv float 1.000000e+00, %fast rcp.rn.f32: fp32.rcp lat 60 del 8
  %rcp = fdiv float 1.0, %fast
  ; sqrt.rn.f32: fp32.sqrt lat 60, ops 16 -> del 8
  ; A100: %sqrt = call float @llvm.sqrt.f32(float %rcp) sqrt.rn.f32: fp32.sqrt lat 60 del 8
  %sqrt = call float @llvm.sqrt.f32(float %rcp)
  ; afn: sqrt.approx.f32, one MUFU: sfu lat 23 del 8
  ; A100: %asqrt = call afn float @llvm.sqrt.f32(float %sqrt) sqrt.approx.f32: sfu lat 23 del 8
  %asqrt = call afn float @llvm.sqrt.f32(float %sqrt)
  store float %asqrt, ptr addrspace(1) %out
  ret void
}

; fmul and fadd fuse into one fma when both carry `contract` (clang's CUDA
; default); NVPTX fuses a multiply into every add that uses it.
; A100-LABEL: kernel contract on a100-pcie-40gb
define ptx_kernel void @contract(ptr addrspace(1) %out, float %a, float %b, float %c, float %d) {
  ; both users absorb it: the multiply disappears
  ; A100: %m = fmul contract float %a, %b free (folded into fma)
  %m = fmul contract float %a, %b
  ; A100: %s1 = fadd contract float %m, %c fma with its fmul: fp32.fma lat 4 del 2
  %s1 = fadd contract float %m, %c
  ; fsub(d, m) = fma(-a, b, d)
  ; A100: %s2 = fsub contract float %d, %m fma with its fmul: fp32.fma lat 4 del 2
  %s2 = fsub contract float %d, %m
  ; also stored, so the multiply stays; its fadd still becomes an fma
  ; A100: %m2 = fmul contract float %a, %c fp32.mul lat 4 del 2
  %m2 = fmul contract float %a, %c
  ; A100: %s3 = fadd contract float %m2, %s1 fma with its fmul: fp32.fma lat 4 del 2
  %s3 = fadd contract float %m2, %s1
  ; without `contract` nothing fuses
  ; A100: %m3 = fmul float %b, %d fp32.mul lat 4 del 2
  %m3 = fmul float %b, %d
  ; A100: %s4 = fadd float %m3, %s2 fp32.add lat 4 del 2
  %s4 = fadd float %m3, %s2
  store float %m2, ptr addrspace(1) %out
  %p1 = getelementptr float, ptr addrspace(1) %out, i64 1
  store float %s3, ptr addrspace(1) %p1
  %p2 = getelementptr float, ptr addrspace(1) %out, i64 2
  store float %s4, ptr addrspace(1) %p2
  ret void
}

; A100-LABEL: kernel fp64 on a100-pcie-40gb
; H100-LABEL: kernel fp64 on h100-sxm
define ptx_kernel void @fp64(ptr addrspace(1) %out, double %a, double %b) {
  ; fp64.add a100: lat 6, ops 32 -> del = 32 / (32 / 4) = 4
  ; fp64.add h100: lat 8, ops 64 -> del = 32 / (64 / 4) = 2
  ; A100: %add = fadd double %a, %b fp64.add lat 6 del 4
  ; H100: %add = fadd double %a, %b fp64.add lat 8 del 2
  %add = fadd double %a, %b
  ; A100: %mul = fmul double %add, %b fp64.mul lat 6 del 4
  ; H100: %mul = fmul double %add, %b fp64.mul lat 8 del 2
  %mul = fmul double %add, %b
  ; A100: %fma = call double @llvm.fma.f64(double %mul, double %a, double %b) fma: fp64.fma lat 6 del 4
  ; H100: %fma = call double @llvm.fma.f64(double %mul, double %a, double %b) fma: fp64.fma lat 8 del 2
  %fma = call double @llvm.fma.f64(double %mul, double %a, double %b)
  ; A100: %cmp = fcmp ogt double %fma, %a setp: fp64.add lat 6 del 4
  %cmp = fcmp ogt double %fma, %a
  ; a double is two registers: two selp, side by side: lat 4, del 2 x 2 = 4
  ; A100: %sel = select i1 %cmp, double %fma, double %b selp: 2 x int.add lat 4 del 4
  %sel = select i1 %cmp, double %fma, double %b
  ; div.rn.f64: fp64.div lat 606 del 130 (both)
  ; A100: %div = fdiv double %sel, %b div.rn.f64: fp64.div lat 606 del 130
  ; H100: %div = fdiv double %sel, %b div.rn.f64: fp64.div lat 606 del 130
  %div = fdiv double %sel, %b
  ; no fp64.sqrt or fp64.rcp class: priced as fp64.div, with an assumption
  ; A100: %sqrt = call double @llvm.sqrt.f64(double %div) sqrt.rn.f64: fp64.div lat 606 del 130 ; assumed: sqrt.rn.f64 priced as fp64.div (no fp64.sqrt class)
  %sqrt = call double @llvm.sqrt.f64(double %div)
  ; A100: %rcp = fdiv double 1.000000e+00, %sqrt rcp.rn.f64: fp64.div lat 606 del 130 ; assumed: rcp.rn.f64 priced as fp64.div (no fp64.rcp class)
  %rcp = fdiv double 1.0, %sqrt
  store double %rcp, ptr addrspace(1) %out
  ret void
}

; Half precision runs on the half pipe, two lanes per f16x2 register.
; A100-LABEL: kernel fp16 on a100-pcie-40gb
; H100-LABEL: kernel fp16 on h100-sxm
define ptx_kernel void @fp16(ptr addrspace(1) %out, half %a, half %b, <2 x half> %v, <2 x half> %w, <4 x half> %x, bfloat %c) {
  ; fp16.fma: lat 6, ops 128 -> del = 32 / (128 / 4) = 1 (both GPUs)
  ; A100: %add = fadd half %a, %b fp16.fma lat 6 del 1
  ; H100: %add = fadd half %a, %b fp16.fma lat 6 del 1
  %add = fadd half %a, %b
  ; one mul.rn.f16x2 for both lanes
  ; A100: %mul2 = fmul <2 x half> %v, %w fp16.fma lat 6 del 1
  %mul2 = fmul <2 x half> %v, %w
  ; A100: %fma2 = call <2 x half> @llvm.fma.v2f16(<2 x half> %mul2, <2 x half> %w, <2 x half> %v) fma: fp16.fma lat 6 del 1
  %fma2 = call <2 x half> @llvm.fma.v2f16(<2 x half> %mul2, <2 x half> %w, <2 x half> %v)
  ; four halves are two registers, two instructions side by side: lat 6, del 2
  ; A100: %mul4 = fmul <4 x half> %x, %x 2 x fp16.fma lat 6 del 2
  %mul4 = fmul <4 x half> %x, %x
  ; bfloat uses the same pipe
  ; A100: %bmul = fmul bfloat %c, %c fp16.fma lat 6 del 1
  %bmul = fmul bfloat %c, %c
  ; half division is promoted to f32: two cvt side by side, div.rn.f32, one
  ; cvt back: lat = 2 x 4 + 504 = 512, del = 3 x 8 + 4 = 28
  ; A100: %div = fdiv half %add, %b div.rn.f32: 3 x convert + fp32.div lat 512 del 28
  %div = fdiv half %add, %b
  store half %div, ptr addrspace(1) %out
  ret void
}

declare float @llvm.fma.f32(float, float, float)
declare float @llvm.fmuladd.f32(float, float, float)
declare float @llvm.sqrt.f32(float)
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.sqrt.f64(double)
declare <2 x half> @llvm.fma.v2f16(<2 x half>, <2 x half>, <2 x half>)
