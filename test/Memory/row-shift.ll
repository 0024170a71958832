; Shifted rows (docs/memory.md, "Shifted rows"; lib/Memory/RowShift.cpp):
; an address that adds a value differing only between the warp's rows has
; its rows at unrelated addresses, unless the value is linear in an id
; expression (here y = 32 * ctaid.y + tid.y, through (float)y * 0.5 *
; shifts[c], converted back to an integer) and the row bound and the
; branches on the way bound its range. Then the rows are moved apart by at
; most spread = ceil((R + A) * span / (max y - min y)) + A bytes, R the
; bytes the row bound leaves the shift.
; RUN: %opt_ktime -passes='print<kernel-time-memory>' -ktime-gpu=a100 \
; RUN:   -disable-output %s | FileCheck %s
;
; Block 1 x 32 (reqntid): a warp is 32 rows of one lane, tid.y 0..31, all
; lanes with the same x = ctaid.x + tid.x.
;
; shifted: in[c * 1100 + x + sh], 16 iterations, guard x < 1000 && y < 64.
;   offset = x + A * sh + 1100 * iter, A = 1 (1-byte loads), row S = 1100;
;   x <= 999 from the guard; sh >= 0 (fptoui) and the row bound
;   x + sh + 1 <= 1100 leave sh a range of R = 1100 - 1 - 999 = 100;
;   y in [0, 63] from the guard and the ids; the warp spans tid.y 0..31:
;   31. spread = ceil((100 + 1) * 31 / 63) + 1 = ceil(49.70) + 1 = 51 B.
;   The lanes' bytes at one place (x), each anywhere in [0, 1 + 51) from
;   the warp's line-aligned lowest address: bytes 0..51 = sectors 0 and 1,
;   line 0: 2 sectors, 1 line. Asked: 32 lanes x 1 B = 1 sector: factor 2.
;   (Rows at unrelated addresses would be 32 sectors, 32 lines.)
; CHECK-LABEL: kernel shifted on a100-pcie-40gb
; CHECK: line ? %v: global load (read-only) 1 B, {{.*}} sectors 2/1, lines 1/1, factor 2, {{.*}} it moves the rows at most 51 bytes apart
;
; unrolled: the same loop unrolled by 2 (8 iterations of 2200 B, copies at
; + 0 and + 1100, each with its own shift): the row is the spacing of the
; copies, gcd(2200, 0, 1100) = 1100, and the second copy's row starts at
; 1100, so both get the numbers above.
; CHECK-LABEL: kernel unrolled on a100-pcie-40gb
; CHECK: line ? %v: global load (read-only) 1 B, {{.*}} sectors 2/1, lines 1/1, factor 2, {{.*}} it moves the rows at most 51 bytes apart
; CHECK: line ? %w: global load (read-only) 1 B, {{.*}} sectors 2/1, lines 1/1, factor 2, {{.*}} it moves the rows at most 51 bytes apart
;
; unbounded: no guard on y, so nothing bounds y's range among the lanes
; that reach the access: the rows stay at unrelated addresses, 32 sectors.
; CHECK-LABEL: kernel unbounded on a100-pcie-40gb
; CHECK: line ? %v: global load (read-only) 1 B, {{.*}} sectors 32/1, lines 32/1, factor 32, {{.*}} the rows at unrelated addresses
;
; second_tile: the address and the guard use x + 1 (the second column of a
; tile, x0 = ctaid.x + tid.x): the offset's constant part 1 is not a row
; (the row is gcd(1100, 1 - 1) = 1100, from this access alone), and
; x0 + 1 <= 999 gives the same R = 1100 - 1 - 999 = 100: 51 bytes again.
; CHECK-LABEL: kernel second_tile on a100-pcie-40gb
; CHECK: line ? %v: global load (read-only) 1 B, {{.*}} sectors 2/1, lines 1/1, factor 2, {{.*}} it moves the rows at most 51 bytes apart

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()

