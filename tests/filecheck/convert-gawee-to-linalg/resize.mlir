// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// resize: one generic over the result; a dim that keeps size and scale reads linalg.index,
// a resized one maps the output index to its f64 source coordinate (ONNX's formula in
// arith), then nearest rounds it (floor by fptosi, + 1 by nearestMode) and extracts one
// element, linear extracts the neighbours ceil(x) - 1 and ceil(x) of every resized dim and
// interpolates in f64 (extf ... truncf). Indices are clamped with maxsi / minsi.

func.func @nearest_upsample(%x: tensor<1x1x2x3xf32>) -> tensor<1x1x4x6xf32> {
  %0 = gawee.resize %x coordinateTransformationMode = "asymmetric" nearestMode = "floor" scales = [1.0, 1.0, 2.0, 2.0] : (tensor<1x1x2x3xf32>) -> tensor<1x1x4x6xf32>
  func.return %0 : tensor<1x1x4x6xf32>
}

// CHECK-LABEL: func.func @nearest_upsample(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x2x3xf32>) -> tensor<1x1x4x6xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x4x6xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%[[V0]] : tensor<1x1x4x6xf32>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V4]] : index to i64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V5]] : i64 to f64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.divf %[[V6]], %[[V7]] : f64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.fptosi %[[V8]] : f64 to i64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V9]] : i64 to f64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.cmpf ogt, %[[V10]], %[[V8]] : f64
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.extui %[[V11]] : i1 to i64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.subi %[[V9]], %[[V12]] : i64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V13]], %[[V14]] : i64
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V15]], %[[V16]] : i64
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V17]] : i64 to index
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = linalg.index 3 : index
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V19]] : index to i64
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V20]] : i64 to f64
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.divf %[[V21]], %[[V22]] : f64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.fptosi %[[V23]] : f64 to i64
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V24]] : i64 to f64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.cmpf ogt, %[[V25]], %[[V23]] : f64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.extui %[[V26]] : i1 to i64
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.subi %[[V24]], %[[V27]] : i64
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V28]], %[[V29]] : i64
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V30]], %[[V31]] : i64
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V32]] : i64 to index
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V3]], %[[V18]], %[[V33]]] : tensor<1x1x2x3xf32>
// CHECK-NEXT: linalg.yield %[[V34]] : f32
// CHECK-NEXT: } -> tensor<1x1x4x6xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<1x1x4x6xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @nearest_round_prefer_ceil_i64(%x: tensor<3x5xi64>) -> tensor<3x3xi64> {
  %0 = gawee.resize %x nearestMode = "round_prefer_ceil" : (tensor<3x5xi64>) -> tensor<3x3xi64>
  func.return %0 : tensor<3x3xi64>
}

// CHECK-LABEL: func.func @nearest_round_prefer_ceil_i64(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x5xi64>) -> tensor<3x3xi64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x3xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[V0]] : tensor<3x3xi64>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V3]] : index to i64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V4]] : i64 to f64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.addf %[[V5]], %[[V6]] : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 6.000000e-01 : f64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.divf %[[V7]], %[[V8]] : f64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.subf %[[V9]], %[[V10]] : f64
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.fptosi %[[V11]] : f64 to i64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V12]] : i64 to f64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.cmpf ogt, %[[V13]], %[[V11]] : f64
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.extui %[[V14]] : i1 to i64
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.subi %[[V12]], %[[V15]] : i64
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V16]] : i64 to f64
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.subf %[[V11]], %[[V17]] : f64
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.cmpf oge, %[[V18]], %[[V19]] : f64
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.extui %[[V20]] : i1 to i64
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.addi %[[V16]], %[[V21]] : i64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V22]], %[[V23]] : i64
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V24]], %[[V25]] : i64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V26]] : i64 to index
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V27]]] : tensor<3x5xi64>
// CHECK-NEXT: linalg.yield %[[V28]] : i64
// CHECK-NEXT: } -> tensor<3x3xi64>
// CHECK-NEXT: func.return %[[V1]] : tensor<3x3xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @bilinear(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x5x7xf32> {
  %0 = gawee.resize %x mode = "linear" coordinateTransformationMode = "pytorch_half_pixel" : (tensor<1x2x3x4xf32>) -> tensor<1x2x5x7xf32>
  func.return %0 : tensor<1x2x5x7xf32>
}

// CHECK-LABEL: func.func @bilinear(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3x4xf32>) -> tensor<1x2x5x7xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x5x7xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%[[V0]] : tensor<1x2x5x7xf32>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V4]] : index to i64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V5]] : i64 to f64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addf %[[V6]], %[[V7]] : f64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 1.6666666666666667 : f64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.divf %[[V8]], %[[V9]] : f64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.subf %[[V10]], %[[V11]] : f64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.fptosi %[[V12]] : f64 to i64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V13]] : i64 to f64
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.cmpf olt, %[[V14]], %[[V12]] : f64
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.extui %[[V15]] : i1 to i64
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.addi %[[V13]], %[[V16]] : i64
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.subi %[[V17]], %[[V18]] : i64
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V19]] : i64 to f64
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.subf %[[V12]], %[[V20]] : f64
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.subf %[[V22]], %[[V21]] : f64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.addi %[[V19]], %[[V24]] : i64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V19]], %[[V26]] : i64
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V27]], %[[V28]] : i64
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V29]] : i64 to index
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V25]], %[[V31]] : i64
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V32]], %[[V33]] : i64
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V34]] : i64 to index
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = linalg.index 3 : index
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V36]] : index to i64
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V37]] : i64 to f64
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = arith.addf %[[V38]], %[[V39]] : f64
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = arith.constant 1.750000e+00 : f64
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = arith.divf %[[V40]], %[[V41]] : f64
// CHECK-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = arith.subf %[[V42]], %[[V43]] : f64
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = arith.fptosi %[[V44]] : f64 to i64
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V45]] : i64 to f64
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = arith.cmpf olt, %[[V46]], %[[V44]] : f64
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = arith.extui %[[V47]] : i1 to i64
// CHECK-NEXT: %[[V49:[a-zA-Z0-9_$.]+]] = arith.addi %[[V45]], %[[V48]] : i64
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V51:[a-zA-Z0-9_$.]+]] = arith.subi %[[V49]], %[[V50]] : i64
// CHECK-NEXT: %[[V52:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V51]] : i64 to f64
// CHECK-NEXT: %[[V53:[a-zA-Z0-9_$.]+]] = arith.subf %[[V44]], %[[V52]] : f64
// CHECK-NEXT: %[[V54:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V55:[a-zA-Z0-9_$.]+]] = arith.subf %[[V54]], %[[V53]] : f64
// CHECK-NEXT: %[[V56:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V57:[a-zA-Z0-9_$.]+]] = arith.addi %[[V51]], %[[V56]] : i64
// CHECK-NEXT: %[[V58:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V59:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V51]], %[[V58]] : i64
// CHECK-NEXT: %[[V60:[a-zA-Z0-9_$.]+]] = arith.constant 3 : i64
// CHECK-NEXT: %[[V61:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V59]], %[[V60]] : i64
// CHECK-NEXT: %[[V62:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V61]] : i64 to index
// CHECK-NEXT: %[[V63:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V64:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V57]], %[[V63]] : i64
// CHECK-NEXT: %[[V65:[a-zA-Z0-9_$.]+]] = arith.constant 3 : i64
// CHECK-NEXT: %[[V66:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V64]], %[[V65]] : i64
// CHECK-NEXT: %[[V67:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V66]] : i64 to index
// CHECK-NEXT: %[[V68:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V3]], %[[V30]], %[[V62]]] : tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[V69:[a-zA-Z0-9_$.]+]] = arith.extf %[[V68]] : f32 to f64
// CHECK-NEXT: %[[V70:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V69]], %[[V23]] : f64
// CHECK-NEXT: %[[V71:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V3]], %[[V35]], %[[V62]]] : tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[V72:[a-zA-Z0-9_$.]+]] = arith.extf %[[V71]] : f32 to f64
// CHECK-NEXT: %[[V73:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V72]], %[[V21]] : f64
// CHECK-NEXT: %[[V74:[a-zA-Z0-9_$.]+]] = arith.addf %[[V70]], %[[V73]] : f64
// CHECK-NEXT: %[[V75:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V74]], %[[V55]] : f64
// CHECK-NEXT: %[[V76:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V3]], %[[V30]], %[[V67]]] : tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[V77:[a-zA-Z0-9_$.]+]] = arith.extf %[[V76]] : f32 to f64
// CHECK-NEXT: %[[V78:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V77]], %[[V23]] : f64
// CHECK-NEXT: %[[V79:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V3]], %[[V35]], %[[V67]]] : tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[V80:[a-zA-Z0-9_$.]+]] = arith.extf %[[V79]] : f32 to f64
// CHECK-NEXT: %[[V81:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V80]], %[[V21]] : f64
// CHECK-NEXT: %[[V82:[a-zA-Z0-9_$.]+]] = arith.addf %[[V78]], %[[V81]] : f64
// CHECK-NEXT: %[[V83:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V82]], %[[V53]] : f64
// CHECK-NEXT: %[[V84:[a-zA-Z0-9_$.]+]] = arith.addf %[[V75]], %[[V83]] : f64
// CHECK-NEXT: %[[V85:[a-zA-Z0-9_$.]+]] = arith.truncf %[[V84]] : f64 to f32
// CHECK-NEXT: linalg.yield %[[V85]] : f32
// CHECK-NEXT: } -> tensor<1x2x5x7xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<1x2x5x7xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @linear_align_corners_f64(%x: tensor<2x5xf64>) -> tensor<2x3xf64> {
  %0 = gawee.resize %x mode = "linear" coordinateTransformationMode = "align_corners" scales = [1.0, 0.6000000238418579] : (tensor<2x5xf64>) -> tensor<2x3xf64>
  func.return %0 : tensor<2x3xf64>
}

