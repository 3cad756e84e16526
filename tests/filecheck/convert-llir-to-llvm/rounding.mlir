// REQUIRES: mlir-translate-19
// RUN: xdsl-opt %s -p convert-llir-to-llvm | filecheck %s
// RUN: xdsl-opt %s -p convert-llir-to-llvm | mlir-translate-19 --mlir-to-llvmir | filecheck %s --check-prefix=LLVMIR

// The rounding ops become LLVM's exact intrinsics, by their type-mangled names, and
// upstream MLIR translates them to LLVM IR.

llir.func @rounding(%f: f32, %h: f16, %d: f64) -> f32 {
  %0 = llir.floor %f : f32
  %1 = llir.floor %h : f16
  %2 = llir.floor %d : f64
  %3 = llir.ceil %f : f32
  %4 = llir.roundeven %f : f32
  llir.return %0 : f32
}

// CHECK:      llvm.func @rounding(%[[F:.*]]: f32, %[[H:.*]]: f16, %[[D:.*]]: f64) -> f32 {
// CHECK-NEXT:   %[[V0:.*]] = llvm.call_intrinsic "llvm.floor.f32"(%[[F]]) : (f32) -> f32
// CHECK-NEXT:   %{{.*}} = llvm.call_intrinsic "llvm.floor.f16"(%[[H]]) : (f16) -> f16
// CHECK-NEXT:   %{{.*}} = llvm.call_intrinsic "llvm.floor.f64"(%[[D]]) : (f64) -> f64
// CHECK-NEXT:   %{{.*}} = llvm.call_intrinsic "llvm.ceil.f32"(%[[F]]) : (f32) -> f32
// CHECK-NEXT:   %{{.*}} = llvm.call_intrinsic "llvm.roundeven.f32"(%[[F]]) : (f32) -> f32
// CHECK-NEXT:   llvm.return %[[V0]] : f32

// LLVMIR:      define float @rounding(float %0, half %1, double %2) {
// LLVMIR-NEXT:   %[[V0:.*]] = call float @llvm.floor.f32(float %0)
// LLVMIR-NEXT:   %{{.*}} = call half @llvm.floor.f16(half %1)
// LLVMIR-NEXT:   %{{.*}} = call double @llvm.floor.f64(double %2)
// LLVMIR-NEXT:   %{{.*}} = call float @llvm.ceil.f32(float %0)
// LLVMIR-NEXT:   %{{.*}} = call float @llvm.roundeven.f32(float %0)
// LLVMIR-NEXT:   ret float %[[V0]]
