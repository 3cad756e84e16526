// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// The recurrent ops lower to their time_steps (the input projection of every step, one product,
// R transposed once) and an `scf.for` over time carrying the states and y: each iteration reads
// its row of the projection (a rank-reducing tensor.extract_slice at the index), runs one cell step
// and writes h into y (tensor.insert_slice); reverse runs time index T - 1 - t.
// recurrent_loop.mlir shows that the loop is the same whatever T is.

func.func @rnn(%x: tensor<2x1x3xf32>, %w: tensor<2x3xf32>, %r: tensor<2x2xf32>, %b: tensor<4xf32>, %h: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>) {
  %y, %y_h = gawee.rnn %x, %w, %r, %b, %h reverse = true : (tensor<2x1x3xf32>, tensor<2x3xf32>, tensor<2x2xf32>, tensor<4xf32>, tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>)
  func.return %y, %y_h : tensor<2x1x2xf32>, tensor<1x2xf32>
}

// CHECK-LABEL: func.func @rnn(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x1x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[B]][0] [2] [1] : tensor<4xf32> to tensor<2xf32>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[B]][2] [2] [1] : tensor<4xf32> to tensor<2xf32>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x2xf32>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y]] : tensor<2xf32>) outs(%[[Y_2]] : tensor<2x1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<2x1x2xf32>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<2x1x3xf32>, tensor<2x3xf32>) outs(%[[Y_3]] : tensor<2x1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_1]], %[[IN_2]] : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_1]], %[[V0]] : f32
// CHECK-NEXT: linalg.yield %[[V1]] : f32
// CHECK-NEXT: } -> tensor<2x1x2xf32>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[R]]:tensor<2x2xf32>) outs(%[[Y_5]]:tensor<2x2xf32>) permutation = [1, 0]
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x2xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_12:[a-zA-Z0-9_$.]+]] = scf.for %[[V2:[a-zA-Z0-9_$.]+]] = %[[Y_9]] to %[[Y_10]] step %[[Y_11]] iter_args(%[[V3:[a-zA-Z0-9_$.]+]] = %[[H]], %[[V4:[a-zA-Z0-9_$.]+]] = %[[Y_7]]) -> (tensor<1x2xf32>, tensor<2x1x2xf32>) {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.subi %[[Y_8]], %[[V2]] : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_4]][%[[V5]], 0, 0] [1, 1, 2] [1, 1, 1] : tensor<2x1x2xf32> to tensor<1x2xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V7]] : f32) outs(%[[V8]] : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[V3]], %[[Y_6]] : tensor<1x2xf32>, tensor<2x2xf32>) outs(%[[V9]] : tensor<1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_3]], %[[IN_4]] : f32
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_2]], %[[V11]] : f32
// CHECK-NEXT: linalg.yield %[[V12]] : f32
// CHECK-NEXT: } -> tensor<1x2xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V10]], %[[Y_1]] : tensor<1x2xf32>, tensor<2xf32>) outs(%[[V13]] : tensor<1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_5]], %[[IN_6]] : f32
// CHECK-NEXT: linalg.yield %[[V15]] : f32
// CHECK-NEXT: } -> tensor<1x2xf32>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[V6]], %[[V14]] : tensor<1x2xf32>, tensor<1x2xf32>) outs(%[[V16]] : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V17]] : tensor<1x2xf32>) outs(%[[V18]] : tensor<1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_7]] : f32
// CHECK-NEXT: linalg.yield %[[V20]] : f32
// CHECK-NEXT: } -> tensor<1x2xf32>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V19]] into %[[V4]][%[[V5]], 0, 0] [1, 1, 2] [1, 1, 1] : tensor<1x2xf32> into tensor<2x1x2xf32>
// CHECK-NEXT: scf.yield %[[V19]], %[[V21]] : tensor<1x2xf32>, tensor<2x1x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y_12]], %[[Y_H]] : tensor<2x1x2xf32>, tensor<1x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @gru(%x: tensor<1x2x3xf32>, %w: tensor<6x3xf32>, %r: tensor<6x2xf32>, %b: tensor<12xf32>, %h: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>) {
  %y, %y_h = gawee.gru %x, %w, %r, %b, %h : (tensor<1x2x3xf32>, tensor<6x3xf32>, tensor<6x2xf32>, tensor<12xf32>, tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>)
  func.return %y, %y_h : tensor<1x2x2xf32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @gru(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<6x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<6x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<12xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[B]][0] [6] [1] : tensor<12xf32> to tensor<6xf32>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[B]][6] [6] [1] : tensor<12xf32> to tensor<6xf32>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x6xf32>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y]] : tensor<6xf32>) outs(%[[Y_2]] : tensor<1x2x6xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<1x2x6xf32>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<1x2x3xf32>, tensor<6x3xf32>) outs(%[[Y_3]] : tensor<1x2x6xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_1]], %[[IN_2]] : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_1]], %[[V0]] : f32
