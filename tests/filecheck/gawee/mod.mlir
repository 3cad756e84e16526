// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.mod: its syntax, and both lowerings on signed integers. To linalg: arith.remsi
// by the divisor (by 1 for a divisor -1, where remsi of the most negative value is
// undefined), and for the floored remainder (the default) the divisor added where the
// remainder is nonzero and of the other sign. To mir: mir.broadcast_mod (floored) or
// mir.broadcast_rem (fmod = true, truncated).
func.func @mod(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %floored = gawee.mod %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %truncated = gawee.mod %a, %b fmod = true : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  func.return %floored, %truncated : tensor<2x3xi32>, tensor<2x3xi32>
}

// CHECK-LABEL: func.func @mod(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
// CHECK-NEXT: %[[FLOORED:[a-zA-Z0-9_$.]+]] = gawee.mod %[[A]], %[[B]] : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: %[[TRUNCATED:[a-zA-Z0-9_$.]+]] = gawee.mod %[[A]], %[[B]] fmod = true : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: func.return %[[FLOORED]], %[[TRUNCATED]] : tensor<2x3xi32>, tensor<2x3xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @mod(
// LINALG-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
// LINALG-NEXT: %[[FLOORED:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi32>
// LINALG-NEXT: %[[FLOORED_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xi32>, tensor<3xi32>) outs(%[[FLOORED]] : tensor<2x3xi32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i32, %[[IN_1:[a-zA-Z0-9_$.]+]]: i32, %[[OUT:[a-zA-Z0-9_$.]+]]: i32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant -1 : i32
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.cmpi eq, %[[IN_1]], %[[V0]] : i32
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i32
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.select %[[V1]], %[[V2]], %[[IN_1]] : i32
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.remsi %[[IN]], %[[V3]] : i32
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i32
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpi ne, %[[V4]], %[[V5]] : i32
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V4]], %[[V5]] : i32
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[IN_1]], %[[V5]] : i32
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.xori %[[V7]], %[[V8]] : i1
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.andi %[[V6]], %[[V9]] : i1
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.addi %[[V4]], %[[IN_1]] : i32
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.select %[[V10]], %[[V11]], %[[V4]] : i32
// LINALG-NEXT: linalg.yield %[[V12]] : i32
// LINALG-NEXT: } -> tensor<2x3xi32>
// LINALG-NEXT: %[[TRUNCATED:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi32>
// LINALG-NEXT: %[[TRUNCATED_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xi32>, tensor<3xi32>) outs(%[[TRUNCATED]] : tensor<2x3xi32>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i32, %[[IN_3:[a-zA-Z0-9_$.]+]]: i32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i32):
// LINALG-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant -1 : i32
// LINALG-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.cmpi eq, %[[IN_3]], %[[V13]] : i32
// LINALG-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i32
// LINALG-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.select %[[V14]], %[[V15]], %[[IN_3]] : i32
// LINALG-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.remsi %[[IN_2]], %[[V16]] : i32
// LINALG-NEXT: linalg.yield %[[V17]] : i32
// LINALG-NEXT: } -> tensor<2x3xi32>
// LINALG-NEXT: func.return %[[FLOORED_1]], %[[TRUNCATED_1]] : tensor<2x3xi32>, tensor<2x3xi32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @mod(
// MIR-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
// MIR-NEXT: %[[FLOORED:[a-zA-Z0-9_$.]+]] = mir.broadcast_mod %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// MIR-NEXT: %[[TRUNCATED:[a-zA-Z0-9_$.]+]] = mir.broadcast_rem %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// MIR-NEXT: func.return %[[FLOORED]], %[[TRUNCATED]] : tensor<2x3xi32>, tensor<2x3xi32>
// MIR-NEXT: }
// MIR-NEXT: }
