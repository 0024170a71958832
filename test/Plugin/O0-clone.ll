; An optnone kernel (what clang -O0 emits): the induction variable lives in
; an alloca, so KernelTime analyses a canonicalised clone and says so, and
; the original module is left exactly as it was apart from the annotation.
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes=kernel-time -pass-remarks-analysis=kernel-time \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt_ktime -passes=kernel-time -S %s | FileCheck %s --check-prefix=META

target triple = "nvptx64-nvidia-cuda"

; for (int k = 0; k < n; ++k) out[k] = 0;  at -O0: the clone becomes the
; guarded rotated loop of trip-constant.ll, so trip = max(0, n).
; CHECK-LABEL: kernel zero
; CHECK-NEXT:  gpu: a100-pcie-40gb
; CHECK-NEXT:  analysed: canonicalised clone (kernel is optnone)
; CHECK:  loops: 1
; CHECK-NEXT:    loop1: trip = max(0, n){{(, lat = .*)?$}}
; REMARK: remark: <unknown>:0:0: kernel is not optimised (optnone, -O0): KernelTime analyses a canonicalised copy
; REMARK: remark: <unknown>:0:0: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?$}}
; The original keeps its allocas and its loop structure:
; META: %k = alloca i32
; META: br label %cond, !llvm.loop [[ID:![0-9]+]]
; META: [[ID]] = distinct !{[[ID]], {{.*}}[[TRIP:![0-9]+]], [[LAT:![0-9]+]], [[DEL:![0-9]+]]}
; META-DAG: [[TRIP]] = !{!"ktime.trip", !"max(0, n)"}
; META-DAG: [[LAT]] = !{!"ktime.lat", !"{{.*}}"}
; META-DAG: [[DEL]] = !{!"ktime.del", !"{{.*}}"}
define ptx_kernel void @zero(i32 %n, ptr %out) #0 {
entry:
  %n.addr = alloca i32
  %out.addr = alloca ptr
  %k = alloca i32
  store i32 %n, ptr %n.addr
  store ptr %out, ptr %out.addr
  store i32 0, ptr %k
  br label %cond
cond:
  %kv = load i32, ptr %k
  %nv = load i32, ptr %n.addr
  %c = icmp slt i32 %kv, %nv
  br i1 %c, label %body, label %end
body:
  %o = load ptr, ptr %out.addr
  %kv2 = load i32, ptr %k
  %idx = sext i32 %kv2 to i64
  %p = getelementptr inbounds float, ptr %o, i64 %idx
  store float 0.0, ptr %p
  br label %inc
inc:
  %kv3 = load i32, ptr %k
  %kn = add nsw i32 %kv3, 1
  store i32 %kn, ptr %k
  br label %cond, !llvm.loop !0
end:
  ret void
}

attributes #0 = { noinline nounwind optnone "target-cpu"="sm_80" }
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