// CHECK-LABEL: func.func @linear_align_corners_f64(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x5xf64>) -> tensor<2x3xf64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[V0]] : tensor<2x3xf64>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V3]] : index to i64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V4]] : i64 to f64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 4.000000e+00 : f64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V5]], %[[V6]] : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 2.0000001192092896 : f64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.divf %[[V7]], %[[V8]] : f64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.fptosi %[[V9]] : f64 to i64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V10]] : i64 to f64
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.cmpf olt, %[[V11]], %[[V9]] : f64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.extui %[[V12]] : i1 to i64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.addi %[[V10]], %[[V13]] : i64
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.subi %[[V14]], %[[V15]] : i64
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V16]] : i64 to f64
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.subf %[[V9]], %[[V17]] : f64
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.subf %[[V19]], %[[V18]] : f64
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.addi %[[V16]], %[[V21]] : i64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V16]], %[[V23]] : i64
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V24]], %[[V25]] : i64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V26]] : i64 to index
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V22]], %[[V28]] : i64
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V29]], %[[V30]] : i64
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V31]] : i64 to index
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V27]]] : tensor<2x5xf64>
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V33]], %[[V20]] : f64
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V32]]] : tensor<2x5xf64>
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V35]], %[[V18]] : f64
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.addf %[[V34]], %[[V36]] : f64
// CHECK-NEXT: linalg.yield %[[V37]] : f64
// CHECK-NEXT: } -> tensor<2x3xf64>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// cubic: the taps ceil(x) - 2 .. ceil(x) + 1, Keys' kernel (a = -0.5 here) of their
// distances from x in arith, one extract per tap, summed in f64.
func.func @cubic(%x: tensor<3xf32>) -> tensor<5xf32> {
  %0 = gawee.resize %x mode = "cubic" cubicCoeffA = -5.000000e-01 : (tensor<3xf32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// CHECK-LABEL: func.func @cubic(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3xf32>) -> tensor<5xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<5xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%[[V0]] : tensor<5xf32>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V2]] : index to i64
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V3]] : i64 to f64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.addf %[[V4]], %[[V5]] : f64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 1.6666666666666667 : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.divf %[[V6]], %[[V7]] : f64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.subf %[[V8]], %[[V9]] : f64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.fptosi %[[V10]] : f64 to i64
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V11]] : i64 to f64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.cmpf olt, %[[V12]], %[[V10]] : f64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.extui %[[V13]] : i1 to i64
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.addi %[[V11]], %[[V14]] : i64
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.subi %[[V15]], %[[V16]] : i64
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V17]] : i64 to f64
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.subf %[[V10]], %[[V18]] : f64
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.subf %[[V20]], %[[V19]] : f64
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.addf %[[V19]], %[[V22]] : f64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.constant -5.000000e-01 : f64
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V24]], %[[V23]] : f64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.subf %[[V25]], %[[V26]] : f64
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V27]], %[[V23]] : f64
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.constant -4.000000e+00 : f64
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.addf %[[V28]], %[[V29]] : f64
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V30]], %[[V23]] : f64
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = arith.constant -2.000000e+00 : f64
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = arith.subf %[[V31]], %[[V32]] : f64
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = arith.addf %[[V21]], %[[V34]] : f64
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.constant -5.000000e-01 : f64
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V36]], %[[V35]] : f64
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = arith.subf %[[V37]], %[[V38]] : f64
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V39]], %[[V35]] : f64
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = arith.constant -4.000000e+00 : f64
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = arith.addf %[[V40]], %[[V41]] : f64
// CHECK-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V42]], %[[V35]] : f64
// CHECK-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = arith.constant -2.000000e+00 : f64
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = arith.subf %[[V43]], %[[V44]] : f64
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = arith.constant 1.500000e+00 : f64
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V46]], %[[V19]] : f64
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = arith.constant 2.500000e+00 : f64
// CHECK-NEXT: %[[V49:[a-zA-Z0-9_$.]+]] = arith.subf %[[V47]], %[[V48]] : f64
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V49]], %[[V19]] : f64
// CHECK-NEXT: %[[V51:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V50]], %[[V19]] : f64
// CHECK-NEXT: %[[V52:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V53:[a-zA-Z0-9_$.]+]] = arith.addf %[[V51]], %[[V52]] : f64
// CHECK-NEXT: %[[V54:[a-zA-Z0-9_$.]+]] = arith.constant 1.500000e+00 : f64
// CHECK-NEXT: %[[V55:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V54]], %[[V21]] : f64
// CHECK-NEXT: %[[V56:[a-zA-Z0-9_$.]+]] = arith.constant 2.500000e+00 : f64
// CHECK-NEXT: %[[V57:[a-zA-Z0-9_$.]+]] = arith.subf %[[V55]], %[[V56]] : f64
// CHECK-NEXT: %[[V58:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V57]], %[[V21]] : f64
// CHECK-NEXT: %[[V59:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V58]], %[[V21]] : f64
// CHECK-NEXT: %[[V60:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V61:[a-zA-Z0-9_$.]+]] = arith.addf %[[V59]], %[[V60]] : f64
// CHECK-NEXT: %[[V62:[a-zA-Z0-9_$.]+]] = arith.constant -1 : i64
// CHECK-NEXT: %[[V63:[a-zA-Z0-9_$.]+]] = arith.addi %[[V17]], %[[V62]] : i64
// CHECK-NEXT: %[[V64:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V65:[a-zA-Z0-9_$.]+]] = arith.addi %[[V17]], %[[V64]] : i64
// CHECK-NEXT: %[[V66:[a-zA-Z0-9_$.]+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[V67:[a-zA-Z0-9_$.]+]] = arith.addi %[[V17]], %[[V66]] : i64
// CHECK-NEXT: %[[V68:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V69:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V63]], %[[V68]] : i64
// CHECK-NEXT: %[[V70:[a-zA-Z0-9_$.]+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[V71:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V69]], %[[V70]] : i64
// CHECK-NEXT: %[[V72:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V71]] : i64 to index
// CHECK-NEXT: %[[V73:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V74:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V17]], %[[V73]] : i64
// CHECK-NEXT: %[[V75:[a-zA-Z0-9_$.]+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[V76:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V74]], %[[V75]] : i64
// CHECK-NEXT: %[[V77:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V76]] : i64 to index
// CHECK-NEXT: %[[V78:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V79:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V65]], %[[V78]] : i64
// CHECK-NEXT: %[[V80:[a-zA-Z0-9_$.]+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[V81:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V79]], %[[V80]] : i64
// CHECK-NEXT: %[[V82:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V81]] : i64 to index
// CHECK-NEXT: %[[V83:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V84:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V67]], %[[V83]] : i64
// CHECK-NEXT: %[[V85:[a-zA-Z0-9_$.]+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[V86:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V84]], %[[V85]] : i64
// CHECK-NEXT: %[[V87:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V86]] : i64 to index
// CHECK-NEXT: %[[V88:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V72]]] : tensor<3xf32>
// CHECK-NEXT: %[[V89:[a-zA-Z0-9_$.]+]] = arith.extf %[[V88]] : f32 to f64
// CHECK-NEXT: %[[V90:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V89]], %[[V33]] : f64
// CHECK-NEXT: %[[V91:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V77]]] : tensor<3xf32>
// CHECK-NEXT: %[[V92:[a-zA-Z0-9_$.]+]] = arith.extf %[[V91]] : f32 to f64
// CHECK-NEXT: %[[V93:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V92]], %[[V53]] : f64
// CHECK-NEXT: %[[V94:[a-zA-Z0-9_$.]+]] = arith.addf %[[V90]], %[[V93]] : f64
// CHECK-NEXT: %[[V95:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V82]]] : tensor<3xf32>
// CHECK-NEXT: %[[V96:[a-zA-Z0-9_$.]+]] = arith.extf %[[V95]] : f32 to f64
// CHECK-NEXT: %[[V97:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V96]], %[[V61]] : f64
// CHECK-NEXT: %[[V98:[a-zA-Z0-9_$.]+]] = arith.addf %[[V94]], %[[V97]] : f64
// CHECK-NEXT: %[[V99:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V87]]] : tensor<3xf32>
// CHECK-NEXT: %[[V100:[a-zA-Z0-9_$.]+]] = arith.extf %[[V99]] : f32 to f64
// CHECK-NEXT: %[[V101:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V100]], %[[V45]] : f64
// CHECK-NEXT: %[[V102:[a-zA-Z0-9_$.]+]] = arith.addf %[[V98]], %[[V101]] : f64
// CHECK-NEXT: %[[V103:[a-zA-Z0-9_$.]+]] = arith.truncf %[[V102]] : f64 to f32
// CHECK-NEXT: linalg.yield %[[V103]] : f32
// CHECK-NEXT: } -> tensor<5xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// linear with antialias and excludeOutside (scale 0.5): 4 taps, weights max(0, 1 - |0.5 (i - r)|)
// normalized, then those outside the input zeroed (clamp(p + 1, 0, 1) * clamp(size - p, 0, 1))
// and renormalized.
func.func @linear_antialias_exclude_outside(%x: tensor<4xf64>) -> tensor<2xf64> {
  %0 = gawee.resize %x mode = "linear" excludeOutside = true antialias = true : (tensor<4xf64>) -> tensor<2xf64>
  func.return %0 : tensor<2xf64>
}

