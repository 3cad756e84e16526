// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// The recurrent ops lower as their decomposition (tests/filecheck/gawee-decompose/recurrent.mlir):
// an unrolled loop over time, one cell step of ops per time step.

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
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_4]][1, 0, 0] [1, 1, 2] [1, 1, 1] : tensor<2x1x2xf32> to tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_7]](%[[Y_8]]) : (tensor<1x1x2xf32>, tensor<2xi64>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_10]] : f32) outs(%[[Y_11]] : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[H]], %[[Y_6]] : tensor<1x2xf32>, tensor<2x2xf32>) outs(%[[Y_12]] : tensor<1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_3]], %[[IN_4]] : f32
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_2]], %[[V2]] : f32
// CHECK-NEXT: linalg.yield %[[V3]] : f32
// CHECK-NEXT: } -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_13]], %[[Y_1]] : tensor<1x2xf32>, tensor<2xf32>) outs(%[[Y_14]] : tensor<1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_5]], %[[IN_6]] : f32
// CHECK-NEXT: linalg.yield %[[V4]] : f32
// CHECK-NEXT: } -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[Y_9]], %[[Y_15]] : tensor<1x2xf32>, tensor<1x2xf32>) outs(%[[Y_16]] : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_17]] : tensor<1x2xf32>) outs(%[[Y_18]] : tensor<1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_7]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 1, 2]> : tensor<3xi64>
// CHECK-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_19]](%[[Y_20]]) : (tensor<1x2xf32>, tensor<3xi64>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_4]][0, 0, 0] [1, 1, 2] [1, 1, 1] : tensor<2x1x2xf32> to tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_22]](%[[Y_23]]) : (tensor<1x1x2xf32>, tensor<2xi64>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_25]] : f32) outs(%[[Y_26]] : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[Y_19]], %[[Y_6]] : tensor<1x2xf32>, tensor<2x2xf32>) outs(%[[Y_27]] : tensor<1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_8:[a-zA-Z0-9_$.]+]]: f32, %[[IN_9:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_8]], %[[IN_9]] : f32
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_5]], %[[V6]] : f32
// CHECK-NEXT: linalg.yield %[[V7]] : f32
// CHECK-NEXT: } -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_28]], %[[Y_1]] : tensor<1x2xf32>, tensor<2xf32>) outs(%[[Y_29]] : tensor<1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_10:[a-zA-Z0-9_$.]+]]: f32, %[[IN_11:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_10]], %[[IN_11]] : f32
// CHECK-NEXT: linalg.yield %[[V8]] : f32
// CHECK-NEXT: } -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[Y_32:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[Y_24]], %[[Y_30]] : tensor<1x2xf32>, tensor<1x2xf32>) outs(%[[Y_31]] : tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[Y_H_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_32]] : tensor<1x2xf32>) outs(%[[Y_H]] : tensor<1x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_12:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_7:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_12]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_33:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 1, 2]> : tensor<3xi64>
// CHECK-NEXT: %[[Y_34:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_H_1]](%[[Y_33]]) : (tensor<1x2xf32>, tensor<3xi64>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_35:[a-zA-Z0-9_$.]+]] = tensor.concat dim(0) %[[Y_34]], %[[Y_21]] : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<2x1x2xf32>
// CHECK-NEXT: func.return %[[Y_35]], %[[Y_H_1]] : tensor<2x1x2xf32>, tensor<1x2xf32>
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
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_4]][0, 0, 0] [1, 2, 6] [1, 1, 1] : tensor<1x2x6xf32> to tensor<1x2x6xf32>
// CHECK-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 6]> : tensor<2xi64>
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_11]](%[[Y_12]]) : (tensor<1x2x6xf32>, tensor<2xi64>) -> tensor<2x6xf32>
// CHECK-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_13]][0, 0] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_13]][0, 2] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_13]][0, 4] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_17]] : f32) outs(%[[Y_18]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[H]], %[[Y_7]] : tensor<2x2xf32>, tensor<2x4xf32>) outs(%[[Y_19]] : tensor<2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_3]], %[[IN_4]] : f32
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_2]], %[[V2]] : f32
// CHECK-NEXT: linalg.yield %[[V3]] : f32
// CHECK-NEXT: } -> tensor<2x4xf32>
// CHECK-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_20]], %[[Y_8]] : tensor<2x4xf32>, tensor<4xf32>) outs(%[[Y_21]] : tensor<2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_5]], %[[IN_6]] : f32
// CHECK-NEXT: linalg.yield %[[V4]] : f32
// CHECK-NEXT: } -> tensor<2x4xf32>
// CHECK-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_22]][0, 0] [2, 2] [1, 1] : tensor<2x4xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_22]][0, 2] [2, 2] [1, 1] : tensor<2x4xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[Y_14]], %[[Y_23]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_25]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_26]] : tensor<2x2xf32>) outs(%[[Y_27]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_7]] : f32
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = math.exp %[[V5]] : f32
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addf %[[V6]], %[[V7]] : f32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.divf %[[V9]], %[[V8]] : f32
// CHECK-NEXT: linalg.yield %[[V10]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[Y_15]], %[[Y_24]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_29]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_32:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_30]] : tensor<2x2xf32>) outs(%[[Y_31]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_8:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_8]] : f32
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = math.exp %[[V11]] : f32
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.addf %[[V12]], %[[V13]] : f32
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.divf %[[V15]], %[[V14]] : f32
// CHECK-NEXT: linalg.yield %[[V16]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_33:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_34:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_32]], %[[H]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_33]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: f32, %[[IN_10:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_9]], %[[IN_10]] : f32
// CHECK-NEXT: linalg.yield %[[V17]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_35:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[Y_36:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_37:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_35]] : f32) outs(%[[Y_36]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_38:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[Y_34]], %[[Y_9]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_37]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_11:[a-zA-Z0-9_$.]+]]: f32, %[[IN_12:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_7:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_11]], %[[IN_12]] : f32
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_7]], %[[V18]] : f32
// CHECK-NEXT: linalg.yield %[[V19]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_39:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_40:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_38]], %[[Y_10]] : tensor<2x2xf32>, tensor<2xf32>) outs(%[[Y_39]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_13:[a-zA-Z0-9_$.]+]]: f32, %[[IN_14:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_8:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_13]], %[[IN_14]] : f32
// CHECK-NEXT: linalg.yield %[[V20]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_41:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_42:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[Y_16]], %[[Y_40]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_41]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_43:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_44:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_42]] : tensor<2x2xf32>) outs(%[[Y_43]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_15:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_9:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_15]] : f32
// CHECK-NEXT: linalg.yield %[[V21]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_45:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_46:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[H]], %[[Y_44]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_45]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_16:[a-zA-Z0-9_$.]+]]: f32, %[[IN_17:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_10:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN_16]], %[[IN_17]] : f32
// CHECK-NEXT: linalg.yield %[[V22]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_47:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_48:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_28]], %[[Y_46]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_47]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_18:[a-zA-Z0-9_$.]+]]: f32, %[[IN_19:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_11:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_18]], %[[IN_19]] : f32
// CHECK-NEXT: linalg.yield %[[V23]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_H_1:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[Y_44]], %[[Y_48]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_H]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_49:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 2, 2]> : tensor<3xi64>
// CHECK-NEXT: %[[Y_50:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_H_1]](%[[Y_49]]) : (tensor<2x2xf32>, tensor<3xi64>) -> tensor<1x2x2xf32>
// CHECK-NEXT: func.return %[[Y_50]], %[[Y_H_1]] : tensor<1x2x2xf32>, tensor<2x2xf32>
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
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_4]][0, 0, 0] [1, 2, 8] [1, 1, 1] : tensor<1x2x8xf32> to tensor<1x2x8xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 8]> : tensor<2xi64>
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_7]](%[[Y_8]]) : (tensor<1x2x8xf32>, tensor<2xi64>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_10]] : f32) outs(%[[Y_11]] : tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[H]], %[[Y_6]] : tensor<2x2xf32>, tensor<2x8xf32>) outs(%[[Y_12]] : tensor<2x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_3]], %[[IN_4]] : f32
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_2]], %[[V2]] : f32
// CHECK-NEXT: linalg.yield %[[V3]] : f32
// CHECK-NEXT: } -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_13]], %[[Y_1]] : tensor<2x8xf32>, tensor<8xf32>) outs(%[[Y_14]] : tensor<2x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_5]], %[[IN_6]] : f32
// CHECK-NEXT: linalg.yield %[[V4]] : f32
// CHECK-NEXT: } -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[Y_9]], %[[Y_15]] : tensor<2x8xf32>, tensor<2x8xf32>) outs(%[[Y_16]] : tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_17]][0, 0] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_17]][0, 2] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_17]][0, 4] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_17]][0, 6] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_18]] : tensor<2x2xf32>) outs(%[[Y_22]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_7]] : f32
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = math.exp %[[V5]] : f32
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addf %[[V6]], %[[V7]] : f32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.divf %[[V9]], %[[V8]] : f32
// CHECK-NEXT: linalg.yield %[[V10]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_19]] : tensor<2x2xf32>) outs(%[[Y_24]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_8:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_8]] : f32
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = math.exp %[[V11]] : f32
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.addf %[[V12]], %[[V13]] : f32
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.divf %[[V15]], %[[V14]] : f32
// CHECK-NEXT: linalg.yield %[[V16]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_20]] : tensor<2x2xf32>) outs(%[[Y_26]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_9]] : f32
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = math.exp %[[V17]] : f32
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.addf %[[V18]], %[[V19]] : f32
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.divf %[[V21]], %[[V20]] : f32
// CHECK-NEXT: linalg.yield %[[V22]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_27]], %[[C]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_28]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_10:[a-zA-Z0-9_$.]+]]: f32, %[[IN_11:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_7:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_10]], %[[IN_11]] : f32
// CHECK-NEXT: linalg.yield %[[V23]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_21]] : tensor<2x2xf32>) outs(%[[Y_30]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_12:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_8:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_12]] : f32
// CHECK-NEXT: linalg.yield %[[V24]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_32:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_33:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_23]], %[[Y_31]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_32]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_13:[a-zA-Z0-9_$.]+]]: f32, %[[IN_14:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_9:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_13]], %[[IN_14]] : f32
// CHECK-NEXT: linalg.yield %[[V25]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_C:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_C_1:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[Y_29]], %[[Y_33]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_C]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_34:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_35:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_C_1]] : tensor<2x2xf32>) outs(%[[Y_34]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_15:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_10:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_15]] : f32
// CHECK-NEXT: linalg.yield %[[V26]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[Y_H_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_25]], %[[Y_35]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[Y_H]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_16:[a-zA-Z0-9_$.]+]]: f32, %[[IN_17:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_11:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_16]], %[[IN_17]] : f32
// CHECK-NEXT: linalg.yield %[[V27]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_36:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 2, 2]> : tensor<3xi64>
// CHECK-NEXT: %[[Y_37:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_H_1]](%[[Y_36]]) : (tensor<2x2xf32>, tensor<3xi64>) -> tensor<1x2x2xf32>
// CHECK-NEXT: func.return %[[Y_37]], %[[Y_H_1]], %[[Y_C_1]] : tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
