// RUN: xdsl-opt %s -p 'convert-llir-to-llvm{threads=2}' --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p convert-llir-to-llvm --split-input-file | filecheck %s --check-prefix=ONE

// threads=2: a loop marked llir.parallel is outlined into a function over a range of
// iterations [begin, end), which reads the values the body uses from a context (on
// the stack; pointers as i64), and the loop becomes a call of nnstack_parallel_for
// (function, context, trips, threads, least trips per thread: 2^15 ops by the
// lowering's estimate of an iteration's, 4 here), then the usual error check.
// Constants are made again in the outlined function. With one thread (the default)
// nothing is outlined.

llir.func @doubled(%x: !llir.ptr<f32>, %y: !llir.ptr<f32>, %n: i64, %scale: f32) {
  %c0 = llir.constant 0 : i64
  %c2 = llir.constant 2 : i64
  llir.for %i = %c0 to %n step %c2 : i64 attributes {llir.parallel} {
    %v = llir.load %x[%i : i64] : !llir.ptr<f32> -> f32
    %w = llir.mul %v, %scale : f32
    llir.store %w, %y[%i : i64] : f32, !llir.ptr<f32>
    llir.yield
  }
  llir.return
}

// CHECK:      llvm.func @nnstack_parallel_for(!llvm.ptr, !llvm.ptr, i64, i64, i64)
// CHECK:      llvm.func @doubled(%[[X:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.ptr, %[[N:.*]]: i64, %[[SCALE:.*]]: f32) {
// CHECK-NEXT:   %[[C0:.*]] = llvm.mlir.constant(0) : i64
// CHECK-NEXT:   %[[C2:.*]] = llvm.mlir.constant(2) : i64
// CHECK-NEXT:   %[[SIZE:.*]] = llvm.mlir.constant(20) : i64
// CHECK-NEXT:   %[[C1:.*]] = llvm.mlir.constant(1) : i64
// CHECK-NEXT:   %[[MINTRIPS:.*]] = llvm.mlir.constant(8192) : i64
// CHECK-NEXT:   %[[CONTEXT:.*]] = llvm.alloca %[[SIZE]] x i8 {alignment = 16 : i64} : (i64) -> !llvm.ptr
// CHECK-NEXT:   %[[XI:.*]] = llvm.ptrtoint %[[X]] : !llvm.ptr to i64
// CHECK-NEXT:   %[[F0:.*]] = llvm.getelementptr %[[CONTEXT]][0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:   llvm.store %[[XI]], %[[F0]] {alignment = 1 : i64} : i64, !llvm.ptr
// CHECK-NEXT:   %[[B8:.*]] = llvm.getelementptr %[[CONTEXT]][8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT:   %[[F1:.*]] = llvm.getelementptr %[[B8]][0] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT:   llvm.store %[[SCALE]], %[[F1]] {alignment = 1 : i64} : f32, !llvm.ptr
// CHECK-NEXT:   %[[YI:.*]] = llvm.ptrtoint %[[Y]] : !llvm.ptr to i64
// CHECK-NEXT:   %[[B12:.*]] = llvm.getelementptr %[[CONTEXT]][12] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT:   %[[F2:.*]] = llvm.getelementptr %[[B12]][0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:   llvm.store %[[YI]], %[[F2]] {alignment = 1 : i64} : i64, !llvm.ptr
// CHECK-NEXT:   %[[SPAN:.*]] = llvm.sub %[[N]], %[[C0]] : i64
// CHECK-NEXT:   %[[STEP1:.*]] = llvm.sub %[[C2]], %[[C1]] : i64
// CHECK-NEXT:   %[[ROUNDED:.*]] = llvm.add %[[SPAN]], %[[STEP1]] : i64
// CHECK-NEXT:   %[[TRIPS:.*]] = llvm.sdiv %[[ROUNDED]], %[[C2]] : i64
// CHECK-NEXT:   %[[SOME:.*]] = llvm.icmp "sgt" %[[N]], %[[C0]] : i64
// CHECK-NEXT:   %[[COUNT:.*]] = llvm.select %[[SOME]], %[[TRIPS]], %[[C0]] : i1, i64
// CHECK-NEXT:   %[[FN:.*]] = llvm.mlir.addressof @nnstack_parallel_doubled_0 : !llvm.ptr
// CHECK-NEXT:   llvm.call @nnstack_parallel_for(%[[FN]], %[[CONTEXT]], %[[COUNT]], %[[C2]], %[[MINTRIPS]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
// CHECK-NEXT:   %[[SITE:.*]] = llvm.mlir.addressof @nnstack_error_site : !llvm.ptr
// CHECK-NEXT:   %{{.*}} = llvm.load %[[SITE]] {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK:      llvm.func internal @nnstack_parallel_doubled_0(%[[CTX:.*]]: !llvm.ptr, %[[BEGIN:.*]]: i64, %[[END:.*]]: i64) {
// CHECK-NEXT:   %[[IC0:.*]] = llvm.mlir.constant(0) : i64
// CHECK-NEXT:   %[[IC2:.*]] = llvm.mlir.constant(2) : i64
// CHECK-NEXT:   %[[IC1:.*]] = llvm.mlir.constant(1) : i64
// CHECK-NEXT:   %[[G0:.*]] = llvm.getelementptr %[[CTX]][0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:   %[[L0:.*]] = llvm.load %[[G0]] {alignment = 1 : i64} : !llvm.ptr -> i64
// CHECK-NEXT:   %[[IX:.*]] = llvm.inttoptr %[[L0]] : i64 to !llvm.ptr
// CHECK-NEXT:   %[[G8:.*]] = llvm.getelementptr %[[CTX]][8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT:   %[[G1:.*]] = llvm.getelementptr %[[G8]][0] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT:   %[[ISCALE:.*]] = llvm.load %[[G1]] {alignment = 1 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:   %[[G12:.*]] = llvm.getelementptr %[[CTX]][12] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT:   %[[G2:.*]] = llvm.getelementptr %[[G12]][0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:   %[[L2:.*]] = llvm.load %[[G2]] {alignment = 1 : i64} : !llvm.ptr -> i64
// CHECK-NEXT:   %[[IY:.*]] = llvm.inttoptr %[[L2]] : i64 to !llvm.ptr
// CHECK-NEXT:   llvm.br ^[[HEADER:.*]](%[[BEGIN]] : i64)
// CHECK-NEXT: ^[[HEADER]](%[[T:.*]]: i64):
// CHECK-NEXT:   %[[MORE:.*]] = llvm.icmp "slt" %[[T]], %[[END]] : i64
// CHECK-NEXT:   llvm.cond_br %[[MORE]], ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK-NEXT: ^[[BODY]]:
// CHECK-NEXT:   %[[OFF:.*]] = llvm.mul %[[T]], %[[IC2]] : i64
// CHECK-NEXT:   %[[I:.*]] = llvm.add %[[IC0]], %[[OFF]] : i64
// CHECK-NEXT:   %[[PX:.*]] = llvm.getelementptr %[[IX]][%[[I]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %[[V:.*]] = llvm.load %[[PX]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:   %[[W:.*]] = llvm.fmul %[[V]], %[[ISCALE]] : f32
// CHECK-NEXT:   %[[PY:.*]] = llvm.getelementptr %[[IY]][%[[I]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   llvm.store %[[W]], %[[PY]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NEXT:   %[[NEXT:.*]] = llvm.add %[[T]], %[[IC1]] : i64
// CHECK-NEXT:   llvm.br ^[[HEADER]](%[[NEXT]] : i64)
// CHECK-NEXT: ^[[EXIT]]:
// CHECK-NEXT:   llvm.return
// CHECK-NEXT: }

