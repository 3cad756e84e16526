// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s --check-prefix=DECOMPOSED
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.det: its syntax and its decomposition, Gaussian elimination with partial
// pivoting unrolled over the columns: the pivot row (arg_max of the magnitudes at or
// below the diagonal) swapped up by a gather_elements, a swap negating the pivot, the
// pivots multiplied, multiples of the pivot row (a zero pivot divided as 1) subtracted
// from the rows below; a 1x1 matrix is its element. Both lowerings lower that: no gawee
// op is left, the arg_max, the gather and the elimination are there.

func.func @det(%x: tensor<3x2x2xf32>) -> tensor<3xf32> {
  %y = gawee.det %x : (tensor<3x2x2xf32>) -> tensor<3xf32>
  func.return %y : tensor<3xf32>
}
func.func @one_by_one(%x: tensor<1x1xf64>) -> tensor<f64> {
  %y = gawee.det %x : (tensor<1x1xf64>) -> tensor<f64>
  func.return %y : tensor<f64>
}

// CHECK-LABEL: func.func @det(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x2x2xf32>) -> tensor<3xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.det %[[X]] : (tensor<3x2x2xf32>) -> tensor<3xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<3xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @one_by_one(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1xf64>) -> tensor<f64> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.det %[[X]] : (tensor<1x1xf64>) -> tensor<f64>
// CHECK-NEXT: func.return %[[Y]] : tensor<f64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// DECOMPOSED-LABEL: func.func @det(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x2x2xf32>) -> tensor<3xf32> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[0], [1]]> : tensor<2x1xi64>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.slice %[[X]] starts = [0] ends = [1] axes = [2] steps = [1] : (tensor<3x2x2xf32>) -> tensor<3x2x1xf32>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.abs %[[Y_2]] : (tensor<3x2x1xf32>) -> tensor<3x2x1xf32>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.arg_max %[[Y_3]] axis = 1 : (tensor<3x2x1xf32>) -> tensor<3x1x1xi64>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.equal %[[Y]], %[[Y_4]] : (tensor<2x1xi64>, tensor<3x1x1xi64>) -> tensor<3x2x1xi1>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0> : tensor<i64>
// DECOMPOSED-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_5]], %[[Y_6]], %[[Y]] : (tensor<3x2x1xi1>, tensor<i64>, tensor<2x1xi64>) -> tensor<3x2x1xi64>
// DECOMPOSED-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[true], [false]]> : tensor<2x1xi1>
// DECOMPOSED-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_8]], %[[Y_4]], %[[Y_7]] : (tensor<2x1xi1>, tensor<3x1x1xi64>, tensor<3x2x1xi64>) -> tensor<3x2x1xi64>
// DECOMPOSED-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = gawee.expand %[[Y_9]] : (tensor<3x2x1xi64>) -> tensor<3x2x2xi64>
// DECOMPOSED-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = gawee.gather_elements %[[X]], %[[Y_10]] axis = 1 : (tensor<3x2x2xf32>, tensor<3x2x2xi64>) -> tensor<3x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_11]] starts = [0] ends = [1] axes = [2] steps = [1] : (tensor<3x2x2xf32>) -> tensor<3x2x1xf32>
// DECOMPOSED-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_12]] starts = [0] ends = [1] axes = [1] steps = [1] : (tensor<3x2x1xf32>) -> tensor<3x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0> : tensor<i64>
// DECOMPOSED-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = gawee.equal %[[Y_4]], %[[Y_14]] : (tensor<3x1x1xi64>, tensor<i64>) -> tensor<3x1x1xi1>
// DECOMPOSED-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_13]] : (tensor<3x1x1xf32>) -> tensor<3x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_15]], %[[Y_13]], %[[Y_16]] : (tensor<3x1x1xi1>, tensor<3x1x1xf32>, tensor<3x1x1xf32>) -> tensor<3x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = gawee.equal %[[Y_13]], %[[Y_1]] : (tensor<3x1x1xf32>, tensor<f32>) -> tensor<3x1x1xi1>
// DECOMPOSED-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_18]], %[[Y_19]], %[[Y_13]] : (tensor<3x1x1xi1>, tensor<f32>, tensor<3x1x1xf32>) -> tensor<3x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[false], [true]]> : tensor<2x1xi1>
// DECOMPOSED-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_21]], %[[Y_12]], %[[Y_1]] : (tensor<2x1xi1>, tensor<3x2x1xf32>, tensor<f32>) -> tensor<3x2x1xf32>
// DECOMPOSED-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_22]], %[[Y_20]] : (tensor<3x2x1xf32>, tensor<3x1x1xf32>) -> tensor<3x2x1xf32>
// DECOMPOSED-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_11]] starts = [0] ends = [1] axes = [1] steps = [1] : (tensor<3x2x2xf32>) -> tensor<3x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_23]], %[[Y_24]] : (tensor<3x2x1xf32>, tensor<3x1x2xf32>) -> tensor<3x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = gawee.sub %[[Y_11]], %[[Y_25]] : (tensor<3x2x2xf32>, tensor<3x2x2xf32>) -> tensor<3x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_26]] starts = [1] ends = [2] axes = [2] steps = [1] : (tensor<3x2x2xf32>) -> tensor<3x2x1xf32>
// DECOMPOSED-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_27]] starts = [1] ends = [2] axes = [1] steps = [1] : (tensor<3x2x1xf32>) -> tensor<3x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_17]], %[[Y_28]] : (tensor<3x1x1xf32>, tensor<3x1x1xf32>) -> tensor<3x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_29]] : (tensor<3x1x1xf32>) -> tensor<3xf32>
// DECOMPOSED-NEXT: func.return %[[Y_30]] : tensor<3xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-LABEL: func.func @one_by_one(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1xf64>) -> tensor<f64> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0> : tensor<1x1xi64>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f64>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.slice %[[X]] starts = [0] ends = [1] axes = [1] steps = [1] : (tensor<1x1xf64>) -> tensor<1x1xf64>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_2]] starts = [0] ends = [1] axes = [0] steps = [1] : (tensor<1x1xf64>) -> tensor<1x1xf64>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_3]] : (tensor<1x1xf64>) -> tensor<f64>
// DECOMPOSED-NEXT: func.return %[[Y_4]] : tensor<f64>
// DECOMPOSED-NEXT: }
// DECOMPOSED-NEXT: }


