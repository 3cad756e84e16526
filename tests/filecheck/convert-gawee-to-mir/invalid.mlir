// RUN: nnstack-opt %s --disable-verify -p convert-gawee-to-mir --verify-diagnostics --split-input-file

// The pass checks every gawee op before it rewrites any, as convert-gawee-to-linalg
// does, and fails at each one it cannot lower. The gawee verifier rejects such IR, so
// these inputs skip verification, as IR built by a producer that never verified would:
// a dynamic shape, which mir's static tensors cannot carry.
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{cannot lower gawee.relu: dynamic shapes are not supported (operand #0 has type tensor<?x4xf32>)}}
  %0 = "gawee.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %0 : tensor<?x4xf32>
}

// -----

// An op that does not verify (its result shape disagrees with the conv shape rule):
// the patterns read shapes and attributes without checking them again, so the check
// reports the verifier's message.
func.func @wrong_result_shape(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{cannot lower gawee.conv: the op does not verify: gawee.conv: result shape [1, 4, 8, 8] does not match the expected shape [1, 4, 6, 6]}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  func.return %0 : tensor<1x4x8x8xf32>
}

// -----

// Every op that cannot be lowered is named; the module is left as it was (the relu,
// which could be lowered, too: tests/transforms/test_failing_passes.py).
func.func @several(%x: tensor<1x4xf32>, %y: tensor<?x4xf32>) -> (tensor<1x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %r = "gawee.relu"(%x) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  // expected-error @+1 {{cannot lower gawee.relu: dynamic shapes are not supported (operand #0 has type tensor<?x4xf32>)}}
  %0 = "gawee.relu"(%y) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  // expected-error @+1 {{cannot lower gawee.exp: dynamic shapes are not supported (operand #0 has type tensor<?x4xf32>)}}
  %1 = "gawee.exp"(%y) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %r, %0, %1 : tensor<1x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}

// -----

// mir.conv and mir.pool are 2-D (NHWC): a 3-D conv or pool has no mir form, and the
// pass says so at the op (convert-gawee-to-linalg lowers it; a 1-D one runs as 2-D
// over a unit dim: window_nd.mlir).
func.func @window_3d(%x: tensor<1x2x4x4x4xf32>, %w: tensor<3x2x1x1x1xf32>) -> (tensor<1x3x4x4x4xf32>, tensor<1x2x2x2x2xf32>, tensor<1x2x2x2x2xf32>) {
  // expected-error @+1 {{cannot lower gawee.conv: mir.conv and mir.pool are 2-D: a 3-D window has no mir form (convert-gawee-to-linalg lowers it)}}
  %0 = gawee.conv %x, %w strides = [1, 1, 1] padding = [0, 0, 0] dilation = [1, 1, 1] : (tensor<1x2x4x4x4xf32>, tensor<3x2x1x1x1xf32>) -> tensor<1x3x4x4x4xf32>
  // expected-error @+1 {{cannot lower gawee.max_pool: mir.conv and mir.pool are 2-D: a 3-D window has no mir form (convert-gawee-to-linalg lowers it)}}
  %1 = gawee.max_pool %x kernelSize = [2, 2, 2] strides = [2, 2, 2] padding = [0, 0, 0] dilation = [1, 1, 1] ceilMode = false : (tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32>
  // expected-error @+1 {{cannot lower gawee.average_pool: mir.conv and mir.pool are 2-D: a 3-D window has no mir form (convert-gawee-to-linalg lowers it)}}
  %2 = gawee.average_pool %x kernelSize = [2, 2, 2] strides = [2, 2, 2] padding = [0, 0, 0] ceilMode = false countIncludePad = false : (tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32>
  func.return %0, %1, %2 : tensor<1x3x4x4x4xf32>, tensor<1x2x2x2x2xf32>, tensor<1x2x2x2x2xf32>
}