// ONE-NOT:    nnstack_parallel
// ONE:        llvm.func @doubled(
// ONE-NOT:    nnstack_parallel

// -----

// Only the outermost parallel loop is outlined (the inner one runs inside a chunk);
// a parallel loop carrying values, or limited to one thread by llir.num_threads, is
// an ordinary loop.

llir.func @nested(%y: !llir.ptr<f32>, %n: i64) -> f32 {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %c4 = llir.constant 4 : i64
  %one = llir.constant 1.000000e+00 : f32
  llir.for %i = %c0 to %n step %c1 : i64 attributes {llir.parallel} {
    llir.for %j = %c0 to %c4 step %c1 : i64 attributes {llir.parallel} {
      %k = llir.add %i, %j : i64
      llir.store %one, %y[%k : i64] : f32, !llir.ptr<f32>
      llir.yield
    }
    llir.yield
  }
  llir.for %i = %c0 to %n step %c1 : i64 attributes {llir.parallel, llir.num_threads = 1 : i64} {
    llir.store %one, %y[%i : i64] : f32, !llir.ptr<f32>
    llir.yield
  }
  %s = llir.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> (f32) : i64 attributes {llir.parallel} {
    %next = llir.add %acc, %one : f32
    llir.yield %next : f32
  }
  llir.return %s : f32
}

// CHECK-LABEL: llvm.func @nested(
// CHECK:         llvm.call @nnstack_parallel_for
// CHECK-NOT:     llvm.call @nnstack_parallel_for
// CHECK:       llvm.func internal @nnstack_parallel_nested_0(
// CHECK-NOT:     llvm.call @nnstack_parallel_for
// CHECK:         llvm.return
// CHECK-NEXT:  }
// CHECK-NOT:   nnstack_parallel_nested_1
