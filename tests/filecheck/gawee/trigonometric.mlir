// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// The trigonometric and hyperbolic ops beside sin, cos and tanh, in both forms.

func.func @trigonometric(%x: tensor<2x3xf32>, %d: tensor<4xf64>) {
  %0 = gawee.tan %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.asin %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = gawee.acos %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = gawee.atan %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = gawee.sinh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = gawee.cosh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = gawee.asinh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = gawee.acosh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = gawee.atanh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %9 = gawee.atanh %d : (tensor<4xf64>) -> tensor<4xf64>
  func.return
}

// CHECK: func.func @trigonometric(%x: tensor<2x3xf32>, %d: tensor<4xf64>) {
// CHECK-NEXT: %0 = gawee.tan %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %1 = gawee.asin %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %2 = gawee.acos %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %3 = gawee.atan %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %4 = gawee.sinh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %5 = gawee.cosh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %6 = gawee.asinh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %7 = gawee.acosh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %8 = gawee.atanh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %9 = gawee.atanh %d : (tensor<4xf64>) -> tensor<4xf64>
// CHECK-NEXT: func.return
// CHECK-NEXT: }
// CHECK-NEXT: }

// CHECK-GENERIC: "func.func"() <{sym_name = "trigonometric", function_type = (tensor<2x3xf32>, tensor<4xf64>) -> ()}> ({
// CHECK-GENERIC-NEXT: ^bb0(%x: tensor<2x3xf32>, %d: tensor<4xf64>):
// CHECK-GENERIC-NEXT: %0 = "gawee.tan"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %1 = "gawee.asin"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %2 = "gawee.acos"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %3 = "gawee.atan"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %4 = "gawee.sinh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %5 = "gawee.cosh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %6 = "gawee.asinh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %7 = "gawee.acosh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %8 = "gawee.atanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %9 = "gawee.atanh"(%d) : (tensor<4xf64>) -> tensor<4xf64>
// CHECK-GENERIC-NEXT: "func.return"() : () -> ()
// CHECK-GENERIC-NEXT: }) : () -> ()
// CHECK-GENERIC-NEXT: }) : () -> ()
