// RUN: xdsl-opt %s -p convert-mir-to-llir --split-input-file | filecheck %s

// The unsigned mir ops (mir's integers are signless: these read them as unsigned) become the
// unsigned llir ops: broadcast_udiv llir.udiv, broadcast_cmp ult llir.cmp ult, an `unsigned`
// cast llir.uitofp / zext, reduce umax llir.umax from 0.

func.func @unsigned_ops(%a: tensor<4xi8>, %b: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi1>, tensor<4xf32>, tensor<4xi32>, tensor<i8>) {
  %d = mir.broadcast_udiv %a, %b broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %c = mir.broadcast_cmp ult %a, %b broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  %f = mir.cast unsigned %a : (tensor<4xi8>) -> tensor<4xf32>
  %w = mir.cast unsigned %a : (tensor<4xi8>) -> tensor<4xi32>
  %m = mir.reduce umax %a axes = [0] keep_dims = false : (tensor<4xi8>) -> tensor<i8>
  func.return %d, %c, %f, %w, %m : tensor<4xi8>, tensor<4xi1>, tensor<4xf32>, tensor<4xi32>, tensor<i8>
}

// CHECK-LABEL: llir.func @unsigned_ops(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: !llir.ptr<i8>, %[[B:[a-zA-Z0-9_$.]+]]: !llir.ptr<i8>,
// CHECK: %[[ZERO:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i8
// CHECK: %[[X0:[a-zA-Z0-9_$.]+]] = llir.load %[[A]]
// CHECK-NEXT: %[[Y0:[a-zA-Z0-9_$.]+]] = llir.load %[[B]]
// CHECK-NEXT: %{{.*}} = llir.udiv %[[X0]], %[[Y0]] : i8
// CHECK: %[[X1:[a-zA-Z0-9_$.]+]] = llir.load %[[A]]
// CHECK-NEXT: %[[Y1:[a-zA-Z0-9_$.]+]] = llir.load %[[B]]
// CHECK-NEXT: %{{.*}} = llir.cmp ult, %[[X1]], %[[Y1]] : i8
// CHECK: %[[X2:[a-zA-Z0-9_$.]+]] = llir.load %[[A]]
// CHECK-NEXT: %{{.*}} = llir.uitofp %[[X2]] : i8 to f32
// CHECK: %[[X3:[a-zA-Z0-9_$.]+]] = llir.load %[[A]]
// CHECK-NEXT: %{{.*}} = llir.zext %[[X3]] : i8 to i32
// CHECK: llir.for unroll %{{.*}} iter_args(%[[ACC:[a-zA-Z0-9_$.]+]] = %[[ZERO]]) -> (i8) : i64 {
// CHECK-NEXT: %[[X4:[a-zA-Z0-9_$.]+]] = llir.load %[[A]]
// CHECK-NEXT: %{{.*}} = llir.umax %[[ACC]], %[[X4]] : i8
