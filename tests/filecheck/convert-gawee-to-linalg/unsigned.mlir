// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// Unsigned integers (ONNX UINT8 ... UINT64): the patterns pick the unsigned arith ops by the gawee
// type (divui, maxui, minui, cmpi ult, uitofp, extui, fptoui; abs is the identity; a cast
// between the signed and unsigned type of one width is the value), then every type of the
// module becomes signless (ui8 -> i8, the function signature too), as convert-gawee-to-mir
// does with the unsigned mir ops (tests/filecheck/convert-gawee-to-mir/unsigned.mlir).

func.func @unsigned_arithmetic(%a: tensor<4xui8>, %b: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>) {
  %0 = gawee.div %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %1 = gawee.abs %a : (tensor<4xui8>) -> tensor<4xui8>
  %2 = gawee.max %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %3 = gawee.min %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %4 = gawee.less %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  func.return %0, %1, %2, %3, %4 : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>
}

// CHECK-LABEL: func.func @unsigned_arithmetic(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<4xi8>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi1>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi8>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xi8>, tensor<4xi8>) outs(%[[V0]] : tensor<4xi8>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i8, %[[IN_1:[a-zA-Z0-9_$.]+]]: i8, %[[OUT:[a-zA-Z0-9_$.]+]]: i8):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.divui %[[IN]], %[[IN_1]] : i8
// CHECK-NEXT: linalg.yield %[[V2]] : i8
// CHECK-NEXT: } -> tensor<4xi8>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi8>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]] : tensor<4xi8>) outs(%[[V3]] : tensor<4xi8>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i8):
// CHECK-NEXT: linalg.yield %[[IN_2]] : i8
// CHECK-NEXT: } -> tensor<4xi8>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi8>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xi8>, tensor<4xi8>) outs(%[[V5]] : tensor<4xi8>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: i8, %[[IN_4:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i8):
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.maxui %[[IN_3]], %[[IN_4]] : i8
// CHECK-NEXT: linalg.yield %[[V7]] : i8
// CHECK-NEXT: } -> tensor<4xi8>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi8>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xi8>, tensor<4xi8>) outs(%[[V8]] : tensor<4xi8>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: i8, %[[IN_6:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_3:[a-zA-Z0-9_$.]+]]: i8):
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.minui %[[IN_5]], %[[IN_6]] : i8
// CHECK-NEXT: linalg.yield %[[V10]] : i8
// CHECK-NEXT: } -> tensor<4xi8>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi1>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xi8>, tensor<4xi8>) outs(%[[V11]] : tensor<4xi1>) {
// CHECK-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: i8, %[[IN_8:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_4:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.cmpi ult, %[[IN_7]], %[[IN_8]] : i8
// CHECK-NEXT: linalg.yield %[[V13]] : i1
// CHECK-NEXT: } -> tensor<4xi1>
// CHECK-NEXT: func.return %[[V1]], %[[V4]], %[[V6]], %[[V9]], %[[V12]] : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @unsigned_casts(%a: tensor<4xui16>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi64>, tensor<4xi16>, tensor<4xui32>) {
  %0 = gawee.cast %a : (tensor<4xui16>) -> tensor<4xf32>
  %1 = gawee.cast %a : (tensor<4xui16>) -> tensor<4xi64>
  %2 = gawee.cast %a : (tensor<4xui16>) -> tensor<4xi16>
  %3 = gawee.cast %x : (tensor<4xf32>) -> tensor<4xui32>
  func.return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xi64>, tensor<4xi16>, tensor<4xui32>
}

// CHECK-LABEL: func.func @unsigned_casts(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<4xi16>, %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi64>, tensor<4xi16>, tensor<4xi32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]] : tensor<4xi16>) outs(%[[V0]] : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i16, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.uitofp %[[IN]] : i16 to f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]] : tensor<4xi16>) outs(%[[V3]] : tensor<4xi64>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: i16, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.extui %[[IN_1]] : i16 to i64
// CHECK-NEXT: linalg.yield %[[V5]] : i64
// CHECK-NEXT: } -> tensor<4xi64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi16>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]] : tensor<4xi16>) outs(%[[V6]] : tensor<4xi16>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i16, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i16):
// CHECK-NEXT: linalg.yield %[[IN_2]] : i16
// CHECK-NEXT: } -> tensor<4xi16>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf32>) outs(%[[V8]] : tensor<4xi32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.fptoui %[[IN_3]] : f32 to i32
// CHECK-NEXT: linalg.yield %[[V10]] : i32
// CHECK-NEXT: } -> tensor<4xi32>
// CHECK-NEXT: func.return %[[V1]], %[[V4]], %[[V7]], %[[V9]] : tensor<4xf32>, tensor<4xi64>, tensor<4xi16>, tensor<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @unsigned_reductions(%a: tensor<2x3xui64>) -> (tensor<2xui64>, tensor<2xui64>) {
  %0 = gawee.reduce_max %a axes = [1] keepDims = false : (tensor<2x3xui64>) -> tensor<2xui64>
  %1 = gawee.reduce_min %a axes = [1] keepDims = false : (tensor<2x3xui64>) -> tensor<2xui64>
  func.return %0, %1 : tensor<2xui64>, tensor<2xui64>
}

// CHECK-LABEL: func.func @unsigned_reductions(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi64>) -> (tensor<2xi64>, tensor<2xi64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : i64) outs(%[[V1]] : tensor<2xi64>) -> tensor<2xi64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[A]] : tensor<2x3xi64>) outs(%[[V2]] : tensor<2xi64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i64, %[[OUT:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.maxui %[[OUT]], %[[IN]] : i64
// CHECK-NEXT: linalg.yield %[[V4]] : i64
// CHECK-NEXT: } -> tensor<2xi64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 18446744073709551615 : i64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xi64>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V5]] : i64) outs(%[[V6]] : tensor<2xi64>) -> tensor<2xi64>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[A]] : tensor<2x3xi64>) outs(%[[V7]] : tensor<2xi64>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.minui %[[OUT_1]], %[[IN_1]] : i64
// CHECK-NEXT: linalg.yield %[[V9]] : i64
// CHECK-NEXT: } -> tensor<2xi64>
// CHECK-NEXT: func.return %[[V3]], %[[V8]] : tensor<2xi64>, tensor<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }
