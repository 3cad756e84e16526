// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s

// gawee.bitwise_and / not on unsigned integers: the same arith ops on the signless type
// of the width; bitwise_not's constant of all ones is 65535 in ui16 (-1 as i16).

func.func @bitwise_unsigned(%x: tensor<4xui16>, %y: tensor<ui16>) -> (tensor<4xui16>, tensor<4xui16>) {
  %and = gawee.bitwise_and %x, %y : (tensor<4xui16>, tensor<ui16>) -> tensor<4xui16>
  %not = gawee.bitwise_not %x : (tensor<4xui16>) -> tensor<4xui16>
  func.return %and, %not : tensor<4xui16>, tensor<4xui16>
}

// CHECK-LABEL: func.func @bitwise_unsigned(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xi16>, %[[Y:[a-zA-Z0-9_$.]+]]: tensor<i16>) -> (tensor<4xi16>, tensor<4xi16>) {
// CHECK-NEXT: %[[AND:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi16>
// CHECK-NEXT: %[[AND_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]], %[[Y]] : tensor<4xi16>, tensor<i16>) outs(%[[AND]] : tensor<4xi16>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i16, %[[IN_1:[a-zA-Z0-9_$.]+]]: i16, %[[OUT:[a-zA-Z0-9_$.]+]]: i16):
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.andi %[[IN]], %[[IN_1]] : i16
// CHECK-NEXT: linalg.yield %[[V0]] : i16
// CHECK-NEXT: } -> tensor<4xi16>
// CHECK-NEXT: %[[NOT:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi16>
// CHECK-NEXT: %[[NOT_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xi16>) outs(%[[NOT]] : tensor<4xi16>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i16, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i16):
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 65535 : i16
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.xori %[[IN_2]], %[[V1]] : i16
// CHECK-NEXT: linalg.yield %[[V2]] : i16
// CHECK-NEXT: } -> tensor<4xi16>
// CHECK-NEXT: func.return %[[AND_1]], %[[NOT_1]] : tensor<4xi16>, tensor<4xi16>
// CHECK-NEXT: }
// CHECK-NEXT: }
