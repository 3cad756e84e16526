// RUN: xdsl-opt %s -p convert-llir-to-llvm | filecheck %s
// RUN: xdsl-opt %s -p 'convert-llir-to-llvm{check-bounds=true}' | filecheck %s --check-prefix=CHECKED

// A global of the weights file is compiled without its data: it becomes slot i of
// @nnstack_weights (zero i64s the runtime fills with the tensors' addresses; common,
// so LLVM cannot fold its loads), and a function using it loads its address from the
// slot once, at its start. A global in the text keeps its initializer.

builtin.module attributes {nnstack.weights = "model.safetensors"} {
  llir.global @small = dense<[1.5, -2.0]> : tensor<2xf32>
  llir.global @w align 64 = dense_resource<fc.weight> : tensor<8xf32>
  llir.global @b = dense_resource<fc.bias> : tensor<3xf64>

  llir.func @lookup(%n: i64) -> f32 {
    %s = llir.addressof @small : !llir.ptr<f32>
    %y = llir.load %s[%n : i64] : !llir.ptr<f32> -> f32
    %w = llir.addressof @w : !llir.ptr<f32>
    %x = llir.load %w[%n : i64] : !llir.ptr<f32> -> f32
    %z = llir.add %x, %y : f32
    llir.return %z : f32
  }

  llir.func @bias(%n: i64) -> f64 {
    %b = llir.addressof @b : !llir.ptr<f64>
    %x = llir.load %b[%n : i64] : !llir.ptr<f64> -> f64
    llir.return %x : f64
  }
}

// CHECK:      builtin.module attributes {nnstack.weights = "model.safetensors", nnstack.error_sites = [], nnstack.weight_slots = [dense_resource<fc.weight> : tensor<8xf32>, dense_resource<fc.bias> : tensor<3xf64>]} {
// CHECK:        llvm.mlir.global common @nnstack_weights(dense<0> : tensor<2xi64>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<2 x i64>
// CHECK-NEXT:   llvm.mlir.global internal constant @small(dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<2 x f32>
// CHECK-NOT:    @w
// CHECK-NOT:    @b
// CHECK:      llvm.func @lookup(%[[N:.*]]: i64) -> f32 {
// CHECK-NEXT:   %[[TABLE:.*]] = llvm.mlir.addressof @nnstack_weights : !llvm.ptr
// CHECK-NEXT:   %[[SLOT:.*]] = llvm.getelementptr %[[TABLE]][0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:   %[[W:.*]] = llvm.load %[[SLOT]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:   %[[S:.*]] = llvm.mlir.addressof @small : !llvm.ptr
// CHECK-NEXT:   %[[SA:.*]] = llvm.getelementptr %[[S]][%[[N]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %[[Y:.*]] = llvm.load %[[SA]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:   %[[WA:.*]] = llvm.getelementptr %[[W]][%[[N]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %[[X:.*]] = llvm.load %[[WA]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:   %[[Z:.*]] = llvm.fadd %[[X]], %[[Y]] : f32
// CHECK-NEXT:   llvm.return %[[Z]] : f32
// CHECK:      llvm.func @bias(%{{.*}}: i64) -> f64 {
// CHECK-NEXT:   %[[TABLE2:.*]] = llvm.mlir.addressof @nnstack_weights : !llvm.ptr
// CHECK-NEXT:   %{{.*}} = llvm.getelementptr %[[TABLE2]][1] : (!llvm.ptr) -> !llvm.ptr, i64

// With check-bounds the runtime puts each tensor behind a buffer header (state 4, a
// global): the pointer is the slot's address, twice.
// CHECKED:      llvm.func @lookup(%{{.*}}: i64) -> f32 {
// CHECKED:        %[[SLOT:.*]] = llvm.getelementptr %{{.*}}[0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECKED-NEXT:   %[[W:.*]] = llvm.load %[[SLOT]] {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECKED:        %[[P0:.*]] = llvm.insertvalue %[[W]], %{{.*}}[0] : !llvm.struct<(!llvm.ptr, !llvm.ptr)>
// CHECKED-NEXT:   %{{.*}} = llvm.insertvalue %[[W]], %[[P0]][1] : !llvm.struct<(!llvm.ptr, !llvm.ptr)>
