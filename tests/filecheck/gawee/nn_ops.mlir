// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// gemm, average_pool, global_average_pool and lrn in both forms; attributes at their
// default (transA, transB, alpha, beta; dilation; lrn's alpha, beta, bias) are left out of
// the custom form.

func.func @nn_ops(%a: tensor<4x3xf32>, %b: tensor<5x4xf32>, %c: tensor<1x5xf32>, %x: tensor<1x6x8x9xf32>, %v: tensor<2x3x5xf32>) {
  %0 = gawee.gemm %a, %b, %c transA = true transB = true alpha = 5.000000e-01 beta = 2.000000e+00 : (tensor<4x3xf32>, tensor<5x4xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
  %1 = gawee.gemm %b, %a : (tensor<5x4xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
  %2 = gawee.average_pool %x kernelSize = [3, 2] strides = [2, 3] padding = [1, 0, 1, 1] ceilMode = true countIncludePad = false : (tensor<1x6x8x9xf32>) -> tensor<1x6x5x3xf32>
  %3 = gawee.average_pool %x kernelSize = [2, 3] strides = [1, 1] padding = [1, 1] dilation = [2, 1] ceilMode = false countIncludePad = true : (tensor<1x6x8x9xf32>) -> tensor<1x6x8x9xf32>
  %4 = gawee.global_average_pool %v : (tensor<2x3x5xf32>) -> tensor<2x3x1xf32>
  %5 = gawee.lrn %x size = 5 : (tensor<1x6x8x9xf32>) -> tensor<1x6x8x9xf32>
  %6 = gawee.lrn %x size = 2 alpha = 1.000000e-03 beta = 5.000000e-01 bias = 2.000000e+00 : (tensor<1x6x8x9xf32>) -> tensor<1x6x8x9xf32>
  func.return
}

// CHECK-LABEL: func.func @nn_ops(
// CHECK-NEXT: %0 = gawee.gemm %a, %b, %c transA = true transB = true alpha = 5.000000e-01 beta = 2.000000e+00 : (tensor<4x3xf32>, tensor<5x4xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT: %1 = gawee.gemm %b, %a : (tensor<5x4xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
// CHECK-NEXT: %2 = gawee.average_pool %x kernelSize = [3, 2] strides = [2, 3] padding = [1, 0, 1, 1] ceilMode = true countIncludePad = false : (tensor<1x6x8x9xf32>) -> tensor<1x6x5x3xf32>
// CHECK-NEXT: %3 = gawee.average_pool %x kernelSize = [2, 3] strides = [1, 1] padding = [1, 1] dilation = [2, 1] ceilMode = false countIncludePad = true : (tensor<1x6x8x9xf32>) -> tensor<1x6x8x9xf32>
// CHECK-NEXT: %4 = gawee.global_average_pool %v : (tensor<2x3x5xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %5 = gawee.lrn %x size = 5 : (tensor<1x6x8x9xf32>) -> tensor<1x6x8x9xf32>
// CHECK-NEXT: %6 = gawee.lrn %x size = 2 alpha = 1.000000e-03 beta = 5.000000e-01 bias = 2.000000e+00 : (tensor<1x6x8x9xf32>) -> tensor<1x6x8x9xf32>

// CHECK-GENERIC: %0 = "gawee.gemm"(%a, %b, %c) {alpha = 5.000000e-01 : f64, beta = 2.000000e+00 : f64, transA = true, transB = true} : (tensor<4x3xf32>, tensor<5x4xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
// CHECK-GENERIC-NEXT: %1 = "gawee.gemm"(%b, %a) : (tensor<5x4xf32>, tensor<4x3xf32>) -> tensor<5x3xf32>
// CHECK-GENERIC-NEXT: %2 = "gawee.average_pool"(%x) {ceilMode = true, countIncludePad = false, kernelSize = array<i64: 3, 2>, padding = array<i64: 1, 0, 1, 1>, strides = array<i64: 2, 3>} : (tensor<1x6x8x9xf32>) -> tensor<1x6x5x3xf32>
// CHECK-GENERIC-NEXT: %3 = "gawee.average_pool"(%x) {ceilMode = false, countIncludePad = true, dilation = array<i64: 2, 1>, kernelSize = array<i64: 2, 3>, padding = array<i64: 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x6x8x9xf32>) -> tensor<1x6x8x9xf32>
// CHECK-GENERIC-NEXT: %4 = "gawee.global_average_pool"(%v) : (tensor<2x3x5xf32>) -> tensor<2x3x1xf32>
// CHECK-GENERIC-NEXT: %5 = "gawee.lrn"(%x) {size = 5 : i64} : (tensor<1x6x8x9xf32>) -> tensor<1x6x8x9xf32>
// CHECK-GENERIC-NEXT: %6 = "gawee.lrn"(%x) {alpha = 1.000000e-03 : f64, beta = 5.000000e-01 : f64, bias = 2.000000e+00 : f64, size = 2 : i64} : (tensor<1x6x8x9xf32>) -> tensor<1x6x8x9xf32>
