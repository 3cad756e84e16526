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
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.addi %[[V19]], %[[V22]] : i64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.subf %[[V24]], %[[V21]] : f64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V19]], %[[V26]] : i64
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V27]], %[[V28]] : i64
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V29]] : i64 to index
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V23]], %[[V31]] : i64
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
// CHECK-NEXT: %[[V54:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V55:[a-zA-Z0-9_$.]+]] = arith.addi %[[V51]], %[[V54]] : i64
// CHECK-NEXT: %[[V56:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V57:[a-zA-Z0-9_$.]+]] = arith.subf %[[V56]], %[[V53]] : f64
// CHECK-NEXT: %[[V58:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V59:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V51]], %[[V58]] : i64
// CHECK-NEXT: %[[V60:[a-zA-Z0-9_$.]+]] = arith.constant 3 : i64
// CHECK-NEXT: %[[V61:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V59]], %[[V60]] : i64
// CHECK-NEXT: %[[V62:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V61]] : i64 to index
// CHECK-NEXT: %[[V63:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V64:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V55]], %[[V63]] : i64
// CHECK-NEXT: %[[V65:[a-zA-Z0-9_$.]+]] = arith.constant 3 : i64
// CHECK-NEXT: %[[V66:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V64]], %[[V65]] : i64
// CHECK-NEXT: %[[V67:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V66]] : i64 to index
// CHECK-NEXT: %[[V68:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V3]], %[[V30]], %[[V62]]] : tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[V69:[a-zA-Z0-9_$.]+]] = arith.extf %[[V68]] : f32 to f64
// CHECK-NEXT: %[[V70:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V69]], %[[V25]] : f64
// CHECK-NEXT: %[[V71:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V3]], %[[V35]], %[[V62]]] : tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[V72:[a-zA-Z0-9_$.]+]] = arith.extf %[[V71]] : f32 to f64
// CHECK-NEXT: %[[V73:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V72]], %[[V21]] : f64
// CHECK-NEXT: %[[V74:[a-zA-Z0-9_$.]+]] = arith.addf %[[V70]], %[[V73]] : f64
// CHECK-NEXT: %[[V75:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V74]], %[[V57]] : f64
// CHECK-NEXT: %[[V76:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V3]], %[[V30]], %[[V67]]] : tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[V77:[a-zA-Z0-9_$.]+]] = arith.extf %[[V76]] : f32 to f64
// CHECK-NEXT: %[[V78:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V77]], %[[V25]] : f64
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
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.addi %[[V16]], %[[V19]] : i64
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.subf %[[V21]], %[[V18]] : f64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V16]], %[[V23]] : i64
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V24]], %[[V25]] : i64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V26]] : i64 to index
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V20]], %[[V28]] : i64
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V29]], %[[V30]] : i64
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V31]] : i64 to index
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V27]]] : tensor<2x5xf64>
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V33]], %[[V22]] : f64
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V32]]] : tensor<2x5xf64>
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V35]], %[[V18]] : f64
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.addf %[[V34]], %[[V36]] : f64
// CHECK-NEXT: linalg.yield %[[V37]] : f64
// CHECK-NEXT: } -> tensor<2x3xf64>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }
