// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// The unary and broadcasting binary element-wise ops in both forms. Parameters at
// their ONNX default (gelu's approximate = "none", leaky_relu's alpha = 0.01,
// hard_sigmoid's alpha = 0.2, beta = 0.5) are left out of the custom form.

func.func @elementwise(%x: tensor<2x3xf32>, %r: tensor<3xf32>) {
  %0 = gawee.neg %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.abs %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = gawee.exp %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = gawee.log %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = gawee.sqrt %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = gawee.reciprocal %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = gawee.sin %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = gawee.cos %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = gawee.tanh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %9 = gawee.sigmoid %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %10 = gawee.erf %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %11 = gawee.hard_swish %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %12 = gawee.gelu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %13 = gawee.gelu %x approximate = "tanh" : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %14 = gawee.hard_sigmoid %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %15 = gawee.hard_sigmoid %x alpha = 0.5 beta = 0.25 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %16 = gawee.leaky_relu %x alpha = 0.3 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %17 = gawee.sub %x, %r : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %18 = gawee.mul %x, %r : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %19 = gawee.div %r, %x : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %20 = gawee.pow %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// CHECK-LABEL: func.func @elementwise(
// CHECK-NEXT: %0 = gawee.neg %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %1 = gawee.abs %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %2 = gawee.exp %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %3 = gawee.log %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %4 = gawee.sqrt %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %5 = gawee.reciprocal %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %6 = gawee.sin %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %7 = gawee.cos %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %8 = gawee.tanh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %9 = gawee.sigmoid %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %10 = gawee.erf %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %11 = gawee.hard_swish %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %12 = gawee.gelu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %13 = gawee.gelu %x approximate = "tanh" : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %14 = gawee.hard_sigmoid %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %15 = gawee.hard_sigmoid %x alpha = 5.000000e-01 beta = 2.500000e-01 : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %16 = gawee.leaky_relu %x alpha = 3.000000e-01 : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %17 = gawee.sub %x, %r : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %18 = gawee.mul %x, %r : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %19 = gawee.div %r, %x : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %20 = gawee.pow %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "elementwise"
// CHECK-GENERIC-NEXT: ^bb0(%x: tensor<2x3xf32>, %r: tensor<3xf32>):
// CHECK-GENERIC-NEXT: %0 = "gawee.neg"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %1 = "gawee.abs"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %2 = "gawee.exp"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %3 = "gawee.log"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %4 = "gawee.sqrt"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %5 = "gawee.reciprocal"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %6 = "gawee.sin"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %7 = "gawee.cos"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %8 = "gawee.tanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %9 = "gawee.sigmoid"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %10 = "gawee.erf"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %11 = "gawee.hard_swish"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %12 = "gawee.gelu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %13 = "gawee.gelu"(%x) {approximate = "tanh"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %14 = "gawee.hard_sigmoid"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %15 = "gawee.hard_sigmoid"(%x) {alpha = 5.000000e-01 : f64, beta = 2.500000e-01 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %16 = "gawee.leaky_relu"(%x) {alpha = 3.000000e-01 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %17 = "gawee.sub"(%x, %r) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %18 = "gawee.mul"(%x, %r) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %19 = "gawee.div"(%r, %x) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %20 = "gawee.pow"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
