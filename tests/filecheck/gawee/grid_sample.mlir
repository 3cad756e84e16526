// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s --check-prefix=DECOMPOSED
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.grid_sample: its syntax (mode, paddingMode and alignCorners left out at linear,
// zeros and false) and its decomposition: per spatial dim the grid's coordinate
// denormalized (and rounded, clamped or reflected), its taps' indices and weights (zeros:
// masked where off the input); per tap a gather_elements of the flattened input, weighted
// and summed; both lowerings lower that.
func.func @grid_sample(%x: tensor<1x2x3xf32>, %grid: tensor<1x2x1xf32>) -> tensor<1x2x2xf32> {
  %y = gawee.grid_sample %x, %grid : (tensor<1x2x3xf32>, tensor<1x2x1xf32>) -> tensor<1x2x2xf32>
  func.return %y : tensor<1x2x2xf32>
}
func.func @nearest_border_aligned(%x: tensor<1x1x2x3xf32>, %grid: tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32> {
  %y = gawee.grid_sample %x, %grid mode = "nearest" paddingMode = "border" alignCorners = true : (tensor<1x1x2x3xf32>, tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
  func.return %y : tensor<1x1x1x1xf32>
}

// CHECK-LABEL: func.func @grid_sample(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3xf32>, %[[GRID:[a-zA-Z0-9_$.]+]]: tensor<1x2x1xf32>) -> tensor<1x2x2xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.grid_sample %[[X]], %[[GRID]] : (tensor<1x2x3xf32>, tensor<1x2x1xf32>) -> tensor<1x2x2xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x2x2xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @nearest_border_aligned(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x2x3xf32>, %[[GRID:[a-zA-Z0-9_$.]+]]: tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.grid_sample %[[X]], %[[GRID]] mode = "nearest" paddingMode = "border" alignCorners = true : (tensor<1x1x2x3xf32>, tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x1x1x1xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// DECOMPOSED-LABEL: func.func @grid_sample(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3xf32>, %[[GRID:[a-zA-Z0-9_$.]+]]: tensor<1x2x1xf32>) -> tensor<1x2x2xf32> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.slice %[[GRID]] starts = [0] ends = [1] axes = [2] steps = [1] : (tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y]] : (tensor<1x2x1xf32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_1]], %[[Y_2]] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.constant dense<3.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_3]], %[[Y_4]] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.sub %[[Y_5]], %[[Y_6]] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = gawee.constant dense<5.000000e-01> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_7]], %[[Y_8]] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = gawee.floor %[[Y_9]] : (tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = gawee.sub %[[Y_9]], %[[Y_10]] : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = gawee.sub %[[Y_12]], %[[Y_11]] : (tensor<f32>, tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = gawee.constant dense<-1.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = gawee.greater %[[Y_10]], %[[Y_14]] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xi1>
// DECOMPOSED-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = gawee.constant dense<3.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = gawee.less %[[Y_10]], %[[Y_16]] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xi1>
// DECOMPOSED-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = gawee.and %[[Y_15]], %[[Y_17]] : (tensor<1x1x2xi1>, tensor<1x1x2xi1>) -> tensor<1x1x2xi1>
// DECOMPOSED-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_18]], %[[Y_10]], %[[Y_19]] : (tensor<1x1x2xi1>, tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = gawee.cast %[[Y_20]] : (tensor<1x1x2xf32>) -> tensor<1x1x2xi64>
// DECOMPOSED-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_10]], %[[Y_22]] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = gawee.constant dense<-1.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = gawee.greater %[[Y_23]], %[[Y_24]] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xi1>
// DECOMPOSED-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = gawee.constant dense<3.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = gawee.less %[[Y_23]], %[[Y_26]] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xi1>
// DECOMPOSED-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = gawee.and %[[Y_25]], %[[Y_27]] : (tensor<1x1x2xi1>, tensor<1x1x2xi1>) -> tensor<1x1x2xi1>
// DECOMPOSED-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_28]], %[[Y_23]], %[[Y_29]] : (tensor<1x1x2xi1>, tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = gawee.cast %[[Y_30]] : (tensor<1x1x2xf32>) -> tensor<1x1x2xi64>
// DECOMPOSED-NEXT: %[[Y_32:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[X]] : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
// DECOMPOSED-NEXT: %[[Y_33:[a-zA-Z0-9_$.]+]] = gawee.expand %[[Y_21]] : (tensor<1x1x2xi64>) -> tensor<1x2x2xi64>
// DECOMPOSED-NEXT: %[[Y_34:[a-zA-Z0-9_$.]+]] = gawee.gather_elements %[[Y_32]], %[[Y_33]] axis = 2 : (tensor<1x2x3xf32>, tensor<1x2x2xi64>) -> tensor<1x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_35:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_34]], %[[Y_13]] : (tensor<1x2x2xf32>, tensor<1x1x2xf32>) -> tensor<1x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_36:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_37:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_18]], %[[Y_35]], %[[Y_36]] : (tensor<1x1x2xi1>, tensor<1x2x2xf32>, tensor<f32>) -> tensor<1x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_38:[a-zA-Z0-9_$.]+]] = gawee.expand %[[Y_31]] : (tensor<1x1x2xi64>) -> tensor<1x2x2xi64>
// DECOMPOSED-NEXT: %[[Y_39:[a-zA-Z0-9_$.]+]] = gawee.gather_elements %[[Y_32]], %[[Y_38]] axis = 2 : (tensor<1x2x3xf32>, tensor<1x2x2xi64>) -> tensor<1x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_40:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_39]], %[[Y_11]] : (tensor<1x2x2xf32>, tensor<1x1x2xf32>) -> tensor<1x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_41:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_42:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_28]], %[[Y_40]], %[[Y_41]] : (tensor<1x1x2xi1>, tensor<1x2x2xf32>, tensor<f32>) -> tensor<1x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_43:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_37]], %[[Y_42]] : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_44:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_43]] : (tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
// DECOMPOSED-NEXT: func.return %[[Y_44]] : tensor<1x2x2xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-LABEL: func.func @nearest_border_aligned(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x2x3xf32>, %[[GRID:[a-zA-Z0-9_$.]+]]: tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.slice %[[GRID]] starts = [1] ends = [2] axes = [3] steps = [1] : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y]] : (tensor<1x1x1x1xf32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_1]], %[[Y_2]] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.constant dense<5.000000e-01> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_3]], %[[Y_4]] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.round %[[Y_5]] : (tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = gawee.max %[[Y_6]], %[[Y_7]] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = gawee.min %[[Y_8]], %[[Y_9]] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = gawee.cast %[[Y_10]] : (tensor<1x1x1xf32>) -> tensor<1x1x1xi64>
// DECOMPOSED-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = gawee.slice %[[GRID]] starts = [0] ends = [1] axes = [3] steps = [1] : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_12]] : (tensor<1x1x1x1xf32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_13]], %[[Y_14]] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = gawee.constant dense<5.000000e-01> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_15]], %[[Y_16]] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = gawee.constant dense<2.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_17]], %[[Y_18]] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = gawee.round %[[Y_19]] : (tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = gawee.max %[[Y_20]], %[[Y_21]] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = gawee.constant dense<2.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = gawee.min %[[Y_22]], %[[Y_23]] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = gawee.cast %[[Y_24]] : (tensor<1x1x1xf32>) -> tensor<1x1x1xi64>
// DECOMPOSED-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[X]] : (tensor<1x1x2x3xf32>) -> tensor<1x1x6xf32>
// DECOMPOSED-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = gawee.constant dense<3> : tensor<i64>
// DECOMPOSED-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_11]], %[[Y_27]] : (tensor<1x1x1xi64>, tensor<i64>) -> tensor<1x1x1xi64>
// DECOMPOSED-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_28]], %[[Y_25]] : (tensor<1x1x1xi64>, tensor<1x1x1xi64>) -> tensor<1x1x1xi64>
// DECOMPOSED-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = gawee.gather_elements %[[Y_26]], %[[Y_29]] axis = 2 : (tensor<1x1x6xf32>, tensor<1x1x1xi64>) -> tensor<1x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_30]] : (tensor<1x1x1xf32>) -> tensor<1x1x1x1xf32>
// DECOMPOSED-NEXT: func.return %[[Y_31]] : tensor<1x1x1x1xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-NEXT: }

// The linalg form: each op of the decomposition lowered as its own tests show; no gawee op left.
// LINALG-LABEL: func.func @grid_sample(
// LINALG-NOT: gawee.
// LINALG: tensor.extract
// LINALG-NOT: gawee.
// LINALG-LABEL: func.func @nearest_border_aligned(
// LINALG-NOT: gawee.
// LINALG: math.roundeven
// LINALG-NOT: gawee.

// MIR-LABEL: func.func @grid_sample(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3xf32>, %[[GRID:[a-zA-Z0-9_$.]+]]: tensor<1x2x1xf32>) -> tensor<1x2x2xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.slice %[[GRID]] starts = [0, 0, 0] ends = [1, 2, 1] strides = [1, 1, 1] : (tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y]] : (tensor<1x2x1xf32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_1]], %[[Y_2]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<3.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_3]], %[[Y_4]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[Y_5]], %[[Y_6]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_7]], %[[Y_8]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.floor %[[Y_9]] : (tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[Y_9]], %[[Y_10]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[Y_12]], %[[Y_11]] broadcast_shape = [1, 1, 2] : (tensor<f32>, tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.constant dense<-1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp gt %[[Y_10]], %[[Y_14]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xi1>
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = mir.constant dense<3.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[Y_10]], %[[Y_16]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xi1>
// MIR-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.broadcast_and %[[Y_15]], %[[Y_17]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xi1>, tensor<1x1x2xi1>) -> tensor<1x1x2xi1>
// MIR-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_18]], %[[Y_10]], %[[Y_19]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xi1>, tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = mir.cast %[[Y_20]] : (tensor<1x1x2xf32>) -> tensor<1x1x2xi64>
// MIR-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_10]], %[[Y_22]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = mir.constant dense<-1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp gt %[[Y_23]], %[[Y_24]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xi1>
// MIR-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = mir.constant dense<3.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[Y_23]], %[[Y_26]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xi1>
// MIR-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = mir.broadcast_and %[[Y_25]], %[[Y_27]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xi1>, tensor<1x1x2xi1>) -> tensor<1x1x2xi1>
// MIR-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_28]], %[[Y_23]], %[[Y_29]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xi1>, tensor<1x1x2xf32>, tensor<f32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = mir.cast %[[Y_30]] : (tensor<1x1x2xf32>) -> tensor<1x1x2xi64>
// MIR-NEXT: %[[Y_32:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
// MIR-NEXT: %[[Y_33:[a-zA-Z0-9_$.]+]] = mir.broadcast_to %[[Y_21]] : (tensor<1x1x2xi64>) -> tensor<1x2x2xi64>
// MIR-NEXT: %[[Y_34:[a-zA-Z0-9_$.]+]] = mir.gather_elements %[[Y_32]], %[[Y_33]] axis = 2 : (tensor<1x2x3xf32>, tensor<1x2x2xi64>) -> tensor<1x2x2xf32>
// MIR-NEXT: %[[Y_35:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_34]], %[[Y_13]] broadcast_shape = [1, 2, 2] : (tensor<1x2x2xf32>, tensor<1x1x2xf32>) -> tensor<1x2x2xf32>
// MIR-NEXT: %[[Y_36:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_37:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_18]], %[[Y_35]], %[[Y_36]] broadcast_shape = [1, 2, 2] : (tensor<1x1x2xi1>, tensor<1x2x2xf32>, tensor<f32>) -> tensor<1x2x2xf32>
// MIR-NEXT: %[[Y_38:[a-zA-Z0-9_$.]+]] = mir.broadcast_to %[[Y_31]] : (tensor<1x1x2xi64>) -> tensor<1x2x2xi64>
// MIR-NEXT: %[[Y_39:[a-zA-Z0-9_$.]+]] = mir.gather_elements %[[Y_32]], %[[Y_38]] axis = 2 : (tensor<1x2x3xf32>, tensor<1x2x2xi64>) -> tensor<1x2x2xf32>
// MIR-NEXT: %[[Y_40:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_39]], %[[Y_11]] broadcast_shape = [1, 2, 2] : (tensor<1x2x2xf32>, tensor<1x1x2xf32>) -> tensor<1x2x2xf32>
// MIR-NEXT: %[[Y_41:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_42:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_28]], %[[Y_40]], %[[Y_41]] broadcast_shape = [1, 2, 2] : (tensor<1x1x2xi1>, tensor<1x2x2xf32>, tensor<f32>) -> tensor<1x2x2xf32>
// MIR-NEXT: %[[Y_43:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_37]], %[[Y_42]] broadcast_shape = [1, 2, 2] : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
// MIR-NEXT: %[[Y_44:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_43]] : (tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
// MIR-NEXT: func.return %[[Y_44]] : tensor<1x2x2xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @nearest_border_aligned(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x2x3xf32>, %[[GRID:[a-zA-Z0-9_$.]+]]: tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.slice %[[GRID]] starts = [0, 0, 0, 1] ends = [1, 1, 1, 2] strides = [1, 1, 1, 1] : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y]] : (tensor<1x1x1x1xf32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_1]], %[[Y_2]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_3]], %[[Y_4]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.round %[[Y_5]] : (tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.broadcast_max %[[Y_6]], %[[Y_7]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[Y_8]], %[[Y_9]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.cast %[[Y_10]] : (tensor<1x1x1xf32>) -> tensor<1x1x1xi64>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.slice %[[GRID]] starts = [0, 0, 0, 0] ends = [1, 1, 1, 1] strides = [1, 1, 1, 1] : (tensor<1x1x1x2xf32>) -> tensor<1x1x1x1xf32>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_12]] : (tensor<1x1x1x1xf32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_13]], %[[Y_14]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// MIR-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_15]], %[[Y_16]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.constant dense<2.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_17]], %[[Y_18]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.round %[[Y_19]] : (tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = mir.broadcast_max %[[Y_20]], %[[Y_21]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = mir.constant dense<2.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[Y_22]], %[[Y_23]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xf32>, tensor<f32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = mir.cast %[[Y_24]] : (tensor<1x1x1xf32>) -> tensor<1x1x1xi64>
// MIR-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x1x2x3xf32>) -> tensor<1x1x6xf32>
// MIR-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = mir.constant dense<3> : tensor<i64>
// MIR-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_11]], %[[Y_27]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xi64>, tensor<i64>) -> tensor<1x1x1xi64>
// MIR-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_28]], %[[Y_25]] broadcast_shape = [1, 1, 1] : (tensor<1x1x1xi64>, tensor<1x1x1xi64>) -> tensor<1x1x1xi64>
// MIR-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = mir.gather_elements %[[Y_26]], %[[Y_29]] axis = 2 : (tensor<1x1x6xf32>, tensor<1x1x1xi64>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_30]] : (tensor<1x1x1xf32>) -> tensor<1x1x1x1xf32>
// MIR-NEXT: func.return %[[Y_31]] : tensor<1x1x1x1xf32>
// MIR-NEXT: }
// MIR-NEXT: }
