// RUN: nnstack-opt %s --disable-verify -p convert-gawee-to-mir --verify-diagnostics --split-input-file

// The pass fails at a gawee op whose mir ops would not verify instead of emitting
// invalid mir. The gawee verifier rejects such IR, so these inputs skip verification,
// as IR built by a producer that never verified would: a dynamic shape, which mir's
// static tensors cannot carry.
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{cannot lower gawee.relu: operand 'lhs' at position 0 does not verify: expected static shape, but got dynamic dimension}}
  %0 = "gawee.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %0 : tensor<?x4xf32>
}

// -----

// Every op that cannot be lowered is named; the module is left as it was (the relu,
// which could be lowered, too: tests/transforms/test_failing_passes.py).
func.func @several(%x: tensor<1x4xf32>, %y: tensor<?x4xf32>) -> (tensor<1x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %r = "gawee.relu"(%x) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  // expected-error @+1 {{cannot lower gawee.relu: operand 'lhs' at position 0 does not verify: expected static shape, but got dynamic dimension}}
  %0 = "gawee.relu"(%y) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  // expected-error @+1 {{cannot lower gawee.exp: operand 'input' at position 0 does not verify: expected static shape, but got dynamic dimension}}
  %1 = "gawee.exp"(%y) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %r, %0, %1 : tensor<1x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}
