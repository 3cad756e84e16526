// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// split: one tensor.extract_slice per piece; tile: a generic broadcasting the input
// into a shape with a new dim before each repeated one, then tensor.collapse_shape;
// pad: negative pads crop with tensor.extract_slice, constant mode is tensor.pad,
// edge / wrap / reflect a generic reading the input with tensor.extract at an index
// computed from linalg.index; trilu: a generic selecting the element or 0 by
// linalg.index of the last two dims.

func.func @split_with_empty_piece(%x: tensor<2x5x3xf32>) -> (tensor<2x1x3xf32>, tensor<2x0x3xf32>, tensor<2x4x3xf32>) {
  %0:3 = gawee.split %x splitSizes = [1, 0, 4] axis = -2 : (tensor<2x5x3xf32>) -> (tensor<2x1x3xf32>, tensor<2x0x3xf32>, tensor<2x4x3xf32>)
  func.return %0#0, %0#1, %0#2 : tensor<2x1x3xf32>, tensor<2x0x3xf32>, tensor<2x4x3xf32>
}

// CHECK-LABEL: func.func @split_with_empty_piece(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x5x3xf32>) -> (tensor<2x1x3xf32>, tensor<2x0x3xf32>, tensor<2x4x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][0, 0, 0] [2, 1, 3] [1, 1, 1] : tensor<2x5x3xf32> to tensor<2x1x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][0, 1, 0] [2, 0, 3] [1, 1, 1] : tensor<2x5x3xf32> to tensor<2x0x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][0, 1, 0] [2, 4, 3] [1, 1, 1] : tensor<2x5x3xf32> to tensor<2x4x3xf32>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]] : tensor<2x1x3xf32>, tensor<2x0x3xf32>, tensor<2x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @split_i64(%x: tensor<6xi64>) -> (tensor<3xi64>, tensor<3xi64>) {
  %0:2 = gawee.split %x splitSizes = [3, 3] axis = 0 : (tensor<6xi64>) -> (tensor<3xi64>, tensor<3xi64>)
  func.return %0#0, %0#1 : tensor<3xi64>, tensor<3xi64>
}

// CHECK-LABEL: func.func @split_i64(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<6xi64>) -> (tensor<3xi64>, tensor<3xi64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][0] [3] [1] : tensor<6xi64> to tensor<3xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][3] [3] [1] : tensor<6xi64> to tensor<3xi64>
// CHECK-NEXT: func.return %[[V0]], %[[V1]] : tensor<3xi64>, tensor<3xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @tile(%x: tensor<2x3x4xf32>) -> tensor<4x3x12xf32> {
  %0 = gawee.tile %x repeats = [2, 1, 3] : (tensor<2x3x4xf32>) -> tensor<4x3x12xf32>
  func.return %0 : tensor<4x3x12xf32>
}

// CHECK-LABEL: func.func @tile(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<4x3x12xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2x3x3x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d1, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[V0]] : tensor<2x2x3x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<2x2x3x3x4xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = tensor.collapse_shape %[[V1]] [[0 : i64, 1 : i64], [2 : i64], [3 : i64, 4 : i64]] : tensor<2x2x3x3x4xf32> into tensor<4x3x12xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<4x3x12xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @tile_mask_and_no_repeat(%m: tensor<3xi1>, %x: tensor<2x2xf16>) -> (tensor<6xi1>, tensor<2x2xf16>) {
  %0 = gawee.tile %m repeats = [2] : (tensor<3xi1>) -> tensor<6xi1>
  %1 = gawee.tile %x repeats = [1, 1] : (tensor<2x2xf16>) -> tensor<2x2xf16>
  func.return %0, %1 : tensor<6xi1>, tensor<2x2xf16>
}

