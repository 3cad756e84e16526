// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// The comparison, logic, where, cast and data-movement ops in both forms.

func.func @logic_and_movement(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>, %m: tensor<3x4xi1>, %ids: tensor<2xi64>) {
  %0 = gawee.equal %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
  %1 = gawee.less %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
  %2 = gawee.less_equal %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
  %3 = gawee.greater %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
  %4 = gawee.greater_equal %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
  %5 = gawee.and %0, %m : (tensor<2x3x4xi1>, tensor<3x4xi1>) -> tensor<2x3x4xi1>
  %6 = gawee.or %5, %1 : (tensor<2x3x4xi1>, tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
  %7 = gawee.xor %6, %2 : (tensor<2x3x4xi1>, tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
  %8 = gawee.not %7 : (tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
  %9 = gawee.where %8, %a, %b : (tensor<2x3x4xi1>, tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %10 = gawee.cast %9 toType = 7 : (tensor<2x3x4xf32>) -> tensor<2x3x4xi64>
  %11 = gawee.cast %8 : (tensor<2x3x4xi1>) -> tensor<2x3x4xf16>
  %12 = gawee.gather %9, %ids axis = -1 : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x3x2xf32>
  %13 = gawee.expand %b : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
  %14 = gawee.unsqueeze %b axes = [0, -1] : (tensor<3x1xf32>) -> tensor<1x3x1x1xf32>
  %15 = gawee.squeeze %14 axes = [0, 2] : (tensor<1x3x1x1xf32>) -> tensor<3x1xf32>
  %16 = gawee.cat %12, %13 axis = 2 : (tensor<2x3x2xf32>, tensor<2x3x5xf32>) -> tensor<2x3x7xf32>
  %17 = gawee.slice %16 starts = [0, -1] ends = [9223372036854775807, -9223372036854775807] axes = [1, 2] steps = [2, -3] : (tensor<2x3x7xf32>) -> tensor<2x2x3xf32>
  func.return
}

// CHECK-LABEL: func.func @logic_and_movement(
// CHECK-NEXT: %0 = gawee.equal %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %1 = gawee.less %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %2 = gawee.less_equal %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %3 = gawee.greater %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %4 = gawee.greater_equal %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %5 = gawee.and %0, %m : (tensor<2x3x4xi1>, tensor<3x4xi1>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %6 = gawee.or %5, %1 : (tensor<2x3x4xi1>, tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %7 = gawee.xor %6, %2 : (tensor<2x3x4xi1>, tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %8 = gawee.not %7 : (tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %9 = gawee.where %8, %a, %b : (tensor<2x3x4xi1>, tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %10 = gawee.cast %9 toType = 7 : (tensor<2x3x4xf32>) -> tensor<2x3x4xi64>
// CHECK-NEXT: %11 = gawee.cast %8 : (tensor<2x3x4xi1>) -> tensor<2x3x4xf16>
// CHECK-NEXT: %12 = gawee.gather %9, %ids axis = -1 : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x3x2xf32>
// CHECK-NEXT: %13 = gawee.expand %b : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: %14 = gawee.unsqueeze %b axes = [0, -1] : (tensor<3x1xf32>) -> tensor<1x3x1x1xf32>
// CHECK-NEXT: %15 = gawee.squeeze %14 axes = [0, 2] : (tensor<1x3x1x1xf32>) -> tensor<3x1xf32>
// CHECK-NEXT: %16 = gawee.cat %12, %13 axis = 2 : (tensor<2x3x2xf32>, tensor<2x3x5xf32>) -> tensor<2x3x7xf32>
// CHECK-NEXT: %17 = gawee.slice %16 starts = [0, -1] ends = [9223372036854775807, -9223372036854775807] axes = [1, 2] steps = [2, -3] : (tensor<2x3x7xf32>) -> tensor<2x2x3xf32>

// CHECK-GENERIC: %0 = "gawee.equal"(%a, %b) : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-GENERIC-NEXT: %1 = "gawee.less"(%a, %b) : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-GENERIC-NEXT: %2 = "gawee.less_equal"(%a, %b) : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-GENERIC-NEXT: %3 = "gawee.greater"(%a, %b) : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-GENERIC-NEXT: %4 = "gawee.greater_equal"(%a, %b) : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-GENERIC-NEXT: %5 = "gawee.and"(%0, %m) : (tensor<2x3x4xi1>, tensor<3x4xi1>) -> tensor<2x3x4xi1>
// CHECK-GENERIC-NEXT: %6 = "gawee.or"(%5, %1) : (tensor<2x3x4xi1>, tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
// CHECK-GENERIC-NEXT: %7 = "gawee.xor"(%6, %2) : (tensor<2x3x4xi1>, tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
// CHECK-GENERIC-NEXT: %8 = "gawee.not"(%7) : (tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
// CHECK-GENERIC-NEXT: %9 = "gawee.where"(%8, %a, %b) : (tensor<2x3x4xi1>, tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-GENERIC-NEXT: %10 = "gawee.cast"(%9) {toType = 7 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xi64>
// CHECK-GENERIC-NEXT: %11 = "gawee.cast"(%8) : (tensor<2x3x4xi1>) -> tensor<2x3x4xf16>
// CHECK-GENERIC-NEXT: %12 = "gawee.gather"(%9, %ids) {axis = -1 : i64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x3x2xf32>
// CHECK-GENERIC-NEXT: %13 = "gawee.expand"(%b) : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
// CHECK-GENERIC-NEXT: %14 = "gawee.unsqueeze"(%b) {axes = array<i64: 0, -1>} : (tensor<3x1xf32>) -> tensor<1x3x1x1xf32>
// CHECK-GENERIC-NEXT: %15 = "gawee.squeeze"(%14) {axes = array<i64: 0, 2>} : (tensor<1x3x1x1xf32>) -> tensor<3x1xf32>
// CHECK-GENERIC-NEXT: %16 = "gawee.cat"(%12, %13) {axis = 2 : i64} : (tensor<2x3x2xf32>, tensor<2x3x5xf32>) -> tensor<2x3x7xf32>
// CHECK-GENERIC-NEXT: %17 = "gawee.slice"(%16) {axes = array<i64: 1, 2>, ends = array<i64: 9223372036854775807, -9223372036854775807>, starts = array<i64: 0, -1>, steps = array<i64: 2, -3>} : (tensor<2x3x7xf32>) -> tensor<2x2x3xf32>
