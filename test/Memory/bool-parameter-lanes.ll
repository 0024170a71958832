; A branch on a truth value that is not a comparison: a kernel's bool
; parameter, passed as `i1 zeroext` and branched on as it is (`if (flag)`,
; lib/Memory/LaneConditions.cpp). It holds where it is not zero, as the
; test flag != 0 of an integer parameter does; a launch that binds it
; binds the side's traffic, and one that does not asks for it, as for any
; parameter the time depends on. (It was a branch on data, its side taken
; by every lane and said as an estimate.)
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s
; RUN: %opt_ktime -passes='print<kernel-time>' -ktime-gpu=a100 \
; RUN:   -disable-output -ktime-launch='flag:grid=2,block=64,regs=16,f=0' \
; RUN:   -ktime-launch='flag:grid=2,block=64,regs=16,f=1' \
; RUN:   -ktime-launch='both:grid=1,block=32,regs=16,f=1' \
; RUN:   -ktime-launch='both:grid=1,block=32,regs=16,f=0' \
; RUN:   -ktime-launch='flag:grid=2,block=64,regs=16' %s \
; RUN:   | FileCheck %s --check-prefix=LAUNCH
;
; flag: f != 0 has X = f at every lane (deltas 0): all 32 lanes where f is
; not zero, none where it is: 32 min(1, |f|) = min(32, max(-32 f, 32 f));
; the other side the 32 lanes less these.
; CHECK-LABEL: kernel flag
; CHECK: branch %entry -> %exit: active lanes max(-32, min(-32 * f, 32 * f)) + 32 of 32
; CHECK: branch %entry -> %then: active lanes min(32, max(-32 * f, 32 * f)) of 32
;
; toggle: an i1 that is not a parameter, a flag a loop flips each
; iteration ({1,+,1} in i1: 1, 0, 1, ...), stays unknown: counted as an
; integer it would never be 0.
; CHECK-LABEL: kernel toggle
; CHECK: branch %loop -> %body: active lanes unknown
;
; Launches. flag over 2 blocks of 64 threads, each storing 4 B where f is
; set: f = 0, no store (0 B); f = 1, 128 x 4 = 512 B; neither an estimate.
; both: f && tx < 8 in one warp: f = 1, the 8 lanes tx = 0..7 store,
; 8 x 4 = 32 B; f = 0, none. (Each kernel's launches are printed in turn,
; flag's first.)
; LAUNCH-LABEL: launch 'flag:grid=2,block=64,regs=16,f=0'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 0.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'flag:grid=2,block=64,regs=16,f=1'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 512.0,
; LAUNCH-NOT: estimate: taken
; Without a value for f there is no prediction: the time depends on it.
; LAUNCH-LABEL: launch 'flag:grid=2,block=64,regs=16' on
; LAUNCH-NEXT: no prediction: no value for 'f'
; LAUNCH-LABEL: launch 'both:grid=1,block=32,regs=16,f=1'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 32.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'both:grid=1,block=32,regs=16,f=0'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 0.0,
; LAUNCH-NOT: estimate: taken

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define ptx_kernel void @flag(ptr addrspace(1) %out, i1 zeroext %f) {
entry:
  br i1 %f, label %then, label %exit

then:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %bx, %nx
  %i = add i32 %base, %tx
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @both(ptr addrspace(1) %out, i1 zeroext %f) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %tx, 8
  %in = select i1 %f, i1 %low, i1 false
  br i1 %in, label %then, label %exit

then:
  %i64 = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @toggle(ptr addrspace(1) %out, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %f = phi i1 [ true, %entry ], [ %nf, %latch ]
  br i1 %f, label %body, label %latch

body:
  %i64 = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %latch

latch:
  %nf = xor i1 %f, true
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}
