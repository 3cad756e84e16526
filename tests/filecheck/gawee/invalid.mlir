// RUN: nnstack-opt %s --verify-diagnostics --split-input-file

// One case per gawee verifier rule: its diagnostic at the op.

// conv: the declared result shape must be the computed one
func.func @conv_result_shape(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op result shape [1, 6, 6, 6] does not match the expected shape [1, 6, 8, 8]}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: groups must divide the input and output channels
func.func @conv_groups_divide(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op groups = 3 must divide the input channels (4) and the output channels (6)}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] groups = 3 : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: groups >= 1
func.func @conv_groups_zero(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op 'groups' must be >= 1, got 0}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] groups = 0 : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: weight dim 1 must be C / groups
func.func @conv_weight_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op weight has 4 input channels per group, but the input has 4 channels in 2 group(s) (expected 2)}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] groups = 2 : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: weight dim 1 must be C without groups
func.func @conv_weight_channels_ungrouped(%x: tensor<1x4x8x8xf32>, %w: tensor<6x3x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op weight has 3 input channels per group, but the input has 4 channels in 1 group(s) (expected 4)}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x3x3x3xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: bias is [F]
func.func @conv_bias_shape(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'gawee.conv' op bias shape [4] does not match the 6 output channels of the weight}}
  %0 = gawee.conv %x, %w, %b strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>, tensor<4xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: bias is rank 1
func.func @conv_bias_rank(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<1x6xf32>) {
  // expected-error @+1 {{'gawee.conv' op bias must have rank 1, got rank 2}}
  %0 = gawee.conv %x, %w, %b strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>, tensor<1x6xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: 2 strides
func.func @conv_strides_length(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op 'strides' must have 2 values (one per spatial dim of the rank-4 input), got [1, 1, 1]}}
  %0 = gawee.conv %x, %w strides = [1, 1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: strides >= 1
func.func @conv_zero_stride(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op 'strides' values must be >= 1, got [0, 1]}}
  %0 = gawee.conv %x, %w strides = [0, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: dilation >= 1
func.func @conv_zero_dilation(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op 'dilation' values must be >= 1, got [1, 0]}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 0] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: padding >= 0
func.func @conv_negative_padding(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op 'padding' values must be >= 0, got [-1, 0]}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [-1, 0] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x4x6xf32>
  func.return
}

// -----

// conv: padding is [pH, pW] or [top, left, bottom, right]
func.func @conv_three_padding_values(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op 'padding' must have 2 or 4 values (one or two per spatial dim of the rank-4 input), got [1, 1, 1]}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [1, 1, 1] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x8x8xf32>
  func.return
}

// -----

// conv: the weight has the input's rank
func.func @conv_input_rank(%x: tensor<4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op weight must have rank 3 (that of the input), got rank 4}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<6x6x6xf32>
  func.return
}

// -----

// conv: the dilated kernel must fit in the padded input
func.func @conv_kernel_too_large(%x: tensor<1x4x3x4xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op the dilated kernel 3x3 does not fit in the padded input 5x4}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [1, 0] dilation = [3, 3] : (tensor<1x4x3x4xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x1x1xf32>
  func.return
}

// -----

// conv: strides, padding and dilation are required (as in the original)
func.func @conv_missing_attribute(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op attribute 'dilation' expected in operation 'gawee.conv'}}
  %0 = "gawee.conv"(%x, %w) {padding = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// conv: array attributes are i64 arrays
func.func @conv_i32_array(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op Expected attribute i64 but got i32}}
  %0 = "gawee.conv"(%x, %w) {dilation = array<i64: 1, 1>, padding = array<i32: 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  func.return
}

// -----

// relu: result shape = input shape
func.func @relu_result_shape(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'gawee.relu' op result shape [3, 2] does not match the expected shape [2, 3]}}
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return
}

// -----

// add: operand shapes must broadcast (numpy rules)
func.func @add_not_broadcastable(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'gawee.add' op operand shapes [2, 3] and [2, 4] do not broadcast}}
  %0 = gawee.add %a, %b : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

