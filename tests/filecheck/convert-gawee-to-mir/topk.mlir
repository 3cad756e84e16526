// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// gawee.topk (largest, axis 0 moved last): pairwise comparisons give each element's
// rank (better values, NaN the best, then equal ones with a lower index); the first k
// ranks are read out as a one-hot mask: max of the selected values, sum of the
// selected indices; then the axis moves back.
func.func @topk(%x: tensor<3x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xi64>) {
  %v, %i = gawee.topk %x k = 2 axis = 0 : (tensor<3x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xi64>)
  func.return %v, %i : tensor<2x2xf32>, tensor<2x2xi64>
}

// CHECK-LABEL: func.func @topk(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xi64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.transpose %[[X]] permutation = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V0]] : (tensor<2x3xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V0]] : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp ne %[[V1]], %[[V1]] broadcast_shape = [2, 3, 1] : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xi1>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp ne %[[V2]], %[[V2]] broadcast_shape = [2, 1, 3] : (tensor<2x1x3xf32>, tensor<2x1x3xf32>) -> tensor<2x1x3xi1>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<true> : tensor<i1>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_xor %[[V3]], %[[V5]] broadcast_shape = [2, 3, 1] : (tensor<2x3x1xi1>, tensor<i1>) -> tensor<2x3x1xi1>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.constant dense<true> : tensor<i1>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.broadcast_xor %[[V4]], %[[V7]] broadcast_shape = [2, 1, 3] : (tensor<2x1x3xi1>, tensor<i1>) -> tensor<2x1x3xi1>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp gt %[[V2]], %[[V1]] broadcast_shape = [2, 3, 3] : (tensor<2x1x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x3xi1>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.broadcast_and %[[V4]], %[[V6]] broadcast_shape = [2, 3, 3] : (tensor<2x1x3xi1>, tensor<2x3x1xi1>) -> tensor<2x3x3xi1>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.broadcast_or %[[V9]], %[[V10]] broadcast_shape = [2, 3, 3] : (tensor<2x3x3xi1>, tensor<2x3x3xi1>) -> tensor<2x3x3xi1>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[V2]], %[[V1]] broadcast_shape = [2, 3, 3] : (tensor<2x1x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x3xi1>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.broadcast_and %[[V3]], %[[V4]] broadcast_shape = [2, 3, 3] : (tensor<2x3x1xi1>, tensor<2x1x3xi1>) -> tensor<2x3x3xi1>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.broadcast_or %[[V12]], %[[V13]] broadcast_shape = [2, 3, 3] : (tensor<2x3x3xi1>, tensor<2x3x3xi1>) -> tensor<2x3x3xi1>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[\[}}false, false, false], [true, false, false], [true, true, false{{\]\]}}> : tensor<3x3xi1>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.broadcast_and %[[V14]], %[[V15]] broadcast_shape = [2, 3, 3] : (tensor<2x3x3xi1>, tensor<3x3xi1>) -> tensor<2x3x3xi1>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.broadcast_or %[[V11]], %[[V16]] broadcast_shape = [2, 3, 3] : (tensor<2x3x3xi1>, tensor<2x3x3xi1>) -> tensor<2x3x3xi1>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = mir.cast %[[V17]] : (tensor<2x3x3xi1>) -> tensor<2x3x3xi64>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[V18]] axes = [2] keep_dims = false : (tensor<2x3x3xi64>) -> tensor<2x3xi64>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[\[}}0], [1{{\]\]}}> : tensor<2x1xi64>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V19]] : (tensor<2x3xi64>) -> tensor<2x1x3xi64>
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[V21]], %[[V20]] broadcast_shape = [2, 2, 3] : (tensor<2x1x3xi64>, tensor<2x1xi64>) -> tensor<2x2x3xi1>
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = mir.constant dense<0xff800000> : tensor<f32>
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V0]] : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = mir.select %[[V22]], %[[V24]], %[[V23]] broadcast_shape = [2, 2, 3] : (tensor<2x2x3xi1>, tensor<2x1x3xf32>, tensor<f32>) -> tensor<2x2x3xf32>
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = mir.reduce max %[[V25]] axes = [2] keep_dims = false : (tensor<2x2x3xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[\[}}0, 1, 2{{\]\]}}> : tensor<1x3xi64>
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<i64>
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = mir.select %[[V22]], %[[V27]], %[[V28]] broadcast_shape = [2, 2, 3] : (tensor<2x2x3xi1>, tensor<1x3xi64>, tensor<i64>) -> tensor<2x2x3xi64>
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[V29]] axes = [2] keep_dims = false : (tensor<2x2x3xi64>) -> tensor<2x2xi64>
// CHECK-NEXT: %[[V:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V26]] permutation = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[I:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V30]] permutation = [1, 0] : (tensor<2x2xi64>) -> tensor<2x2xi64>
// CHECK-NEXT: func.return %[[V]], %[[I]] : tensor<2x2xf32>, tensor<2x2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }
