// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// Comparisons: a broadcasting generic with an i1 output, cmpf (ordered) on floats,
// cmpi (signed) on integers and masks; not: xori with true; where: select over three
// broadcast operands; cast: one conversion op per source / target pair.

func.func @less_broadcast(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>) -> tensor<2x3x4xi1> {
  %0 = gawee.less %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
  func.return %0 : tensor<2x3x4xi1>
}

// CHECK-LABEL: func.func @less_broadcast(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x1x4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3x1xf32>) -> tensor<2x3x4xi1> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0, d2)>, affine_map<(d0, d1, d2) -> (d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x1x4xf32>, tensor<3x1xf32>) outs(%[[V0]] : tensor<2x3x4xi1>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.cmpf olt, %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : i1
// CHECK-NEXT: } -> tensor<2x3x4xi1>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3x4xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @integer_comparisons(%a: tensor<4xi64>, %b: tensor<4xi64>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = gawee.equal %a, %b : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  %1 = gawee.less_equal %a, %b : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  %2 = gawee.greater %a, %b : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  %3 = gawee.greater_equal %a, %b : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  func.return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// CHECK-LABEL: func.func @integer_comparisons(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<4xi64>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xi64>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xi64>, tensor<4xi64>) outs(%[[V0]] : tensor<4xi1>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i64, %[[IN_1:[a-zA-Z0-9_$.]+]]: i64, %[[OUT:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.cmpi eq, %[[IN]], %[[IN_1]] : i64
// CHECK-NEXT: linalg.yield %[[V2]] : i1
// CHECK-NEXT: } -> tensor<4xi1>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi1>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xi64>, tensor<4xi64>) outs(%[[V3]] : tensor<4xi1>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i64, %[[IN_3:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.cmpi sle, %[[IN_2]], %[[IN_3]] : i64
// CHECK-NEXT: linalg.yield %[[V5]] : i1
// CHECK-NEXT: } -> tensor<4xi1>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi1>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xi64>, tensor<4xi64>) outs(%[[V6]] : tensor<4xi1>) {
// CHECK-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: i64, %[[IN_5:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.cmpi sgt, %[[IN_4]], %[[IN_5]] : i64
// CHECK-NEXT: linalg.yield %[[V8]] : i1
// CHECK-NEXT: } -> tensor<4xi1>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi1>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xi64>, tensor<4xi64>) outs(%[[V9]] : tensor<4xi1>) {
// CHECK-NEXT: ^bb0(%[[IN_6:[a-zA-Z0-9_$.]+]]: i64, %[[IN_7:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_3:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.cmpi sge, %[[IN_6]], %[[IN_7]] : i64
// CHECK-NEXT: linalg.yield %[[V11]] : i1
// CHECK-NEXT: } -> tensor<4xi1>
// CHECK-NEXT: func.return %[[V1]], %[[V4]], %[[V7]], %[[V10]] : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @equal_f16(%a: tensor<3xf16>, %b: tensor<3xf16>) -> tensor<3xi1> {
  %0 = gawee.equal %a, %b : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xi1>
  func.return %0 : tensor<3xi1>
}

// CHECK-LABEL: func.func @equal_f16(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<3xf16>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xf16>) -> tensor<3xi1> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<3xf16>, tensor<3xf16>) outs(%[[V0]] : tensor<3xi1>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f16, %[[IN_1:[a-zA-Z0-9_$.]+]]: f16, %[[OUT:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.cmpf oeq, %[[IN]], %[[IN_1]] : f16
// CHECK-NEXT: linalg.yield %[[V2]] : i1
// CHECK-NEXT: } -> tensor<3xi1>
// CHECK-NEXT: func.return %[[V1]] : tensor<3xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @mask_logic(%a: tensor<2x3xi1>, %b: tensor<3xi1>) -> tensor<2x3xi1> {
  %0 = gawee.and %a, %b : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  %1 = gawee.or %0, %a : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %2 = gawee.xor %1, %b : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  %3 = gawee.not %2 : (tensor<2x3xi1>) -> tensor<2x3xi1>
  func.return %3 : tensor<2x3xi1>
}

