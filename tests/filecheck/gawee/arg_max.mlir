// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.arg_max / gawee.arg_min: their syntax (keepDims and selectLastIndex left out at
// their defaults, true and false), the linalg lowering (one generic with the extremum
// and its index as outputs) and the mir one (the extremum, the positions that hold it,
// the first or last of them).
func.func @arg_max(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xi64> {
  %y = gawee.arg_max %x axis = 1 : (tensor<2x3x4xf32>) -> tensor<2x1x4xi64>
  func.return %y : tensor<2x1x4xi64>
}
func.func @arg_min(%x: tensor<2x3xi32>) -> tensor<2xi64> {
  %y = gawee.arg_min %x axis = -1 keepDims = false selectLastIndex = true : (tensor<2x3xi32>) -> tensor<2xi64>
  func.return %y : tensor<2xi64>
}

// CHECK-LABEL: func.func @arg_max(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x4xi64> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.arg_max %[[X]] axis = 1 : (tensor<2x3x4xf32>) -> tensor<2x1x4xi64>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x1x4xi64>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @arg_min(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>) -> tensor<2xi64> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.arg_min %[[X]] axis = -1 keepDims = false selectLastIndex = true : (tensor<2x3xi32>) -> tensor<2xi64>
// CHECK-NEXT: func.return %[[Y]] : tensor<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @arg_max(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x4xi64> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant 0xff800000 : f32
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y]] : f32) outs(%[[Y_1]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xi64>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_3]] : i64) outs(%[[Y_4]] : tensor<2x4xi64>) -> tensor<2x4xi64>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]], %[[Y_7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[Y_2]], %[[Y_5]] : tensor<2x4xf32>, tensor<2x4xi64>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.cmpf ogt, %[[IN]], %[[OUT]] : f32
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.cmpf uno, %[[IN]], %[[IN]] : f32
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.cmpf ord, %[[OUT]], %[[OUT]] : f32
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.andi %[[V1]], %[[V2]] : i1
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.ori %[[V0]], %[[V3]] : i1
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V5]] : index to i64
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.select %[[V4]], %[[IN]], %[[OUT]] : f32
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.select %[[V4]], %[[V6]], %[[OUT_1]] : i64
// LINALG-NEXT: linalg.yield %[[V7]], %[[V8]] : f32, i64
// LINALG-NEXT: } -> (tensor<2x4xf32>, tensor<2x4xi64>)
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 1, 4]> : tensor<3xi64>
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_7]](%[[Y_8]]) : (tensor<2x4xi64>, tensor<3xi64>) -> tensor<2x1x4xi64>
// LINALG-NEXT: func.return %[[Y_9]] : tensor<2x1x4xi64>
// LINALG-NEXT: }
// LINALG-LABEL: func.func @arg_min(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>) -> tensor<2xi64> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant 2147483647 : i32
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xi32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y]] : i32) outs(%[[Y_1]] : tensor<2xi32>) -> tensor<2xi32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xi64>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_3]] : i64) outs(%[[Y_4]] : tensor<2xi64>) -> tensor<2xi64>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]], %[[Y_7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<2x3xi32>) outs(%[[Y_2]], %[[Y_5]] : tensor<2xi32>, tensor<2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i32, %[[OUT:[a-zA-Z0-9_$.]+]]: i32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.cmpi sle, %[[IN]], %[[OUT]] : i32
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V1]] : index to i64
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.select %[[V0]], %[[IN]], %[[OUT]] : i32
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.select %[[V0]], %[[V2]], %[[OUT_1]] : i64
// LINALG-NEXT: linalg.yield %[[V3]], %[[V4]] : i32, i64
// LINALG-NEXT: } -> (tensor<2xi32>, tensor<2xi64>)
// LINALG-NEXT: func.return %[[Y_7]] : tensor<2xi64>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @arg_max(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x4xi64> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reduce max %[[X]] axes = [1] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[X]], %[[Y]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xi1>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp ne %[[X]], %[[X]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xi1>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.broadcast_or %[[Y_1]], %[[Y_2]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xi1>, tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<[[[0], [1], [2]]]> : tensor<1x3x1xi64>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.constant dense<3> : tensor<i64>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_3]], %[[Y_4]], %[[Y_5]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xi1>, tensor<1x3x1xi64>, tensor<i64>) -> tensor<2x3x4xi64>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.reduce min %[[Y_6]] axes = [1] keep_dims = true : (tensor<2x3x4xi64>) -> tensor<2x1x4xi64>
// MIR-NEXT: func.return %[[Y_7]] : tensor<2x1x4xi64>
// MIR-NEXT: }
// MIR-LABEL: func.func @arg_min(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>) -> tensor<2xi64> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reduce min %[[X]] axes = [1] keep_dims = true : (tensor<2x3xi32>) -> tensor<2x1xi32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[X]], %[[Y]] broadcast_shape = [2, 3] : (tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2x3xi1>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<[[0, 1, 2]]> : tensor<1x3xi64>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.constant dense<-1> : tensor<i64>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_1]], %[[Y_2]], %[[Y_3]] broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<1x3xi64>, tensor<i64>) -> tensor<2x3xi64>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.reduce max %[[Y_4]] axes = [1] keep_dims = false : (tensor<2x3xi64>) -> tensor<2xi64>
// MIR-NEXT: func.return %[[Y_5]] : tensor<2xi64>
// MIR-NEXT: }
// MIR-NEXT: }
