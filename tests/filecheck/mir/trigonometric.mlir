// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// The trigonometric and hyperbolic ops beside sin, cos and tanh, in both forms.

func.func @trigonometric(%x: tensor<3xf32>) {
  %0 = mir.tan %x : (tensor<3xf32>) -> tensor<3xf32>
  %1 = mir.asin %x : (tensor<3xf32>) -> tensor<3xf32>
  %2 = mir.acos %x : (tensor<3xf32>) -> tensor<3xf32>
  %3 = mir.atan %x : (tensor<3xf32>) -> tensor<3xf32>
  %4 = mir.sinh %x : (tensor<3xf32>) -> tensor<3xf32>
  %5 = mir.cosh %x : (tensor<3xf32>) -> tensor<3xf32>
  %6 = mir.asinh %x : (tensor<3xf32>) -> tensor<3xf32>
  %7 = mir.acosh %x : (tensor<3xf32>) -> tensor<3xf32>
  %8 = mir.atanh %x : (tensor<3xf32>) -> tensor<3xf32>
  func.return
}

// CHECK: func.func @trigonometric(%x: tensor<3xf32>) {
// CHECK-NEXT: %0 = mir.tan %x : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %1 = mir.asin %x : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %2 = mir.acos %x : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %3 = mir.atan %x : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %4 = mir.sinh %x : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %5 = mir.cosh %x : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %6 = mir.asinh %x : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %7 = mir.acosh %x : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %8 = mir.atanh %x : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: func.return
// CHECK-NEXT: }

// CHECK-GENERIC: "func.func"() <{sym_name = "trigonometric", function_type = (tensor<3xf32>) -> ()}> ({
// CHECK-GENERIC-NEXT: ^bb0(%x: tensor<3xf32>):
// CHECK-GENERIC-NEXT: %0 = "mir.tan"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %1 = "mir.asin"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %2 = "mir.acos"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %3 = "mir.atan"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %4 = "mir.sinh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %5 = "mir.cosh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %6 = "mir.asinh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %7 = "mir.acosh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %8 = "mir.atanh"(%x) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: "func.return"() : () -> ()
// CHECK-GENERIC-NEXT: }) : () -> ()
