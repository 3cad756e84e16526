// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s

// gawee.max_pool -> NHWC mir.pool max between transposes.
func.func @max_pool(%x: tensor<1x8x16x16xf32>) -> tensor<1x8x8x8xf32> {
  %0 = "gawee.max_pool"(%x) {ceilMode = false, dilation = array<i64: 1, 1>, kernelSize = array<i64: 3, 3>, padding = array<i64: 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x8x16x16xf32>) -> tensor<1x8x8x8xf32>
  func.return %0 : tensor<1x8x8x8xf32>
}

// CHECK-LABEL: func.func @max_pool(
// CHECK-SAME:  %x: tensor<1x8x16x16xf32>) -> tensor<1x8x8x8xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.transpose %x permutation = [0, 2, 3, 1] : (tensor<1x8x16x16xf32>) -> tensor<1x16x16x8xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.pool max %[[V0]] input_shape = [1, 16, 16, 8] output_shape = [1, 8, 8, 8] kernel_size = [3, 3] stride = [2, 2] padding = [1, 1, 1, 1] dilation = [1, 1] : (tensor<1x16x16x8xf32>) -> tensor<1x8x8x8xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.transpose %[[V1]] permutation = [0, 3, 1, 2] : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
// CHECK-NEXT:    func.return %[[V2]] : tensor<1x8x8x8xf32>

// -----

