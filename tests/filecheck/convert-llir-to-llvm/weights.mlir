// RUN: xdsl-opt %s -p convert-llir-to-llvm | filecheck %s
// RUN: xdsl-opt %s -p 'convert-llir-to-llvm{check-bounds=true}' | filecheck %s --check-prefix=CHECKED

// A global of the weights file is compiled without its data: an `external constant`
// declaration of its layout, aligned to its element size, which the runtime links to
// the tensor (LLVM still knows it constant and apart from other buffers). A global in
// the text keeps its initializer.

builtin.module attributes {nnstack.weights = "model.safetensors"} {
  llir.global @small = dense<[1.5, -2.0]> : tensor<2xf32>
  llir.global @w align 64 = dense_resource<fc.weight> : tensor<8xf32>
  llir.global @b = dense_resource<fc.bias> : tensor<3xf64>

  llir.func @lookup(%n: i64) -> f32 {
    %w = llir.addressof @w : !llir.ptr<f32>
    %x = llir.load %w[%n : i64] : !llir.ptr<f32> -> f32
    %s = llir.addressof @small : !llir.ptr<f32>
    %y = llir.load %s[%n : i64] : !llir.ptr<f32> -> f32
    %z = llir.add %x, %y : f32
    llir.return %z : f32
  }
}

// CHECK:      llvm.mlir.global internal constant @small(dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<2 x f32>
// CHECK-NEXT: llvm.mlir.global external constant @w() {addr_space = 0 : i32, alignment = 4 : i64} : !llvm.array<8 x f32>
// CHECK-NEXT: llvm.mlir.global external constant @b() {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<3 x f64>
// CHECK:      llvm.func @lookup(%[[N:.*]]: i64) -> f32 {
// CHECK-NEXT:   %[[W:.*]] = llvm.mlir.addressof @w : !llvm.ptr
// CHECK-NEXT:   %[[WA:.*]] = llvm.getelementptr %[[W]][%[[N]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %{{.*}} = llvm.load %[[WA]] {alignment = 4 : i64} : !llvm.ptr -> f32

// With check-bounds the declaration covers the buffer header too, padded to the
// global's alignment as an initializer's is (64 + 32 bytes for @w, 16 + 24 for @b):
// the runtime puts each tensor behind such a header.
// CHECKED:      llvm.mlir.global external constant @w() {addr_space = 0 : i32, alignment = 4 : i64} : !llvm.array<96 x i8>
// CHECKED-NEXT: llvm.mlir.global external constant @b() {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<40 x i8>
// CHECKED:      %[[W:.*]] = llvm.mlir.addressof @w : !llvm.ptr
// CHECKED-NEXT: %{{.*}} = llvm.getelementptr %[[W]][64] : (!llvm.ptr) -> !llvm.ptr, i8
