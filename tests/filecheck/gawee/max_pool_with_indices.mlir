// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s --check-prefix=DECOMPOSED
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.max_pool_with_indices: its syntax (storageOrder left out at 0) and its
// decomposition: the max_pool, then per tap (last first) a strided slice of the padded
// input equal to the maxima, And-ed with where the tap is on the input where it is not
// always, selecting the tap's flat positions, plus each plane's offset; both lowerings
// lower that.
func.func @max_pool_with_indices(%x: tensor<1x2x4x4xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>) {
  %y, %i = gawee.max_pool_with_indices %x kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] dilation = [1, 1] ceilMode = false : (tensor<1x2x4x4xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>)
  func.return %y, %i : tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>
}
func.func @column_major_padded(%x: tensor<1x1x3xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>) {
  %y, %i = gawee.max_pool_with_indices %x kernelSize = [2] strides = [2] padding = [1] dilation = [1] ceilMode = false storageOrder = 1 : (tensor<1x1x3xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>)
  func.return %y, %i : tensor<1x1x2xf32>, tensor<1x1x2xi64>
}

// CHECK-LABEL: func.func @max_pool_with_indices(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]], %[[I:[a-zA-Z0-9_$.]+]] = gawee.max_pool_with_indices %[[X]] kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] dilation = [1, 1] ceilMode = false : (tensor<1x2x4x4xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>)
// CHECK-NEXT: func.return %[[Y]], %[[I]] : tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @column_major_padded(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x3xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]], %[[I:[a-zA-Z0-9_$.]+]] = gawee.max_pool_with_indices %[[X]] kernelSize = [2] strides = [2] padding = [1] dilation = [1] ceilMode = false storageOrder = 1 : (tensor<1x1x3xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>)
// CHECK-NEXT: func.return %[[Y]], %[[I]] : tensor<1x1x2xf32>, tensor<1x1x2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// DECOMPOSED-LABEL: func.func @max_pool_with_indices(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>) {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.max_pool %[[X]] kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] dilation = [1, 1] ceilMode = false : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[0, 2], [8, 10]]> : tensor<2x2xi64>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.slice %[[X]] starts = [1, 1] ends = [4, 4] axes = [2, 3] steps = [2, 2] : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.equal %[[Y_2]], %[[Y]] : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xi1>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[5, 7], [13, 15]]> : tensor<2x2xi64>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_3]], %[[Y_4]], %[[Y_1]] : (tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<1x2x2x2xi64>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.slice %[[X]] starts = [1, 0] ends = [4, 3] axes = [2, 3] steps = [2, 2] : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.equal %[[Y_6]], %[[Y]] : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xi1>
// DECOMPOSED-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[4, 6], [12, 14]]> : tensor<2x2xi64>
// DECOMPOSED-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_7]], %[[Y_8]], %[[Y_5]] : (tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<1x2x2x2xi64>) -> tensor<1x2x2x2xi64>
// DECOMPOSED-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = gawee.slice %[[X]] starts = [0, 1] ends = [3, 4] axes = [2, 3] steps = [2, 2] : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = gawee.equal %[[Y_10]], %[[Y]] : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xi1>
// DECOMPOSED-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[1, 3], [9, 11]]> : tensor<2x2xi64>
// DECOMPOSED-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_11]], %[[Y_12]], %[[Y_9]] : (tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<1x2x2x2xi64>) -> tensor<1x2x2x2xi64>
// DECOMPOSED-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = gawee.slice %[[X]] starts = [0, 0] ends = [3, 3] axes = [2, 3] steps = [2, 2] : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = gawee.equal %[[Y_14]], %[[Y]] : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xi1>
// DECOMPOSED-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[0, 2], [8, 10]]> : tensor<2x2xi64>
// DECOMPOSED-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_15]], %[[Y_16]], %[[Y_13]] : (tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<1x2x2x2xi64>) -> tensor<1x2x2x2xi64>
// DECOMPOSED-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}{{\[}}{{\[}}[0]], {{\[}}[16]]]]> : tensor<1x2x1x1xi64>
// DECOMPOSED-NEXT: %[[I:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_17]], %[[Y_18]] : (tensor<1x2x2x2xi64>, tensor<1x2x1x1xi64>) -> tensor<1x2x2x2xi64>
// DECOMPOSED-NEXT: func.return %[[Y]], %[[I]] : tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>
// DECOMPOSED-NEXT: }
// DECOMPOSED-LABEL: func.func @column_major_padded(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x3xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>) {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.max_pool %[[X]] kernelSize = [2] strides = [2] padding = [1] dilation = [1] ceilMode = false : (tensor<1x1x3xf32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.pad %[[X]] pads = [0, 0, 1, 0, 0, 0] : (tensor<1x1x3xf32>) -> tensor<1x1x4xf32>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.constant dense<[0, 1]> : tensor<2xi64>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_1]] starts = [1] ends = [4] axes = [2] steps = [2] : (tensor<1x1x4xf32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.equal %[[Y_3]], %[[Y]] : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xi1>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.constant dense<[0, 2]> : tensor<2xi64>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_4]], %[[Y_5]], %[[Y_2]] : (tensor<1x1x2xi1>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x1x2xi64>
// DECOMPOSED-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_1]] starts = [0] ends = [3] axes = [2] steps = [2] : (tensor<1x1x4xf32>) -> tensor<1x1x2xf32>
// DECOMPOSED-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = gawee.equal %[[Y_7]], %[[Y]] : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xi1>
// DECOMPOSED-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = gawee.constant dense<[false, true]> : tensor<2xi1>
// DECOMPOSED-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = gawee.and %[[Y_8]], %[[Y_9]] : (tensor<1x1x2xi1>, tensor<2xi1>) -> tensor<1x1x2xi1>
// DECOMPOSED-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = gawee.constant dense<[-1, 1]> : tensor<2xi64>
// DECOMPOSED-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = gawee.where %[[Y_10]], %[[Y_11]], %[[Y_6]] : (tensor<1x1x2xi1>, tensor<2xi64>, tensor<1x1x2xi64>) -> tensor<1x1x2xi64>
// DECOMPOSED-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0> : tensor<1x1x1xi64>
// DECOMPOSED-NEXT: %[[I:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_12]], %[[Y_13]] : (tensor<1x1x2xi64>, tensor<1x1x1xi64>) -> tensor<1x1x2xi64>
// DECOMPOSED-NEXT: func.return %[[Y]], %[[I]] : tensor<1x1x2xf32>, tensor<1x1x2xi64>
// DECOMPOSED-NEXT: }
// DECOMPOSED-NEXT: }

