// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s --check-prefix=DECOMPOSED
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.reverse_sequence: its syntax and its decomposition: the time indices
// (len - 1 - t where t < len, the lengths clamped to the time dim; else t) built from a
// constant of the steps and the lengths, expanded to the input, a gather_elements along
// the time axis; both lowerings lower that.

func.func @reverse_sequence(%x: tensor<4x2x3xf32>, %lens: tensor<2xi64>) -> tensor<4x2x3xf32> {
  %y = gawee.reverse_sequence %x, %lens timeAxis = 0 batchAxis = 1 : (tensor<4x2x3xf32>, tensor<2xi64>) -> tensor<4x2x3xf32>
  func.return %y : tensor<4x2x3xf32>
}
func.func @batch_major(%x: tensor<2x3xi32>, %lens: tensor<2xi64>) -> tensor<2x3xi32> {
  %y = gawee.reverse_sequence %x, %lens timeAxis = 1 batchAxis = 0 : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<2x3xi32>
  func.return %y : tensor<2x3xi32>
}

// CHECK-LABEL: func.func @reverse_sequence(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x2x3xf32>, %[[LENS:[a-zA-Z0-9_$.]+]]: tensor<2xi64>) -> tensor<4x2x3xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reverse_sequence %[[X]], %[[LENS]] timeAxis = 0 batchAxis = 1 : (tensor<4x2x3xf32>, tensor<2xi64>) -> tensor<4x2x3xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<4x2x3xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @batch_major(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>, %[[LENS:[a-zA-Z0-9_$.]+]]: tensor<2xi64>) -> tensor<2x3xi32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reverse_sequence %[[X]], %[[LENS]] timeAxis = 1 batchAxis = 0 : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<2x3xi32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x3xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// DECOMPOSED-LABEL: func.func @reverse_sequence(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x2x3xf32>, %[[LENS:[a-zA-Z0-9_$.]+]]: tensor<2xi64>) -> tensor<4x2x3xf32> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[0], [1], [2], [3]]> : tensor<4x1xi64>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[LENS]] : (tensor<2xi64>) -> tensor<1x2xi64>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.constant dense<4> : tensor<i64>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.min %[[Y_1]], %[[Y_2]] : (tensor<1x2xi64>, tensor<i64>) -> tensor<1x2xi64>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1> : tensor<i64>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.sub %[[Y_3]], %[[Y_4]] : (tensor<1x2xi64>, tensor<i64>) -> tensor<1x2xi64>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.sub %[[Y_5]], %[[Y]] : (tensor<1x2xi64>, tensor<4x1xi64>) -> tensor<4x2xi64>
// DECOMPOSED-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.less %[[Y]], %[[Y_3]] : (tensor<4x1xi64>, tensor<1x2xi64>) -> tensor<4x2xi1>
// DECOMPOSED-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_7]], %[[Y_6]], %[[Y]] : (tensor<4x2xi1>, tensor<4x2xi64>, tensor<4x1xi64>) -> tensor<4x2xi64>
// DECOMPOSED-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_8]] : (tensor<4x2xi64>) -> tensor<4x2x1xi64>
// DECOMPOSED-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = gawee.expand %[[Y_9]] : (tensor<4x2x1xi64>) -> tensor<4x2x3xi64>
// DECOMPOSED-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = gawee.gather_elements %[[X]], %[[Y_10]] axis = 0 : (tensor<4x2x3xf32>, tensor<4x2x3xi64>) -> tensor<4x2x3xf32>
// DECOMPOSED-NEXT: func.return %[[Y_11]] : tensor<4x2x3xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-LABEL: func.func @batch_major(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>, %[[LENS:[a-zA-Z0-9_$.]+]]: tensor<2xi64>) -> tensor<2x3xi32> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[0, 1, 2]]> : tensor<1x3xi64>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[LENS]] : (tensor<2xi64>) -> tensor<2x1xi64>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.constant dense<3> : tensor<i64>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.min %[[Y_1]], %[[Y_2]] : (tensor<2x1xi64>, tensor<i64>) -> tensor<2x1xi64>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1> : tensor<i64>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.sub %[[Y_3]], %[[Y_4]] : (tensor<2x1xi64>, tensor<i64>) -> tensor<2x1xi64>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.sub %[[Y_5]], %[[Y]] : (tensor<2x1xi64>, tensor<1x3xi64>) -> tensor<2x3xi64>
// DECOMPOSED-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.less %[[Y]], %[[Y_3]] : (tensor<1x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi1>
// DECOMPOSED-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_7]], %[[Y_6]], %[[Y]] : (tensor<2x3xi1>, tensor<2x3xi64>, tensor<1x3xi64>) -> tensor<2x3xi64>
// DECOMPOSED-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_8]] : (tensor<2x3xi64>) -> tensor<2x3xi64>
// DECOMPOSED-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = gawee.gather_elements %[[X]], %[[Y_9]] axis = 1 : (tensor<2x3xi32>, tensor<2x3xi64>) -> tensor<2x3xi32>
// DECOMPOSED-NEXT: func.return %[[Y_10]] : tensor<2x3xi32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-NEXT: }

