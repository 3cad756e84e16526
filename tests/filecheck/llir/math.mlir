// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s

// The math functions (LLVM's llvm.pow / sin / cos, libm's tanh / erf) in both forms.

llir.func @math(%x: f32, %y: f32) -> f32 {
  %0 = llir.sin %x : f32
  %1 = llir.cos %0 : f32
  %2 = llir.tanh %1 : f32
  %3 = llir.erf %2 : f32
  %4 = llir.pow %3, %y : f32
  llir.return %4 : f32
}

// CHECK-LABEL: llir.func @math(%x: f32, %y: f32) -> f32 {
// CHECK-NEXT:    %0 = llir.sin %x : f32
// CHECK-NEXT:    %1 = llir.cos %0 : f32
// CHECK-NEXT:    %2 = llir.tanh %1 : f32
// CHECK-NEXT:    %3 = llir.erf %2 : f32
// CHECK-NEXT:    %4 = llir.pow %3, %y : f32
// CHECK-NEXT:    llir.return %4 : f32
// CHECK-NEXT:  }

// The trigonometric and hyperbolic functions beside them (libm's).

llir.func @trigonometric(%x: f64) -> f64 {
  %0 = llir.tan %x : f64
  %1 = llir.asin %0 : f64
  %2 = llir.acos %1 : f64
  %3 = llir.atan %2 : f64
  %4 = llir.sinh %3 : f64
  %5 = llir.cosh %4 : f64
  %6 = llir.asinh %5 : f64
  %7 = llir.acosh %6 : f64
  %8 = llir.atanh %7 : f64
  llir.return %8 : f64
}

// CHECK-LABEL: llir.func @trigonometric(%x: f64) -> f64 {
// CHECK-NEXT:    %0 = llir.tan %x : f64
// CHECK-NEXT:    %1 = llir.asin %0 : f64
// CHECK-NEXT:    %2 = llir.acos %1 : f64
// CHECK-NEXT:    %3 = llir.atan %2 : f64
// CHECK-NEXT:    %4 = llir.sinh %3 : f64
// CHECK-NEXT:    %5 = llir.cosh %4 : f64
// CHECK-NEXT:    %6 = llir.asinh %5 : f64
// CHECK-NEXT:    %7 = llir.acosh %6 : f64
// CHECK-NEXT:    %8 = llir.atanh %7 : f64
// CHECK-NEXT:    llir.return %8 : f64
// CHECK-NEXT:  }
