// RUN: nnstack-opt %s --verify-diagnostics --split-input-file

// Parse errors of the gawee custom syntax, each at its line.

// keyword attributes come in the op's order, each once
func.func @keyword_twice(%x: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{gawee.max_pool: Expected 'kernelSize'}}
  %0 = gawee.max_pool %x strides = [2, 2] kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] dilation = [1, 1] ceilMode = false : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  func.return
}

// -----

// the attribute dictionary may not repeat a keyword attribute
func.func @keyword_in_dictionary(%x: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{gawee.ad_avg_pool: attributes outputSize are defined in other parts of the assembly format, and thus should not be defined in the attribute dictionary.}}
  %0 = gawee.ad_avg_pool %x outputSize = [1, 2] {outputSize = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x1x2xf32>
  func.return
}

// -----

// array attributes hold integers
func.func @float_in_array(%x: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{Expected integer literal}}
  %0 = gawee.ad_avg_pool %x outputSize = [1.5, 2] : (tensor<1x4x8x8xf32>) -> tensor<1x4x1x2xf32>
  func.return
}

// -----

// a keyword attribute is `name = value`
func.func @missing_equals(%x: tensor<1x4x8x8xf32>) {
  // expected-error @+1 {{Expected '='}}
  %0 = gawee.ad_avg_pool %x outputSize [1, 2] : (tensor<1x4x8x8xf32>) -> tensor<1x4x1x2xf32>
  func.return
}

// -----

// bool keyword attributes are `true` / `false` (or an i1 integer)
func.func @bad_bool(%x: tensor<2x4xf32>, %c: tensor<4xf32>) {
  // expected-error @+1 {{gawee.batch_norm: Expected integer literal}}
  %0 = gawee.batch_norm %x, %c, %c, %c, %c affine = yes eps = 1.0e-05 : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

// the function type lists one type per operand
func.func @operand_count(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{gawee.relu: Expected 1 operand type, but got 2}}
  %0 = gawee.relu %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

// operand types must match the values' types
func.func @operand_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{operand is used with type tensor<3x3xf32>, but has been previously used or defined with type tensor<2x3xf32>}}
  %0 = gawee.relu %x : (tensor<3x3xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

// the trailing function type is required
func.func @missing_type(%x: tensor<2x3xf32>) {
  %0 = gawee.relu %x
  // expected-error @+1 {{Expected ':'}}
  func.return
}

// -----

// the declared types are checked while the custom syntax is read: the op is named
func.func @integer_relu(%x: tensor<2x3xi32>) {
  // expected-error @+1 {{gawee.relu: Expected one of bf16, f16, f32, f64, but got i32}}
  %0 = gawee.relu %x : (tensor<2x3xi32>) -> tensor<2x3xi32>
  func.return
}
