; copy-debug-records.ll in a module with a block whose address is taken
; (@jump, a device function no kernel calls, whose block a global's
; initializer names): ModuleCopy.cpp copies such a module through LLVM's
; CloneModule, which maps blockaddress constants, with @jump defined in the
; copy too (CloneModule crashed on the blockaddress of a declaration). The
; kernel's copy must be the same as the other path's.
; RUN: %opt_ktime -passes='print<kernel-time-cost>,print<kernel-time>' \
; RUN:   -ktime-gpu=a100 -disable-output %s | FileCheck %s
;
; The copy is what print<kernel-time-cost> lists: the constant offset of
; the index i + 1 is split off the address (SeparateConstOffsetFromGEP).
; CHECK-LABEL: kernel shift on
; CHECK: getelementptr inbounds i8, ptr %{{[0-9]+}}, i64 4 free (offset folded into the address)
; CHECK-NEXT: %v = load float, ptr %src2, align 4, !dbg !13 ld.global
; CHECK-LABEL: KernelTime model of module
; CHECK: loop1: trip = max(0, n), lat

target triple = "nvptx64-nvidia-cuda"

@ba = addrspace(1) global ptr blockaddress(@jump, %a)

; for (int i = 0; i < n; ++i) out[i] = in[i + 1];
define ptx_kernel void @shift(ptr %0, ptr %1, i32 %2) #0 !dbg !4 {
entry:
    #dbg_value(ptr %0, !9, !DIExpression(), !12)
    #dbg_value(ptr %1, !10, !DIExpression(), !12)
    #dbg_value(i32 %2, !11, !DIExpression(), !12)
  %pos = icmp sgt i32 %2, 0
  br i1 %pos, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add nsw i32 %i, 1
  %wide = sext i32 %next to i64
  %src = getelementptr inbounds float, ptr %1, i64 %wide
  %v = load float, ptr %src, align 4, !dbg !12
  %wi = sext i32 %i to i64
  %dst = getelementptr inbounds float, ptr %0, i64 %wi
  store float %v, ptr %dst, align 4
  %more = icmp slt i32 %next, %2
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

define void @jump(i1 %c) #0 {
entry:
  %target = select i1 %c, ptr blockaddress(@jump, %a), ptr blockaddress(@jump, %b)
  indirectbr ptr %target, [label %a, label %b]
a:
  ret void
b:
  ret void
}

attributes #0 = { "target-cpu"="sm_80" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "shift.cu", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = distinct !DISubprogram(name: "shift", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !8)
!5 = !DISubroutineType(types: !6)
!6 = !{null, !7, !7, !13}
!7 = !DIBasicType(name: "float*", size: 64, encoding: DW_ATE_address)
!8 = !{!9, !10, !11}
!9 = !DILocalVariable(name: "out", arg: 1, scope: !4, file: !1, line: 1, type: !7)
!10 = !DILocalVariable(name: "in", arg: 2, scope: !4, file: !1, line: 1, type: !7)
!11 = !DILocalVariable(name: "n", arg: 3, scope: !4, file: !1, line: 1, type: !13)
!12 = !DILocation(line: 1, column: 1, scope: !4)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
