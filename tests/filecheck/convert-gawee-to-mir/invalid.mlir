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