// add: result shape = broadcast shape
func.func @add_result_shape(%a: tensor<2x1xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'gawee.add' op result shape [2, 1] does not match the expected shape [2, 3]}}
  %0 = gawee.add %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x1xf32>
  func.return
}

// -----

// batch_norm: weight, bias, runningMean, runningVar are [C]
func.func @batch_norm_param_shape(%x: tensor<1x4x8x8xf32>, %c: tensor<4xf32>, %v: tensor<8xf32>) {
  // expected-error @+1 {{'gawee.batch_norm' op runningVar shape [8] does not match the 4 channels of the input}}
  %0 = gawee.batch_norm %x, %c, %c, %c, %v affine = true eps = 1.0e-05 : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8xf32>) -> tensor<1x4x8x8xf32>
  func.return
}

// -----

// batch_norm: eps > 0
func.func @batch_norm_zero_eps(%x: tensor<1x4x8x8xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{'gawee.batch_norm' op 'eps' must be a positive number, got 0.0}}
  %0 = gawee.batch_norm %x, %c, %c, %c, %c affine = true eps = 0.0 : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  func.return
}

// -----

// batch_norm: eps > 0 (generic form)
func.func @batch_norm_negative_eps(%x: tensor<1x4x8x8xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{'gawee.batch_norm' op 'eps' must be a positive number, got -1e-05}}
  %0 = "gawee.batch_norm"(%x, %c, %c, %c, %c) {affine = false, eps = -1.000000e-05 : f64} : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  func.return
}

// -----

// batch_norm: input rank >= 2 (channels are dim 1)
func.func @batch_norm_rank(%x: tensor<4xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{'gawee.batch_norm' op input must have rank >= 2, got rank 1}}
  %0 = gawee.batch_norm %x, %c, %c, %c, %c affine = true eps = 1.0e-05 : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// max_pool: the declared result shape must be the computed one
func.func @max_pool_result_shape(%x: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{'gawee.max_pool' op result shape [1, 4, 3, 3] does not match the expected shape [1, 4, 4, 4]}}
  %0 = gawee.max_pool %x kernelSize = [3, 3] strides = [2, 2] padding = [1, 1] dilation = [1, 1] ceilMode = false : (tensor<1x4x8x8xf32>) -> tensor<1x4x3x3xf32>
  func.return
}

// -----

// max_pool: ceil mode off by one: 7 -> 4 with ceilMode = true, not 3
func.func @max_pool_ceil_result_shape(%x: tensor<1x4x7x7xf32>) {
  // expected-error @+1 {{'gawee.max_pool' op result shape [1, 4, 3, 3] does not match the expected shape [1, 4, 4, 4]}}
  %0 = gawee.max_pool %x kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] dilation = [1, 1] ceilMode = true : (tensor<1x4x7x7xf32>) -> tensor<1x4x3x3xf32>
  func.return
}

// -----

// max_pool: floor mode off by one: 7 -> 3 with ceilMode = false, not 4
func.func @max_pool_floor_result_shape(%x: tensor<1x4x7x7xf32>) {
  // expected-error @+1 {{'gawee.max_pool' op result shape [1, 4, 4, 4] does not match the expected shape [1, 4, 3, 3]}}
  %0 = gawee.max_pool %x kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] dilation = [1, 1] ceilMode = false : (tensor<1x4x7x7xf32>) -> tensor<1x4x4x4xf32>
  func.return
}

// -----

// max_pool: ceil mode drops a last window that would start in the end padding: 5 + 2 pads -> 3, not 4
func.func @max_pool_ceil_dropped_window(%x: tensor<1x4x5x5xf32>) {
  // expected-error @+1 {{'gawee.max_pool' op result shape [1, 4, 4, 4] does not match the expected shape [1, 4, 3, 3]}}
  %0 = gawee.max_pool %x kernelSize = [2, 2] strides = [2, 2] padding = [1, 1] dilation = [1, 1] ceilMode = true : (tensor<1x4x5x5xf32>) -> tensor<1x4x4x4xf32>
  func.return
}

// -----

