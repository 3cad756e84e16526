// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// gawee.mod and gawee.bit_shift on unsigned integers (the signed forms are in
// tests/filecheck/gawee/mod.mlir and bit_shift.mlir): arith.remui, whose remainder has
// no sign to fix; shli and shrui (logical) by an amount below the width, 0 elsewhere.
// The types become signless.

func.func @mod_unsigned(%a: tensor<4xui8>, %b: tensor<ui8>) -> (tensor<4xui8>, tensor<4xui8>) {
  %floored = gawee.mod %a, %b : (tensor<4xui8>, tensor<ui8>) -> tensor<4xui8>
  %truncated = gawee.mod %a, %b fmod = true : (tensor<4xui8>, tensor<ui8>) -> tensor<4xui8>
  func.return %floored, %truncated : tensor<4xui8>, tensor<4xui8>
}

// CHECK-LABEL: func.func @mod_unsigned(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<4xi8>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<i8>) -> (tensor<4xi8>, tensor<4xi8>) {
// CHECK-NEXT: %[[FLOORED:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi8>
// CHECK-NEXT: %[[FLOORED_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xi8>, tensor<i8>) outs(%[[FLOORED]] : tensor<4xi8>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i8, %[[IN_1:[a-zA-Z0-9_$.]+]]: i8, %[[OUT:[a-zA-Z0-9_$.]+]]: i8):
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.remui %[[IN]], %[[IN_1]] : i8
// CHECK-NEXT: linalg.yield %[[V0]] : i8
// CHECK-NEXT: } -> tensor<4xi8>
// CHECK-NEXT: %[[TRUNCATED:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi8>
// CHECK-NEXT: %[[TRUNCATED_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xi8>, tensor<i8>) outs(%[[TRUNCATED]] : tensor<4xi8>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i8, %[[IN_3:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i8):
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.remui %[[IN_2]], %[[IN_3]] : i8
// CHECK-NEXT: linalg.yield %[[V1]] : i8
// CHECK-NEXT: } -> tensor<4xi8>
// CHECK-NEXT: func.return %[[FLOORED_1]], %[[TRUNCATED_1]] : tensor<4xi8>, tensor<4xi8>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @bit_shift_unsigned(%x: tensor<4xui32>, %s: tensor<4xui32>) -> (tensor<4xui32>, tensor<4xui32>) {
  %left = gawee.bit_shift %x, %s direction = "LEFT" : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
  %right = gawee.bit_shift %x, %s direction = "RIGHT" : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
  func.return %left, %right : tensor<4xui32>, tensor<4xui32>
}

// CHECK-LABEL: func.func @bit_shift_unsigned(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xi32>, %[[S:[a-zA-Z0-9_$.]+]]: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
// CHECK-NEXT: %[[LEFT:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi32>
// CHECK-NEXT: %[[LEFT_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]], %[[S]] : tensor<4xi32>, tensor<4xi32>) outs(%[[LEFT]] : tensor<4xi32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i32, %[[IN_1:[a-zA-Z0-9_$.]+]]: i32, %[[OUT:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 32 : i32
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.cmpi ult, %[[IN_1]], %[[V1]] : i32
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.select %[[V2]], %[[IN_1]], %[[V0]] : i32
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.shli %[[IN]], %[[V3]] : i32
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.select %[[V2]], %[[V4]], %[[V0]] : i32
// CHECK-NEXT: linalg.yield %[[V5]] : i32
// CHECK-NEXT: } -> tensor<4xi32>
// CHECK-NEXT: %[[RIGHT:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi32>
// CHECK-NEXT: %[[RIGHT_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]], %[[S]] : tensor<4xi32>, tensor<4xi32>) outs(%[[RIGHT]] : tensor<4xi32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i32, %[[IN_3:[a-zA-Z0-9_$.]+]]: i32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 32 : i32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.cmpi ult, %[[IN_3]], %[[V7]] : i32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.select %[[V8]], %[[IN_3]], %[[V6]] : i32
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.shrui %[[IN_2]], %[[V9]] : i32
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.select %[[V8]], %[[V10]], %[[V6]] : i32
// CHECK-NEXT: linalg.yield %[[V11]] : i32
// CHECK-NEXT: } -> tensor<4xi32>
// CHECK-NEXT: func.return %[[LEFT_1]], %[[RIGHT_1]] : tensor<4xi32>, tensor<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// The signed forms on i16 (as in tests/filecheck/gawee/mod.mlir and bit_shift.mlir), for
// the differential tests, mlir-opt and IREE to run.
func.func @mod_shift_signed(%a: tensor<3x4xi16>, %b: tensor<4xi16>) -> (tensor<3x4xi16>, tensor<3x4xi16>, tensor<3x4xi16>) {
  %floored = gawee.mod %a, %b : (tensor<3x4xi16>, tensor<4xi16>) -> tensor<3x4xi16>
  %left = gawee.bit_shift %a, %b direction = "LEFT" : (tensor<3x4xi16>, tensor<4xi16>) -> tensor<3x4xi16>
  %right = gawee.bit_shift %a, %b direction = "RIGHT" : (tensor<3x4xi16>, tensor<4xi16>) -> tensor<3x4xi16>
  func.return %floored, %left, %right : tensor<3x4xi16>, tensor<3x4xi16>, tensor<3x4xi16>
}

