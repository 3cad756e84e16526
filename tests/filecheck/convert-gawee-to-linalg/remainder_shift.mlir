// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// gawee.mod on unsigned integers (the signed form is in tests/filecheck/gawee/mod.mlir):
// arith.remui, whose remainder has no sign to fix. The types become signless.

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

// The signed form on i16 (as in tests/filecheck/gawee/mod.mlir), for the differential
// tests, mlir-opt and IREE to run.
func.func @mod_signed(%a: tensor<3x4xi16>, %b: tensor<4xi16>) -> tensor<3x4xi16> {
  %floored = gawee.mod %a, %b : (tensor<3x4xi16>, tensor<4xi16>) -> tensor<3x4xi16>
  func.return %floored : tensor<3x4xi16>
}

// CHECK-LABEL: func.func @mod_signed(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<3x4xi16>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xi16>) -> tensor<3x4xi16> {
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
// CHECK-NEXT: func.return %[[FLOORED_1]] : tensor<3x4xi16>
// CHECK-NEXT: }
// CHECK-NEXT: }
