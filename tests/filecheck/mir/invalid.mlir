// RUN: nnstack-opt %s --verify-diagnostics --split-input-file

// One case per mir verifier rule: each fails with its message at the op. A type that
// breaks an op's declared constraints fails while the custom syntax is parsed (a parse
// error at the op, naming it); in the generic form the verifier reports it at the op.

func.func @f(%a: tensor<3xf80>, %b: tensor<3xf80>) {
  // expected-error @+1 {{mir.broadcast_add: Expected one of bf16, f16, f32, f64, i16, i32, i64, i8, but got f80}}
  %0 = mir.broadcast_add %a, %b broadcast_shape = [3] : (tensor<3xf80>, tensor<3xf80>) -> tensor<3xf80>
  func.return
}

// -----

func.func @f(%a: tensor<?x4xf32>) {
  // expected-error @+1 {{mir.transpose: expected static shape, but got dynamic dimension}}
  %0 = mir.transpose %a permutation = [1, 0] : (tensor<?x4xf32>) -> tensor<4x?xf32>
  func.return
}

// -----

func.func @f(%a: tensor<3xi1>) {
  // expected-error @+1 {{mir.broadcast_add: Expected one of bf16, f16, f32, f64, i16, i32, i64, i8, but got i1}}
  %0 = mir.broadcast_add %a, %a broadcast_shape = [3] : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  func.return
}

// -----

func.func @f(%a: tensor<3xf32>, %b: tensor<3xf64>) {
  // expected-error @+1 {{mir.broadcast_mul: attribute f32 expected from variable 'element_type', but got f64}}
  %0 = mir.broadcast_mul %a, %b broadcast_shape = [3] : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>
  func.return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'mir.broadcast_sub' op operand shapes [2, 3] and [4] do not broadcast}}
  %0 = mir.broadcast_sub %a, %b broadcast_shape = [2, 4] : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'mir.broadcast_add' op broadcast_shape [2, 4] is not the broadcast [2, 3] of the operand shapes [2, 1] and [3]}}
  %0 = mir.broadcast_add %a, %b broadcast_shape = [2, 4] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'mir.broadcast_max' op result shape [3, 2] does not match the expected shape [2, 3] (broadcast_shape)}}
  %0 = mir.broadcast_max %a, %b broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  func.return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error @+1 {{mir.sqrt: Expected one of bf16, f16, f32, f64, but got i32}}
  %0 = mir.sqrt %a : (tensor<4xi32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @f(%a: tensor<4xi32>) {
  // expected-error @+1 {{'mir.sqrt' op operand 'input' at position 0 does not verify:}}
  %0 = "mir.sqrt"(%a) : (tensor<4xi32>) -> tensor<4xi32>
  func.return
}

// -----

func.func @f(%a: tensor<4xf32>) {
  // expected-error @+1 {{mir.exp: attribute tensor<4xf32> expected from variable 'tensor_type', but got tensor<4xf64>}}
  %0 = mir.exp %a : (tensor<4xf32>) -> tensor<4xf64>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xi32>, %w: tensor<3x3x3x4xi32>) {
  // expected-error @+1 {{mir.conv: Expected one of bf16, f16, f32, f64, but got i32}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 6, 6, 4] kernel_size = [3, 3] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x8x8x3xi32>, tensor<3x3x3x4xi32>) -> tensor<1x6x6x4xi32>
  func.return
}

// -----

func.func @f(%x: tensor<8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op input must have rank 4, got rank 3}}
  %0 = mir.conv %x, %w input_shape = [8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 6, 6, 4] kernel_size = [3, 3] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op 'input_shape' [1, 8, 8, 4] does not match the type tensor<1x8x8x3xf32>}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 4] weight_shape = [3, 3, 3, 4] output_shape = [1, 6, 6, 4] kernel_size = [3, 3] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op 'stride' must have 2 values, got [1]}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 6, 6, 4] kernel_size = [3, 3] stride = [1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op 'stride' values must be >= 1, got [0, 1]}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 6, 6, 4] kernel_size = [3, 3] stride = [0, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op 'padding' must have 4 values, got [1, 1]}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 8, 8, 4] kernel_size = [3, 3] stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op 'padding' values must be >= 0, got [-1, 0, 0, 0]}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 6, 7, 4] kernel_size = [3, 3] stride = [1, 1] padding = [-1, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x7x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op kernel_size [2, 2] does not match the weight's [KH, KW] = [3, 3]}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 6, 6, 4] kernel_size = [2, 2] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op 'groups' must be >= 1, got 0}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 6, 6, 4] kernel_size = [3, 3] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 0 : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op groups = 2 must divide the input channels (3) and the output channels (4)}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 6, 6, 4] kernel_size = [3, 3] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 2 : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x4xf32>) {
  // expected-error @+1 {{'mir.conv' op weight has 4 input channels per group, expected 2 (4 input channels in 2 group(s))}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 4] weight_shape = [3, 3, 4, 4] output_shape = [1, 6, 6, 4] kernel_size = [3, 3] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 2 : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x6x6x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op the dilated kernel 3x3 (dilation [3, 3]) does not fit in the padded input}}
  %0 = mir.conv %x, %w input_shape = [1, 4, 4, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 1, 1, 4] kernel_size = [3, 3] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [3, 3] groups = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x1x1x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'mir.conv' op result shape [1, 8, 8, 4] does not match the expected shape [1, 6, 6, 4] (from input, kernel, stride, padding and dilation)}}
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 8, 8, 4] kernel_size = [3, 3] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>) {
  // expected-error @+1 {{mir.pool: Expected `max`, `sum`, or `avg`.}}
  %0 = mir.pool mean %x input_shape = [1, 8, 8, 3] output_shape = [1, 4, 4, 3] kernel_size = [2, 2] stride = [2, 2] padding = [0, 0, 0, 0] dilation = [1, 1] : (tensor<1x8x8x3xf32>) -> tensor<1x4x4x3xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>) {
  // expected-error @+1 {{'mir.pool' op result shape [1, 4, 3, 3] does not match the expected shape [1, 4, 4, 3] (from input, kernel, stride, padding and dilation)}}
  %0 = mir.pool max %x input_shape = [1, 8, 8, 3] output_shape = [1, 4, 3, 3] kernel_size = [2, 2] stride = [2, 2] padding = [0, 0, 0, 0] dilation = [1, 1] : (tensor<1x8x8x3xf32>) -> tensor<1x4x3x3xf32>
  func.return
}

