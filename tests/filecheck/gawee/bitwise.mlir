// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.bitwise_and / or / xor / not: their syntax, and both lowerings on signed
// integers (unsigned ones: convert-gawee-to-linalg/bitwise_unsigned.mlir; mir is
// signless, so convert-gawee-to-mir rejects them as every unsigned op). To linalg: one
// linalg.generic each, arith.andi / ori / xori in the body; bitwise_not is x xor -1. To
// mir: mir.broadcast_and / or / xor, bitwise_not a broadcast_xor with a rank-0 -1.
func.func @bitwise(%x: tensor<2x3xi8>, %y: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>) {
  %and = gawee.bitwise_and %x, %y : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  %or = gawee.bitwise_or %x, %y : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  %xor = gawee.bitwise_xor %x, %y : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  %not = gawee.bitwise_not %x : (tensor<2x3xi8>) -> tensor<2x3xi8>
  func.return %and, %or, %xor, %not : tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>
}

// CHECK-LABEL: func.func @bitwise(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi8>, %[[Y:[a-zA-Z0-9_$.]+]]: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>) {
// CHECK-NEXT: %[[AND:[a-zA-Z0-9_$.]+]] = gawee.bitwise_and %[[X]], %[[Y]] : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: %[[OR:[a-zA-Z0-9_$.]+]] = gawee.bitwise_or %[[X]], %[[Y]] : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: %[[XOR:[a-zA-Z0-9_$.]+]] = gawee.bitwise_xor %[[X]], %[[Y]] : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: %[[NOT:[a-zA-Z0-9_$.]+]] = gawee.bitwise_not %[[X]] : (tensor<2x3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: func.return %[[AND]], %[[OR]], %[[XOR]], %[[NOT]] : tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @bitwise(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi8>, %[[Y:[a-zA-Z0-9_$.]+]]: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>) {
// LINALG-NEXT: %[[AND:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi8>
// LINALG-NEXT: %[[AND_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[Y]] : tensor<2x3xi8>, tensor<3xi8>) outs(%[[AND]] : tensor<2x3xi8>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i8, %[[IN_1:[a-zA-Z0-9_$.]+]]: i8, %[[OUT:[a-zA-Z0-9_$.]+]]: i8):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.andi %[[IN]], %[[IN_1]] : i8
// LINALG-NEXT: linalg.yield %[[V0]] : i8
// LINALG-NEXT: } -> tensor<2x3xi8>
// LINALG-NEXT: %[[OR:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi8>
// LINALG-NEXT: %[[OR_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[Y]] : tensor<2x3xi8>, tensor<3xi8>) outs(%[[OR]] : tensor<2x3xi8>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i8, %[[IN_3:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i8):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.ori %[[IN_2]], %[[IN_3]] : i8
// LINALG-NEXT: linalg.yield %[[V1]] : i8
// LINALG-NEXT: } -> tensor<2x3xi8>
// LINALG-NEXT: %[[XOR:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi8>
// LINALG-NEXT: %[[XOR_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[Y]] : tensor<2x3xi8>, tensor<3xi8>) outs(%[[XOR]] : tensor<2x3xi8>) {
// LINALG-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: i8, %[[IN_5:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i8):
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.xori %[[IN_4]], %[[IN_5]] : i8
// LINALG-NEXT: linalg.yield %[[V2]] : i8
// LINALG-NEXT: } -> tensor<2x3xi8>
// LINALG-NEXT: %[[NOT:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi8>
// LINALG-NEXT: %[[NOT_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xi8>) outs(%[[NOT]] : tensor<2x3xi8>) {
// LINALG-NEXT: ^bb0(%[[IN_6:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_3:[a-zA-Z0-9_$.]+]]: i8):
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant -1 : i8
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.xori %[[IN_6]], %[[V3]] : i8
// LINALG-NEXT: linalg.yield %[[V4]] : i8
// LINALG-NEXT: } -> tensor<2x3xi8>
// LINALG-NEXT: func.return %[[AND_1]], %[[OR_1]], %[[XOR_1]], %[[NOT_1]] : tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @bitwise(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi8>, %[[Y:[a-zA-Z0-9_$.]+]]: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>) {
// MIR-NEXT: %[[AND:[a-zA-Z0-9_$.]+]] = mir.broadcast_and %[[X]], %[[Y]] broadcast_shape = [2, 3] : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// MIR-NEXT: %[[OR:[a-zA-Z0-9_$.]+]] = mir.broadcast_or %[[X]], %[[Y]] broadcast_shape = [2, 3] : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// MIR-NEXT: %[[XOR:[a-zA-Z0-9_$.]+]] = mir.broadcast_xor %[[X]], %[[Y]] broadcast_shape = [2, 3] : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// MIR-NEXT: %[[NOT:[a-zA-Z0-9_$.]+]] = mir.constant dense<-1> : tensor<i8>
// MIR-NEXT: %[[NOT_1:[a-zA-Z0-9_$.]+]] = mir.broadcast_xor %[[X]], %[[NOT]] broadcast_shape = [2, 3] : (tensor<2x3xi8>, tensor<i8>) -> tensor<2x3xi8>
// MIR-NEXT: func.return %[[AND]], %[[OR]], %[[XOR]], %[[NOT_1]] : tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>
// MIR-NEXT: }
// MIR-NEXT: }