// LINALG-LABEL: func.func @det(
// LINALG-NOT: gawee.
// LINALG: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<3x2x1xf32>) outs(%{{.*}}, %{{.*}} : tensor<3x1xf32>, tensor<3x1xi64>)
// LINALG: tensor.extract %{{.*}} : tensor<3x2x2xf32>
// LINALG: arith.divf
// LINALG: arith.mulf
// LINALG: arith.subf
// LINALG: arith.mulf
// LINALG: func.return %{{.*}} : tensor<3xf32>
// LINALG-LABEL: func.func @one_by_one(
// LINALG-NOT: gawee.
// LINALG: func.return %{{.*}} : tensor<f64>

// MIR-LABEL: func.func @det(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x2x2xf32>) -> tensor<3xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[0], [1]]> : tensor<2x1xi64>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.slice %[[X]] starts = [0, 0, 0] ends = [3, 2, 1] strides = [1, 1, 1] : (tensor<3x2x2xf32>) -> tensor<3x2x1xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.abs %[[Y_2]] : (tensor<3x2x1xf32>) -> tensor<3x2x1xf32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.reduce max %[[Y_3]] axes = [1] keep_dims = true : (tensor<3x2x1xf32>) -> tensor<3x1x1xf32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y_3]], %[[Y_4]] broadcast_shape = [3, 2, 1] : (tensor<3x2x1xf32>, tensor<3x1x1xf32>) -> tensor<3x2x1xi1>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp ne %[[Y_3]], %[[Y_3]] broadcast_shape = [3, 2, 1] : (tensor<3x2x1xf32>, tensor<3x2x1xf32>) -> tensor<3x2x1xi1>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.broadcast_or %[[Y_5]], %[[Y_6]] broadcast_shape = [3, 2, 1] : (tensor<3x2x1xi1>, tensor<3x2x1xi1>) -> tensor<3x2x1xi1>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}[0], [1]]]> : tensor<1x2x1xi64>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.constant dense<2> : tensor<i64>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_7]], %[[Y_8]], %[[Y_9]] broadcast_shape = [3, 2, 1] : (tensor<3x2x1xi1>, tensor<1x2x1xi64>, tensor<i64>) -> tensor<3x2x1xi64>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.reduce min %[[Y_10]] axes = [1] keep_dims = true : (tensor<3x2x1xi64>) -> tensor<3x1x1xi64>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y]], %[[Y_11]] broadcast_shape = [3, 2, 1] : (tensor<2x1xi64>, tensor<3x1x1xi64>) -> tensor<3x2x1xi1>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<i64>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_12]], %[[Y_13]], %[[Y]] broadcast_shape = [3, 2, 1] : (tensor<3x2x1xi1>, tensor<i64>, tensor<2x1xi64>) -> tensor<3x2x1xi64>
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[true], [false]]> : tensor<2x1xi1>
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_15]], %[[Y_11]], %[[Y_14]] broadcast_shape = [3, 2, 1] : (tensor<2x1xi1>, tensor<3x1x1xi64>, tensor<3x2x1xi64>) -> tensor<3x2x1xi64>
// MIR-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.broadcast_to %[[Y_16]] : (tensor<3x2x1xi64>) -> tensor<3x2x2xi64>
// MIR-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.gather_elements %[[X]], %[[Y_17]] axis = 1 : (tensor<3x2x2xf32>, tensor<3x2x2xi64>) -> tensor<3x2x2xf32>
// MIR-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_18]] starts = [0, 0, 0] ends = [3, 2, 1] strides = [1, 1, 1] : (tensor<3x2x2xf32>) -> tensor<3x2x1xf32>
// MIR-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_19]] starts = [0, 0, 0] ends = [3, 1, 1] strides = [1, 1, 1] : (tensor<3x2x1xf32>) -> tensor<3x1x1xf32>
// MIR-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<i64>
// MIR-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y_11]], %[[Y_21]] broadcast_shape = [3, 1, 1] : (tensor<3x1x1xi64>, tensor<i64>) -> tensor<3x1x1xi1>
// MIR-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = mir.neg %[[Y_20]] : (tensor<3x1x1xf32>) -> tensor<3x1x1xf32>
// MIR-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_22]], %[[Y_20]], %[[Y_23]] broadcast_shape = [3, 1, 1] : (tensor<3x1x1xi1>, tensor<3x1x1xf32>, tensor<3x1x1xf32>) -> tensor<3x1x1xf32>
// MIR-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y_20]], %[[Y_1]] broadcast_shape = [3, 1, 1] : (tensor<3x1x1xf32>, tensor<f32>) -> tensor<3x1x1xi1>
// MIR-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_25]], %[[Y_26]], %[[Y_20]] broadcast_shape = [3, 1, 1] : (tensor<3x1x1xi1>, tensor<f32>, tensor<3x1x1xf32>) -> tensor<3x1x1xf32>
// MIR-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[false], [true]]> : tensor<2x1xi1>
// MIR-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_28]], %[[Y_19]], %[[Y_1]] broadcast_shape = [3, 2, 1] : (tensor<2x1xi1>, tensor<3x2x1xf32>, tensor<f32>) -> tensor<3x2x1xf32>
// MIR-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[Y_29]], %[[Y_27]] broadcast_shape = [3, 2, 1] : (tensor<3x2x1xf32>, tensor<3x1x1xf32>) -> tensor<3x2x1xf32>
// MIR-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_18]] starts = [0, 0, 0] ends = [3, 1, 2] strides = [1, 1, 1] : (tensor<3x2x2xf32>) -> tensor<3x1x2xf32>
// MIR-NEXT: %[[Y_32:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_30]], %[[Y_31]] broadcast_shape = [3, 2, 2] : (tensor<3x2x1xf32>, tensor<3x1x2xf32>) -> tensor<3x2x2xf32>
// MIR-NEXT: %[[Y_33:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[Y_18]], %[[Y_32]] broadcast_shape = [3, 2, 2] : (tensor<3x2x2xf32>, tensor<3x2x2xf32>) -> tensor<3x2x2xf32>
// MIR-NEXT: %[[Y_34:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_33]] starts = [0, 0, 1] ends = [3, 2, 2] strides = [1, 1, 1] : (tensor<3x2x2xf32>) -> tensor<3x2x1xf32>
// MIR-NEXT: %[[Y_35:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_34]] starts = [0, 1, 0] ends = [3, 2, 1] strides = [1, 1, 1] : (tensor<3x2x1xf32>) -> tensor<3x1x1xf32>
// MIR-NEXT: %[[Y_36:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_24]], %[[Y_35]] broadcast_shape = [3, 1, 1] : (tensor<3x1x1xf32>, tensor<3x1x1xf32>) -> tensor<3x1x1xf32>
// MIR-NEXT: %[[Y_37:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_36]] : (tensor<3x1x1xf32>) -> tensor<3xf32>
// MIR-NEXT: func.return %[[Y_37]] : tensor<3xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @one_by_one(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1xf64>) -> tensor<f64> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<1x1xi64>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f64>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.slice %[[X]] starts = [0, 0] ends = [1, 1] strides = [1, 1] : (tensor<1x1xf64>) -> tensor<1x1xf64>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_2]] starts = [0, 0] ends = [1, 1] strides = [1, 1] : (tensor<1x1xf64>) -> tensor<1x1xf64>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_3]] : (tensor<1x1xf64>) -> tensor<f64>
// MIR-NEXT: func.return %[[Y_4]] : tensor<f64>
// MIR-NEXT: }
// MIR-NEXT: }
