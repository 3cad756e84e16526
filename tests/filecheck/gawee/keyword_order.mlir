// RUN: xdsl-opt %s | filecheck %s

// Keyword attributes may be written in any order; they print in the op's order.
func.func @any_order(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %0 = gawee.max_pool %x ceilMode = false dilation = [1, 1] padding = [0, 0] strides = [2, 2] kernelSize = [2, 2] : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  func.return %0 : tensor<1x4x4x4xf32>
}

// CHECK: %0 = gawee.max_pool %x kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] dilation = [1, 1] ceilMode = false : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