// CHECK-LABEL: func.func @mask_logic(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi1>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xi1>) -> tensor<2x3xi1> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xi1>, tensor<3xi1>) outs(%[[V0]] : tensor<2x3xi1>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i1, %[[IN_1:[a-zA-Z0-9_$.]+]]: i1, %[[OUT:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.andi %[[IN]], %[[IN_1]] : i1
// CHECK-NEXT: linalg.yield %[[V2]] : i1
// CHECK-NEXT: } -> tensor<2x3xi1>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi1>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V1]], %[[A]] : tensor<2x3xi1>, tensor<2x3xi1>) outs(%[[V3]] : tensor<2x3xi1>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i1, %[[IN_3:[a-zA-Z0-9_$.]+]]: i1, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.ori %[[IN_2]], %[[IN_3]] : i1
// CHECK-NEXT: linalg.yield %[[V5]] : i1
// CHECK-NEXT: } -> tensor<2x3xi1>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi1>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V4]], %[[B]] : tensor<2x3xi1>, tensor<3xi1>) outs(%[[V6]] : tensor<2x3xi1>) {
// CHECK-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: i1, %[[IN_5:[a-zA-Z0-9_$.]+]]: i1, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.xori %[[IN_4]], %[[IN_5]] : i1
// CHECK-NEXT: linalg.yield %[[V8]] : i1
// CHECK-NEXT: } -> tensor<2x3xi1>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi1>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V7]] : tensor<2x3xi1>) outs(%[[V9]] : tensor<2x3xi1>) {
// CHECK-NEXT: ^bb0(%[[IN_6:[a-zA-Z0-9_$.]+]]: i1, %[[OUT_3:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant true
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.xori %[[IN_6]], %[[V11]] : i1
// CHECK-NEXT: linalg.yield %[[V12]] : i1
// CHECK-NEXT: } -> tensor<2x3xi1>
// CHECK-NEXT: func.return %[[V10]] : tensor<2x3xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @where(%c: tensor<2x1xi1>, %a: tensor<3xf32>, %b: tensor<1xf32>) -> tensor<2x3xf32> {
  %0 = gawee.where %c, %a, %b : (tensor<2x1xi1>, tensor<3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @where(
// CHECK-SAME: %[[C:[a-zA-Z0-9_$.]+]]: tensor<2x1xi1>, %[[A:[a-zA-Z0-9_$.]+]]: tensor<3xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<1xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[C]], %[[A]], %[[B]] : tensor<2x1xi1>, tensor<3xf32>, tensor<1xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i1, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.select %[[IN]], %[[IN_1]], %[[IN_2]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @casts_from_f32(%x: tensor<4xf32>) -> (tensor<4xf16>, tensor<4xf64>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>) {
  %0 = gawee.cast %x toType = 10 : (tensor<4xf32>) -> tensor<4xf16>
  %1 = gawee.cast %x : (tensor<4xf32>) -> tensor<4xf64>
  %2 = gawee.cast %x : (tensor<4xf32>) -> tensor<4xi32>
  %3 = gawee.cast %x : (tensor<4xf32>) -> tensor<4xi1>
  %4 = gawee.cast %x : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1, %2, %3, %4 : tensor<4xf16>, tensor<4xf64>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>
}

// CHECK-LABEL: func.func @casts_from_f32(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> (tensor<4xf16>, tensor<4xf64>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xf16>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf32>) outs(%[[V0]] : tensor<4xf16>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f16):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.truncf %[[IN]] : f32 to f16
// CHECK-NEXT: linalg.yield %[[V2]] : f16
// CHECK-NEXT: } -> tensor<4xf16>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf32>) outs(%[[V3]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.extf %[[IN_1]] : f32 to f64
// CHECK-NEXT: linalg.yield %[[V5]] : f64
// CHECK-NEXT: } -> tensor<4xf64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf32>) outs(%[[V6]] : tensor<4xi32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.fptosi %[[IN_2]] : f32 to i32
// CHECK-NEXT: linalg.yield %[[V8]] : i32
// CHECK-NEXT: } -> tensor<4xi32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi1>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf32>) outs(%[[V9]] : tensor<4xi1>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.cmpf une, %[[IN_3]], %[[V11]] : f32
// CHECK-NEXT: linalg.yield %[[V12]] : i1
// CHECK-NEXT: } -> tensor<4xi1>
// CHECK-NEXT: func.return %[[V1]], %[[V4]], %[[V7]], %[[V10]], %[[X]] : tensor<4xf16>, tensor<4xf64>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @casts_from_integers(%i: tensor<4xi64>, %m: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xi64>) {
  %0 = gawee.cast %i : (tensor<4xi64>) -> tensor<4xf32>
  %1 = gawee.cast %i : (tensor<4xi64>) -> tensor<4xi32>
  %2 = gawee.cast %i : (tensor<4xi64>) -> tensor<4xi1>
  %3 = gawee.cast %m : (tensor<4xi1>) -> tensor<4xf32>
  %4 = gawee.cast %m : (tensor<4xi1>) -> tensor<4xi64>
  func.return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xi64>
}

// CHECK-LABEL: func.func @casts_from_integers(
// CHECK-SAME: %[[I:[a-zA-Z0-9_$.]+]]: tensor<4xi64>, %[[M:[a-zA-Z0-9_$.]+]]: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xi64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[I]] : tensor<4xi64>) outs(%[[V0]] : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i64, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[IN]] : i64 to f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[I]] : tensor<4xi64>) outs(%[[V3]] : tensor<4xi32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.trunci %[[IN_1]] : i64 to i32
// CHECK-NEXT: linalg.yield %[[V5]] : i32
// CHECK-NEXT: } -> tensor<4xi32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi1>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[I]] : tensor<4xi64>) outs(%[[V6]] : tensor<4xi1>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.cmpi ne, %[[IN_2]], %[[V8]] : i64
// CHECK-NEXT: linalg.yield %[[V9]] : i1
// CHECK-NEXT: } -> tensor<4xi1>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[M]] : tensor<4xi1>) outs(%[[V10]] : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: i1, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.uitofp %[[IN_3]] : i1 to f32
// CHECK-NEXT: linalg.yield %[[V12]] : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi64>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[M]] : tensor<4xi1>) outs(%[[V13]] : tensor<4xi64>) {
// CHECK-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: i1, %[[OUT_4:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.extui %[[IN_4]] : i1 to i64
// CHECK-NEXT: linalg.yield %[[V15]] : i64
// CHECK-NEXT: } -> tensor<4xi64>
// CHECK-NEXT: func.return %[[V1]], %[[V4]], %[[V7]], %[[V11]], %[[V14]] : tensor<4xf32>, tensor<4xi32>, tensor<4xi1>, tensor<4xf32>, tensor<4xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }
