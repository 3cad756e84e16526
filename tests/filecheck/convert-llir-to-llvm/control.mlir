// RUN: xdsl-opt %s -p convert-llir-to-llvm --split-input-file | filecheck %s

// Loops, phis, unrolling and arithmetic: llir.for becomes a header block (its block
// arguments the induction variable and the carried values), a body and an exit block;
// phis become block arguments; an `unroll` loop of constant trip count is repeated.

llir.func @sum(%a: !llir.ptr<f32>, %n: i64) -> f32 {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %zero = llir.constant 0.000000e+00 : f32
  %s = llir.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i64 {
    %v = llir.load %a[%i : i64] : !llir.ptr<f32> -> f32
    %next = llir.add %acc, %v : f32
    llir.yield %next : f32
  }
  llir.return %s : f32
}

// CHECK:      builtin.module attributes {nnstack.error_sites = []} {
// CHECK-NEXT:   llvm.mlir.global common @nnstack_error_site(0 : i64) {addr_space = 0 : i32} : i64
// CHECK-NEXT:   llvm.mlir.global common @nnstack_error_detail0(0 : i64) {addr_space = 0 : i32} : i64
// CHECK-NEXT:   llvm.mlir.global common @nnstack_error_detail1(0 : i64) {addr_space = 0 : i32} : i64
// CHECK-NEXT:   llvm.func @sum(%[[A:.*]]: !llvm.ptr, %[[N:.*]]: i64) -> f32 {
// CHECK-NEXT:     %[[C0:.*]] = llvm.mlir.constant(0) : i64
// CHECK-NEXT:     %[[C1:.*]] = llvm.mlir.constant(1) : i64
// CHECK-NEXT:     %[[ZERO:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK-NEXT:     llvm.br ^[[HEADER:.*]](%[[C0]], %[[ZERO]] : i64, f32)
// CHECK-NEXT:   ^[[HEADER]](%[[I:.*]]: i64, %[[ACC:.*]]: f32):
// CHECK-NEXT:     %[[MORE:.*]] = llvm.icmp "slt" %[[I]], %[[N]] : i64
// CHECK-NEXT:     llvm.cond_br %[[MORE]], ^[[BODY:.*]], ^[[EXIT:.*]](%[[ACC]] : f32)
// CHECK-NEXT:   ^[[BODY]]:
// CHECK-NEXT:     %[[P:.*]] = llvm.getelementptr %[[A]][%[[I]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:     %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:     %[[NEXT:.*]] = llvm.fadd %[[ACC]], %[[V]] : f32
// CHECK-NEXT:     %[[I1:.*]] = llvm.add %[[I]], %[[C1]] : i64
// CHECK-NEXT:     llvm.br ^[[HEADER]](%[[I1]], %[[NEXT]] : i64, f32)
// CHECK-NEXT:   ^[[EXIT]](%[[S:.*]]: f32):
// CHECK-NEXT:     llvm.return %[[S]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

llir.func @swaps(i64) -> i64 {
^entry(%n: i64):
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  llir.br ^loop
^loop:
  %i = llir.phi [%c0, ^entry], [%i1, ^loop] : i64
  %x = llir.phi [%c1, ^entry], [%y, ^loop] : i64
  %y = llir.phi [%c0, ^entry], [%x, ^loop] : i64
  %i1 = llir.add %i, %c1 : i64
  %more = llir.cmp slt, %i1, %n : i64
  llir.cond_br %more, ^loop, ^done
^done:
  llir.return %x : i64
}

// The phis of ^loop are its block arguments; each edge passes its incoming values.
// CHECK-LABEL: llvm.func @swaps(%{{.*}}: i64) -> i64 {
// CHECK-NEXT:     %[[C0:.*]] = llvm.mlir.constant(0) : i64
// CHECK-NEXT:     %[[C1:.*]] = llvm.mlir.constant(1) : i64
// CHECK-NEXT:     llvm.br ^[[LOOP:.*]](%[[C0]], %[[C1]], %[[C0]] : i64, i64, i64)
// CHECK-NEXT:   ^[[LOOP]](%[[I:.*]]: i64, %[[X:.*]]: i64, %[[Y:.*]]: i64):
// CHECK-NEXT:     %[[I1:.*]] = llvm.add %[[I]], %[[C1]] : i64
// CHECK-NEXT:     %[[MORE:.*]] = llvm.icmp "slt" %[[I1]], %{{.*}} : i64
// CHECK-NEXT:     llvm.cond_br %[[MORE]], ^[[LOOP]](%[[I1]], %[[Y]], %[[X]] : i64, i64, i64), ^[[DONE:.*]]
// CHECK-NEXT:   ^[[DONE]]:
// CHECK-NEXT:     llvm.return %[[X]] : i64

