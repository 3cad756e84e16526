// RUN: nnstack-opt %s -p convert-gawee-to-mir --verify-diagnostics --split-input-file

// A window that sees only padding has no max in mir.pool (gawee would give -inf):
// the pass fails at that op instead of emitting invalid mir.
func.func @max_pool_padding_only_window(%x: tensor<1x1x1x1xf32>) -> tensor<1x1x2x1xf32> {
  // expected-error @+1 {{cannot lower gawee.max_pool: mir.pool: window 0 along H covers only padding (padding [2, 0, 2, 0])}}
  %0 = "gawee.max_pool"(%x) {ceilMode = false, dilation = array<i64: 3, 1>, kernelSize = array<i64: 2, 1>, padding = array<i64: 2, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x1x1xf32>) -> tensor<1x1x2x1xf32>
  func.return %0 : tensor<1x1x2x1xf32>
}

// -----

// Every op that cannot be lowered is named; the module is left as it was (the relu,
// which could be lowered, too: tests/transforms/test_failing_passes.py).
func.func @several(%x: tensor<1x1x1x1xf32>) -> (tensor<1x1x1x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>) {
  %r = "gawee.relu"(%x) : (tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  // expected-error @+1 {{cannot lower gawee.max_pool: mir.pool: window 0 along H covers only padding (padding [2, 0, 2, 0])}}
  %0 = "gawee.max_pool"(%r) {ceilMode = false, dilation = array<i64: 3, 1>, kernelSize = array<i64: 2, 1>, padding = array<i64: 2, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x1x1xf32>) -> tensor<1x1x2x1xf32>
  // expected-error @+1 {{cannot lower gawee.max_pool: mir.pool: window 0 along H covers only padding (padding [2, 0, 2, 0])}}
  %1 = "gawee.max_pool"(%x) {ceilMode = false, dilation = array<i64: 3, 1>, kernelSize = array<i64: 2, 1>, padding = array<i64: 2, 0>, strides = array<i64: 1, 1>} : (tensor<1x1x1x1xf32>) -> tensor<1x1x2x1xf32>
  func.return %r, %0, %1 : tensor<1x1x1x1xf32>, tensor<1x1x2x1xf32>, tensor<1x1x2x1xf32>
}

