// RUN: nnstack-opt %s --disable-verify --verify-diagnostics --split-input-file -p convert-gawee-to-linalg | filecheck %s --check-prefix=CHECK-ERR

// The pass fails, naming the op and the reason, on a gawee op it cannot lower. The
// gawee verifier rejects such IR, so these inputs skip verification, as IR built by
// a producer that never verified would.

// A dynamic shape.
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{cannot lower gawee.relu: dynamic shapes are not supported (operand #0 has type tensor<?x4xf32>)}}
  %0 = "gawee.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %0 : tensor<?x4xf32>
}

// -----

// An integer element type where the op takes floats.
func.func @integer(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{cannot lower gawee.pow: the op does not verify: operand 'lhs' at position 0 does not verify:}}
  %0 = "gawee.pow"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// An op that does not verify (its result shape disagrees with the conv shape rule):
// the patterns read shapes and attributes without checking them again, so they
// leave it alone and the verifier's message is reported.
func.func @wrong_result_shape(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{cannot lower gawee.conv: the op does not verify: gawee.conv: result shape [1, 4, 8, 8] does not match the expected shape [1, 4, 6, 6]}}
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  func.return %0 : tensor<1x4x8x8xf32>
}

// -----

// Several ops that cannot be lowered: one diagnostic at each (the pass changes
// nothing, tests/transforms/test_failing_passes.py checks the module is unchanged).
func.func @several(%x: tensor<?x4xf32>, %y: tensor<2x4xf32>) -> (tensor<?x4xf32>, tensor<2x4xf32>) {
  // expected-error @+1 {{cannot lower gawee.relu: dynamic shapes are not supported (operand #0 has type tensor<?x4xf32>)}}
  %0 = "gawee.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = gawee.relu %y : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // expected-error @+1 {{cannot lower gawee.add: dynamic shapes are not supported (operand #0 has type tensor<?x4xf32>)}}
  %2 = "gawee.add"(%0, %0) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %2, %1 : tensor<?x4xf32>, tensor<2x4xf32>
}

// -----

// Valid IR in the same file still lowers.
func.func @valid(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = gawee.relu %x : (tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// CHECK-ERR-LABEL: func.func @valid
// CHECK-ERR: linalg.generic
// CHECK-ERR-NOT: gawee.
