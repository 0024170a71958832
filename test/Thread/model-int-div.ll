; Integer division and remainder: the emulated sequence by a variable, the
; mul.hi sequence by a constant, shifts by a power of two, and the 64-bit
; division's bypass to the 32-bit path (with its Assumption remark). Each
; result is stored (ldst del 32/(32/4) = 4, not waited for).
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -ktime-gpu=a100 -pass-remarks-analysis=kernel-time \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

; udiv i32 by a variable: the emulated sequence (arch/sm_80.yaml, docs/costs.md):
; int.div lat 71, del 20 (its integer ALU part), beside it 7.25 int.mul
; (del 32/(64/4) = 2), 2 convert and an sfu (16/clk/SM: del 32/(16/4) = 8),
; latency none of their own: del = 20 + 14.5 + 16 + 8 = 58.5; then add 1
; (int.add lat 4, del 2).
;   lat = 71 + 4 = 75, del = 58.5 + 2 + 4 = 64.5, time = max(75, 64.5) = 75
; CHECK-LABEL: kernel div_var
; CHECK:         time = 75
; CHECK-NEXT:    delay = 64.5
define ptx_kernel void @div_var(i32 %a, i32 %b, ptr %out) #0 {
entry:
  %q = udiv i32 %a, %b
  %r = add i32 %q, 1
  store i32 %r, ptr %out, align 4
  ret void
}

; srem i32 by a variable: the same sequence as udiv. lat = 71,
; del = 58.5 + 4 = 62.5.
; CHECK-LABEL: kernel rem_var
; CHECK:         time = 71
; CHECK-NEXT:    delay = 62.5
define ptx_kernel void @rem_var(i32 %a, i32 %b, ptr %out) #0 {
entry:
  %r = srem i32 %a, %b
  store i32 %r, ptr %out, align 4
  ret void
}

; udiv i32 by 7: mul.hi, sub, shr, add, shr (docs/costs.md: udiv 7 is
; int.mul + 4 int.add), one chain: lat = 4 (int.mul) + 4 x 4 = 20,
; del = 2 + 4 x 2 = 10; + store 4: del 14, time = max(20, 14) = 20
; CHECK-LABEL: kernel div_const
; CHECK:         time = 20
; CHECK-NEXT:    delay = 14
define ptx_kernel void @div_const(i32 %a, ptr %out) #0 {
entry:
  %q = udiv i32 %a, 7
  store i32 %q, ptr %out, align 4
  ret void
}

; sdiv i32 by 4 (k = 2): shr.s32 31, shr.u32, add, shr.s32: 4 x int.add, one
; chain: lat = 4 x 4 = 16, del = 4 x 2 + 4 (store) = 12, time = 16
; CHECK-LABEL: kernel div_pow2
; CHECK:         time = 16
; CHECK-NEXT:    delay = 12
define ptx_kernel void @div_pow2(i32 %a, ptr %out) #0 {
entry:
  %q = sdiv i32 %a, 4
  store i32 %q, ptr %out, align 4
  ret void
}

; udiv i64 by a variable: or.b64, and.b64, setp.ne.b64 (4 x int.add, as SASS),
; 2 x branch, div.u32 (the sequence above), all on one chain (the division waits for the
; test that selects its path):
;   lat = 4 x 4 + 2 x 4 (branch lat 4) + 71 = 95
;   del = 4 x 2 + 2 x 1 (branch units_per_pb 32 -> 1) + 58.5 = 68.5;
;   + store 4 = 72.5
;   time = max(95, 72.5) = 95
; CHECK-LABEL: kernel div_64
; CHECK:         time = 95
; CHECK-NEXT:    delay = 72.5
; REMARK: remark: <unknown>:0:0: {{.*}}64-bit division assumed to take the backend's 32-bit path
define ptx_kernel void @div_64(i64 %a, i64 %b, ptr %out) #0 {
entry:
  %q = udiv i64 %a, %b
  store i64 %q, ptr %out, align 8
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }
