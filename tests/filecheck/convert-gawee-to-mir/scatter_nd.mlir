// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// gawee.scatter_nd (reduction add): the data as rows, the indices as row numbers
// (wrapped, times the strides, summed), and a mir.for applying the updates in order:
// gather the row number and the update, read the row, add, scatter it back.
func.func @scatter_nd(%d: tensor<4x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = gawee.scatter_nd %d, %i, %u reduction = "add" : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @scatter_nd(
// CHECK-SAME: %[[D:[a-zA-Z0-9_$.]+]]: tensor<4x3xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<2x1xi64>, %[[U:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<4x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.constant dense<4> : tensor<1xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<i64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[I]], %[[V1]] broadcast_shape = [2, 1] : (tensor<2x1xi64>, tensor<i64>) -> tensor<2x1xi1>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[I]], %[[V0]] broadcast_shape = [2, 1] : (tensor<2x1xi64>, tensor<1xi64>) -> tensor<2x1xi64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.select %[[V2]], %[[V3]], %[[I]] broadcast_shape = [2, 1] : (tensor<2x1xi1>, tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x1xi64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<1> : tensor<1xi64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V4]], %[[V5]] broadcast_shape = [2, 1] : (tensor<2x1xi64>, tensor<1xi64>) -> tensor<2x1xi64>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[V6]] axes = [1] keep_dims = false : (tensor<2x1xi64>) -> tensor<2xi64>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.for %[[V12:[a-zA-Z0-9_$.]+]] = %[[V8]] to %[[V10]] step %[[V9]] iter_args(%[[V13:[a-zA-Z0-9_$.]+]] = %[[D]]) -> (tensor<4x3xf32>) {
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V12]] : (index) -> tensor<1xi64>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.gather %[[V7]], %[[V14]] axis = 0 : (tensor<2xi64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.gather %[[U]], %[[V14]] axis = 0 : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x3xf32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.gather %[[V13]], %[[V15]] axis = 0 : (tensor<4x3xf32>, tensor<1xi64>) -> tensor<1x3xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V17]], %[[V16]] broadcast_shape = [1, 3] : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V13]], %[[V18]], %[[V15]] axis = 0 : (tensor<4x3xf32>, tensor<1x3xf32>, tensor<1xi64>) -> tensor<4x3xf32>
// CHECK-NEXT: mir.yield %[[V19]] : tensor<4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[V11]] : tensor<4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
