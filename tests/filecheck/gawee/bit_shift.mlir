// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.bit_shift: its syntax, and both lowerings on signed integers. To linalg: the
// amount compared with the width as unsigned (`ult`), the shift by it where it is in
// range and by 0 elsewhere (arith's shifts are poison there), then 0 (left) or the sign
// fill x >> 7 (arithmetic right) selected where it is out of range. To mir:
// mir.broadcast_shl / mir.broadcast_shr, which have numpy's semantics for any amount.
func.func @bit_shift(%x: tensor<2x3xi8>, %s: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>) {
  %left = gawee.bit_shift %x, %s direction = "LEFT" : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  %right = gawee.bit_shift %x, %s direction = "RIGHT" : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  func.return %left, %right : tensor<2x3xi8>, tensor<2x3xi8>
}

// CHECK-LABEL: func.func @bit_shift(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi8>, %[[S:[a-zA-Z0-9_$.]+]]: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>) {
// CHECK-NEXT: %[[LEFT:[a-zA-Z0-9_$.]+]] = gawee.bit_shift %[[X]], %[[S]] direction = "LEFT" : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: %[[RIGHT:[a-zA-Z0-9_$.]+]] = gawee.bit_shift %[[X]], %[[S]] direction = "RIGHT" : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: func.return %[[LEFT]], %[[RIGHT]] : tensor<2x3xi8>, tensor<2x3xi8>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @bit_shift(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi8>, %[[S:[a-zA-Z0-9_$.]+]]: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>) {
// LINALG-NEXT: %[[LEFT:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi8>
// LINALG-NEXT: %[[LEFT_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[S]] : tensor<2x3xi8>, tensor<3xi8>) outs(%[[LEFT]] : tensor<2x3xi8>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i8, %[[IN_1:[a-zA-Z0-9_$.]+]]: i8, %[[OUT:[a-zA-Z0-9_$.]+]]: i8):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i8
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 8 : i8
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.cmpi ult, %[[IN_1]], %[[V1]] : i8
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.select %[[V2]], %[[IN_1]], %[[V0]] : i8
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.shli %[[IN]], %[[V3]] : i8
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.select %[[V2]], %[[V4]], %[[V0]] : i8
// LINALG-NEXT: linalg.yield %[[V5]] : i8
// LINALG-NEXT: } -> tensor<2x3xi8>
// LINALG-NEXT: %[[RIGHT:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi8>
// LINALG-NEXT: %[[RIGHT_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[S]] : tensor<2x3xi8>, tensor<3xi8>) outs(%[[RIGHT]] : tensor<2x3xi8>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i8, %[[IN_3:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i8):
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i8
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 8 : i8
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.cmpi ult, %[[IN_3]], %[[V7]] : i8
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.select %[[V8]], %[[IN_3]], %[[V6]] : i8
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.constant 7 : i8
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.shrsi %[[IN_2]], %[[V10]] : i8
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.shrsi %[[IN_2]], %[[V9]] : i8
// LINALG-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.select %[[V8]], %[[V12]], %[[V11]] : i8
// LINALG-NEXT: linalg.yield %[[V13]] : i8
// LINALG-NEXT: } -> tensor<2x3xi8>
// LINALG-NEXT: func.return %[[LEFT_1]], %[[RIGHT_1]] : tensor<2x3xi8>, tensor<2x3xi8>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @bit_shift(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi8>, %[[S:[a-zA-Z0-9_$.]+]]: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>) {
// MIR-NEXT: %[[LEFT:[a-zA-Z0-9_$.]+]] = mir.broadcast_shl %[[X]], %[[S]] broadcast_shape = [2, 3] : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// MIR-NEXT: %[[RIGHT:[a-zA-Z0-9_$.]+]] = mir.broadcast_shr %[[X]], %[[S]] broadcast_shape = [2, 3] : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// MIR-NEXT: func.return %[[LEFT]], %[[RIGHT]] : tensor<2x3xi8>, tensor<2x3xi8>
// MIR-NEXT: }
// MIR-NEXT: }