// CHECK-LABEL: func.func @linear_antialias_exclude_outside(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xf64>) -> tensor<2xf64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%[[V0]] : tensor<2xf64>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V2]] : index to i64
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V3]] : i64 to f64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.addf %[[V4]], %[[V5]] : f64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.divf %[[V6]], %[[V7]] : f64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.subf %[[V8]], %[[V9]] : f64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.fptosi %[[V10]] : f64 to i64
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V11]] : i64 to f64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.cmpf olt, %[[V12]], %[[V10]] : f64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.extui %[[V13]] : i1 to i64
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.addi %[[V11]], %[[V14]] : i64
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.subi %[[V15]], %[[V16]] : i64
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V17]] : i64 to f64
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.subf %[[V10]], %[[V18]] : f64
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.constant -1.000000e+00 : f64
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.subf %[[V21]], %[[V19]] : f64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V20]], %[[V22]] : f64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.subf %[[V24]], %[[V23]] : f64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V23]], %[[V25]] : f64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.subf %[[V28]], %[[V26]] : f64
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V27]], %[[V29]] : f64
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = arith.subf %[[V32]], %[[V19]] : f64
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V31]], %[[V33]] : f64
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.subf %[[V35]], %[[V34]] : f64
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V34]], %[[V36]] : f64
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = arith.subf %[[V39]], %[[V37]] : f64
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V38]], %[[V40]] : f64
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = arith.subf %[[V43]], %[[V19]] : f64
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V42]], %[[V44]] : f64
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = arith.subf %[[V46]], %[[V45]] : f64
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V45]], %[[V47]] : f64
// CHECK-NEXT: %[[V49:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V51:[a-zA-Z0-9_$.]+]] = arith.subf %[[V50]], %[[V48]] : f64
// CHECK-NEXT: %[[V52:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V49]], %[[V51]] : f64
// CHECK-NEXT: %[[V53:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V54:[a-zA-Z0-9_$.]+]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[V55:[a-zA-Z0-9_$.]+]] = arith.subf %[[V54]], %[[V19]] : f64
// CHECK-NEXT: %[[V56:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V53]], %[[V55]] : f64
// CHECK-NEXT: %[[V57:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V58:[a-zA-Z0-9_$.]+]] = arith.subf %[[V57]], %[[V56]] : f64
// CHECK-NEXT: %[[V59:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V56]], %[[V58]] : f64
// CHECK-NEXT: %[[V60:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V61:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V62:[a-zA-Z0-9_$.]+]] = arith.subf %[[V61]], %[[V59]] : f64
// CHECK-NEXT: %[[V63:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V60]], %[[V62]] : f64
// CHECK-NEXT: %[[V64:[a-zA-Z0-9_$.]+]] = arith.addf %[[V30]], %[[V41]] : f64
// CHECK-NEXT: %[[V65:[a-zA-Z0-9_$.]+]] = arith.addf %[[V64]], %[[V52]] : f64
// CHECK-NEXT: %[[V66:[a-zA-Z0-9_$.]+]] = arith.addf %[[V65]], %[[V63]] : f64
// CHECK-NEXT: %[[V67:[a-zA-Z0-9_$.]+]] = arith.divf %[[V30]], %[[V66]] : f64
// CHECK-NEXT: %[[V68:[a-zA-Z0-9_$.]+]] = arith.divf %[[V41]], %[[V66]] : f64
// CHECK-NEXT: %[[V69:[a-zA-Z0-9_$.]+]] = arith.divf %[[V52]], %[[V66]] : f64
// CHECK-NEXT: %[[V70:[a-zA-Z0-9_$.]+]] = arith.divf %[[V63]], %[[V66]] : f64
// CHECK-NEXT: %[[V71:[a-zA-Z0-9_$.]+]] = arith.constant -1.000000e+00 : f64
// CHECK-NEXT: %[[V72:[a-zA-Z0-9_$.]+]] = arith.addf %[[V18]], %[[V71]] : f64
// CHECK-NEXT: %[[V73:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V74:[a-zA-Z0-9_$.]+]] = arith.addf %[[V72]], %[[V73]] : f64
// CHECK-NEXT: %[[V75:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V76:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V74]], %[[V75]] : f64
// CHECK-NEXT: %[[V77:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V78:[a-zA-Z0-9_$.]+]] = arith.minimumf %[[V76]], %[[V77]] : f64
// CHECK-NEXT: %[[V79:[a-zA-Z0-9_$.]+]] = arith.constant 4.000000e+00 : f64
// CHECK-NEXT: %[[V80:[a-zA-Z0-9_$.]+]] = arith.subf %[[V79]], %[[V72]] : f64
// CHECK-NEXT: %[[V81:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V82:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V80]], %[[V81]] : f64
// CHECK-NEXT: %[[V83:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V84:[a-zA-Z0-9_$.]+]] = arith.minimumf %[[V82]], %[[V83]] : f64
// CHECK-NEXT: %[[V85:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V78]], %[[V84]] : f64
// CHECK-NEXT: %[[V86:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V67]], %[[V85]] : f64
// CHECK-NEXT: %[[V87:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V88:[a-zA-Z0-9_$.]+]] = arith.addf %[[V18]], %[[V87]] : f64
// CHECK-NEXT: %[[V89:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V90:[a-zA-Z0-9_$.]+]] = arith.addf %[[V88]], %[[V89]] : f64
// CHECK-NEXT: %[[V91:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V92:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V90]], %[[V91]] : f64
// CHECK-NEXT: %[[V93:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V94:[a-zA-Z0-9_$.]+]] = arith.minimumf %[[V92]], %[[V93]] : f64
// CHECK-NEXT: %[[V95:[a-zA-Z0-9_$.]+]] = arith.constant 4.000000e+00 : f64
// CHECK-NEXT: %[[V96:[a-zA-Z0-9_$.]+]] = arith.subf %[[V95]], %[[V88]] : f64
// CHECK-NEXT: %[[V97:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V98:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V96]], %[[V97]] : f64
// CHECK-NEXT: %[[V99:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V100:[a-zA-Z0-9_$.]+]] = arith.minimumf %[[V98]], %[[V99]] : f64
// CHECK-NEXT: %[[V101:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V94]], %[[V100]] : f64
// CHECK-NEXT: %[[V102:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V68]], %[[V101]] : f64
// CHECK-NEXT: %[[V103:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V104:[a-zA-Z0-9_$.]+]] = arith.addf %[[V18]], %[[V103]] : f64
// CHECK-NEXT: %[[V105:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V106:[a-zA-Z0-9_$.]+]] = arith.addf %[[V104]], %[[V105]] : f64
// CHECK-NEXT: %[[V107:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V108:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V106]], %[[V107]] : f64
// CHECK-NEXT: %[[V109:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V110:[a-zA-Z0-9_$.]+]] = arith.minimumf %[[V108]], %[[V109]] : f64
// CHECK-NEXT: %[[V111:[a-zA-Z0-9_$.]+]] = arith.constant 4.000000e+00 : f64
// CHECK-NEXT: %[[V112:[a-zA-Z0-9_$.]+]] = arith.subf %[[V111]], %[[V104]] : f64
// CHECK-NEXT: %[[V113:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V114:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V112]], %[[V113]] : f64
// CHECK-NEXT: %[[V115:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V116:[a-zA-Z0-9_$.]+]] = arith.minimumf %[[V114]], %[[V115]] : f64
// CHECK-NEXT: %[[V117:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V110]], %[[V116]] : f64
// CHECK-NEXT: %[[V118:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V69]], %[[V117]] : f64
// CHECK-NEXT: %[[V119:[a-zA-Z0-9_$.]+]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[V120:[a-zA-Z0-9_$.]+]] = arith.addf %[[V18]], %[[V119]] : f64
// CHECK-NEXT: %[[V121:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V122:[a-zA-Z0-9_$.]+]] = arith.addf %[[V120]], %[[V121]] : f64
// CHECK-NEXT: %[[V123:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V124:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V122]], %[[V123]] : f64
// CHECK-NEXT: %[[V125:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V126:[a-zA-Z0-9_$.]+]] = arith.minimumf %[[V124]], %[[V125]] : f64
// CHECK-NEXT: %[[V127:[a-zA-Z0-9_$.]+]] = arith.constant 4.000000e+00 : f64
// CHECK-NEXT: %[[V128:[a-zA-Z0-9_$.]+]] = arith.subf %[[V127]], %[[V120]] : f64
// CHECK-NEXT: %[[V129:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V130:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V128]], %[[V129]] : f64
// CHECK-NEXT: %[[V131:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V132:[a-zA-Z0-9_$.]+]] = arith.minimumf %[[V130]], %[[V131]] : f64
// CHECK-NEXT: %[[V133:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V126]], %[[V132]] : f64
// CHECK-NEXT: %[[V134:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V70]], %[[V133]] : f64
// CHECK-NEXT: %[[V135:[a-zA-Z0-9_$.]+]] = arith.addf %[[V86]], %[[V102]] : f64
// CHECK-NEXT: %[[V136:[a-zA-Z0-9_$.]+]] = arith.addf %[[V135]], %[[V118]] : f64
// CHECK-NEXT: %[[V137:[a-zA-Z0-9_$.]+]] = arith.addf %[[V136]], %[[V134]] : f64
// CHECK-NEXT: %[[V138:[a-zA-Z0-9_$.]+]] = arith.divf %[[V86]], %[[V137]] : f64
// CHECK-NEXT: %[[V139:[a-zA-Z0-9_$.]+]] = arith.divf %[[V102]], %[[V137]] : f64
// CHECK-NEXT: %[[V140:[a-zA-Z0-9_$.]+]] = arith.divf %[[V118]], %[[V137]] : f64
// CHECK-NEXT: %[[V141:[a-zA-Z0-9_$.]+]] = arith.divf %[[V134]], %[[V137]] : f64
// CHECK-NEXT: %[[V142:[a-zA-Z0-9_$.]+]] = arith.constant -1 : i64
// CHECK-NEXT: %[[V143:[a-zA-Z0-9_$.]+]] = arith.addi %[[V17]], %[[V142]] : i64
// CHECK-NEXT: %[[V144:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V145:[a-zA-Z0-9_$.]+]] = arith.addi %[[V17]], %[[V144]] : i64
// CHECK-NEXT: %[[V146:[a-zA-Z0-9_$.]+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[V147:[a-zA-Z0-9_$.]+]] = arith.addi %[[V17]], %[[V146]] : i64
// CHECK-NEXT: %[[V148:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V149:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V143]], %[[V148]] : i64
// CHECK-NEXT: %[[V150:[a-zA-Z0-9_$.]+]] = arith.constant 3 : i64
// CHECK-NEXT: %[[V151:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V149]], %[[V150]] : i64
// CHECK-NEXT: %[[V152:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V151]] : i64 to index
// CHECK-NEXT: %[[V153:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V154:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V17]], %[[V153]] : i64
// CHECK-NEXT: %[[V155:[a-zA-Z0-9_$.]+]] = arith.constant 3 : i64
// CHECK-NEXT: %[[V156:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V154]], %[[V155]] : i64
// CHECK-NEXT: %[[V157:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V156]] : i64 to index
// CHECK-NEXT: %[[V158:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V159:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V145]], %[[V158]] : i64
// CHECK-NEXT: %[[V160:[a-zA-Z0-9_$.]+]] = arith.constant 3 : i64
// CHECK-NEXT: %[[V161:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V159]], %[[V160]] : i64
// CHECK-NEXT: %[[V162:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V161]] : i64 to index
// CHECK-NEXT: %[[V163:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V164:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V147]], %[[V163]] : i64
// CHECK-NEXT: %[[V165:[a-zA-Z0-9_$.]+]] = arith.constant 3 : i64
// CHECK-NEXT: %[[V166:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V164]], %[[V165]] : i64
// CHECK-NEXT: %[[V167:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V166]] : i64 to index
// CHECK-NEXT: %[[V168:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V152]]] : tensor<4xf64>
// CHECK-NEXT: %[[V169:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V168]], %[[V138]] : f64
// CHECK-NEXT: %[[V170:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V157]]] : tensor<4xf64>
// CHECK-NEXT: %[[V171:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V170]], %[[V139]] : f64
// CHECK-NEXT: %[[V172:[a-zA-Z0-9_$.]+]] = arith.addf %[[V169]], %[[V171]] : f64
// CHECK-NEXT: %[[V173:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V162]]] : tensor<4xf64>
// CHECK-NEXT: %[[V174:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V173]], %[[V140]] : f64
// CHECK-NEXT: %[[V175:[a-zA-Z0-9_$.]+]] = arith.addf %[[V172]], %[[V174]] : f64
// CHECK-NEXT: %[[V176:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V167]]] : tensor<4xf64>
// CHECK-NEXT: %[[V177:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V176]], %[[V141]] : f64
// CHECK-NEXT: %[[V178:[a-zA-Z0-9_$.]+]] = arith.addf %[[V175]], %[[V177]] : f64
// CHECK-NEXT: linalg.yield %[[V178]] : f64
// CHECK-NEXT: } -> tensor<2xf64>
// CHECK-NEXT: func.return %[[V1]] : tensor<2xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// tf_crop_and_resize: the source coordinate spans the roi; arith.select gives the
// extrapolation value where it lies outside [0, size - 1].
func.func @tf_crop_and_resize(%x: tensor<4xf32>) -> tensor<3xf32> {
  %0 = gawee.resize %x mode = "linear" coordinateTransformationMode = "tf_crop_and_resize" roi = [0.5, 1.5] extrapolationValue = 2.5 : (tensor<4xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @tf_crop_and_resize(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> tensor<3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%[[V0]] : tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V2]] : index to i64
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V3]] : i64 to f64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V4]], %[[V5]] : f64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 3.000000e+00 : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V6]], %[[V7]] : f64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.divf %[[V8]], %[[V9]] : f64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 1.500000e+00 : f64
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.addf %[[V10]], %[[V11]] : f64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.fptosi %[[V12]] : f64 to i64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V13]] : i64 to f64
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.cmpf olt, %[[V14]], %[[V12]] : f64
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.extui %[[V15]] : i1 to i64
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.addi %[[V13]], %[[V16]] : i64
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.subi %[[V17]], %[[V18]] : i64
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V19]] : i64 to f64
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.subf %[[V12]], %[[V20]] : f64
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.subf %[[V22]], %[[V21]] : f64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.addi %[[V19]], %[[V24]] : i64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V19]], %[[V26]] : i64
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 3 : i64
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V27]], %[[V28]] : i64
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V29]] : i64 to index
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V25]], %[[V31]] : i64
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = arith.constant 3 : i64
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V32]], %[[V33]] : i64
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V34]] : i64 to index
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V30]]] : tensor<4xf32>
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.extf %[[V36]] : f32 to f64
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V37]], %[[V23]] : f64
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V35]]] : tensor<4xf32>
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = arith.extf %[[V39]] : f32 to f64
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V40]], %[[V21]] : f64
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = arith.addf %[[V38]], %[[V41]] : f64
// CHECK-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = arith.cmpf olt, %[[V12]], %[[V43]] : f64
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = arith.constant 3.000000e+00 : f64
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = arith.cmpf ogt, %[[V12]], %[[V45]] : f64
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = arith.ori %[[V44]], %[[V46]] : i1
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = arith.constant 2.500000e+00 : f64
// CHECK-NEXT: %[[V49:[a-zA-Z0-9_$.]+]] = arith.select %[[V47]], %[[V48]], %[[V42]] : f64
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = arith.truncf %[[V49]] : f64 to f32
// CHECK-NEXT: linalg.yield %[[V50]] : f32
// CHECK-NEXT: } -> tensor<3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
