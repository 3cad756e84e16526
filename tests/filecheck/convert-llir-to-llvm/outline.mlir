// RUN: xdsl-opt %s -p 'convert-llir-to-llvm{outline-ops=5}' | filecheck %s
// RUN: xdsl-opt %s -p convert-llir-to-llvm | filecheck %s --check-prefix=NONE

// outline-ops=5: each outermost loop of at least 5 ops (the loop, its body and its
// yield) without loop-carried values is outlined as with threads=2 (its values read
// from a context), parallel or not, and called directly over [0, trips), then the
// usual error check; an outlined function is no_inline. The first two loops lower to
// the same function (only their pointers, which come through the context, differ):
// one function, called twice. The fill loop (4 ops) and the sum (loop-carried) stay.
// By default nothing is outlined.

llir.func @f(%x: !llir.ptr<f32>, %y: !llir.ptr<f32>, %z: !llir.ptr<f32>, %n: i64) -> f32 {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  llir.for %i = %c0 to %n step %c1 : i64 {
    %v = llir.load %x[%i : i64] : !llir.ptr<f32> -> f32
    %w = llir.add %v, %v : f32
    llir.store %w, %y[%i : i64] : f32, !llir.ptr<f32>
    llir.yield
  }
  llir.for %i = %c0 to %n step %c1 : i64 {
    %v = llir.load %y[%i : i64] : !llir.ptr<f32> -> f32
    %w = llir.add %v, %v : f32
    llir.store %w, %z[%i : i64] : f32, !llir.ptr<f32>
    llir.yield
  }
  llir.for %i = %c0 to %n step %c1 : i64 {
    %v = llir.load %z[%i : i64] : !llir.ptr<f32> -> f32
    %w = llir.mul %v, %v : f32
    llir.store %w, %x[%i : i64] : f32, !llir.ptr<f32>
    llir.yield
  }
  %zero = llir.constant 0.0 : f32
  llir.for %i = %c0 to %n step %c1 : i64 {
    llir.store %zero, %x[%i : i64] : f32, !llir.ptr<f32>
    llir.yield
  }
  %s = llir.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i64 {
    %v = llir.load %x[%i : i64] : !llir.ptr<f32> -> f32
    %a = llir.add %acc, %v : f32
    llir.yield %a : f32
  }
  llir.return %s : f32
}

// CHECK:      llvm.func @f(
// CHECK:        llvm.call @nnstack_parallel_f_0(%[[CONTEXT0:.*]], %[[ZERO:.*]], %{{.*}}) : (!llvm.ptr, i64, i64) -> ()
// CHECK-NEXT:   %[[SITE:.*]] = llvm.mlir.addressof @nnstack_error_site : !llvm.ptr
// CHECK:        llvm.call @nnstack_parallel_f_0(%{{.*}}, %[[ZERO]], %{{.*}}) : (!llvm.ptr, i64, i64) -> ()
// CHECK:        llvm.call @nnstack_parallel_f_1(%{{.*}}, %[[ZERO]], %{{.*}}) : (!llvm.ptr, i64, i64) -> ()
// CHECK-NOT:    llvm.call
// CHECK:        llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK:        llvm.fadd
// CHECK:        llvm.return
// CHECK:      llvm.func internal @nnstack_parallel_f_0(%[[CTX:.*]]: !llvm.ptr, %[[BEGIN:.*]]: i64, %[[END:.*]]: i64) attributes {no_inline} {
// CHECK:        llvm.fadd %[[V:.*]], %[[V]] : f32
// CHECK:      llvm.func internal @nnstack_parallel_f_1(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64) attributes {no_inline} {
// CHECK:        llvm.fmul %[[W:.*]], %[[W]] : f32
// CHECK-NOT:  llvm.func

// NONE-NOT:   llvm.call
// NONE-NOT:   nnstack_parallel