// max_pool: kernelSize >= 1
func.func @max_pool_zero_kernel(%x: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{'gawee.max_pool' op 'kernelSize' values must be >= 1, got [0, 2]}}
  %0 = gawee.max_pool %x kernelSize = [0, 2] strides = [1, 1] padding = [0, 0] dilation = [1, 1] ceilMode = false : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x7xf32>
  func.return
}

// -----

// max_pool: padding is [pH, pW] or [top, left, bottom, right]
func.func @max_pool_three_padding_values(%x: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{'gawee.max_pool' op 'padding' must have 2 or 4 values (one or two per spatial dim of the rank-4 input), got [1, 1, 1]}}
  %0 = gawee.max_pool %x kernelSize = [3, 3] strides = [1, 1] padding = [1, 1, 1] dilation = [1, 1] ceilMode = false : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  func.return
}

// -----

// max_pool: the dilated kernel must fit in the padded input
func.func @max_pool_kernel_too_large(%x: tensor<1x4x2x2xf32>) {
  // expected-error @+1 {{'gawee.max_pool' op the dilated kernel [3, 3] does not fit in the padded input 2x2}}
  %0 = gawee.max_pool %x kernelSize = [3, 3] strides = [1, 1] padding = [0, 0] dilation = [1, 1] ceilMode = false : (tensor<1x4x2x2xf32>) -> tensor<1x4x1x1xf32>
  func.return
}

// -----

// ad_avg_pool: outputSize is [oH, oW]
func.func @ad_avg_pool_output_size_length(%x: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{'gawee.ad_avg_pool' op 'outputSize' must have 2 values, got [2, 2, 2]}}
  %0 = gawee.ad_avg_pool %x outputSize = [2, 2, 2] : (tensor<1x4x8x8xf32>) -> tensor<1x4x2x2xf32>
  func.return
}

// -----

// ad_avg_pool: outputSize >= 1
func.func @ad_avg_pool_zero_output_size(%x: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{'gawee.ad_avg_pool' op 'outputSize' values must be >= 1, got [0, 2]}}
  %0 = gawee.ad_avg_pool %x outputSize = [0, 2] : (tensor<1x4x8x8xf32>) -> tensor<1x4x0x2xf32>
  func.return
}

// -----

// ad_avg_pool: result is [N, C, oH, oW]
func.func @ad_avg_pool_result_shape(%x: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{'gawee.ad_avg_pool' op result shape [1, 4, 2, 3] does not match the expected shape [1, 4, 3, 2]}}
  %0 = gawee.ad_avg_pool %x outputSize = [3, 2] : (tensor<1x4x8x8xf32>) -> tensor<1x4x2x3xf32>
  func.return
}

// -----

// flatten: startDim <= endDim
func.func @flatten_start_after_end(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'gawee.flatten' op startDim (2) must not come after endDim (1)}}
  %0 = gawee.flatten %x startDim = 2 endDim = 1 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  func.return
}

// -----

// flatten: dims in range
func.func @flatten_out_of_range(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'gawee.flatten' op startDim 1 / endDim 3 out of range for rank 3}}
  %0 = gawee.flatten %x startDim = 1 endDim = 3 : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  func.return
}

// -----

// flatten: negative dims in range
func.func @flatten_negative_out_of_range(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'gawee.flatten' op startDim -4 / endDim -1 out of range for rank 3}}
  %0 = gawee.flatten %x startDim = -4 endDim = -1 : (tensor<2x3x4xf32>) -> tensor<24xf32>
  func.return
}

// -----

// flatten: result collapses startDim..endDim
func.func @flatten_result_shape(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'gawee.flatten' op result shape [6, 4] does not match the expected shape [2, 12]}}
  %0 = gawee.flatten %x startDim = 1 endDim = -1 : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  func.return
}

// -----

// linear: input features = weight dim 1
func.func @linear_features(%x: tensor<2x5xf32>, %w: tensor<6x4xf32>) {
  // expected-error @+1 {{'gawee.linear' op input has 5 features but weight [6, 4] expects 4}}
  %0 = gawee.linear %x, %w : (tensor<2x5xf32>, tensor<6x4xf32>) -> tensor<2x6xf32>
  func.return
}

// -----