define ptx_kernel void @shifted(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias readonly %shifts, ptr addrspace(1) %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %x = add i32 %cx, %tx
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %cy32 = shl i32 %cy, 5
  %y = add i32 %cy32, %ty
  %inx = icmp slt i32 %x, 1000
  %iny = icmp ult i32 %y, 64
  %in.both = select i1 %inx, i1 %iny, i1 false
  br i1 %in.both, label %pre, label %exit

pre:
  %yf = uitofp i32 %y to float
  %ys = fmul float %yf, 5.000000e-01
  br label %loop

loop:
  %c = phi i32 [ 0, %pre ], [ %c.next, %loop ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %loop ]
  %c64 = zext i32 %c to i64
  %sp = getelementptr inbounds float, ptr addrspace(1) %shifts, i64 %c64
  %s = load float, ptr addrspace(1) %sp, align 4
  %f = fmul float %ys, %s
  %sh = fptoui float %f to i32
  %row = mul nuw nsw i32 %c, 1100
  %a0 = add nuw nsw i32 %row, %x
  %a = add i32 %a0, %sh
  %a64 = zext i32 %a to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %a64
  %v = load i8, ptr addrspace(1) %p, align 1
  %v32 = zext i8 %v to i32
  %acc.next = add i32 %acc, %v32
  %c.next = add nuw nsw i32 %c, 1
  %more = icmp ult i32 %c.next, 16
  br i1 %more, label %loop, label %done

done:
  store i32 %acc.next, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @unrolled(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias readonly %shifts, ptr addrspace(1) %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %x = add i32 %cx, %tx
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %cy32 = shl i32 %cy, 5
  %y = add i32 %cy32, %ty
  %inx = icmp slt i32 %x, 1000
  %iny = icmp ult i32 %y, 64
  %in.both = select i1 %inx, i1 %iny, i1 false
  br i1 %in.both, label %pre, label %exit

pre:
  %yf = uitofp i32 %y to float
  %ys = fmul float %yf, 5.000000e-01
  br label %loop

loop:
  %c = phi i32 [ 0, %pre ], [ %c.next, %loop ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %loop ]
  %c2 = shl nuw nsw i32 %c, 1
  %c64 = zext i32 %c2 to i64
  %sp = getelementptr inbounds float, ptr addrspace(1) %shifts, i64 %c64
  %s = load float, ptr addrspace(1) %sp, align 4
  %f = fmul float %ys, %s
  %sh = fptoui float %f to i32
  %row = mul nuw nsw i32 %c, 2200
  %a0 = add nuw nsw i32 %row, %x
  %a = add i32 %a0, %sh
  %a64 = zext i32 %a to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %a64
  %v = load i8, ptr addrspace(1) %p, align 1
  %sp1 = getelementptr inbounds float, ptr addrspace(1) %sp, i64 1
  %s1 = load float, ptr addrspace(1) %sp1, align 4
  %f1 = fmul float %ys, %s1
  %sh1 = fptoui float %f1 to i32
  %b0 = add nuw nsw i32 %a0, 1100
  %b = add i32 %b0, %sh1
  %b64 = zext i32 %b to i64
  %q = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %b64
  %w = load i8, ptr addrspace(1) %q, align 1
  %v32 = zext i8 %v to i32
  %w32 = zext i8 %w to i32
  %vw = add i32 %v32, %w32
  %acc.next = add i32 %acc, %vw
  %c.next = add nuw nsw i32 %c, 1
  %more = icmp ult i32 %c.next, 8
  br i1 %more, label %loop, label %done

done:
  store i32 %acc.next, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @unbounded(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias readonly %shifts, ptr addrspace(1) %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %x = add i32 %cx, %tx
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %cy32 = shl i32 %cy, 5
  %y = add i32 %cy32, %ty
  %inx = icmp slt i32 %x, 1000
  br i1 %inx, label %pre, label %exit

pre:
  %yf = uitofp i32 %y to float
  %ys = fmul float %yf, 5.000000e-01
  br label %loop

loop:
  %c = phi i32 [ 0, %pre ], [ %c.next, %loop ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %loop ]
  %c64 = zext i32 %c to i64
  %sp = getelementptr inbounds float, ptr addrspace(1) %shifts, i64 %c64
  %s = load float, ptr addrspace(1) %sp, align 4
  %f = fmul float %ys, %s
  %sh = fptoui float %f to i32
  %row = mul nuw nsw i32 %c, 1100
  %a0 = add nuw nsw i32 %row, %x
  %a = add i32 %a0, %sh
  %a64 = zext i32 %a to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %a64
  %v = load i8, ptr addrspace(1) %p, align 1
  %v32 = zext i8 %v to i32
  %acc.next = add i32 %acc, %v32
  %c.next = add nuw nsw i32 %c, 1
  %more = icmp ult i32 %c.next, 16
  br i1 %more, label %loop, label %done

done:
  store i32 %acc.next, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @second_tile(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias readonly %shifts, ptr addrspace(1) %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %x0 = add i32 %cx, %tx
  %x = add nuw i32 %x0, 1
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %cy32 = shl i32 %cy, 5
  %y = add i32 %cy32, %ty
  %inx = icmp slt i32 %x, 1000
  %iny = icmp ult i32 %y, 64
  %in.both = select i1 %inx, i1 %iny, i1 false
  br i1 %in.both, label %pre, label %exit

pre:
  %yf = uitofp i32 %y to float
  %ys = fmul float %yf, 5.000000e-01
  br label %loop

loop:
  %c = phi i32 [ 0, %pre ], [ %c.next, %loop ]
  %acc = phi i32 [ 0, %pre ], [ %acc.next, %loop ]
  %c64 = zext i32 %c to i64
  %sp = getelementptr inbounds float, ptr addrspace(1) %shifts, i64 %c64
  %s = load float, ptr addrspace(1) %sp, align 4
  %f = fmul float %ys, %s
  %sh = fptoui float %f to i32
  %row = mul nuw nsw i32 %c, 1100
  %a0 = add nuw nsw i32 %row, %x
  %a = add i32 %a0, %sh
  %a64 = zext i32 %a to i64
  %p = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %a64
  %v = load i8, ptr addrspace(1) %p, align 1
  %v32 = zext i8 %v to i32
  %acc.next = add i32 %acc, %v32
  %c.next = add nuw nsw i32 %c, 1
  %more = icmp ult i32 %c.next, 16
  br i1 %more, label %loop, label %done

done:
  store i32 %acc.next, ptr addrspace(1) %out, align 4
  br label %exit

exit:
  ret void
}

attributes #0 = { "nvvm.reqntid"="1,32,1" }
