// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// The arithmetic ops on integers (i8, i32, i64) in both forms: add, sub, mul, div, neg, abs,
// and the variadic sum, max and min.

func.func @integer_arithmetic(%a: tensor<2x3xi32>, %b: tensor<3xi32>, %x: tensor<4xi64>, %c: tensor<2x1xi8>, %d: tensor<3xi8>) {
  %0 = gawee.add %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %1 = gawee.sub %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %2 = gawee.mul %b, %a : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %3 = gawee.neg %x : (tensor<4xi64>) -> tensor<4xi64>
  %4 = gawee.abs %x : (tensor<4xi64>) -> tensor<4xi64>
  %5 = gawee.sum %c, %c : (tensor<2x1xi8>, tensor<2x1xi8>) -> tensor<2x1xi8>
  %6 = gawee.max %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %7 = gawee.min %c, %d : (tensor<2x1xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  %8 = gawee.div %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  func.return
}

// CHECK-LABEL: func.func @integer_arithmetic(
// CHECK-NEXT: %0 = gawee.add %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: %1 = gawee.sub %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: %2 = gawee.mul %b, %a : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: %3 = gawee.neg %x : (tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT: %4 = gawee.abs %x : (tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT: %5 = gawee.sum %c, %c : (tensor<2x1xi8>, tensor<2x1xi8>) -> tensor<2x1xi8>
// CHECK-NEXT: %6 = gawee.max %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: %7 = gawee.min %c, %d : (tensor<2x1xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: %8 = gawee.div %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>

// CHECK-GENERIC: %0 = "gawee.add"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-GENERIC-NEXT: %1 = "gawee.sub"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-GENERIC-NEXT: %2 = "gawee.mul"(%b, %a) : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK-GENERIC-NEXT: %3 = "gawee.neg"(%x) : (tensor<4xi64>) -> tensor<4xi64>
// CHECK-GENERIC-NEXT: %4 = "gawee.abs"(%x) : (tensor<4xi64>) -> tensor<4xi64>
// CHECK-GENERIC-NEXT: %5 = "gawee.sum"(%c, %c) : (tensor<2x1xi8>, tensor<2x1xi8>) -> tensor<2x1xi8>
// CHECK-GENERIC-NEXT: %6 = "gawee.max"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-GENERIC-NEXT: %7 = "gawee.min"(%c, %d) : (tensor<2x1xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-GENERIC-NEXT: %8 = "gawee.div"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