// linear: bias is [out]
func.func @linear_bias(%x: tensor<2x5xf32>, %w: tensor<6x5xf32>, %b: tensor<5xf32>) {
  // expected-error @+1 {{'gawee.linear' op bias shape [5] does not match the 6 output features of the weight}}
  %0 = gawee.linear %x, %w, %b : (tensor<2x5xf32>, tensor<6x5xf32>, tensor<5xf32>) -> tensor<2x6xf32>
  func.return
}

// -----

// linear: input rank >= 2
func.func @linear_input_rank(%x: tensor<5xf32>, %w: tensor<6x5xf32>) {
  // expected-error @+1 {{'gawee.linear' op input must have rank >= 2, got rank 1}}
  %0 = gawee.linear %x, %w : (tensor<5xf32>, tensor<6x5xf32>) -> tensor<6xf32>
  func.return
}

// -----

// linear: result is [..., out]
func.func @linear_result_shape(%x: tensor<3x2x5xf32>, %w: tensor<6x5xf32>) {
  // expected-error @+1 {{'gawee.linear' op result shape [6, 6] does not match the expected shape [3, 2, 6]}}
  %0 = gawee.linear %x, %w : (tensor<3x2x5xf32>, tensor<6x5xf32>) -> tensor<6x6xf32>
  func.return
}

// -----

// all ops: one element type for every operand
func.func @mixed_element_types(%a: tensor<2x3xf32>, %b: tensor<2x3xf16>) {
  // expected-error @+1 {{'gawee.add' op operand 'rhs' at position 1 does not verify:}}
  %0 = "gawee.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf16>) -> tensor<2x3xf32>
  func.return
}

// -----

// all ops: ... and for the result
func.func @mixed_result_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'gawee.relu' op result 'output' at position 0 does not verify:}}
  %0 = "gawee.relu"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf64>
  func.return
}

// -----

// the activations and power: float element types only (add, sub, mul, div, neg,
// abs, max, min and sum take i8, i32 and i64 too)
func.func @integer_element_type(%a: tensor<2x3xi32>) {
  // expected-error @+1 {{'gawee.relu' op operand 'input' at position 0 does not verify:}}
  %0 = "gawee.relu"(%a) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  func.return
}

// -----

func.func @integer_power(%a: tensor<3xi64>) {
  // expected-error @+1 {{gawee.pow: Expected one of bf16, f16, f32, f64, but got i64}}
  %0 = gawee.pow %a, %a : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  func.return
}

// -----

// masks (i1) are not numbers: and / or / xor are their arithmetic
func.func @mask_add(%m: tensor<3xi1>) {
  // expected-error @+1 {{gawee.add: Expected one of bf16, f16, f32, f64, i16, i32, i64, i8, ui16, ui32, ui64, ui8, but got i1}}
  %0 = gawee.add %m, %m : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  func.return
}

// -----

func.func @i4_neg(%x: tensor<3xi4>) {
  // expected-error @+1 {{gawee.neg: Expected one of bf16, f16, f32, f64, i16, i32, i64, i8, ui16, ui32, ui64, ui8, but got i4}}
  %0 = gawee.neg %x : (tensor<3xi4>) -> tensor<3xi4>
  func.return
}

// -----

// all ops: static shapes only
func.func @dynamic_shape(%a: tensor<?x3xf32>) {
  // expected-error @+1 {{'gawee.relu' op operand 'input' at position 0 does not verify:}}
  %0 = "gawee.relu"(%a) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  func.return
}

// -----

// all ops: operands are tensors
func.func @non_tensor_operand(%a: memref<2x3xf32>) {
  // expected-error @+1 {{'gawee.relu' op operand 'input' at position 0 does not verify:}}
  %0 = "gawee.relu"(%a) : (memref<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

// all ops: results are tensors
func.func @non_tensor_result(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'gawee.relu' op result 'output' at position 0 does not verify:}}
  %0 = "gawee.relu"(%a) : (tensor<2x3xf32>) -> f32
  func.return
}

// -----