// -----

func.func @f(%x: tensor<1x8x8x3xf32>) {
  // expected-error @+1 {{'mir.pool' op window 0 along H covers only padding (padding [2, 0, 0, 0])}}
  %0 = mir.pool avg %x input_shape = [1, 8, 8, 3] output_shape = [1, 5, 4, 3] kernel_size = [2, 2] stride = [2, 2] padding = [2, 0, 0, 0] dilation = [1, 1] : (tensor<1x8x8x3xf32>) -> tensor<1x5x4x3xf32>
  func.return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.matmul' op operand shapes [2, 3] and [4, 5] do not multiply (inner dims differ or batch dims do not broadcast)}}
  %0 = mir.matmul %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @f(%a: tensor<3xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+1 {{'mir.matmul' op lhs must have rank >= 2, got rank 1}}
  %0 = mir.matmul %a, %b : (tensor<3xf32>, tensor<3x5xf32>) -> tensor<5xf32>
  func.return
}

// -----

func.func @f(%a: tensor<2x2x3xf32>, %b: tensor<3x3x5xf32>) {
  // expected-error @+1 {{'mir.matmul' op operand shapes [2, 2, 3] and [3, 3, 5] do not multiply (inner dims differ or batch dims do not broadcast)}}
  %0 = mir.matmul %a, %b : (tensor<2x2x3xf32>, tensor<3x3x5xf32>) -> tensor<2x2x5xf32>
  func.return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) {
  // expected-error @+1 {{'mir.matmul' op result shape [5, 2] does not match the expected shape [2, 5]}}
  %0 = mir.matmul %a, %b : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<5x2xf32>
  func.return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{mir.reduce: Expected `sum`, `mean`, `max`, `min`, `prod`, `any`, `all`, `umax`, or `umin`.}}
  %0 = mir.reduce avg %x axes = [1] keep_dims = false : (tensor<2x3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'mir.reduce' op "sum" should be of base attribute mir.reduce_kind}}
  %0 = "mir.reduce"(%x) <{kind = "sum", axes = array<i64: 1>, keep_dims = false}> : (tensor<2x3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'mir.reduce' op input has element type f32, expected one of i1}}
  %0 = mir.reduce any %x axes = [1] keep_dims = false : (tensor<2x3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @f(%x: tensor<2x3xi32>) {
  // expected-error @+1 {{'mir.reduce' op input has element type i32, expected one of f16, bf16, f32, f64}}
  %0 = mir.reduce mean %x axes = [1] keep_dims = false : (tensor<2x3xi32>) -> tensor<2xi32>
  func.return
}

// -----

func.func @f(%x: tensor<2x3xi1>) {
  // expected-error @+1 {{'mir.reduce' op input has element type i1, expected one of f16, bf16, f32, f64, i8, i16, i32, i64}}
  %0 = mir.reduce sum %x axes = [1] keep_dims = false : (tensor<2x3xi1>) -> tensor<2xi1>
  func.return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'mir.reduce' op 'axes' must not be empty}}
  %0 = mir.reduce sum %x axes = [] keep_dims = false : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'mir.reduce' op 'axes' = 2 is out of range for rank 2}}
  %0 = mir.reduce sum %x axes = [2] keep_dims = false : (tensor<2x3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'mir.reduce' op 'axes' [1, 1] must be unique}}
  %0 = mir.reduce sum %x axes = [1, 1] keep_dims = false : (tensor<2x3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @f(%x: tensor<2x0xf32>) {
  // expected-error @+1 {{'mir.reduce' op cannot take the max of an empty axis (input shape [2, 0])}}
  %0 = mir.reduce max %x axes = [1] keep_dims = false : (tensor<2x0xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'mir.reduce' op result shape [2] does not match the expected shape [2, 1]}}
  %0 = mir.reduce prod %x axes = [1] keep_dims = true : (tensor<2x3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @f(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{mir.reduce: attribute f32 expected from variable 'element_type', but got f64}}
  %0 = mir.reduce min %x axes = [1] keep_dims = false : (tensor<2x3xf32>) -> tensor<2xf64>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.slice' op 'starts' must have 2 values, got [0]}}
  %0 = mir.slice %x starts = [0] ends = [4, 5] strides = [1, 1] : (tensor<4x5xf32>) -> tensor<4x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.slice' op stride of dim 0 must not be 0}}
  %0 = mir.slice %x starts = [0, 0] ends = [4, 5] strides = [0, 1] : (tensor<4x5xf32>) -> tensor<4x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.slice' op bounds of dim 1 out of range: start 0, end 6, stride 1 (need 0 <= start <= end <= 5)}}
  %0 = mir.slice %x starts = [0, 0] ends = [4, 6] strides = [1, 1] : (tensor<4x5xf32>) -> tensor<4x6xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.slice' op bounds of dim 0 out of range: start 4, end -1, stride -1 (need -1 <= end <= start <= 3)}}
  %0 = mir.slice %x starts = [4, 0] ends = [-1, 5] strides = [-1, 1] : (tensor<4x5xf32>) -> tensor<5x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.slice' op result shape [2, 2] does not match the expected shape [2, 3]}}
  %0 = mir.slice %x starts = [3, 0] ends = [-1, 5] strides = [-2, 2] : (tensor<4x5xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %i: tensor<3xf32>) {
  // expected-error @+1 {{mir.gather: Expected one of i16, i32, i64, i8, but got f32}}
  %0 = mir.gather %x, %i axis = 0 : (tensor<4x5xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'mir.gather' op 'axis' = 2 is out of range for rank 2}}
  %0 = mir.gather %x, %i axis = 2 : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<4x5x3xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'mir.gather' op result shape [3, 5] does not match the expected shape [4, 3]}}
  %0 = mir.gather %x, %i axis = 1 : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<3x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %u: tensor<4x2xf32>, %i: tensor<2x3xi32>) {
  // expected-error @+1 {{'mir.scatter' op updates shape [4, 2] does not match the expected shape [4, 2, 3] (input[:axis] + indices + input[axis+1:])}}
  %0 = mir.scatter %x, %u, %i axis = 1 : (tensor<4x5xf32>, tensor<4x2xf32>, tensor<2x3xi32>) -> tensor<4x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %u: tensor<2x5xf32>, %i: tensor<2xi1>) {
  // expected-error @+1 {{mir.scatter: Expected one of i16, i32, i64, i8, but got i1}}
  %0 = mir.scatter %x, %u, %i axis = 0 : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<2xi1>) -> tensor<4x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %u: tensor<2x5xf32>, %i: tensor<2xi8>) {
  // expected-error @+1 {{mir.scatter: attribute tensor<4x5xf32> expected from variable 'tensor_type', but got tensor<2x5xf32>}}
  %0 = mir.scatter %x, %u, %i axis = 0 : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<2xi8>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{mir.cast: Expected one of bf16, f16, f32, f64, i1, i16, i32, i64, i8, but got f80}}
  %0 = mir.cast %x : (tensor<4x5xf32>) -> tensor<4x5xf80>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.cast' op result shape [5, 4] must equal the input shape [4, 5]}}
  %0 = mir.cast %x : (tensor<4x5xf32>) -> tensor<5x4xi32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.reshape' op the input has 20 elements but the result type tensor<3x7xf32> has 21}}
  %0 = mir.reshape %x : (tensor<4x5xf32>) -> tensor<3x7xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{mir.reshape: attribute f32 expected from variable 'element_type', but got f64}}
  %0 = mir.reshape %x : (tensor<4x5xf32>) -> tensor<20xf64>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{mir.dynamic_reshape: Expected one of i32, i64, but got f32}}
  %0 = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xf32>) -> tensor<2x10xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %s: tensor<1x2xi64>) {
  // expected-error @+1 {{'mir.dynamic_reshape' op shape must have rank 1, got rank 2}}
  %0 = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<1x2xi64>) -> tensor<2x10xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'mir.dynamic_reshape' op shape has 2 entries but the result has rank 3}}
  %0 = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi64>) -> tensor<2x?x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %s: tensor<?xi64>) {
  // expected-error @+1 {{'mir.dynamic_reshape' op shape must have a static length (one entry per result dim), got tensor<?xi64>}}
  %0 = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<?xi64>) -> tensor<20xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{'mir.dynamic_reshape' op the input has 20 elements but the result type tensor<3x7xf32> has 21}}
  %0 = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi64>) -> tensor<3x7xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.transpose' op permutation [0, 0] is not a permutation of the 2 input dims}}
  %0 = mir.transpose %x permutation = [0, 0] : (tensor<4x5xf32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.transpose' op result shape [4, 5] does not match the expected shape [5, 4]}}
  %0 = mir.transpose %x permutation = [1, 0] : (tensor<4x5xf32>) -> tensor<4x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %y: tensor<3x4xf32>) {
  // expected-error @+1 {{'mir.concat' op input #1 has shape [3, 4], which differs from input #0's [4, 5] outside axis 0}}
  %0 = mir.concat %x, %y axis = 0 : (tensor<4x5xf32>, tensor<3x4xf32>) -> tensor<7x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.concat' op 'axis' = 2 is out of range for rank 2}}
  %0 = mir.concat %x, %x axis = 2 : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<8x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'mir.concat' op result shape [8, 5] does not match the expected shape [4, 10]}}
  %0 = mir.concat %x, %x axis = 1 : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<8x5xf32>
  func.return
}

