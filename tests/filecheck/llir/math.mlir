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