// max_pool: no empty spatial input
func.func @max_pool_empty_input(%x: tensor<1x4x0x8xf32>) {
  // expected-error @+1 {{'gawee.max_pool' op input spatial size 0x8 must not be empty}}
  %0 = gawee.max_pool %x kernelSize = [2, 2] strides = [1, 1] padding = [1, 0] dilation = [1, 1] ceilMode = false : (tensor<1x4x0x8xf32>) -> tensor<1x4x1x7xf32>
  func.return
}

// -----

// ad_avg_pool: no empty spatial input (no window could average anything)
func.func @ad_avg_pool_empty_input(%x: tensor<1x4x8x0xf32>) {
  // expected-error @+1 {{'gawee.ad_avg_pool' op input spatial size 8x0 must not be empty}}
  %0 = gawee.ad_avg_pool %x outputSize = [1, 1] : (tensor<1x4x8x0xf32>) -> tensor<1x4x1x1xf32>
  func.return
}

// -----

// groups, startDim and endDim are i64 (I64Attr in the original), so the custom form round-trips
func.func @conv_groups_i32(%x: tensor<1x4x8x8xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op Expected attribute i64 but got i32}}
  %0 = "gawee.conv"(%x, %w) {dilation = array<i64: 1, 1>, groups = 2 : i32, padding = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  func.return
}

// -----

func.func @flatten_dim_i32(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'gawee.flatten' op Expected attribute i64 but got i32}}
  %0 = "gawee.flatten"(%x) {endDim = -1 : i64, startDim = 1 : i32} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  func.return
}

// -----

// batch_norm: eps is an f64 attribute (F64Attr in the original)
func.func @batch_norm_eps_f32(%x: tensor<1x2xf32>, %v: tensor<2xf32>) {
  // expected-error @+1 {{'gawee.batch_norm' op f32 should be of base attribute f64}}
  %0 = "gawee.batch_norm"(%x, %v, %v, %v, %v) {affine = true, eps = 1.0e-05 : f32} : (tensor<1x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  func.return
}

// -----

// conv: a window over 1, 2 or 3 spatial dims
func.func @conv_rank_6(%x: tensor<1x2x3x3x3x3xf32>, %w: tensor<2x2x1x1x1x1xf32>) {
  // expected-error @+1 {{'gawee.conv' op input must have rank 3 or 4 or 5, got rank 6}}
  %0 = gawee.conv %x, %w strides = [1, 1, 1, 1] padding = [0, 0, 0, 0] dilation = [1, 1, 1, 1] : (tensor<1x2x3x3x3x3xf32>, tensor<2x2x1x1x1x1xf32>) -> tensor<1x2x3x3x3x3xf32>
  func.return
}

// -----

// conv 1-D: one stride per spatial dim
func.func @conv1d_two_strides(%x: tensor<1x4x8xf32>, %w: tensor<6x4x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op 'strides' must have 1 values (one per spatial dim of the rank-3 input), got [1, 1]}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0] dilation = [1] : (tensor<1x4x8xf32>, tensor<6x4x3xf32>) -> tensor<1x6x6xf32>
  func.return
}

// -----

// conv 3-D: 3 or 6 paddings
func.func @conv3d_four_paddings(%x: tensor<1x4x5x5x5xf32>, %w: tensor<6x4x3x3x3xf32>) {
  // expected-error @+1 {{'gawee.conv' op 'padding' must have 3 or 6 values (one or two per spatial dim of the rank-5 input), got [1, 1, 1, 1]}}
  %0 = gawee.conv %x, %w strides = [1, 1, 1] padding = [1, 1, 1, 1] dilation = [1, 1, 1] : (tensor<1x4x5x5x5xf32>, tensor<6x4x3x3x3xf32>) -> tensor<1x6x5x5x5xf32>
  func.return
}

// -----

// max_pool 3-D: one dilation per spatial dim
func.func @max_pool3d_two_dilations(%x: tensor<1x4x8x8x8xf32>) {
  // expected-error @+1 {{'gawee.max_pool' op 'dilation' must have 3 values (one per spatial dim of the rank-5 input), got [1, 1]}}
  %0 = gawee.max_pool %x kernelSize = [2, 2, 2] strides = [2, 2, 2] padding = [0, 0, 0] dilation = [1, 1] ceilMode = false : (tensor<1x4x8x8x8xf32>) -> tensor<1x4x4x4x4xf32>
  func.return
}

