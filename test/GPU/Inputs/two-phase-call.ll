; two-phase.ll with its store moved into a device function: a kernel that
; calls a function with a body is not cut (the callee is costed once for all
; its calls). Used by barrier-fragments.ll.
target datalayout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @twophase(ptr addrspace(1) %out, ptr addrspace(1) %list, float %x) #0 {
entry:
  br label %chase

chase:
  %i = phi i32 [ 0, %entry ], [ %i.next, %chase ]
  %p = phi ptr addrspace(1) [ %list, %entry ], [ %p.next, %chase ]
  %p.next = load ptr addrspace(1), ptr addrspace(1) %p, align 8
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp ult i32 %i.next, 10
  br i1 %c, label %chase, label %sync

sync:
  %v.next = load float, ptr addrspace(1) %p.next, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  br label %wide

wide:
  %j = phi i32 [ 0, %sync ], [ %j.next, %wide ]
  %a = phi float [ %v.next, %sync ], [ %a.n, %wide ]
  %b = phi float [ %x, %sync ], [ %b.n, %wide ]
  %c2 = phi float [ %x, %sync ], [ %c.n, %wide ]
  %d = phi float [ %x, %sync ], [ %d.n, %wide ]
  %e = phi float [ %x, %sync ], [ %e.n, %wide ]
  %f = phi float [ %x, %sync ], [ %f.n, %wide ]
  %g = phi float [ %x, %sync ], [ %g.n, %wide ]
  %h = phi float [ %x, %sync ], [ %h.n, %wide ]
  %a.n = fmul float %a, %x
  %b.n = fmul float %b, %v.next
  %c.n = fmul float %c2, %a
  %d.n = fmul float %d, %b
  %e.n = fmul float %e, %c2
  %f.n = fmul float %f, %d
  %g.n = fmul float %g, %e
  %h.n = fmul float %h, %f
  %j.next = add nuw nsw i32 %j, 1
  %cw = icmp ult i32 %j.next, 1000
  br i1 %cw, label %wide, label %exit

exit:
  %s1 = fadd float %a.n, %b.n
  %s2 = fadd float %c.n, %d.n
  %s3 = fadd float %e.n, %f.n
  %s4 = fadd float %g.n, %h.n
  %s5 = fadd float %s1, %s2
  %s6 = fadd float %s3, %s4
  %s = fadd float %s5, %s6
  call void @put(ptr addrspace(1) %out, float %s)
  ret void
}

define internal void @put(ptr addrspace(1) %p, float %v) noinline {
  store float %v, ptr addrspace(1) %p, align 4
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "target-cpu"="sm_80" }
