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
; RUN:   -ktime-launch='flag:grid=2,block=64,regs=16' \
; RUN:   -ktime-launch='eqtrue:grid=1,block=32,regs=16,f=true' \
; RUN:   -ktime-launch='eqtrue:grid=1,block=32,regs=16,f=False' \
; RUN:   -ktime-launch='netrue:grid=1,block=32,regs=16,f=1' \
; RUN:   -ktime-launch='netrue:grid=1,block=32,regs=16,f=0' \
; RUN:   -ktime-launch='field:grid=1,block=32,regs=16,p.field0=1,p.field1=16' \
; RUN:   -ktime-launch='field:grid=1,block=32,regs=16,p.field0=false,p.field1=16' \
; RUN:   -ktime-launch='bytebool:grid=1,block=32,regs=16,q.field0=true' \
; RUN:   -ktime-launch='bytebool:grid=1,block=32,regs=16,q.field0=0' \
; RUN:   -ktime-launch='parity:grid=1,block=32,regs=16,n=3' \
; RUN:   -ktime-launch='parity:grid=1,block=32,regs=16,n=4' \
; RUN:   %s | FileCheck %s --check-prefix=LAUNCH
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
; eqtrue: f == true is f itself, as the branch on f above (true is the i1
; constant -1: read as an integer, f == -1 would never hold for f = 1).
; CHECK-LABEL: kernel eqtrue
; CHECK: branch %entry -> %exit: active lanes max(-32, min(-32 * f, 32 * f)) + 32 of 32
; CHECK: branch %entry -> %then: active lanes min(32, max(-32 * f, 32 * f)) of 32
;
; netrue: true != f (the constant first) is !f: the sides swap.
; CHECK-LABEL: kernel netrue
; CHECK: branch %entry -> %exit: active lanes min(32, max(-32 * f, 32 * f)) of 32
; CHECK: branch %entry -> %then: active lanes max(-32, min(-32 * f, 32 * f)) + 32 of 32
;
; parity: a bool that is not a condition the lanes read (a trunc of an
; int without nuw: the low bit of n) compared with true is read as an
; integer, t != 0 with t = n - 2 * (n / 2): all lanes where n is odd.
; CHECK-LABEL: kernel parity
; CHECK: branch %entry -> %then: active lanes min(32, max(64 * (n / 2) - 32 * n, 32 * n - 64 * (n / 2))) of 32
;
; field: a bool field of a struct taken by value is an i8 load truncated to
; i1 with nuw (it holds 0 or 1): p.field0 != 0, all lanes or none, and
; with tx < p.field1 the lanes below p.field1: min(1, |p.field0|) x
; max(0, min(32, p.field1 - tx)) at the warp's first lane.
; CHECK-LABEL: kernel field
; CHECK: branch %entry -> %then: active lanes min(1, max(p.field0, -p.field0)) * max(0, min(32, p.field1 - tid.x)) of 32
;
; bytebool: the same field as clang's -O0 code reads it, a trunc without
; nuw (the byte's low bit, read as an integer: q.field0 mod 2 =
; q.field0 - 2 * (q.field0 / 2), not zero): all lanes where it is 1.
; CHECK-LABEL: kernel bytebool
; CHECK: branch %entry -> %then: active lanes min(32, max(64 * (q.field0 / 2) - 32 * q.field0, 32 * q.field0 - 64 * (q.field0 / 2))) of 32
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
; A bool's value may be written true or false (Python's True, False): 1
; and 0. eqtrue, one warp storing 4 B a lane where f: f = true, 32 x 4 =
; 128 B; f = False, none. netrue the other way round: f = 1, none; f = 0,
; 128 B. field: p.field0 = 1 and p.field1 = 16, the 16 lanes below 16
; store, 64 B; p.field0 = false, none. parity (before field in the
; module): n = 3, 128 B; n = 4, none. bytebool (after field): q.field0 =
; true, 128 B; q.field0 = 0, none.
; LAUNCH-LABEL: launch 'eqtrue:grid=1,block=32,regs=16,f=true'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 128.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'eqtrue:grid=1,block=32,regs=16,f=False'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 0.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'netrue:grid=1,block=32,regs=16,f=1'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 0.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'netrue:grid=1,block=32,regs=16,f=0'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 128.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'parity:grid=1,block=32,regs=16,n=3'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 128.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'parity:grid=1,block=32,regs=16,n=4'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 0.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'field:grid=1,block=32,regs=16,p.field0=1,p.field1=16'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 64.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'field:grid=1,block=32,regs=16,p.field0=false,p.field1=16'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 0.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'bytebool:grid=1,block=32,regs=16,q.field0=true'
; LAUNCH-NOT: estimate: taken
; LAUNCH: bytes: global 128.0,
; LAUNCH-NOT: estimate: taken
; LAUNCH-LABEL: launch 'bytebool:grid=1,block=32,regs=16,q.field0=0'
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

define ptx_kernel void @eqtrue(ptr addrspace(1) %out, i1 zeroext %f) {
entry:
  %c = icmp eq i1 %f, true
  br i1 %c, label %then, label %exit

then:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i64 = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @netrue(ptr addrspace(1) %out, i1 zeroext %f) {
entry:
  %c = icmp ne i1 true, %f
  br i1 %c, label %then, label %exit

then:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i64 = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @parity(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = trunc i32 %n to i1
  %c = icmp eq i1 %t, true
  br i1 %c, label %then, label %exit

then:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i64 = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

%struct.P = type { i8, i32 }

; struct P { bool on; int n; }; if (p.on && threadIdx.x < p.n) out[tx] = 1
; (clang -O3's form).
define ptx_kernel void @field(ptr addrspace(1) %out, ptr byval(%struct.P) align 4 %p) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %on.byte = load i8, ptr %p, align 4, !range !0, !noundef !1
  %on = trunc nuw i8 %on.byte to i1
  %n.addr = getelementptr inbounds nuw i8, ptr %p, i64 4
  %n = load i32, ptr %n.addr, align 4
  %low = icmp slt i32 %tx, %n
  %in = select i1 %on, i1 %low, i1 false
  br i1 %in, label %then, label %exit

then:
  %i64 = zext nneg i32 %tx to i64
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %q, align 4
  br label %exit

exit:
  ret void
}

%struct.Q = type { i8 }

; The -O0 form of a bool field: its byte loaded and truncated without nuw.
define ptx_kernel void @bytebool(ptr addrspace(1) %out, ptr byval(%struct.Q) align 1 %q) {
entry:
  %byte = load i8, ptr %q, align 1
  %on = trunc i8 %byte to i1
  br i1 %on, label %then, label %exit

then:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i64 = zext i32 %tx to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  store float 1.0, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

!0 = !{i8 0, i8 2}
!1 = !{}