// CHECK-LABEL: func.func @mod_shift_signed(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<3x4xi16>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xi16>) -> (tensor<3x4xi16>, tensor<3x4xi16>, tensor<3x4xi16>) {
// CHECK-NEXT: %[[FLOORED:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x4xi16>
// CHECK-NEXT: %[[FLOORED_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<3x4xi16>, tensor<4xi16>) outs(%[[FLOORED]] : tensor<3x4xi16>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i16, %[[IN_1:[a-zA-Z0-9_$.]+]]: i16, %[[OUT:[a-zA-Z0-9_$.]+]]: i16):
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant -1 : i16
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.cmpi eq, %[[IN_1]], %[[V0]] : i16
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i16
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.select %[[V1]], %[[V2]], %[[IN_1]] : i16
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.remsi %[[IN]], %[[V3]] : i16
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i16
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpi ne, %[[V4]], %[[V5]] : i16
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V4]], %[[V5]] : i16
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[IN_1]], %[[V5]] : i16
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.xori %[[V7]], %[[V8]] : i1
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.andi %[[V6]], %[[V9]] : i1
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.addi %[[V4]], %[[IN_1]] : i16
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.select %[[V10]], %[[V11]], %[[V4]] : i16
// CHECK-NEXT: linalg.yield %[[V12]] : i16
// CHECK-NEXT: } -> tensor<3x4xi16>
// CHECK-NEXT: %[[LEFT:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x4xi16>
// CHECK-NEXT: %[[LEFT_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<3x4xi16>, tensor<4xi16>) outs(%[[LEFT]] : tensor<3x4xi16>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i16, %[[IN_3:[a-zA-Z0-9_$.]+]]: i16, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i16):
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i16
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 16 : i16
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.cmpi ult, %[[IN_3]], %[[V14]] : i16
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.select %[[V15]], %[[IN_3]], %[[V13]] : i16
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.shli %[[IN_2]], %[[V16]] : i16
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.select %[[V15]], %[[V17]], %[[V13]] : i16
// CHECK-NEXT: linalg.yield %[[V18]] : i16
// CHECK-NEXT: } -> tensor<3x4xi16>
// CHECK-NEXT: %[[RIGHT:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x4xi16>
// CHECK-NEXT: %[[RIGHT_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<3x4xi16>, tensor<4xi16>) outs(%[[RIGHT]] : tensor<3x4xi16>) {
// CHECK-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: i16, %[[IN_5:[a-zA-Z0-9_$.]+]]: i16, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i16):
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i16
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.constant 16 : i16
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.cmpi ult, %[[IN_5]], %[[V20]] : i16
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.select %[[V21]], %[[IN_5]], %[[V19]] : i16
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.constant 15 : i16
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.shrsi %[[IN_4]], %[[V23]] : i16
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.shrsi %[[IN_4]], %[[V22]] : i16
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.select %[[V21]], %[[V25]], %[[V24]] : i16
// CHECK-NEXT: linalg.yield %[[V26]] : i16
// CHECK-NEXT: } -> tensor<3x4xi16>
// CHECK-NEXT: func.return %[[FLOORED_1]], %[[LEFT_1]], %[[RIGHT_1]] : tensor<3x4xi16>, tensor<3x4xi16>, tensor<3x4xi16>
// CHECK-NEXT: }
// CHECK-NEXT: }