// -----

// average_pool 1-D: the result shape follows the window
func.func @average_pool1d_result_shape(%x: tensor<1x4x9xf32>) {
  // expected-error @+1 {{'gawee.average_pool' op result shape [1, 4, 4] does not match the expected shape [1, 4, 3]}}
  %0 = gawee.average_pool %x kernelSize = [3] strides = [3] padding = [0] ceilMode = false countIncludePad = false : (tensor<1x4x9xf32>) -> tensor<1x4x4xf32>
  func.return
}

// -----

// average_pool 1-D: the optional dilation has one value per spatial dim (as the others)
func.func @average_pool1d_dilation_length(%x: tensor<1x4x9xf32>) {
  // expected-error @+1 {{'gawee.average_pool' op 'dilation' must have 1 values (one per spatial dim of the rank-3 input), got [1, 1]}}
  %0 = gawee.average_pool %x kernelSize = [3] strides = [3] padding = [0] dilation = [1, 1] ceilMode = false countIncludePad = false : (tensor<1x4x9xf32>) -> tensor<1x4x3xf32>
  func.return
}

// -----

// global_max_pool: an input with spatial dims
func.func @global_max_pool_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'gawee.global_max_pool' op input must have rank >= 3, got rank 2}}
  %0 = gawee.global_max_pool %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

// lstm: weight and recurrence have 4 gates of the recurrence's hidden size
func.func @lstm_gates(%x: tensor<2x1x3xf32>, %w: tensor<6x3xf32>, %r: tensor<8x2xf32>, %b: tensor<16xf32>, %h: tensor<1x2xf32>, %c: tensor<1x2xf32>) {
  // expected-error @+1 {{'gawee.lstm' op weight shape [6, 3] does not match [8, 3] (input [2, 1, 3], 4 gate(s) of hidden size 2 from the recurrence)}}
  %y, %y_h, %y_c = gawee.lstm %x, %w, %r, %b, %h, %c : (tensor<2x1x3xf32>, tensor<6x3xf32>, tensor<8x2xf32>, tensor<16xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
  func.return
}

// -----

// gru: an input with no time steps
func.func @gru_no_steps(%x: tensor<0x1x3xf32>, %w: tensor<6x3xf32>, %r: tensor<6x2xf32>, %b: tensor<12xf32>, %h: tensor<1x2xf32>) {
  // expected-error @+1 {{'gawee.gru' op input must have at least one time step}}
  %y, %y_h = gawee.gru %x, %w, %r, %b, %h : (tensor<0x1x3xf32>, tensor<6x3xf32>, tensor<6x2xf32>, tensor<12xf32>, tensor<1x2xf32>) -> (tensor<0x1x2xf32>, tensor<1x2xf32>)
  func.return
}

// -----

// cast: saturate only to an 8-bit float
func.func @cast_saturate_to_f16(%x: tensor<2xf32>) {
  // expected-error @+1 {{'gawee.cast' op 'saturate' applies to a cast to an 8-bit float, not to f16}}
  %y = gawee.cast %x {saturate} : (tensor<2xf32>) -> tensor<2xf16>
  func.return
}

// -----

// cast: roundMode only to f8E8M0FNU
func.func @cast_round_mode_to_e4m3(%x: tensor<2xf32>) {
  // expected-error @+1 {{'gawee.cast' op 'roundMode' applies to a cast to f8E8M0FNU, not to f8E4M3FN}}
  %y = gawee.cast %x {roundMode = "up"} : (tensor<2xf32>) -> tensor<2xf8E4M3FN>
  func.return
}

// -----

// cast: a roundMode ONNX defines
func.func @cast_unknown_round_mode(%x: tensor<2xf32>) {
  // expected-error @+1 {{'gawee.cast' op 'roundMode' must be one of up, down, nearest, got 'odd'}}
  %y = gawee.cast %x {roundMode = "odd"} : (tensor<2xf32>) -> tensor<2xf8E8M0FNU>
  func.return
}