// -----

func.func @f(%x: tensor<4x5xf32>, %y: tensor<4x5xf64>) {
  // expected-error @+1 {{mir.concat: attribute f32 expected from variable 'element_type', but got f64}}
  %0 = mir.concat %x, %y axis = 1 : (tensor<4x5xf32>, tensor<4x5xf64>) -> tensor<4x10xf32>
  func.return
}

// -----

func.func @f() {
  // expected-error @+1 {{'mir.concat' op needs at least one input}}
  %0 = "mir.concat"() <{axis = 0 : i64}> : () -> tensor<1xf32>
  func.return
}

// -----

func.func @f() {
  // expected-error @+1 {{'mir.constant' op attribute tensor<3xf32> expected from variable 'tensor_type', but got tensor<2xf32>}}
  %0 = "mir.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  func.return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{'mir.from_elements' op got 1 scalars for the 2 elements of tensor<2xi64>}}
  %0 = mir.from_elements %n : (index) -> tensor<2xi64>
  func.return
}

// -----

func.func @f(%v: f32) {
  // expected-error @+1 {{'mir.from_elements' op element #0 has type f32, expected i64 or index}}
  %0 = mir.from_elements %v, %v : (f32, f32) -> tensor<2xi64>
  func.return
}

// -----

func.func @f(%n: index) {
  // expected-error @+1 {{'mir.from_elements' op element #0 has type index, expected f32}}
  %0 = mir.from_elements %n : (index) -> tensor<1xf32>
  func.return
}

