// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.gather_nd: its syntax (batchDims left out at 0), the linalg lowering (one
// generic over the result reading the index entries and the data with tensor.extract)
// and the mir one (row numbers from per-entry gathers of constant positions, one
// gather of the data's rows).
func.func @gather_nd(%data: tensor<2x3x4xf32>, %ids: tensor<5x2xi64>) -> tensor<5x4xf32> {
  %y = gawee.gather_nd %data, %ids : (tensor<2x3x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
  func.return %y : tensor<5x4xf32>
}
func.func @gather_nd_batch(%data: tensor<2x3x4xi32>, %ids: tensor<2x5x2xi64>) -> tensor<2x5xi32> {
  %y = gawee.gather_nd %data, %ids batchDims = 1 : (tensor<2x3x4xi32>, tensor<2x5x2xi64>) -> tensor<2x5xi32>
  func.return %y : tensor<2x5xi32>
}

// CHECK-LABEL: func.func @gather_nd(
// CHECK-SAME: %[[DATA:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<5x2xi64>) -> tensor<5x4xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.gather_nd %[[DATA]], %[[IDS]] : (tensor<2x3x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<5x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @gather_nd_batch(
// CHECK-SAME: %[[DATA:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xi32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<2x5x2xi64>) -> tensor<2x5xi32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.gather_nd %[[DATA]], %[[IDS]] batchDims = 1 : (tensor<2x3x4xi32>, tensor<2x5x2xi64>) -> tensor<2x5xi32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x5xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @gather_nd(
// LINALG-SAME: %[[DATA:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<5x2xi64>) -> tensor<5x4xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<5x4xf32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[Y]] : tensor<5x4xf32>) {
// LINALG-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V0]], %[[V1]]] : tensor<5x2xi64>
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V2]] : i64 to index
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V3]], %[[V4]] : index
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.addi %[[V3]], %[[V6]] : index
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.select %[[V5]], %[[V7]], %[[V3]] : index
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V0]], %[[V9]]] : tensor<5x2xi64>
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V10]] : i64 to index
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V11]], %[[V12]] : index
// LINALG-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// LINALG-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.addi %[[V11]], %[[V14]] : index
// LINALG-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.select %[[V13]], %[[V15]], %[[V11]] : index
// LINALG-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// LINALG-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = tensor.extract %[[DATA]][%[[V8]], %[[V16]], %[[V17]]] : tensor<2x3x4xf32>
// LINALG-NEXT: linalg.yield %[[V18]] : f32
// LINALG-NEXT: } -> tensor<5x4xf32>
// LINALG-NEXT: func.return %[[Y_1]] : tensor<5x4xf32>
// LINALG-NEXT: }
// LINALG-LABEL: func.func @gather_nd_batch(
// LINALG-SAME: %[[DATA:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xi32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<2x5x2xi64>) -> tensor<2x5xi32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x5xi32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[Y]] : tensor<2x5xi32>) {
// LINALG-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: i32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V0]], %[[V1]], %[[V2]]] : tensor<2x5x2xi64>
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V3]] : i64 to index
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V4]], %[[V5]] : index
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addi %[[V4]], %[[V7]] : index
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.select %[[V6]], %[[V8]], %[[V4]] : index
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V0]], %[[V1]], %[[V10]]] : tensor<2x5x2xi64>
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V11]] : i64 to index
// LINALG-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V12]], %[[V13]] : index
// LINALG-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// LINALG-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.addi %[[V12]], %[[V15]] : index
// LINALG-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.select %[[V14]], %[[V16]], %[[V12]] : index
// LINALG-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = tensor.extract %[[DATA]][%[[V0]], %[[V9]], %[[V17]]] : tensor<2x3x4xi32>
// LINALG-NEXT: linalg.yield %[[V18]] : i32
// LINALG-NEXT: } -> tensor<2x5xi32>
// LINALG-NEXT: func.return %[[Y_1]] : tensor<2x5xi32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @gather_nd(
// MIR-SAME: %[[DATA:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<5x2xi64>) -> tensor<5x4xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.slice %[[IDS]] starts = [0, 0] ends = [5, 1] strides = [1, 1] : (tensor<5x2xi64>) -> tensor<5x1xi64>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y]] : (tensor<5x1xi64>) -> tensor<5xi64>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 3]> : tensor<2xi64>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_2]], %[[Y_1]] axis = 0 : (tensor<2xi64>, tensor<5xi64>) -> tensor<5xi64>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.slice %[[IDS]] starts = [0, 1] ends = [5, 2] strides = [1, 1] : (tensor<5x2xi64>) -> tensor<5x1xi64>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_4]] : (tensor<5x1xi64>) -> tensor<5xi64>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 1, 2]> : tensor<3xi64>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_6]], %[[Y_5]] axis = 0 : (tensor<3xi64>, tensor<5xi64>) -> tensor<5xi64>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_3]], %[[Y_7]] broadcast_shape = [5] : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi64>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.reshape %[[DATA]] : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_9]], %[[Y_8]] axis = 0 : (tensor<6x4xf32>, tensor<5xi64>) -> tensor<5x4xf32>
// MIR-NEXT: func.return %[[Y_10]] : tensor<5x4xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @gather_nd_batch(
// MIR-SAME: %[[DATA:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xi32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<2x5x2xi64>) -> tensor<2x5xi32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reshape %[[IDS]] : (tensor<2x5x2xi64>) -> tensor<10x2xi64>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 0, 0, 0, 12, 12, 12, 12, 12]> : tensor<10xi64>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y]] starts = [0, 0] ends = [10, 1] strides = [1, 1] : (tensor<10x2xi64>) -> tensor<10x1xi64>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_2]] : (tensor<10x1xi64>) -> tensor<10xi64>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 4, 8]> : tensor<3xi64>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_4]], %[[Y_3]] axis = 0 : (tensor<3xi64>, tensor<10xi64>) -> tensor<10xi64>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_1]], %[[Y_5]] broadcast_shape = [10] : (tensor<10xi64>, tensor<10xi64>) -> tensor<10xi64>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y]] starts = [0, 1] ends = [10, 2] strides = [1, 1] : (tensor<10x2xi64>) -> tensor<10x1xi64>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_7]] : (tensor<10x1xi64>) -> tensor<10xi64>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 1, 2, 3]> : tensor<4xi64>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_9]], %[[Y_8]] axis = 0 : (tensor<4xi64>, tensor<10xi64>) -> tensor<10xi64>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_6]], %[[Y_10]] broadcast_shape = [10] : (tensor<10xi64>, tensor<10xi64>) -> tensor<10xi64>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.reshape %[[DATA]] : (tensor<2x3x4xi32>) -> tensor<24x1xi32>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_12]], %[[Y_11]] axis = 0 : (tensor<24x1xi32>, tensor<10xi64>) -> tensor<10x1xi32>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_13]] : (tensor<10x1xi32>) -> tensor<2x5xi32>
// MIR-NEXT: func.return %[[Y_14]] : tensor<2x5xi32>
// MIR-NEXT: }
// MIR-NEXT: }