// CHECK-LABEL: func.func @tile_mask_and_no_repeat(
// CHECK-SAME: %[[M:[a-zA-Z0-9_$.]+]]: tensor<3xi1>, %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x2xf16>) -> (tensor<6xi1>, tensor<2x2xf16>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[M]] : tensor<3xi1>) outs(%[[V0]] : tensor<2x3xi1>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i1, %[[OUT:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: linalg.yield %[[IN]] : i1
// CHECK-NEXT: } -> tensor<2x3xi1>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = tensor.collapse_shape %[[V1]] [[0 : i64, 1 : i64]] : tensor<2x3xi1> into tensor<6xi1>
// CHECK-NEXT: func.return %[[V2]], %[[X]] : tensor<6xi1>, tensor<2x2xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @pad_constant_with_crop(%x: tensor<4x5xf32>) -> tensor<7x7xf32> {
  %0 = gawee.pad %x pads = [1, -1, 2, 3] constantValue = 1.5 : (tensor<4x5xf32>) -> tensor<7x7xf32>
  func.return %0 : tensor<7x7xf32>
}

// CHECK-LABEL: func.func @pad_constant_with_crop(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x5xf32>) -> tensor<7x7xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][0, 1] [4, 4] [1, 1] : tensor<4x5xf32> to tensor<4x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = tensor.pad %[[V0]] low[1, 0] high[2, 3] {
// CHECK-NEXT: ^bb0(%[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V1]] : f32
// CHECK-NEXT: } : tensor<4x4xf32> to tensor<7x7xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<7x7xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @pad_constant_i64(%x: tensor<2x3xi64>) -> tensor<2x6xi64> {
  %0 = gawee.pad %x pads = [0, 2, 0, 1] constantValue = -7.0 : (tensor<2x3xi64>) -> tensor<2x6xi64>
  func.return %0 : tensor<2x6xi64>
}

// CHECK-LABEL: func.func @pad_constant_i64(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi64>) -> tensor<2x6xi64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant -7 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 2] high[0, 1] {
// CHECK-NEXT: ^bb0(%[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V0]] : i64
// CHECK-NEXT: } : tensor<2x3xi64> to tensor<2x6xi64>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x6xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @pad_reflect(%x: tensor<1x3x4xf32>) -> tensor<1x8x6xf32> {
  %0 = gawee.pad %x pads = [0, 2, 0, 0, 3, 2] mode = "reflect" : (tensor<1x3x4xf32>) -> tensor<1x8x6xf32>
  func.return %0 : tensor<1x8x6xf32>
}

// CHECK-LABEL: func.func @pad_reflect(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x3x4xf32>) -> tensor<1x8x6xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x8x6xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%[[V0]] : tensor<1x8x6xf32>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.addi %[[V3]], %[[V4]] : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.remsi %[[V5]], %[[V6]] : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V7]], %[[V8]] : index
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.subi %[[V10]], %[[V7]] : index
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.select %[[V9]], %[[V7]], %[[V11]] : index
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 6 : index
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.remsi %[[V13]], %[[V14]] : index
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V15]], %[[V16]] : index
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.constant 6 : index
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.subi %[[V18]], %[[V15]] : index
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.select %[[V17]], %[[V15]], %[[V19]] : index
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V12]], %[[V20]]] : tensor<1x3x4xf32>
// CHECK-NEXT: linalg.yield %[[V21]] : f32
// CHECK-NEXT: } -> tensor<1x8x6xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<1x8x6xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @pad_edge(%x: tensor<3x4xf64>) -> tensor<6x5xf64> {
  %0 = gawee.pad %x pads = [2, 0, 1, 1] mode = "edge" : (tensor<3x4xf64>) -> tensor<6x5xf64>
  func.return %0 : tensor<6x5xf64>
}

// CHECK-LABEL: func.func @pad_edge(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x4xf64>) -> tensor<6x5xf64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<6x5xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[V0]] : tensor<6x5xf64>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.subi %[[V2]], %[[V3]] : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[V4]], %[[V5]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V6]], %[[V7]] : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.minsi %[[V9]], %[[V10]] : index
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V8]], %[[V11]]] : tensor<3x4xf64>
// CHECK-NEXT: linalg.yield %[[V12]] : f64
// CHECK-NEXT: } -> tensor<6x5xf64>
// CHECK-NEXT: func.return %[[V1]] : tensor<6x5xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @pad_wrap_with_crop(%x: tensor<4x5xi32>) -> tensor<6x9xi32> {
  %0 = gawee.pad %x pads = [-1, 7, 3, -3] mode = "wrap" : (tensor<4x5xi32>) -> tensor<6x9xi32>
  func.return %0 : tensor<6x9xi32>
}

