// REQUIRES: mlir-translate-19
// RUN: xdsl-opt %s -p convert-llir-to-llvm | mlir-translate-19 --mlir-to-llvmir | filecheck %s
// RUN: xdsl-opt %s -p 'convert-llir-to-llvm{check-bounds=true entry-points=true}' | mlir-translate-19 --mlir-to-llvmir | filecheck %s --check-prefix=CHECKED

// Upstream MLIR translates what the pass emits for the data section to LLVM IR: each
// global one constant array (a ConstantDataArray: LLVM prints i8 arrays as strings).

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

// CHECK:      @table = internal constant [4 x float] [float 1.500000e+00, float -2.000000e+00, float 4.000000e+00, float 2.500000e-01], align 64
// CHECK-NEXT: @flags = internal constant [3 x i8] c"\01\00\01", align 16
// CHECK:      define float @lookup(i64 %0) {
// CHECK-NEXT:   %[[A:.*]] = getelementptr float, ptr @table, i64 %0
// CHECK-NEXT:   %[[X:.*]] = load float, ptr %[[A]], align 4
// CHECK-NEXT:   ret float %[[X]]

// CHECKED:      @table = internal constant [80 x i8] c"\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\10\00\00\00\00\00\00\00\04\00\00\00\00\00\00\00\00\00\C0?\00\00\00\C0\00\00\80@\00\00\80>", align 64
// CHECKED-NEXT: @flags = internal constant [19 x i8] c"\03\00\00\00\00\00\00\00\04\00\00\00\00\00\00\00\01\00\01", align 16
// CHECKED:      define void @nnstack_entry_lookup(ptr %0) {
