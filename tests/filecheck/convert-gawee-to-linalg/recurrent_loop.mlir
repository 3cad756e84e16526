// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s
// RUN: sed 's/tensor<5x/tensor<1x/g' %s | xdsl-opt -p convert-gawee-to-linalg | filecheck %s

// One loop over time whose body does not grow with the sequence: the same checks hold for
// this reverse LSTM over 5 time steps and (the second RUN line) over 1. Only the sizes of
// the time dim, the loop's upper bound and the last time index (T - 1) differ.

func.func @lstm(%x: tensor<5x2x3xf32>, %w: tensor<8x3xf32>, %r: tensor<8x2xf32>, %b: tensor<16xf32>, %h: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> (tensor<5x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %y, %y_h, %y_c = gawee.lstm %x, %w, %r, %b, %h, %c reverse = true : (tensor<5x2x3xf32>, tensor<8x3xf32>, tensor<8x2xf32>, tensor<16xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<5x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  func.return %y, %y_h, %y_c : tensor<5x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @lstm(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<{{[15]}}x2x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<8x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<8x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<16xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>) -> (tensor<{{[15]}}x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[B]][0] [8] [1] : tensor<16xf32> to tensor<8xf32>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[B]][8] [8] [1] : tensor<16xf32> to tensor<8xf32>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<{{[15]}}x2x8xf32>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y]] : tensor<8xf32>) outs(%[[Y_2]] : tensor<{{[15]}}x2x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<{{[15]}}x2x8xf32>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<{{[15]}}x2x3xf32>, tensor<8x3xf32>) outs(%[[Y_3]] : tensor<{{[15]}}x2x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_1]], %[[IN_2]] : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_1]], %[[V0]] : f32
// CHECK-NEXT: linalg.yield %[[V1]] : f32
// CHECK-NEXT: } -> tensor<{{[15]}}x2x8xf32>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[R]]:tensor<8x2xf32>) outs(%[[Y_5]]:tensor<2x8xf32>) permutation = [1, 0]
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<{{[15]}}x2x2xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant {{[40]}} : index
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant {{[15]}} : index
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_C:[a-zA-Z0-9_$.]+]], %[[Y_12:[a-zA-Z0-9_$.]+]] = scf.for %[[V2:[a-zA-Z0-9_$.]+]] = %[[Y_9]] to %[[Y_10]] step %[[Y_11]] iter_args(%[[V3:[a-zA-Z0-9_$.]+]] = %[[H]], %[[V4:[a-zA-Z0-9_$.]+]] = %[[C]], %[[V5:[a-zA-Z0-9_$.]+]] = %[[Y_7]]) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<{{[15]}}x2x2xf32>) {
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.subi %[[Y_8]], %[[V2]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_4]][%[[V6]], 0, 0] [1, 2, 8] [1, 1, 1] : tensor<{{[15]}}x2x8xf32> to tensor<2x8xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V8]] : f32) outs(%[[V9]] : tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[V3]], %[[Y_6]] : tensor<2x2xf32>, tensor<2x8xf32>) outs(%[[V10]] : tensor<2x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_3]], %[[IN_4]] : f32
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_2]], %[[V12]] : f32
// CHECK-NEXT: linalg.yield %[[V13]] : f32
// CHECK-NEXT: } -> tensor<2x8xf32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V11]], %[[Y_1]] : tensor<2x8xf32>, tensor<8xf32>) outs(%[[V14]] : tensor<2x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_5]], %[[IN_6]] : f32
// CHECK-NEXT: linalg.yield %[[V16]] : f32
// CHECK-NEXT: } -> tensor<2x8xf32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x8xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[V7]], %[[V15]] : tensor<2x8xf32>, tensor<2x8xf32>) outs(%[[V17]] : tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V18]][0, 0] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V18]][0, 2] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V18]][0, 4] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V18]][0, 6] [2, 2] [1, 1] : tensor<2x8xf32> to tensor<2x2xf32>
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V19]] : tensor<2x2xf32>) outs(%[[V23]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_7]] : f32
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = math.exp %[[V25]] : f32
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.addf %[[V26]], %[[V27]] : f32
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.divf %[[V29]], %[[V28]] : f32
// CHECK-NEXT: linalg.yield %[[V30]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V20]] : tensor<2x2xf32>) outs(%[[V31]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_8:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_8]] : f32
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = math.exp %[[V33]] : f32
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.addf %[[V34]], %[[V35]] : f32
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = arith.divf %[[V37]], %[[V36]] : f32
// CHECK-NEXT: linalg.yield %[[V38]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V21]] : tensor<2x2xf32>) outs(%[[V39]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = arith.negf %[[IN_9]] : f32
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = math.exp %[[V41]] : f32
// CHECK-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = arith.addf %[[V42]], %[[V43]] : f32
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = arith.divf %[[V45]], %[[V44]] : f32
// CHECK-NEXT: linalg.yield %[[V46]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V40]], %[[V4]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V47]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_10:[a-zA-Z0-9_$.]+]]: f32, %[[IN_11:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_7:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V49:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_10]], %[[IN_11]] : f32
// CHECK-NEXT: linalg.yield %[[V49]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V51:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V22]] : tensor<2x2xf32>) outs(%[[V50]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_12:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_8:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V52:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_12]] : f32
// CHECK-NEXT: linalg.yield %[[V52]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V53:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V54:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V24]], %[[V51]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V53]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_13:[a-zA-Z0-9_$.]+]]: f32, %[[IN_14:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_9:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V55:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_13]], %[[IN_14]] : f32
// CHECK-NEXT: linalg.yield %[[V55]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V56:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V57:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[V48]], %[[V54]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V56]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V58:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V59:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V57]] : tensor<2x2xf32>) outs(%[[V58]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_15:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_10:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V60:[a-zA-Z0-9_$.]+]] = math.tanh %[[IN_15]] : f32
// CHECK-NEXT: linalg.yield %[[V60]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V61:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V62:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V32]], %[[V59]] : tensor<2x2xf32>, tensor<2x2xf32>) outs(%[[V61]] : tensor<2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_16:[a-zA-Z0-9_$.]+]]: f32, %[[IN_17:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_11:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V63:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_16]], %[[IN_17]] : f32
// CHECK-NEXT: linalg.yield %[[V63]] : f32
// CHECK-NEXT: } -> tensor<2x2xf32>
// CHECK-NEXT: %[[V64:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V62]] into %[[V5]][%[[V6]], 0, 0] [1, 2, 2] [1, 1, 1] : tensor<2x2xf32> into tensor<{{[15]}}x2x2xf32>
// CHECK-NEXT: scf.yield %[[V62]], %[[V57]], %[[V64]] : tensor<2x2xf32>, tensor<2x2xf32>, tensor<{{[15]}}x2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y_12]], %[[Y_H]], %[[Y_C]] : tensor<{{[15]}}x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
