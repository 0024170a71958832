; With one other model chosen (-ktime-model=kdt or maxplus), the prediction
; is that model's time and the block dispatch floor is raised, or not, by
; that model's execution: dispatch_raised says whether the floor is
; exec_ns, whatever the kp model's waves took. A property of the report,
; checked on every launch (kdt's execution is longer than the dispatch of
; the 16775168 blocks past the range here, maxplus's shorter).
;
; RUN: rm -f %t.kdt.json %t.maxplus.json
; RUN: %opt_ktime -passes=kernel-time -disable-output -ktime-gpu=a100 \
; RUN:   -ktime-launch='scale:grid=4096x4096,block=32,n=536870912' \
; RUN:   -ktime-model=kdt -ktime-report=%t.kdt.json %s
; RUN: %opt_ktime -passes=kernel-time -disable-output -ktime-gpu=a100 \
; RUN:   -ktime-launch='scale:grid=4096x4096,block=32,n=536870912' \
; RUN:   -ktime-model=maxplus -ktime-report=%t.maxplus.json %s
; RUN: %python -c "import json, sys; \
; RUN:   [print(l['exec_ns'] > l['dispatch_ns'] * (1 + 1e-9), l['dispatch_raised']) \
; RUN:    for f in sys.argv[1:] for l in json.load(open(f))['launches']]" \
; RUN:   %t.kdt.json %t.maxplus.json | FileCheck %s
; CHECK: True False
; CHECK-NEXT: False True

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @scale(ptr addrspace(1) %a, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %b, %d
  %i = add i32 %m, %t
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %ix = sext i32 %i to i64
  %p = getelementptr float, ptr addrspace(1) %a, i64 %ix
  %v = load float, ptr addrspace(1) %p
  %w = fmul float %v, 2.0
  store float %w, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}
