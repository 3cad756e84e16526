// RUN: xdsl-opt %s -p convert-llir-to-llvm | filecheck %s
// RUN: xdsl-opt %s -p 'convert-llir-to-llvm{check-bounds=true}' | filecheck %s --check-prefix=CHECKED

// The data section: an llir.global becomes an `llvm.mlir.global internal constant` with
// its dense initializer, flattened to an array (i1 held as bytes), keeping its
// alignment; llir.addressof becomes llvm.mlir.addressof.

llir.global @table align 64 = dense<[[1.5, -2.0], [4.0, 0.25]]> : tensor<2x2xf32>
llir.global @flags = dense<[true, false, true]> : tensor<3xi1>

llir.func @lookup(%n: i64) -> f32 {
  %t = llir.addressof @table : !llir.ptr<f32>
  %x = llir.load %t[%n : i64] : !llir.ptr<f32> -> f32
  llir.return %x : f32
}

llir.func @flag(%n: i64) -> i1 {
  %f = llir.addressof @flags : !llir.ptr<i1>
  %x = llir.load %f[%n : i64] : !llir.ptr<i1> -> i1
  llir.return %x : i1
}

// CHECK:      llvm.mlir.global internal constant @table(dense<[1.500000e+00, -2.000000e+00, 4.000000e+00, 2.500000e-01]> : tensor<4xf32>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<4 x f32>
// CHECK-NEXT: llvm.mlir.global internal constant @flags(dense<[1, 0, 1]> : tensor<3xi8>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<3 x i8>
// CHECK:      llvm.func @lookup(%[[N:.*]]: i64) -> f32 {
// CHECK-NEXT:   %[[T:.*]] = llvm.mlir.addressof @table : !llvm.ptr
// CHECK-NEXT:   %[[A:.*]] = llvm.getelementptr %[[T]][%[[N]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:   %[[X:.*]] = llvm.load %[[A]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:   llvm.return %[[X]] : f32
// CHECK-NEXT: }
// CHECK:      llvm.func @flag(%[[M:.*]]: i64) -> i1 {
// CHECK-NEXT:   %[[F:.*]] = llvm.mlir.addressof @flags : !llvm.ptr
// CHECK-NEXT:   %[[B:.*]] = llvm.getelementptr %[[F]][%[[M]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT:   %[[BYTE:.*]] = llvm.load %[[B]] {alignment = 1 : i64} : !llvm.ptr -> i8
// CHECK-NEXT:   %[[BIT:.*]] = llvm.trunc %[[BYTE]] : i8 to i1
// CHECK-NEXT:   llvm.return %[[BIT]] : i1
// CHECK-NEXT: }

// With check-bounds the initializer starts with the buffer header, padded to the
// alignment as llir.alloc_buffer pads it: zeros, the size in bytes (16 for @table, 3 for
// @flags) and the state 4 (a global, read only), as i64s; the data follows, so the
// initializer is the bytes of both. A pointer to a global is its data's address, twice
// (the address, and the start of its buffer).
// CHECKED:      llvm.mlir.global internal constant @table(dense<[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, -64, 63, 0, 0, 0, -64, 0, 0, -128, 64, 0, 0, -128, 62]> : tensor<80xi8>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<80 x i8>
// CHECKED-NEXT: llvm.mlir.global internal constant @flags(dense<[3, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1]> : tensor<19xi8>) {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<19 x i8>
// CHECKED:      llvm.func @lookup(%{{.*}}: i64) -> f32 {
// CHECKED:        %[[T:.*]] = llvm.mlir.addressof @table : !llvm.ptr
// CHECKED-NEXT:   %[[START:.*]] = llvm.getelementptr %[[T]][64] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECKED-NEXT:   %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(!llvm.ptr, !llvm.ptr)>
// CHECKED-NEXT:   %[[P0:.*]] = llvm.insertvalue %[[START]], %[[U]][0] : !llvm.struct<(!llvm.ptr, !llvm.ptr)>
// CHECKED-NEXT:   %{{.*}} = llvm.insertvalue %[[START]], %[[P0]][1] : !llvm.struct<(!llvm.ptr, !llvm.ptr)>