// CHECK-NEXT: linalg.yield %[[V1]] : f32
// CHECK-NEXT: } -> tensor<1x2x6xf32>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x6xf32>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[R]]:tensor<6x2xf32>) outs(%[[Y_5]]:tensor<2x6xf32>) permutation = [1, 0]
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_6]][0, 0] [2, 4] [1, 1] : tensor<2x6xf32> to tensor<2x4xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_1]][0] [4] [1] : tensor<6xf32> to tensor<4xf32>
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_6]][0, 4] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_1]][4] [2] [1] : tensor<6xf32> to tensor<2xf32>
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2xf32>
// CHECK-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_15:[a-zA-Z0-9_$.]+]] = scf.for %[[V2:[a-zA-Z0-9_$.]+]] = %[[Y_12]] to %[[Y_13]] step %[[Y_14]] iter_args(%[[V3:[a-zA-Z0-9_$.]+]] = %[[H]], %[[V4:[a-zA-Z0-9_$.]+]] = %[[Y_11]]) -> (tensor<2x2xf32>, tensor<1x2x2xf32>) {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_4]][%[[V2]], 0, 0] [1, 2, 6] [1, 1, 1] : tensor<1x2x6xf32> to tensor<2x6xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V5]][0, 0] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V5]][0, 2] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V5]][0, 4] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V9]] : f32) outs(%[[V10]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[V3]], %[[Y_7]] : tensor<2x2xf32>, tensor<2x4xf32>) outs(%[[V11]] : tensor<2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_3]], %[[IN_4]] : f32
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_2]], %[[V13]] : f32
// CHECK-NEXT: linalg.yield %[[V14]] : f32
// CHECK-NEXT: } -> tensor<2x4xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V12]], %[[Y_8]] : tensor<2x4xf32>, tensor<4xf32>) outs(%[[V15]] : tensor<2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_5]], %[[IN_6]] : f32
// CHECK-NEXT: linalg.yield %[[V17]] : f32
// CHECK-NEXT: } -> tensor<2x4xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V16]][0, 0] [2, 2] [1, 1] : tensor<2x4xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V16]][0, 2] [2, 2] [1, 1] : tensor<2x4xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[V6]], %[[V18]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V20]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V21]] : tensor<2x2xf32>) outs(%[[V22]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_7]] : f32
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = math.exp %[[V24]] : f32
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.addf %[[V25]], %[[V26]] : f32
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.divf %[[V28]], %[[V27]] : f32
// CHECK-NEXT: linalg.yield %[[V29]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[V7]], %[[V19]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V30]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V31]] : tensor<2x2xf32>) outs(%[[V32]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_8:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_8]] : f32
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = math.exp %[[V34]] : f32
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.addf %[[V35]], %[[V36]] : f32
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = arith.divf %[[V38]], %[[V37]] : f32
// CHECK-NEXT: linalg.yield %[[V39]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V33]], %[[V3]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V40]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: f32, %[[IN_10:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_9]], %[[IN_10]] : f32
// CHECK-NEXT: linalg.yield %[[V42]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V43]] : f32) outs(%[[V44]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[V41]], %[[Y_9]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V45]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_11:[a-zA-Z0-9_$.]+]]: f32, %[[IN_12:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_7:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_11]], %[[IN_12]] : f32
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_7]], %[[V47]] : f32
// CHECK-NEXT: linalg.yield %[[V48]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V49:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V46]], %[[Y_10]] : tensor<2x2xf32>, tensor<2xf32>) outs(%[[V49]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_13:[a-zA-Z0-9_$.]+]]: f32, %[[IN_14:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_8:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V51:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_13]], %[[IN_14]] : f32
// CHECK-NEXT: linalg.yield %[[V51]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V52:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V53:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[V8]], %[[V50]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V52]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V54:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V55:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V53]] : tensor<2x2xf32>) outs(%[[V54]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_15:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_9:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V56:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_15]] : f32
// CHECK-NEXT: linalg.yield %[[V56]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V57:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V58:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V3]], %[[V55]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V57]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_16:[a-zA-Z0-9_$.]+]]: f32, %[[IN_17:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_10:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V59:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN_16]], %[[IN_17]] : f32
// CHECK-NEXT: linalg.yield %[[V59]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V60:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V61:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V23]], %[[V58]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V60]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_18:[a-zA-Z0-9_$.]+]]: f32, %[[IN_19:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_11:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V62:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_18]], %[[IN_19]] : f32
// CHECK-NEXT: linalg.yield %[[V62]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V63:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V64:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[V55]], %[[V61]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V63]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V65:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V64]] into %[[V4]][%[[V2]], 0, 0] [1, 2, 2] [1, 1, 1] : tensor<2x2xf32> into tensor<1x2x2xf32>
// CHECK-NEXT: scf.yield %[[V64]], %[[V65]] : tensor<2x2xf32>, tensor<1x2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y_15]], %[[Y_H]] : tensor<1x2x2xf32>, tensor<2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @lstm(%x: tensor<1x2x3xf32>, %w: tensor<8x3xf32>, %r: tensor<8x2xf32>, %b: tensor<16xf32>, %h: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %y, %y_h, %y_c = gawee.lstm %x, %w, %r, %b, %h, %c : (tensor<1x2x3xf32>, tensor<8x3xf32>, tensor<8x2xf32>, tensor<16xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  func.return %y, %y_h, %y_c : tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @lstm(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<8x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<8x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<16xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[B]][0] [8] [1] : tensor<16xf32> to tensor<8xf32>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[B]][8] [8] [1] : tensor<16xf32> to tensor<8xf32>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x8xf32>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y]] : tensor<8xf32>) outs(%[[Y_2]] : tensor<1x2x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<1x2x8xf32>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<1x2x3xf32>, tensor<8x3xf32>) outs(%[[Y_3]] : tensor<1x2x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_1]], %[[IN_2]] : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_1]], %[[V0]] : f32
// CHECK-NEXT: linalg.yield %[[V1]] : f32
// CHECK-NEXT: } -> tensor<1x2x8xf32>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[R]]:tensor<8x2xf32>) outs(%[[Y_5]]:tensor<2x8xf32>) permutation = [1, 0]
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_C:[a-zA-Z0-9_$.]+]], %[[Y_11:[a-zA-Z0-9_$.]+]] = scf.for %[[V2:[a-zA-Z0-9_$.]+]] = %[[Y_8]] to %[[Y_9]] step %[[Y_10]] iter_args(%[[V3:[a-zA-Z0-9_$.]+]] = %[[H]], %[[V4:[a-zA-Z0-9_$.]+]] = %[[C]], %[[V5:[a-zA-Z0-9_$.]+]] = %[[Y_7]]) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<1x2x2xf32>) {
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_4]][%[[V2]], 0, 0] [1, 2, 8] [1, 1, 1] : tensor<1x2x8xf32> to tensor<2x8xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V7]] : f32) outs(%[[V8]] : tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[V3]], %[[Y_6]] : tensor<2x2xf32>, tensor<2x8xf32>) outs(%[[V9]] : tensor<2x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_3]], %[[IN_4]] : f32
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_2]], %[[V11]] : f32
// CHECK-NEXT: linalg.yield %[[V12]] : f32
// CHECK-NEXT: } -> tensor<2x8xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V10]], %[[Y_1]] : tensor<2x8xf32>, tensor<8xf32>) outs(%[[V13]] : tensor<2x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_5]], %[[IN_6]] : f32
// CHECK-NEXT: linalg.yield %[[V15]] : f32
// CHECK-NEXT: } -> tensor<2x8xf32>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[V6]], %[[V14]] : tensor<2x8xf32>, tensor<2x8xf32>) outs(%[[V16]] : tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V17]][0, 0] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V17]][0, 2] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V17]][0, 4] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V17]][0, 6] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V18]] : tensor<2x2xf32>) outs(%[[V22]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_7]] : f32
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = math.exp %[[V24]] : f32
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.addf %[[V25]], %[[V26]] : f32
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.divf %[[V28]], %[[V27]] : f32
// CHECK-NEXT: linalg.yield %[[V29]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V19]] : tensor<2x2xf32>) outs(%[[V30]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_8:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_8]] : f32
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = math.exp %[[V32]] : f32
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = arith.addf %[[V33]], %[[V34]] : f32
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.divf %[[V36]], %[[V35]] : f32
// CHECK-NEXT: linalg.yield %[[V37]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V20]] : tensor<2x2xf32>) outs(%[[V38]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_9]] : f32
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = math.exp %[[V40]] : f32
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = arith.addf %[[V41]], %[[V42]] : f32
// CHECK-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = arith.divf %[[V44]], %[[V43]] : f32
// CHECK-NEXT: linalg.yield %[[V45]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V39]], %[[V4]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V46]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_10:[a-zA-Z0-9_$.]+]]: f32, %[[IN_11:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_7:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_10]], %[[IN_11]] : f32
// CHECK-NEXT: linalg.yield %[[V48]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V49:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V21]] : tensor<2x2xf32>) outs(%[[V49]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_12:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_8:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V51:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_12]] : f32
// CHECK-NEXT: linalg.yield %[[V51]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V52:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V53:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V23]], %[[V50]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V52]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_13:[a-zA-Z0-9_$.]+]]: f32, %[[IN_14:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_9:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V54:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_13]], %[[IN_14]] : f32
// CHECK-NEXT: linalg.yield %[[V54]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V55:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V56:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[V47]], %[[V53]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V55]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V57:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V58:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V56]] : tensor<2x2xf32>) outs(%[[V57]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_15:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_10:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V59:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_15]] : f32
// CHECK-NEXT: linalg.yield %[[V59]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V60:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V61:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V31]], %[[V58]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V60]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_16:[a-zA-Z0-9_$.]+]]: f32, %[[IN_17:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_11:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V62:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_16]], %[[IN_17]] : f32
// CHECK-NEXT: linalg.yield %[[V62]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V63:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V61]] into %[[V5]][%[[V2]], 0, 0] [1, 2, 2] [1, 1, 1] : tensor<2x2xf32> into tensor<1x2x2xf32>
// CHECK-NEXT: scf.yield %[[V61]], %[[V56]], %[[V63]] : tensor<2x2xf32>, tensor<2x2xf32>, tensor<1x2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y_11]], %[[Y_H]], %[[Y_C]] : tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