// Ceil mode: one extra end pad row and column make room for the last window.
func.func @max_pool_ceil(%x: tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
  %0 = "gawee.max_pool"(%x) {ceilMode = true, dilation = array<i64: 1, 1>, kernelSize = array<i64: 2, 2>, padding = array<i64: 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  func.return %0 : tensor<1x2x3x3xf32>
}

// CHECK-LABEL: func.func @max_pool_ceil(
// CHECK-SAME:  %x: tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.transpose %x permutation = [0, 2, 3, 1] : (tensor<1x2x5x5xf32>) -> tensor<1x5x5x2xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.pool max %[[V0]] input_shape = [1, 5, 5, 2] output_shape = [1, 3, 3, 2] kernel_size = [2, 2] stride = [2, 2] padding = [0, 0, 1, 1] dilation = [1, 1] : (tensor<1x5x5x2xf32>) -> tensor<1x3x3x2xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.transpose %[[V1]] permutation = [0, 3, 1, 2] : (tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    func.return %[[V2]] : tensor<1x2x3x3xf32>

// -----

// Dilation and asymmetric 4-value padding pass through unchanged.
func.func @max_pool_dilated(%x: tensor<1x3x9x9xf32>) -> tensor<1x3x3x8xf32> {
  %0 = "gawee.max_pool"(%x) {ceilMode = false, dilation = array<i64: 2, 1>, kernelSize = array<i64: 3, 3>, padding = array<i64: 1, 0, 0, 1>, strides = array<i64: 2, 1>} : (tensor<1x3x9x9xf32>) -> tensor<1x3x3x8xf32>
  func.return %0 : tensor<1x3x3x8xf32>
}

// CHECK-LABEL: func.func @max_pool_dilated(
// CHECK-SAME:  %x: tensor<1x3x9x9xf32>) -> tensor<1x3x3x8xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.transpose %x permutation = [0, 2, 3, 1] : (tensor<1x3x9x9xf32>) -> tensor<1x9x9x3xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.pool max %[[V0]] input_shape = [1, 9, 9, 3] output_shape = [1, 3, 8, 3] kernel_size = [3, 3] stride = [2, 1] padding = [1, 0, 0, 1] dilation = [2, 1] : (tensor<1x9x9x3xf32>) -> tensor<1x3x8x3xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.transpose %[[V1]] permutation = [0, 3, 1, 2] : (tensor<1x3x8x3xf32>) -> tensor<1x3x3x8xf32>
// CHECK-NEXT:    func.return %[[V2]] : tensor<1x3x3x8xf32>

// -----

// Padding as wide as the kernel: of the 3 windows along the one row, the middle one
// (taps at rows -1 and 1) sees only padding; mir.pool gives -inf there, and a
// mir.select on a mask of the windows puts ONNX Runtime's value, the lowest finite f32.
func.func @max_pool_padding_only(%x: tensor<1x2x1x3xf32>) -> tensor<1x2x3x2xf32> {
  %0 = gawee.max_pool %x kernelSize = [2, 2] strides = [1, 1] padding = [2, 0, 2, 0] dilation = [2, 1] ceilMode = false : (tensor<1x2x1x3xf32>) -> tensor<1x2x3x2xf32>
  func.return %0 : tensor<1x2x3x2xf32>
}

// CHECK-LABEL: func.func @max_pool_padding_only(
// CHECK-SAME:  %x: tensor<1x2x1x3xf32>) -> tensor<1x2x3x2xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.transpose %x permutation = [0, 2, 3, 1] : (tensor<1x2x1x3xf32>) -> tensor<1x1x3x2xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.pool max %[[V0]] input_shape = [1, 1, 3, 2] output_shape = [1, 3, 2, 2] kernel_size = [2, 2] stride = [1, 1] padding = [2, 0, 2, 0] dilation = [2, 1] : (tensor<1x1x3x2xf32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.transpose %[[V1]] permutation = [0, 3, 1, 2] : (tensor<1x3x2x2xf32>) -> tensor<1x2x3x2xf32>
// CHECK-NEXT:    %[[LOWEST:.*]] = mir.constant dense<-3.40282347e+38> : tensor<f32>
// CHECK-NEXT:    %[[INSIDE:.*]] = mir.constant dense<{{\[}}[true, true], [false, false], [true, true]]> : tensor<3x2xi1>
// CHECK-NEXT:    %[[V3:.*]] = mir.select %[[INSIDE]], %[[V2]], %[[LOWEST]] broadcast_shape = [1, 2, 3, 2] : (tensor<3x2xi1>, tensor<1x2x3x2xf32>, tensor<f32>) -> tensor<1x2x3x2xf32>
// CHECK-NEXT:    func.return %[[V3]] : tensor<1x2x3x2xf32>

// -----

// Global average pooling: one mean over H and W.
func.func @ad_avg_pool_global(%x: tensor<1x16x4x4xf32>) -> tensor<1x16x1x1xf32> {
  %0 = "gawee.ad_avg_pool"(%x) {outputSize = array<i64: 1, 1>} : (tensor<1x16x4x4xf32>) -> tensor<1x16x1x1xf32>
  func.return %0 : tensor<1x16x1x1xf32>
}

// CHECK-LABEL: func.func @ad_avg_pool_global(
// CHECK-SAME:  %x: tensor<1x16x4x4xf32>) -> tensor<1x16x1x1xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.reduce mean %x axes = [2, 3] keep_dims = true : (tensor<1x16x4x4xf32>) -> tensor<1x16x1x1xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<1x16x1x1xf32>

// -----

// global_average_pool: ad_avg_pool's 1x1 case, over every spatial dim of any rank.
func.func @global_average_pool(%x: tensor<2x3x4x5x6xf32>) -> tensor<2x3x1x1x1xf32> {
  %0 = gawee.global_average_pool %x : (tensor<2x3x4x5x6xf32>) -> tensor<2x3x1x1x1xf32>
  func.return %0 : tensor<2x3x1x1x1xf32>
}

// CHECK-LABEL: func.func @global_average_pool(
// CHECK-SAME:  %x: tensor<2x3x4x5x6xf32>) -> tensor<2x3x1x1x1xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.reduce mean %x axes = [2, 3, 4] keep_dims = true : (tensor<2x3x4x5x6xf32>) -> tensor<2x3x1x1x1xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<2x3x1x1x1xf32>

// -----

// Divisible sizes: equal windows, so a reshape into [N, C, OH, KH, OW, KW] and one mean.
func.func @ad_avg_pool_divisible(%x: tensor<2x3x8x6xf32>) -> tensor<2x3x4x2xf32> {
  %0 = "gawee.ad_avg_pool"(%x) {outputSize = array<i64: 4, 2>} : (tensor<2x3x8x6xf32>) -> tensor<2x3x4x2xf32>
  func.return %0 : tensor<2x3x4x2xf32>
}

// CHECK-LABEL: func.func @ad_avg_pool_divisible(
// CHECK-SAME:  %x: tensor<2x3x8x6xf32>) -> tensor<2x3x4x2xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.reshape %x : (tensor<2x3x8x6xf32>) -> tensor<2x3x4x2x2x3xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.reduce mean %[[V0]] axes = [3, 5] keep_dims = false : (tensor<2x3x4x2x2x3xf32>) -> tensor<2x3x4x2xf32>
// CHECK-NEXT:    func.return %[[V1]] : tensor<2x3x4x2xf32>

// -----

// H = 5 into 3 overlapping windows [0, 2), [1, 4), [3, 5): slices, means and a concat;
// W = 4 into 2 divides: the reshape trick on that axis alone.
func.func @ad_avg_pool_uneven(%x: tensor<1x2x5x4xf32>) -> tensor<1x2x3x2xf32> {
  %0 = "gawee.ad_avg_pool"(%x) {outputSize = array<i64: 3, 2>} : (tensor<1x2x5x4xf32>) -> tensor<1x2x3x2xf32>
  func.return %0 : tensor<1x2x3x2xf32>
}

// CHECK-LABEL: func.func @ad_avg_pool_uneven(
// CHECK-SAME:  %x: tensor<1x2x5x4xf32>) -> tensor<1x2x3x2xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.slice %x starts = [0, 0, 0, 0] ends = [1, 2, 2, 4] strides = [1, 1, 1, 1] : (tensor<1x2x5x4xf32>) -> tensor<1x2x2x4xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.reduce mean %[[V0]] axes = [2] keep_dims = true : (tensor<1x2x2x4xf32>) -> tensor<1x2x1x4xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.slice %x starts = [0, 0, 1, 0] ends = [1, 2, 4, 4] strides = [1, 1, 1, 1] : (tensor<1x2x5x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK-NEXT:    %[[V3:.*]] = mir.reduce mean %[[V2]] axes = [2] keep_dims = true : (tensor<1x2x3x4xf32>) -> tensor<1x2x1x4xf32>
// CHECK-NEXT:    %[[V4:.*]] = mir.slice %x starts = [0, 0, 3, 0] ends = [1, 2, 5, 4] strides = [1, 1, 1, 1] : (tensor<1x2x5x4xf32>) -> tensor<1x2x2x4xf32>
// CHECK-NEXT:    %[[V5:.*]] = mir.reduce mean %[[V4]] axes = [2] keep_dims = true : (tensor<1x2x2x4xf32>) -> tensor<1x2x1x4xf32>
// CHECK-NEXT:    %[[V6:.*]] = mir.concat %[[V1]], %[[V3]], %[[V5]] axis = 2 : (tensor<1x2x1x4xf32>, tensor<1x2x1x4xf32>, tensor<1x2x1x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK-NEXT:    %[[V7:.*]] = mir.reshape %[[V6]] : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x2x2xf32>
// CHECK-NEXT:    %[[V8:.*]] = mir.reduce mean %[[V7]] axes = [4] keep_dims = false : (tensor<1x2x3x2x2xf32>) -> tensor<1x2x3x2xf32>
// CHECK-NEXT:    func.return %[[V8]] : tensor<1x2x3x2xf32>

// -----

// An axis whose output size equals its input size is left alone.
func.func @ad_avg_pool_one_axis(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x3x3xf32> {
  %0 = "gawee.ad_avg_pool"(%x) {outputSize = array<i64: 3, 3>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x3xf32>
  func.return %0 : tensor<1x2x3x3xf32>
}

// CHECK-LABEL: func.func @ad_avg_pool_one_axis(
// CHECK-SAME:  %x: tensor<1x2x3x4xf32>) -> tensor<1x2x3x3xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.slice %x starts = [0, 0, 0, 0] ends = [1, 2, 3, 2] strides = [1, 1, 1, 1] : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x2xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.reduce mean %[[V0]] axes = [3] keep_dims = true : (tensor<1x2x3x2xf32>) -> tensor<1x2x3x1xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.slice %x starts = [0, 0, 0, 1] ends = [1, 2, 3, 3] strides = [1, 1, 1, 1] : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x2xf32>
// CHECK-NEXT:    %[[V3:.*]] = mir.reduce mean %[[V2]] axes = [3] keep_dims = true : (tensor<1x2x3x2xf32>) -> tensor<1x2x3x1xf32>
// CHECK-NEXT:    %[[V4:.*]] = mir.slice %x starts = [0, 0, 0, 2] ends = [1, 2, 3, 4] strides = [1, 1, 1, 1] : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x2xf32>
// CHECK-NEXT:    %[[V5:.*]] = mir.reduce mean %[[V4]] axes = [3] keep_dims = true : (tensor<1x2x3x2xf32>) -> tensor<1x2x3x1xf32>
// CHECK-NEXT:    %[[V6:.*]] = mir.concat %[[V1]], %[[V3]], %[[V5]] axis = 3 : (tensor<1x2x3x1xf32>, tensor<1x2x3x1xf32>, tensor<1x2x3x1xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    func.return %[[V6]] : tensor<1x2x3x3xf32>

// -----

// average_pool: mir.pool between transposes, ceil mode as extra end padding (here 1 row:
// the last window's second tap lies past the padding). Without countIncludePad, kind
// avg, which divides by the taps on the input.
func.func @average_pool(%x: tensor<1x2x7x5xf32>) -> tensor<1x2x4x2xf32> {
  %0 = gawee.average_pool %x kernelSize = [2, 2] strides = [2, 3] padding = [1, 0, 0, 1] dilation = [2, 1] ceilMode = true countIncludePad = false : (tensor<1x2x7x5xf32>) -> tensor<1x2x4x2xf32>
  func.return %0 : tensor<1x2x4x2xf32>
}

// CHECK-LABEL: func.func @average_pool(
// CHECK-SAME:  %x: tensor<1x2x7x5xf32>) -> tensor<1x2x4x2xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.transpose %x permutation = [0, 2, 3, 1] : (tensor<1x2x7x5xf32>) -> tensor<1x7x5x2xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.pool avg %[[V0]] input_shape = [1, 7, 5, 2] output_shape = [1, 4, 2, 2] kernel_size = [2, 2] stride = [2, 3] padding = [1, 0, 1, 1] dilation = [2, 1] : (tensor<1x7x5x2xf32>) -> tensor<1x4x2x2xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.transpose %[[V1]] permutation = [0, 3, 1, 2] : (tensor<1x4x2x2xf32>) -> tensor<1x2x4x2xf32>
// CHECK-NEXT:    func.return %[[V2]] : tensor<1x2x4x2xf32>

// -----

// With countIncludePad: kind sum, then a division by each window's taps on the input and
// the explicit padding (not the ceil-mode extension: 1 tap in the last row).
func.func @average_pool_include_pad(%x: tensor<1x2x7x5xf32>) -> tensor<1x2x4x2xf32> {
  %0 = gawee.average_pool %x kernelSize = [2, 2] strides = [2, 3] padding = [1, 0, 0, 1] dilation = [2, 1] ceilMode = true countIncludePad = true : (tensor<1x2x7x5xf32>) -> tensor<1x2x4x2xf32>
  func.return %0 : tensor<1x2x4x2xf32>
}

// CHECK-LABEL: func.func @average_pool_include_pad(
// CHECK-SAME:  %x: tensor<1x2x7x5xf32>) -> tensor<1x2x4x2xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.transpose %x permutation = [0, 2, 3, 1] : (tensor<1x2x7x5xf32>) -> tensor<1x7x5x2xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.pool sum %[[V0]] input_shape = [1, 7, 5, 2] output_shape = [1, 4, 2, 2] kernel_size = [2, 2] stride = [2, 3] padding = [1, 0, 1, 1] dilation = [2, 1] : (tensor<1x7x5x2xf32>) -> tensor<1x4x2x2xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.transpose %[[V1]] permutation = [0, 3, 1, 2] : (tensor<1x4x2x2xf32>) -> tensor<1x2x4x2xf32>
// CHECK-NEXT:    %[[V3:.*]] = mir.constant dense<{{\[\[}}4.000000e+00, 4.000000e+00], [4.000000e+00, 4.000000e+00], [4.000000e+00, 4.000000e+00], [2.000000e+00, 2.000000e+00]]> : tensor<4x2xf32>
// CHECK-NEXT:    %[[V4:.*]] = mir.broadcast_div %[[V2]], %[[V3]] broadcast_shape = [1, 2, 4, 2] : (tensor<1x2x4x2xf32>, tensor<4x2xf32>) -> tensor<1x2x4x2xf32>
// CHECK-NEXT:    func.return %[[V4]] : tensor<1x2x4x2xf32>
