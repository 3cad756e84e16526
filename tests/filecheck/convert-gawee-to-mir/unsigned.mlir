// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// Unsigned integers (ONNX UINT8 ... UINT64): mir's integers are signless, as arith's are, so the
// patterns pick the unsigned form of each op whose meaning depends on signedness by the gawee type
// (broadcast_udiv, broadcast_umax, broadcast_urem for either mod, broadcast_ushr, cmp ult, reduce
// umax, a cast `unsigned`; abs is the identity), and every type of the module becomes signless
// (ui8 -> i8, the function signature too). Sign-agnostic ops (add, equality) stay as they are.

func.func @unsigned_arithmetic(%a: tensor<4xui8>, %b: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xi1>, tensor<4xui8>, tensor<4xui8>) {
  %0 = gawee.div %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %1 = gawee.abs %a : (tensor<4xui8>) -> tensor<4xui8>
  %2 = gawee.max %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %3 = gawee.mod %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %4 = gawee.less %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %5 = gawee.equal %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %6 = gawee.bit_shift %a, %b direction = "RIGHT" : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %7 = gawee.add %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xi1>, tensor<4xui8>, tensor<4xui8>
}

// CHECK-LABEL: func.func @unsigned_arithmetic(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<4xi8>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi1>, tensor<4xi1>, tensor<4xi8>, tensor<4xi8>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_udiv %[[A]], %[[B]] broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_umax %[[A]], %[[B]] broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_urem %[[A]], %[[B]] broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp ult %[[A]], %[[B]] broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[A]], %[[B]] broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.broadcast_ushr %[[A]], %[[B]] broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[A]], %[[B]] broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: func.return %[[V0]], %[[A]], %[[V1]], %[[V2]], %[[V3]], %[[V4]], %[[V5]], %[[V6]] : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi1>, tensor<4xi1>, tensor<4xi8>, tensor<4xi8>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Casts from an unsigned integer (zero-extended, uitofp) and from a float to one (fptoui,
// saturating to [0, 2^N - 1]) are `unsigned`; one from a signed integer to an unsigned one is
// not (sign-extended, as numpy's astype); the max of an unsigned reduction is umax.
func.func @unsigned_casts(%a: tensor<2x3xui16>, %x: tensor<2x3xf32>, %s: tensor<2x3xi8>) -> (tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xui8>, tensor<2x3xui32>, tensor<2xui16>) {
  %0 = gawee.cast %a : (tensor<2x3xui16>) -> tensor<2x3xf32>
  %1 = gawee.cast %a : (tensor<2x3xui16>) -> tensor<2x3xi64>
  %2 = gawee.cast %x : (tensor<2x3xf32>) -> tensor<2x3xui8>
  %3 = gawee.cast %s : (tensor<2x3xi8>) -> tensor<2x3xui32>
  %4 = gawee.reduce_max %a axes = [1] keepDims = false : (tensor<2x3xui16>) -> tensor<2xui16>
  func.return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xui8>, tensor<2x3xui32>, tensor<2xui16>
}

// CHECK-LABEL: func.func @unsigned_casts(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi16>, %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>, %[[S:[a-zA-Z0-9_$.]+]]: tensor<2x3xi8>) -> (tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xi8>, tensor<2x3xi32>, tensor<2xi16>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.cast unsigned %[[A]] : (tensor<2x3xi16>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.cast unsigned %[[A]] : (tensor<2x3xi16>) -> tensor<2x3xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.cast unsigned %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xi8>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.cast %[[S]] : (tensor<2x3xi8>) -> tensor<2x3xi32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.reduce umax %[[A]] axes = [1] keep_dims = false : (tensor<2x3xi16>) -> tensor<2xi16>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]] : tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x3xi8>, tensor<2x3xi32>, tensor<2xi16>
// CHECK-NEXT: }
// CHECK-NEXT: }