// CHECK-LABEL: func.func @pad_wrap_with_crop(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x5xi32>) -> tensor<6x9xi32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][1, 0] [3, 2] [1, 1] : tensor<4x5xi32> to tensor<3x2xi32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<6x9xi32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[V1]] : tensor<6x9xi32>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.remsi %[[V3]], %[[V4]] : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addi %[[V6]], %[[V7]] : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.remsi %[[V8]], %[[V9]] : index
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = tensor.extract %[[V0]][%[[V5]], %[[V10]]] : tensor<3x2xi32>
// CHECK-NEXT: linalg.yield %[[V11]] : i32
// CHECK-NEXT: } -> tensor<6x9xi32>
// CHECK-NEXT: func.return %[[V2]] : tensor<6x9xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @pad_single_element_dims(%x: tensor<1x2xf32>) -> (tensor<4x2xf32>, tensor<3x2xf32>) {
  %0 = gawee.pad %x pads = [1, 0, 2, 0] mode = "reflect" : (tensor<1x2xf32>) -> tensor<4x2xf32>
  %1 = gawee.pad %x pads = [0, 0, 2, 0] mode = "edge" : (tensor<1x2xf32>) -> tensor<3x2xf32>
  func.return %0, %1 : tensor<4x2xf32>, tensor<3x2xf32>
}

// CHECK-LABEL: func.func @pad_single_element_dims(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>) -> (tensor<4x2xf32>, tensor<3x2xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x2xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[V0]] : tensor<4x2xf32>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V3]]] : tensor<1x2xf32>
// CHECK-NEXT: linalg.yield %[[V4]] : f32
// CHECK-NEXT: } -> tensor<4x2xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x2xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[V5]] : tensor<3x2xf32>) {
// CHECK-NEXT: ^bb0(%[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V7]], %[[V8]]] : tensor<1x2xf32>
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<3x2xf32>
// CHECK-NEXT: func.return %[[V1]], %[[V6]] : tensor<4x2xf32>, tensor<3x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @pad_crop_only(%x: tensor<4x5xf32>) -> (tensor<3x5xf32>, tensor<4x5xf32>) {
  %0 = gawee.pad %x pads = [0, 0, -1, 0] mode = "edge" : (tensor<4x5xf32>) -> tensor<3x5xf32>
  %1 = gawee.pad %x pads = [0, 0, 0, 0] : (tensor<4x5xf32>) -> tensor<4x5xf32>
  func.return %0, %1 : tensor<3x5xf32>, tensor<4x5xf32>
}

// CHECK-LABEL: func.func @pad_crop_only(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x5xf32>) -> (tensor<3x5xf32>, tensor<4x5xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][0, 0] [3, 5] [1, 1] : tensor<4x5xf32> to tensor<3x5xf32>
// CHECK-NEXT: func.return %[[V0]], %[[X]] : tensor<3x5xf32>, tensor<4x5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @trilu_upper(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = gawee.trilu %x : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @trilu_upper(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[V0]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.subi %[[V2]], %[[V3]] : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpi sge, %[[V4]], %[[V5]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.select %[[V6]], %[[IN]], %[[V7]] : f32
// CHECK-NEXT: linalg.yield %[[V8]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @trilu_lower_mask(%m: tensor<4x3xi1>) -> tensor<4x3xi1> {
  %0 = gawee.trilu %m upper = false k = 1 : (tensor<4x3xi1>) -> tensor<4x3xi1>
  func.return %0 : tensor<4x3xi1>
}

// CHECK-LABEL: func.func @trilu_lower_mask(
// CHECK-SAME: %[[M:[a-zA-Z0-9_$.]+]]: tensor<4x3xi1>) -> tensor<4x3xi1> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x3xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[M]] : tensor<4x3xi1>) outs(%[[V0]] : tensor<4x3xi1>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i1, %[[OUT:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.subi %[[V2]], %[[V3]] : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpi sle, %[[V4]], %[[V5]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant false
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.select %[[V6]], %[[IN]], %[[V7]] : i1
// CHECK-NEXT: linalg.yield %[[V8]] : i1
// CHECK-NEXT: } -> tensor<4x3xi1>
// CHECK-NEXT: func.return %[[V1]] : tensor<4x3xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }
