// RUN: not nnstack-opt %s -p convert-gawee-to-mir 2>&1 | filecheck %s

// A pass failure: one diagnostic at each op the pass cannot handle, nothing printed
// on stdout.

func.func @pass(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.exp %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.relu %0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = gawee.sin %1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %2 : tensor<2x3xf32>
}

// CHECK:      pass_errors.mlir:[[# @LINE - 6]]:3: error: cannot lower gawee.exp: no lowering pattern for this op
// CHECK:      pass_errors.mlir:[[# @LINE - 5]]:3: error: cannot lower gawee.sin: no lowering pattern for this op
// CHECK-NOT:  builtin.module