// -----

func.func @f() {
  // expected-error @+1 {{mir.alloc_tensor: expected static shape, but got dynamic dimension}}
  %0 = mir.alloc_tensor : tensor<?xf32>
  func.return
}

// -----

func.func @f(%c: index) {
  // expected-error @+1 {{'mir.for' op the body's first argument must be the index induction variable}}
  "mir.for"(%c, %c, %c) ({
  ^bb0(%i: i32):
    mir.yield
  }) : (index, index, index) -> ()
  func.return
}

// -----

func.func @f(%c: index, %x: tensor<4xf32>) {
  // expected-error @+1 {{'mir.for' op body arguments after the induction variable (tensor<4xf64>) must match the loop-carried values (tensor<4xf32>)}}
  %0 = "mir.for"(%c, %c, %c, %x) ({
  ^bb0(%i: index, %acc: tensor<4xf64>):
    mir.yield %acc : tensor<4xf64>
  }) : (index, index, index, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @f(%c: index, %x: tensor<4xf32>) {
  // expected-error @+1 {{'mir.for' op result types (tensor<4xf64>) must match the loop-carried values (tensor<4xf32>)}}
  %0 = "mir.for"(%c, %c, %c, %x) ({
  ^bb0(%i: index, %acc: tensor<4xf32>):
    mir.yield %acc : tensor<4xf32>
  }) : (index, index, index, tensor<4xf32>) -> tensor<4xf64>
  func.return
}

// -----

func.func @f(%c: index, %x: tensor<4xf32>, %y: tensor<4xf64>) {
  // expected-error @+1 {{'mir.for' op the body yields (tensor<4xf64>) but the op has results (tensor<4xf32>)}}
  %0 = mir.for %i = %c to %c step %c iter_args(%acc = %x) -> (tensor<4xf32>) {
    mir.yield %y : tensor<4xf64>
  }
  func.return
}

// -----

func.func @f(%c: index, %x: tensor<4xf32>) {
  %0 = mir.for %i = %c to %c step %c iter_args(%acc = %x) -> (tensor<4xf32>) {
    // expected-error @+1 {{'mir.neg' op Operation mir.neg terminates block in single-block region but is not a terminator}}
    %1 = mir.neg %acc : (tensor<4xf32>) -> tensor<4xf32>
  }
  func.return
}

// -----

func.func @f(%c: index) {
  // expected-error @+1 {{'mir.parallel_for' op 'num_threads' must be >= 1, got 0}}
  mir.parallel_for %i = %c to %c step %c num_threads = 0 {
    mir.yield
  }
  func.return
}

// -----

func.func @f(%c: i32) {
  // expected-error @+1 {{the condition of mir.if must be i1 or tensor<i1>}}
  mir.if %c : i32 {
    mir.yield
  } else {
    mir.yield
  }
  func.return
}

// -----

func.func @f(%c: i1, %x: tensor<4xf32>) {
  // expected-error @+1 {{'mir.if' op the else region yields () but the op has results (tensor<4xf32>)}}
  %0 = mir.if %c : i1 -> (tensor<4xf32>) {
    mir.yield %x : tensor<4xf32>
  } else {
    mir.yield
  }
  func.return
}

// -----

func.func @f(%c: i1) {
  // expected-error @+1 {{'mir.if' op the then region must not have block arguments}}
  "mir.if"(%c) ({
  ^bb0(%a: index):
    mir.yield
  }, {
    mir.yield
  }) : (i1) -> ()
  func.return
}

// -----

func.func @f(%c: i1) {
  "scf.execute_region"() ({
    // expected-error @+1 {{'mir.yield' op 'mir.yield' expects parent op to be one of 'mir.for', 'mir.parallel_for', 'mir.if'}}
    mir.yield
  }) : () -> ()
  func.return
}

