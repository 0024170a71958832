; The plugin never changes the code it analyses, debug records included.
; An optnone kernel with assignment tracking (dbg_assign records linked to
; their stores by !DIAssignID) is analysed through a canonicalised copy,
; where SROA removes the alloca and its stores. The LLVM context links
; every instruction and record of one assignment ID, in any module, so the
; copy gets fresh IDs (ModuleCopy.cpp); sharing them, SROA on the copy
; deleted the original's records and put #dbg_value(poison) in their place.
; RUN: %opt_ktime -passes=kernel-time -S %s | FileCheck %s
; RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %s \
; RUN:   | FileCheck %s --check-prefix=MODEL

; CHECK-LABEL: define ptx_kernel void @keep
; CHECK-NEXT: entry:
; CHECK-NEXT: %t = alloca i32, align 4, !DIAssignID [[A:![0-9]+]]
; CHECK-NEXT: #dbg_assign(i1 poison, {{.*}}, [[A]], ptr %t,
; CHECK-NEXT: store i32 %n, ptr %t, align 4, !DIAssignID [[B:![0-9]+]]
; CHECK-NEXT: #dbg_assign(i32 %n, {{.*}}, [[B]], ptr %t,
; CHECK-NOT: #dbg_value
; CHECK: ret void
; MODEL-LABEL: kernel keep
; MODEL: analysed: canonicalised clone (kernel is optnone)

target triple = "nvptx64-nvidia-cuda"

; int t = n; *out = t;  at -O0 -g with assignment tracking.
define ptx_kernel void @keep(ptr %out, i32 %n) #0 !dbg !4 {
entry:
  %t = alloca i32, align 4, !DIAssignID !10
    #dbg_assign(i1 poison, !8, !DIExpression(), !10, ptr %t, !DIExpression(), !9)
  store i32 %n, ptr %t, align 4, !DIAssignID !11
    #dbg_assign(i32 %n, !8, !DIExpression(), !11, ptr %t, !DIExpression(), !9)
  %v = load i32, ptr %t, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

attributes #0 = { noinline optnone "target-cpu"="sm_80" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !12}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand-written", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "keep.cu", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = distinct !DISubprogram(name: "keep", scope: !1, file: !1, line: 1, type: !5, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !7)
!5 = !DISubroutineType(types: !6)
!6 = !{null}
!7 = !{!8}
!8 = !DILocalVariable(name: "t", scope: !4, file: !1, line: 2, type: !13)
!9 = !DILocation(line: 2, column: 1, scope: !4)
!10 = distinct !DIAssignID()
!11 = distinct !DIAssignID()
!12 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