// LINALG-LABEL: func.func @reverse_sequence(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x2x3xf32>, %[[LENS:[a-zA-Z0-9_$.]+]]: tensor<2xi64>) -> tensor<4x2x3xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}[0], [1], [2], [3]]> : tensor<4x1xi64>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = arith.constant dense<4> : tensor<i64>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xi64>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[LENS]], %[[Y_1]] : tensor<2xi64>, tensor<i64>) outs(%[[Y_2]] : tensor<1x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i64, %[[IN_1:[a-zA-Z0-9_$.]+]]: i64, %[[OUT:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.minsi %[[IN]], %[[IN_1]] : i64
// LINALG-NEXT: linalg.yield %[[V0]] : i64
// LINALG-NEXT: } -> tensor<1x2xi64>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = arith.constant dense<1> : tensor<i64>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xi64>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_3]], %[[Y_4]] : tensor<1x2xi64>, tensor<i64>) outs(%[[Y_5]] : tensor<1x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i64, %[[IN_3:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.subi %[[IN_2]], %[[IN_3]] : i64
// LINALG-NEXT: linalg.yield %[[V1]] : i64
// LINALG-NEXT: } -> tensor<1x2xi64>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x2xi64>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_6]], %[[Y]] : tensor<1x2xi64>, tensor<4x1xi64>) outs(%[[Y_7]] : tensor<4x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: i64, %[[IN_5:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.subi %[[IN_4]], %[[IN_5]] : i64
// LINALG-NEXT: linalg.yield %[[V2]] : i64
// LINALG-NEXT: } -> tensor<4x2xi64>
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x2xi1>
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y]], %[[Y_3]] : tensor<4x1xi64>, tensor<1x2xi64>) outs(%[[Y_9]] : tensor<4x2xi1>) {
// LINALG-NEXT: ^bb0(%[[IN_6:[a-zA-Z0-9_$.]+]]: i64, %[[IN_7:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_3:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[IN_6]], %[[IN_7]] : i64
// LINALG-NEXT: linalg.yield %[[V3]] : i1
// LINALG-NEXT: } -> tensor<4x2xi1>
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x2xi64>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_10]], %[[Y_8]], %[[Y]] : tensor<4x2xi1>, tensor<4x2xi64>, tensor<4x1xi64>) outs(%[[Y_11]] : tensor<4x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_8:[a-zA-Z0-9_$.]+]]: i1, %[[IN_9:[a-zA-Z0-9_$.]+]]: i64, %[[IN_10:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_4:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.select %[[IN_8]], %[[IN_9]], %[[IN_10]] : i64
// LINALG-NEXT: linalg.yield %[[V4]] : i64
// LINALG-NEXT: } -> tensor<4x2xi64>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = arith.constant dense<[4, 2, 1]> : tensor<3xi64>
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_12]](%[[Y_13]]) : (tensor<4x2xi64>, tensor<3xi64>) -> tensor<4x2x1xi64>
// LINALG-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x2x3xi64>
// LINALG-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_14]] : tensor<4x2x1xi64>) outs(%[[Y_15]] : tensor<4x2x3xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_11:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_5:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: linalg.yield %[[IN_11]] : i64
// LINALG-NEXT: } -> tensor<4x2x3xi64>
// LINALG-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x2x3xf32>
// LINALG-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_16]] : tensor<4x2x3xi64>) outs(%[[Y_17]] : tensor<4x2x3xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_12:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[IN_12]] : i64 to index
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V5]], %[[V6]] : index
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.addi %[[V5]], %[[V8]] : index
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.select %[[V7]], %[[V9]], %[[V5]] : index
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// LINALG-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V10]], %[[V11]], %[[V12]]] : tensor<4x2x3xf32>
// LINALG-NEXT: linalg.yield %[[V13]] : f32
// LINALG-NEXT: } -> tensor<4x2x3xf32>
// LINALG-NEXT: func.return %[[Y_18]] : tensor<4x2x3xf32>
// LINALG-NEXT: }
// LINALG-LABEL: func.func @batch_major(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>, %[[LENS:[a-zA-Z0-9_$.]+]]: tensor<2xi64>) -> tensor<2x3xi32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}[0, 1, 2]]> : tensor<1x3xi64>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = arith.constant dense<3> : tensor<i64>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1xi64>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[LENS]], %[[Y_1]] : tensor<2xi64>, tensor<i64>) outs(%[[Y_2]] : tensor<2x1xi64>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i64, %[[IN_1:[a-zA-Z0-9_$.]+]]: i64, %[[OUT:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.minsi %[[IN]], %[[IN_1]] : i64
// LINALG-NEXT: linalg.yield %[[V0]] : i64
// LINALG-NEXT: } -> tensor<2x1xi64>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = arith.constant dense<1> : tensor<i64>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1xi64>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_3]], %[[Y_4]] : tensor<2x1xi64>, tensor<i64>) outs(%[[Y_5]] : tensor<2x1xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i64, %[[IN_3:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.subi %[[IN_2]], %[[IN_3]] : i64
// LINALG-NEXT: linalg.yield %[[V1]] : i64
// LINALG-NEXT: } -> tensor<2x1xi64>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi64>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_6]], %[[Y]] : tensor<2x1xi64>, tensor<1x3xi64>) outs(%[[Y_7]] : tensor<2x3xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: i64, %[[IN_5:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.subi %[[IN_4]], %[[IN_5]] : i64
// LINALG-NEXT: linalg.yield %[[V2]] : i64
// LINALG-NEXT: } -> tensor<2x3xi64>
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi1>
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y]], %[[Y_3]] : tensor<1x3xi64>, tensor<2x1xi64>) outs(%[[Y_9]] : tensor<2x3xi1>) {
// LINALG-NEXT: ^bb0(%[[IN_6:[a-zA-Z0-9_$.]+]]: i64, %[[IN_7:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_3:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[IN_6]], %[[IN_7]] : i64
// LINALG-NEXT: linalg.yield %[[V3]] : i1
// LINALG-NEXT: } -> tensor<2x3xi1>
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi64>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_10]], %[[Y_8]], %[[Y]] : tensor<2x3xi1>, tensor<2x3xi64>, tensor<1x3xi64>) outs(%[[Y_11]] : tensor<2x3xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_8:[a-zA-Z0-9_$.]+]]: i1, %[[IN_9:[a-zA-Z0-9_$.]+]]: i64, %[[IN_10:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_4:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.select %[[IN_8]], %[[IN_9]], %[[IN_10]] : i64
// LINALG-NEXT: linalg.yield %[[V4]] : i64
// LINALG-NEXT: } -> tensor<2x3xi64>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_12]](%[[Y_13]]) : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<2x3xi64>
// LINALG-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi32>
// LINALG-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_14]] : tensor<2x3xi64>) outs(%[[Y_15]] : tensor<2x3xi32>) {
// LINALG-NEXT: ^bb0(%[[IN_11:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_5:[a-zA-Z0-9_$.]+]]: i32):
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[IN_11]] : i64 to index
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V5]], %[[V6]] : index
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.addi %[[V5]], %[[V8]] : index
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.select %[[V7]], %[[V9]], %[[V5]] : index
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V11]], %[[V10]]] : tensor<2x3xi32>
// LINALG-NEXT: linalg.yield %[[V12]] : i32
// LINALG-NEXT: } -> tensor<2x3xi32>
// LINALG-NEXT: func.return %[[Y_16]] : tensor<2x3xi32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @reverse_sequence(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x2x3xf32>, %[[LENS:[a-zA-Z0-9_$.]+]]: tensor<2xi64>) -> tensor<4x2x3xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[0], [1], [2], [3]]> : tensor<4x1xi64>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.reshape %[[LENS]] : (tensor<2xi64>) -> tensor<1x2xi64>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<4> : tensor<i64>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[Y_1]], %[[Y_2]] broadcast_shape = [1, 2] : (tensor<1x2xi64>, tensor<i64>) -> tensor<1x2xi64>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<1> : tensor<i64>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[Y_3]], %[[Y_4]] broadcast_shape = [1, 2] : (tensor<1x2xi64>, tensor<i64>) -> tensor<1x2xi64>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[Y_5]], %[[Y]] broadcast_shape = [4, 2] : (tensor<1x2xi64>, tensor<4x1xi64>) -> tensor<4x2xi64>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[Y]], %[[Y_3]] broadcast_shape = [4, 2] : (tensor<4x1xi64>, tensor<1x2xi64>) -> tensor<4x2xi1>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_7]], %[[Y_6]], %[[Y]] broadcast_shape = [4, 2] : (tensor<4x2xi1>, tensor<4x2xi64>, tensor<4x1xi64>) -> tensor<4x2xi64>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_8]] : (tensor<4x2xi64>) -> tensor<4x2x1xi64>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.broadcast_to %[[Y_9]] : (tensor<4x2x1xi64>) -> tensor<4x2x3xi64>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.gather_elements %[[X]], %[[Y_10]] axis = 0 : (tensor<4x2x3xf32>, tensor<4x2x3xi64>) -> tensor<4x2x3xf32>
// MIR-NEXT: func.return %[[Y_11]] : tensor<4x2x3xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @batch_major(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>, %[[LENS:[a-zA-Z0-9_$.]+]]: tensor<2xi64>) -> tensor<2x3xi32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[0, 1, 2]]> : tensor<1x3xi64>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.reshape %[[LENS]] : (tensor<2xi64>) -> tensor<2x1xi64>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<3> : tensor<i64>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[Y_1]], %[[Y_2]] broadcast_shape = [2, 1] : (tensor<2x1xi64>, tensor<i64>) -> tensor<2x1xi64>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<1> : tensor<i64>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[Y_3]], %[[Y_4]] broadcast_shape = [2, 1] : (tensor<2x1xi64>, tensor<i64>) -> tensor<2x1xi64>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[Y_5]], %[[Y]] broadcast_shape = [2, 3] : (tensor<2x1xi64>, tensor<1x3xi64>) -> tensor<2x3xi64>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[Y]], %[[Y_3]] broadcast_shape = [2, 3] : (tensor<1x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi1>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_7]], %[[Y_6]], %[[Y]] broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<2x3xi64>, tensor<1x3xi64>) -> tensor<2x3xi64>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_8]] : (tensor<2x3xi64>) -> tensor<2x3xi64>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.gather_elements %[[X]], %[[Y_9]] axis = 1 : (tensor<2x3xi32>, tensor<2x3xi64>) -> tensor<2x3xi32>
// MIR-NEXT: func.return %[[Y_10]] : tensor<2x3xi32>
// MIR-NEXT: }
// MIR-NEXT: }