// LINALG-LABEL: func.func @max_pool_with_indices(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>) {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant 0xff800000 : f32
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y]] : f32) outs(%[[Y_1]] : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[X]], %[[Y_3]] : tensor<1x2x4x4xf32>, tensor<2x2xf32>) outs(%[[Y_2]] : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}[0, 2], [8, 10]]> : tensor<2x2xi64>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][0, 0, 1, 1] [1, 2, 2, 2] [1, 1, 2, 2] : tensor<1x2x4x4xf32> to tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xi1>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_6]], %[[Y_4]] : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) outs(%[[Y_7]] : tensor<1x2x2x2xi1>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.cmpf oeq, %[[IN]], %[[IN_1]] : f32
// LINALG-NEXT: linalg.yield %[[V0]] : i1
// LINALG-NEXT: } -> tensor<1x2x2x2xi1>
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}[5, 7], [13, 15]]> : tensor<2x2xi64>
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xi64>
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_8]], %[[Y_9]], %[[Y_5]] : tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<2x2xi64>) outs(%[[Y_10]] : tensor<1x2x2x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i1, %[[IN_3:[a-zA-Z0-9_$.]+]]: i64, %[[IN_4:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.select %[[IN_2]], %[[IN_3]], %[[IN_4]] : i64
// LINALG-NEXT: linalg.yield %[[V1]] : i64
// LINALG-NEXT: } -> tensor<1x2x2x2xi64>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][0, 0, 1, 0] [1, 2, 2, 2] [1, 1, 2, 2] : tensor<1x2x4x4xf32> to tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xi1>
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_12]], %[[Y_4]] : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) outs(%[[Y_13]] : tensor<1x2x2x2xi1>) {
// LINALG-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.cmpf oeq, %[[IN_5]], %[[IN_6]] : f32
// LINALG-NEXT: linalg.yield %[[V2]] : i1
// LINALG-NEXT: } -> tensor<1x2x2x2xi1>
// LINALG-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}[4, 6], [12, 14]]> : tensor<2x2xi64>
// LINALG-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xi64>
// LINALG-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_14]], %[[Y_15]], %[[Y_11]] : tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<1x2x2x2xi64>) outs(%[[Y_16]] : tensor<1x2x2x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: i1, %[[IN_8:[a-zA-Z0-9_$.]+]]: i64, %[[IN_9:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_3:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.select %[[IN_7]], %[[IN_8]], %[[IN_9]] : i64
// LINALG-NEXT: linalg.yield %[[V3]] : i64
// LINALG-NEXT: } -> tensor<1x2x2x2xi64>
// LINALG-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][0, 0, 0, 1] [1, 2, 2, 2] [1, 1, 2, 2] : tensor<1x2x4x4xf32> to tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xi1>
// LINALG-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_18]], %[[Y_4]] : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) outs(%[[Y_19]] : tensor<1x2x2x2xi1>) {
// LINALG-NEXT: ^bb0(%[[IN_10:[a-zA-Z0-9_$.]+]]: f32, %[[IN_11:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.cmpf oeq, %[[IN_10]], %[[IN_11]] : f32
// LINALG-NEXT: linalg.yield %[[V4]] : i1
// LINALG-NEXT: } -> tensor<1x2x2x2xi1>
// LINALG-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}[1, 3], [9, 11]]> : tensor<2x2xi64>
// LINALG-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xi64>
// LINALG-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_20]], %[[Y_21]], %[[Y_17]] : tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<1x2x2x2xi64>) outs(%[[Y_22]] : tensor<1x2x2x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_12:[a-zA-Z0-9_$.]+]]: i1, %[[IN_13:[a-zA-Z0-9_$.]+]]: i64, %[[IN_14:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_5:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.select %[[IN_12]], %[[IN_13]], %[[IN_14]] : i64
// LINALG-NEXT: linalg.yield %[[V5]] : i64
// LINALG-NEXT: } -> tensor<1x2x2x2xi64>
// LINALG-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [1, 2, 2, 2] [1, 1, 2, 2] : tensor<1x2x4x4xf32> to tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xi1>
// LINALG-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_24]], %[[Y_4]] : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) outs(%[[Y_25]] : tensor<1x2x2x2xi1>) {
// LINALG-NEXT: ^bb0(%[[IN_15:[a-zA-Z0-9_$.]+]]: f32, %[[IN_16:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_6:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpf oeq, %[[IN_15]], %[[IN_16]] : f32
// LINALG-NEXT: linalg.yield %[[V6]] : i1
// LINALG-NEXT: } -> tensor<1x2x2x2xi1>
// LINALG-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}[0, 2], [8, 10]]> : tensor<2x2xi64>
// LINALG-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xi64>
// LINALG-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_26]], %[[Y_27]], %[[Y_23]] : tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<1x2x2x2xi64>) outs(%[[Y_28]] : tensor<1x2x2x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_17:[a-zA-Z0-9_$.]+]]: i1, %[[IN_18:[a-zA-Z0-9_$.]+]]: i64, %[[IN_19:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_7:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.select %[[IN_17]], %[[IN_18]], %[[IN_19]] : i64
// LINALG-NEXT: linalg.yield %[[V7]] : i64
// LINALG-NEXT: } -> tensor<1x2x2x2xi64>
// LINALG-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}{{\[}}{{\[}}[0]], {{\[}}[16]]]]> : tensor<1x2x1x1xi64>
// LINALG-NEXT: %[[I:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xi64>
// LINALG-NEXT: %[[I_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_29]], %[[Y_30]] : tensor<1x2x2x2xi64>, tensor<1x2x1x1xi64>) outs(%[[I]] : tensor<1x2x2x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_20:[a-zA-Z0-9_$.]+]]: i64, %[[IN_21:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_8:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addi %[[IN_20]], %[[IN_21]] : i64
// LINALG-NEXT: linalg.yield %[[V8]] : i64
// LINALG-NEXT: } -> tensor<1x2x2x2xi64>
// LINALG-NEXT: func.return %[[Y_4]], %[[I_1]] : tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>
// LINALG-NEXT: }
// LINALG-LABEL: func.func @column_major_padded(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x3xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>) {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[X]] {{\[}}[0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [1, 1, 1, 3] : tensor<1x1x3xf32> into tensor<1x1x1x3xf32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = arith.constant 0xff800000 : f32
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.pad %[[Y]] low[0, 0, 0, 1] high[0, 0, 0, 1] {
// LINALG-NEXT: ^bb0(%[[V0:[a-zA-Z0-9_$.]+]]: index, %[[V1:[a-zA-Z0-9_$.]+]]: index, %[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index):
// LINALG-NEXT: tensor.yield %[[Y_1]] : f32
// LINALG-NEXT: } : tensor<1x1x1x3xf32> to tensor<1x1x1x5xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x1x2xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_1]] : f32) outs(%[[Y_3]] : tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = linalg.pooling_nchw_max {strides = dense<[1, 2]> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[Y_2]], %[[Y_5]] : tensor<1x1x1x5xf32>, tensor<1x2xf32>) outs(%[[Y_4]] : tensor<1x1x1x2xf32>) -> tensor<1x1x1x2xf32>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.collapse_shape %[[Y_6]] {{\[}}[0 : i64], [1 : i64], [2 : i64, 3 : i64]] : tensor<1x1x1x2xf32> into tensor<1x1x2xf32>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 0, 1] high[0, 0, 0] {
// LINALG-NEXT: ^bb0(%[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index, %[[V6:[a-zA-Z0-9_$.]+]]: index):
// LINALG-NEXT: tensor.yield %[[Y_8]] : f32
// LINALG-NEXT: } : tensor<1x1x3xf32> to tensor<1x1x4xf32>
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant dense<[0, 1]> : tensor<2xi64>
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_9]][0, 0, 1] [1, 1, 2] [1, 1, 2] : tensor<1x1x4xf32> to tensor<1x1x2xf32>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x2xi1>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_11]], %[[Y_7]] : tensor<1x1x2xf32>, tensor<1x1x2xf32>) outs(%[[Y_12]] : tensor<1x1x2xi1>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.cmpf oeq, %[[IN]], %[[IN_1]] : f32
// LINALG-NEXT: linalg.yield %[[V7]] : i1
// LINALG-NEXT: } -> tensor<1x1x2xi1>
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = arith.constant dense<[0, 2]> : tensor<2xi64>
// LINALG-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x2xi64>
// LINALG-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_13]], %[[Y_14]], %[[Y_10]] : tensor<1x1x2xi1>, tensor<2xi64>, tensor<2xi64>) outs(%[[Y_15]] : tensor<1x1x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i1, %[[IN_3:[a-zA-Z0-9_$.]+]]: i64, %[[IN_4:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.select %[[IN_2]], %[[IN_3]], %[[IN_4]] : i64
// LINALG-NEXT: linalg.yield %[[V8]] : i64
// LINALG-NEXT: } -> tensor<1x1x2xi64>
// LINALG-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_9]][0, 0, 0] [1, 1, 2] [1, 1, 2] : tensor<1x1x4xf32> to tensor<1x1x2xf32>
// LINALG-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x2xi1>
// LINALG-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_17]], %[[Y_7]] : tensor<1x1x2xf32>, tensor<1x1x2xf32>) outs(%[[Y_18]] : tensor<1x1x2xi1>) {
// LINALG-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.cmpf oeq, %[[IN_5]], %[[IN_6]] : f32
// LINALG-NEXT: linalg.yield %[[V9]] : i1
// LINALG-NEXT: } -> tensor<1x1x2xi1>
// LINALG-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = arith.constant dense<[false, true]> : tensor<2xi1>
// LINALG-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x2xi1>
// LINALG-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_19]], %[[Y_20]] : tensor<1x1x2xi1>, tensor<2xi1>) outs(%[[Y_21]] : tensor<1x1x2xi1>) {
// LINALG-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: i1, %[[IN_8:[a-zA-Z0-9_$.]+]]: i1, %[[OUT_3:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.andi %[[IN_7]], %[[IN_8]] : i1
// LINALG-NEXT: linalg.yield %[[V10]] : i1
// LINALG-NEXT: } -> tensor<1x1x2xi1>
// LINALG-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = arith.constant dense<[-1, 1]> : tensor<2xi64>
// LINALG-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x2xi64>
// LINALG-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_22]], %[[Y_23]], %[[Y_16]] : tensor<1x1x2xi1>, tensor<2xi64>, tensor<1x1x2xi64>) outs(%[[Y_24]] : tensor<1x1x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: i1, %[[IN_10:[a-zA-Z0-9_$.]+]]: i64, %[[IN_11:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_4:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.select %[[IN_9]], %[[IN_10]], %[[IN_11]] : i64
// LINALG-NEXT: linalg.yield %[[V11]] : i64
// LINALG-NEXT: } -> tensor<1x1x2xi64>
// LINALG-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = arith.constant dense<0> : tensor<1x1x1xi64>
// LINALG-NEXT: %[[I:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x2xi64>
// LINALG-NEXT: %[[I_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_25]], %[[Y_26]] : tensor<1x1x2xi64>, tensor<1x1x1xi64>) outs(%[[I]] : tensor<1x1x2xi64>) {
// LINALG-NEXT: ^bb0(%[[IN_12:[a-zA-Z0-9_$.]+]]: i64, %[[IN_13:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_5:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.addi %[[IN_12]], %[[IN_13]] : i64
// LINALG-NEXT: linalg.yield %[[V12]] : i64
// LINALG-NEXT: } -> tensor<1x1x2xi64>
// LINALG-NEXT: func.return %[[Y_7]], %[[I_1]] : tensor<1x1x2xf32>, tensor<1x1x2xi64>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @max_pool_with_indices(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>) {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.transpose %[[X]] permutation = [0, 2, 3, 1] : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.pool max %[[Y]] input_shape = [1, 4, 4, 2] output_shape = [1, 2, 2, 2] kernel_size = [2, 2] stride = [2, 2] padding = [0, 0, 0, 0] dilation = [1, 1] : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_1]] permutation = [0, 3, 1, 2] : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[0, 2], [8, 10]]> : tensor<2x2xi64>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.slice %[[X]] starts = [0, 0, 1, 1] ends = [1, 2, 4, 4] strides = [1, 1, 2, 2] : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y_4]], %[[Y_2]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xi1>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[5, 7], [13, 15]]> : tensor<2x2xi64>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_5]], %[[Y_6]], %[[Y_3]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<1x2x2x2xi64>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.slice %[[X]] starts = [0, 0, 1, 0] ends = [1, 2, 4, 3] strides = [1, 1, 2, 2] : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y_8]], %[[Y_2]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xi1>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[4, 6], [12, 14]]> : tensor<2x2xi64>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_9]], %[[Y_10]], %[[Y_7]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<1x2x2x2xi64>) -> tensor<1x2x2x2xi64>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.slice %[[X]] starts = [0, 0, 0, 1] ends = [1, 2, 3, 4] strides = [1, 1, 2, 2] : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y_12]], %[[Y_2]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xi1>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[1, 3], [9, 11]]> : tensor<2x2xi64>
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_13]], %[[Y_14]], %[[Y_11]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<1x2x2x2xi64>) -> tensor<1x2x2x2xi64>
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = mir.slice %[[X]] starts = [0, 0, 0, 0] ends = [1, 2, 3, 3] strides = [1, 1, 2, 2] : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y_16]], %[[Y_2]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xi1>
// MIR-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[0, 2], [8, 10]]> : tensor<2x2xi64>
// MIR-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_17]], %[[Y_18]], %[[Y_15]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xi1>, tensor<2x2xi64>, tensor<1x2x2x2xi64>) -> tensor<1x2x2x2xi64>
// MIR-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}{{\[}}[0]], {{\[}}[16]]]]> : tensor<1x2x1x1xi64>
// MIR-NEXT: %[[I:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_19]], %[[Y_20]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xi64>, tensor<1x2x1x1xi64>) -> tensor<1x2x2x2xi64>
// MIR-NEXT: func.return %[[Y_2]], %[[I]] : tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>
// MIR-NEXT: }
// MIR-LABEL: func.func @column_major_padded(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x3xf32>) -> (tensor<1x1x2xf32>, tensor<1x1x2xi64>) {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x1x3xf32>) -> tensor<1x1x1x3xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y]] permutation = [0, 2, 3, 1] : (tensor<1x1x1x3xf32>) -> tensor<1x1x3x1xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.pool max %[[Y_1]] input_shape = [1, 1, 3, 1] output_shape = [1, 1, 2, 1] kernel_size = [1, 2] stride = [1, 2] padding = [0, 1, 0, 1] dilation = [1, 1] : (tensor<1x1x3x1xf32>) -> tensor<1x1x2x1xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_2]] permutation = [0, 3, 1, 2] : (tensor<1x1x2x1xf32>) -> tensor<1x1x1x2xf32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_3]] : (tensor<1x1x1x2xf32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 1, 2]> : tensor<4xi64>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.gather %[[X]], %[[Y_5]] axis = 2 : (tensor<1x1x3xf32>, tensor<4xi64>) -> tensor<1x1x4xf32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}[false, true, true, true]]]> : tensor<1x1x4xi1>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_7]], %[[Y_6]], %[[Y_8]] broadcast_shape = [1, 1, 4] : (tensor<1x1x4xi1>, tensor<1x1x4xf32>, tensor<f32>) -> tensor<1x1x4xf32>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 1]> : tensor<2xi64>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_9]] starts = [0, 0, 1] ends = [1, 1, 4] strides = [1, 1, 2] : (tensor<1x1x4xf32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y_11]], %[[Y_4]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xi1>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 2]> : tensor<2xi64>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_12]], %[[Y_13]], %[[Y_10]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xi1>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x1x2xi64>
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_9]] starts = [0, 0, 0] ends = [1, 1, 3] strides = [1, 1, 2] : (tensor<1x1x4xf32>) -> tensor<1x1x2xf32>
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y_15]], %[[Y_4]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<1x1x2xi1>
// MIR-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.constant dense<[false, true]> : tensor<2xi1>
// MIR-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.broadcast_and %[[Y_16]], %[[Y_17]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xi1>, tensor<2xi1>) -> tensor<1x1x2xi1>
// MIR-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.constant dense<[-1, 1]> : tensor<2xi64>
// MIR-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_18]], %[[Y_19]], %[[Y_14]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xi1>, tensor<2xi64>, tensor<1x1x2xi64>) -> tensor<1x1x2xi64>
// MIR-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<1x1x1xi64>
// MIR-NEXT: %[[I:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_20]], %[[Y_21]] broadcast_shape = [1, 1, 2] : (tensor<1x1x2xi64>, tensor<1x1x1xi64>) -> tensor<1x1x2xi64>
// MIR-NEXT: func.return %[[Y_4]], %[[I]] : tensor<1x1x2xf32>, tensor<1x1x2xi64>
// MIR-NEXT: }
// MIR-NEXT: }
