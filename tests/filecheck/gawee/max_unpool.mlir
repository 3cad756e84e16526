// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s --check-prefix=DECOMPOSED
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.max_unpool: its syntax and its decomposition: the values and indices flattened,
// a scatter_nd into zeros of the unpooled shape, reshaped, and padded at the end of each
// dim to a larger result (ONNX's output_shape); both lowerings lower that.
func.func @max_unpool(%x: tensor<1x2x2x2xf32>, %i: tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32> {
  %y = gawee.max_unpool %x, %i kernelSize = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32>
  func.return %y : tensor<1x2x4x4xf32>
}
func.func @output_shape(%x: tensor<1x1x2xf32>, %i: tensor<1x1x2xi64>) -> tensor<1x1x5xf32> {
  %y = gawee.max_unpool %x, %i kernelSize = [2] strides = [2] padding = [0, 0] : (tensor<1x1x2xf32>, tensor<1x1x2xi64>) -> tensor<1x1x5xf32>
  func.return %y : tensor<1x1x5xf32>
}

// CHECK-LABEL: func.func @max_unpool(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x2x2xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.max_unpool %[[X]], %[[I]] kernelSize = [2, 2] strides = [2, 2] padding = [0, 0, 0, 0] : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x2x4x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @output_shape(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x2xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<1x1x2xi64>) -> tensor<1x1x5xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.max_unpool %[[X]], %[[I]] kernelSize = [2] strides = [2] padding = [0, 0] : (tensor<1x1x2xf32>, tensor<1x1x2xi64>) -> tensor<1x1x5xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x1x5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// DECOMPOSED-LABEL: func.func @max_unpool(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x2x2xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.expand %[[Y]] : (tensor<f32>) -> tensor<32xf32>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[X]] : (tensor<1x2x2x2xf32>) -> tensor<8xf32>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[I]] : (tensor<1x2x2x2xi64>) -> tensor<8x1xi64>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.scatter_nd %[[Y_1]], %[[Y_3]], %[[Y_2]] : (tensor<32xf32>, tensor<8x1xi64>, tensor<8xf32>) -> tensor<32xf32>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_4]] : (tensor<32xf32>) -> tensor<1x2x4x4xf32>
// DECOMPOSED-NEXT: func.return %[[Y_5]] : tensor<1x2x4x4xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-LABEL: func.func @output_shape(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x2xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<1x1x2xi64>) -> tensor<1x1x5xf32> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.expand %[[Y]] : (tensor<f32>) -> tensor<4xf32>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[X]] : (tensor<1x1x2xf32>) -> tensor<2xf32>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[I]] : (tensor<1x1x2xi64>) -> tensor<2x1xi64>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.scatter_nd %[[Y_1]], %[[Y_3]], %[[Y_2]] : (tensor<4xf32>, tensor<2x1xi64>, tensor<2xf32>) -> tensor<4xf32>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_4]] : (tensor<4xf32>) -> tensor<1x1x4xf32>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.pad %[[Y_5]] pads = [0, 0, 0, 0, 0, 1] : (tensor<1x1x4xf32>) -> tensor<1x1x5xf32>
// DECOMPOSED-NEXT: func.return %[[Y_6]] : tensor<1x1x5xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-NEXT: }

// LINALG-LABEL: func.func @max_unpool(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x2x2xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant dense<0.000000e+00> : tensor<f32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<32xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[Y]] : tensor<f32>) outs(%[[Y_1]] : tensor<32xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: linalg.yield %[[IN]] : f32
// LINALG-NEXT: } -> tensor<32xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = arith.constant dense<8> : tensor<1xi64>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[X]](%[[Y_3]]) : (tensor<1x2x2x2xf32>, tensor<1xi64>) -> tensor<8xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = arith.constant dense<[8, 1]> : tensor<2xi64>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[I]](%[[Y_5]]) : (tensor<1x2x2x2xi64>, tensor<2xi64>) -> tensor<8x1xi64>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant 8 : index
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = scf.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_7]] to %[[Y_8]] step %[[Y_9]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[Y_2]]) -> (tensor<32xf32>) {
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.extract %[[Y_6]][%[[V0]], %[[V2]]] : tensor<8x1xi64>
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V3]] : i64 to index
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V4]], %[[V5]] : index
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 32 : index
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addi %[[V4]], %[[V7]] : index
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.select %[[V6]], %[[V8]], %[[V4]] : index
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.extract %[[Y_4]][%[[V0]]] : tensor<8xf32>
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = tensor.from_elements %[[V10]] : tensor<1xf32>
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V11]] into %[[V1]][%[[V9]]] [1] [1] : tensor<1xf32> into tensor<32xf32>
// LINALG-NEXT: scf.yield %[[V12]] : tensor<32xf32>
// LINALG-NEXT: }
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 2, 4, 4]> : tensor<4xi64>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_10]](%[[Y_11]]) : (tensor<32xf32>, tensor<4xi64>) -> tensor<1x2x4x4xf32>
// LINALG-NEXT: func.return %[[Y_12]] : tensor<1x2x4x4xf32>
// LINALG-NEXT: }
// LINALG-LABEL: func.func @output_shape(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x2xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<1x1x2xi64>) -> tensor<1x1x5xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant dense<0.000000e+00> : tensor<f32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[Y]] : tensor<f32>) outs(%[[Y_1]] : tensor<4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: linalg.yield %[[IN]] : f32
// LINALG-NEXT: } -> tensor<4xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = arith.constant dense<2> : tensor<1xi64>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[X]](%[[Y_3]]) : (tensor<1x1x2xf32>, tensor<1xi64>) -> tensor<2xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 1]> : tensor<2xi64>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[I]](%[[Y_5]]) : (tensor<1x1x2xi64>, tensor<2xi64>) -> tensor<2x1xi64>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = scf.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_7]] to %[[Y_8]] step %[[Y_9]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[Y_2]]) -> (tensor<4xf32>) {
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.extract %[[Y_6]][%[[V0]], %[[V2]]] : tensor<2x1xi64>
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V3]] : i64 to index
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V4]], %[[V5]] : index
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addi %[[V4]], %[[V7]] : index
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.select %[[V6]], %[[V8]], %[[V4]] : index
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.extract %[[Y_4]][%[[V0]]] : tensor<2xf32>
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = tensor.from_elements %[[V10]] : tensor<1xf32>
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V11]] into %[[V1]][%[[V9]]] [1] [1] : tensor<1xf32> into tensor<4xf32>
// LINALG-NEXT: scf.yield %[[V12]] : tensor<4xf32>
// LINALG-NEXT: }
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 1, 4]> : tensor<3xi64>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_10]](%[[Y_11]]) : (tensor<4xf32>, tensor<3xi64>) -> tensor<1x1x4xf32>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = tensor.pad %[[Y_12]] low[0, 0, 0] high[0, 0, 1] {
// LINALG-NEXT: ^bb0(%[[V13:[a-zA-Z0-9_$.]+]]: index, %[[V14:[a-zA-Z0-9_$.]+]]: index, %[[V15:[a-zA-Z0-9_$.]+]]: index):
// LINALG-NEXT: tensor.yield %[[Y_13]] : f32
// LINALG-NEXT: } : tensor<1x1x4xf32> to tensor<1x1x5xf32>
// LINALG-NEXT: func.return %[[Y_14]] : tensor<1x1x5xf32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @max_unpool(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x2x2xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<1x2x2x2xi64>) -> tensor<1x2x4x4xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.broadcast_to %[[Y]] : (tensor<f32>) -> tensor<32xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x2x2x2xf32>) -> tensor<8xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.reshape %[[I]] : (tensor<1x2x2x2xi64>) -> tensor<8x1xi64>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_1]] : (tensor<32xf32>) -> tensor<32x1xf32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_2]] : (tensor<8xf32>) -> tensor<8x1xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<32> : tensor<1xi64>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<i64>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[Y_3]], %[[Y_7]] broadcast_shape = [8, 1] : (tensor<8x1xi64>, tensor<i64>) -> tensor<8x1xi1>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_3]], %[[Y_6]] broadcast_shape = [8, 1] : (tensor<8x1xi64>, tensor<1xi64>) -> tensor<8x1xi64>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_8]], %[[Y_9]], %[[Y_3]] broadcast_shape = [8, 1] : (tensor<8x1xi1>, tensor<8x1xi64>, tensor<8x1xi64>) -> tensor<8x1xi64>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.constant dense<1> : tensor<1xi64>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_10]], %[[Y_11]] broadcast_shape = [8, 1] : (tensor<8x1xi64>, tensor<1xi64>) -> tensor<8x1xi64>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[Y_12]] axes = [1] keep_dims = false : (tensor<8x1xi64>) -> tensor<8xi64>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = arith.constant 8 : index
// MIR-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_14]] to %[[Y_16]] step %[[Y_15]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[Y_4]]) -> (tensor<32x1xf32>) {
// MIR-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V0]] : (index) -> tensor<1xi64>
// MIR-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_13]], %[[V2]] axis = 0 : (tensor<8xi64>, tensor<1xi64>) -> tensor<1xi64>
// MIR-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_5]], %[[V2]] axis = 0 : (tensor<8x1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V1]], %[[V4]], %[[V3]] axis = 0 : (tensor<32x1xf32>, tensor<1x1xf32>, tensor<1xi64>) -> tensor<32x1xf32>
// MIR-NEXT: mir.yield %[[V5]] : tensor<32x1xf32>
// MIR-NEXT: }
// MIR-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_17]] : (tensor<32x1xf32>) -> tensor<32xf32>
// MIR-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_18]] : (tensor<32xf32>) -> tensor<1x2x4x4xf32>
// MIR-NEXT: func.return %[[Y_19]] : tensor<1x2x4x4xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @output_shape(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x2xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<1x1x2xi64>) -> tensor<1x1x5xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.broadcast_to %[[Y]] : (tensor<f32>) -> tensor<4xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x1x2xf32>) -> tensor<2xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.reshape %[[I]] : (tensor<1x1x2xi64>) -> tensor<2x1xi64>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_1]] : (tensor<4xf32>) -> tensor<4x1xf32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_2]] : (tensor<2xf32>) -> tensor<2x1xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<4> : tensor<1xi64>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<i64>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[Y_3]], %[[Y_7]] broadcast_shape = [2, 1] : (tensor<2x1xi64>, tensor<i64>) -> tensor<2x1xi1>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_3]], %[[Y_6]] broadcast_shape = [2, 1] : (tensor<2x1xi64>, tensor<1xi64>) -> tensor<2x1xi64>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_8]], %[[Y_9]], %[[Y_3]] broadcast_shape = [2, 1] : (tensor<2x1xi1>, tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x1xi64>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.constant dense<1> : tensor<1xi64>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_10]], %[[Y_11]] broadcast_shape = [2, 1] : (tensor<2x1xi64>, tensor<1xi64>) -> tensor<2x1xi64>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[Y_12]] axes = [1] keep_dims = false : (tensor<2x1xi64>) -> tensor<2xi64>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// MIR-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_14]] to %[[Y_16]] step %[[Y_15]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[Y_4]]) -> (tensor<4x1xf32>) {
// MIR-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V0]] : (index) -> tensor<1xi64>
// MIR-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_13]], %[[V2]] axis = 0 : (tensor<2xi64>, tensor<1xi64>) -> tensor<1xi64>
// MIR-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_5]], %[[V2]] axis = 0 : (tensor<2x1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V1]], %[[V4]], %[[V3]] axis = 0 : (tensor<4x1xf32>, tensor<1x1xf32>, tensor<1xi64>) -> tensor<4x1xf32>
// MIR-NEXT: mir.yield %[[V5]] : tensor<4x1xf32>
// MIR-NEXT: }
// MIR-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_17]] : (tensor<4x1xf32>) -> tensor<4xf32>
// MIR-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_18]] : (tensor<4xf32>) -> tensor<1x1x4xf32>
// MIR-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 1, 2, 3, 3]> : tensor<5xi64>
// MIR-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_19]], %[[Y_20]] axis = 2 : (tensor<1x1x4xf32>, tensor<5xi64>) -> tensor<1x1x5xf32>
// MIR-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}[true, true, true, true, false]]]> : tensor<1x1x5xi1>
// MIR-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_22]], %[[Y_21]], %[[Y_23]] broadcast_shape = [1, 1, 5] : (tensor<1x1x5xi1>, tensor<1x1x5xf32>, tensor<f32>) -> tensor<1x1x5xf32>
// MIR-NEXT: func.return %[[Y_24]] : tensor<1x1x5xf32>
// MIR-NEXT: }
// MIR-NEXT: }