// -----

llir.func @unrolled(%a: !llir.ptr<i32>) -> i32 {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %c2 = llir.constant 2 : i64
  %z = llir.constant 0 : i32
  %s = llir.for unroll %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> (i32) : i64 {
    %v = llir.load %a[%i : i64] : !llir.ptr<i32> -> i32
    %next = llir.max %acc, %v : i32
    llir.yield %next : i32
  }
  llir.return %s : i32
}

// Two trips, unrolled: the induction variable is a constant in each copy; integer max
// is a compare and a select. Constants are one per value, at the top of the function.
// CHECK-LABEL: llvm.func @unrolled(%[[A:.*]]: !llvm.ptr) -> i32 {
// CHECK-NEXT:     %[[I0:.*]] = llvm.mlir.constant(0) : i64
// CHECK-NEXT:     %[[I1:.*]] = llvm.mlir.constant(1) : i64
// CHECK-NEXT:     %{{.*}} = llvm.mlir.constant(2) : i64
// CHECK-NEXT:     %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:     %[[P0:.*]] = llvm.getelementptr %[[A]][%[[I0]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK-NEXT:     %[[V0:.*]] = llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT:     %[[G0:.*]] = llvm.icmp "sgt" %[[Z]], %[[V0]] : i32
// CHECK-NEXT:     %[[M0:.*]] = llvm.select %[[G0]], %[[Z]], %[[V0]] : i1, i32
// CHECK-NEXT:     %[[P1:.*]] = llvm.getelementptr %[[A]][%[[I1]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK-NEXT:     %[[V1:.*]] = llvm.load %[[P1]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT:     %[[G1:.*]] = llvm.icmp "sgt" %[[M0]], %[[V1]] : i32
// CHECK-NEXT:     %[[M1:.*]] = llvm.select %[[G1]], %[[M0]], %[[V1]] : i1, i32
// CHECK-NEXT:     llvm.return %[[M1]] : i32
// CHECK-NEXT:   }

// -----

// Blocks come in reverse post-order of the lowered CFG, each after its dominators: the
// rest of the entry block after a check (here the allocation's) comes before the
// branches using its values, which xDSL's translation to LLVM IR needs (it once
// failed on this program with a KeyError).
llir.func @branches(%x: !llir.ptr<f32>, %c: i1) -> f32 {
  %t = llir.alloc_buffer 16 : !llir.ptr<f32>
  %v = llir.load %x : !llir.ptr<f32> -> f32
  llir.cond_br %c, ^then, ^else
^then:
  llir.store %v, %t : f32, !llir.ptr<f32>
  llir.br ^join
^else:
  %w = llir.load %t : !llir.ptr<f32> -> f32
  llir.br ^join
^join:
  llir.free_buffer %t : !llir.ptr<f32>
  llir.return %v : f32
}

// CHECK-LABEL: llvm.func @branches(
// CHECK:         llvm.cond_br %{{.*}}, ^[[REST:.*]], ^[[FAIL:.*]](%{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i64)
// CHECK-NEXT:  ^[[REST]]:
// CHECK-NEXT:    %[[V:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:    llvm.cond_br %{{.*}}, ^[[THEN:.*]], ^[[ELSE:.*]]
// CHECK-NEXT:  ^[[THEN]]:
// CHECK-NEXT:    llvm.store %[[V]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NEXT:    llvm.br ^[[JOIN:.*]]
// CHECK-NEXT:  ^[[ELSE]]:
// CHECK-NEXT:    llvm.load
// CHECK-NEXT:    llvm.br ^[[JOIN]]
// CHECK-NEXT:  ^[[JOIN]]:
// CHECK-NEXT:    llvm.call @free
// CHECK-NEXT:    llvm.return %[[V]] : f32
// CHECK-NEXT:  ^[[FAIL]](
