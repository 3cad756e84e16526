// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// conv, max_pool and average_pool over 1 and 3 spatial dims (ONNX Conv1d / Conv3d,
// MaxPool1d / 3d, AvgPool1d / 3d), one value per spatial dim in each window attribute
// (the padding: one per dim, or the begins then the ends, ONNX's `pads` order), and
// global_max_pool, in both forms.

func.func @window_nd(%s: tensor<2x4x9xf32>, %k: tensor<6x2x3xf32>, %b: tensor<6xf32>, %v: tensor<1x2x5x6x7xf32>, %kv: tensor<3x2x2x3x2xf32>) {
  %0 = gawee.conv %s, %k, %b strides = [2] padding = [1, 0] dilation = [1] groups = 2 : (tensor<2x4x9xf32>, tensor<6x2x3xf32>, tensor<6xf32>) -> tensor<2x6x4xf32>
  %1 = gawee.conv %v, %kv strides = [1, 2, 1] padding = [1, 0, 1] dilation = [1, 1, 2] : (tensor<1x2x5x6x7xf32>, tensor<3x2x2x3x2xf32>) -> tensor<1x3x6x2x7xf32>
  %2 = gawee.max_pool %s kernelSize = [3] strides = [2] padding = [1] dilation = [1] ceilMode = true : (tensor<2x4x9xf32>) -> tensor<2x4x5xf32>
  %3 = gawee.max_pool %v kernelSize = [2, 2, 3] strides = [1, 2, 2] padding = [0, 0, 1, 1, 0, 1] dilation = [2, 1, 1] ceilMode = false : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x4x3x4xf32>
  %4 = gawee.average_pool %s kernelSize = [4] strides = [2] padding = [1, 2] ceilMode = false countIncludePad = true : (tensor<2x4x9xf32>) -> tensor<2x4x5xf32>
  %5 = gawee.average_pool %v kernelSize = [2, 3, 2] strides = [2, 2, 2] padding = [1, 1, 0] dilation = [1, 1, 2] ceilMode = true countIncludePad = false : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x4x3xf32>
  %6 = gawee.global_max_pool %v : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x1x1x1xf32>
  %7 = gawee.global_max_pool %s : (tensor<2x4x9xf32>) -> tensor<2x4x1xf32>
  func.return
}

// CHECK-LABEL: func.func @window_nd(
// CHECK-NEXT: %0 = gawee.conv %s, %k, %b strides = [2] padding = [1, 0] dilation = [1] groups = 2 : (tensor<2x4x9xf32>, tensor<6x2x3xf32>, tensor<6xf32>) -> tensor<2x6x4xf32>
// CHECK-NEXT: %1 = gawee.conv %v, %kv strides = [1, 2, 1] padding = [1, 0, 1] dilation = [1, 1, 2] : (tensor<1x2x5x6x7xf32>, tensor<3x2x2x3x2xf32>) -> tensor<1x3x6x2x7xf32>
// CHECK-NEXT: %2 = gawee.max_pool %s kernelSize = [3] strides = [2] padding = [1] dilation = [1] ceilMode = true : (tensor<2x4x9xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT: %3 = gawee.max_pool %v kernelSize = [2, 2, 3] strides = [1, 2, 2] padding = [0, 0, 1, 1, 0, 1] dilation = [2, 1, 1] ceilMode = false : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x4x3x4xf32>
// CHECK-NEXT: %4 = gawee.average_pool %s kernelSize = [4] strides = [2] padding = [1, 2] ceilMode = false countIncludePad = true : (tensor<2x4x9xf32>) -> tensor<2x4x5xf32>
// CHECK-NEXT: %5 = gawee.average_pool %v kernelSize = [2, 3, 2] strides = [2, 2, 2] padding = [1, 1, 0] dilation = [1, 1, 2] ceilMode = true countIncludePad = false : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x4x3xf32>
// CHECK-NEXT: %6 = gawee.global_max_pool %v : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x1x1x1xf32>
// CHECK-NEXT: %7 = gawee.global_max_pool %s : (tensor<2x4x9xf32>) -> tensor<2x4x1xf32>

// CHECK-GENERIC: %0 = "gawee.conv"(%s, %k, %b) {dilation = array<i64: 1>, groups = 2 : i64, padding = array<i64: 1, 0>, strides = array<i64: 2>} : (tensor<2x4x9xf32>, tensor<6x2x3xf32>, tensor<6xf32>) -> tensor<2x6x4xf32>
// CHECK-GENERIC-NEXT: %1 = "gawee.conv"(%v, %kv) {dilation = array<i64: 1, 1, 2>, padding = array<i64: 1, 0, 1>, strides = array<i64: 1, 2, 1>} : (tensor<1x2x5x6x7xf32>, tensor<3x2x2x3x2xf32>) -> tensor<1x3x6x2x7xf32>
// CHECK-GENERIC-NEXT: %2 = "gawee.max_pool"(%s) {ceilMode = true, dilation = array<i64: 1>, kernelSize = array<i64: 3>, padding = array<i64: 1>, strides = array<i64: 2>} : (tensor<2x4x9xf32>) -> tensor<2x4x5xf32>
// CHECK-GENERIC-NEXT: %3 = "gawee.max_pool"(%v) {ceilMode = false, dilation = array<i64: 2, 1, 1>, kernelSize = array<i64: 2, 2, 3>, padding = array<i64: 0, 0, 1, 1, 0, 1>, strides = array<i64: 1, 2, 2>} : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x4x3x4xf32>
// CHECK-GENERIC-NEXT: %4 = "gawee.average_pool"(%s) {ceilMode = false, countIncludePad = true, kernelSize = array<i64: 4>, padding = array<i64: 1, 2>, strides = array<i64: 2>} : (tensor<2x4x9xf32>) -> tensor<2x4x5xf32>
// CHECK-GENERIC-NEXT: %5 = "gawee.average_pool"(%v) {ceilMode = true, countIncludePad = false, dilation = array<i64: 1, 1, 2>, kernelSize = array<i64: 2, 3, 2>, padding = array<i64: 1, 1, 0>, strides = array<i64: 2, 2, 2>} : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x4x3xf32>
// CHECK-GENERIC-NEXT: %6 = "gawee.global_max_pool"(%v) : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x1x1x1xf32>
// CHECK-GENERIC-NEXT: %7 = "gawee.global_max_pool"(%s) : (tensor<2x4x9xf32>) -> tensor<2x4x1xf32>
