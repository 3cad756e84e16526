// RUN: xdsl-opt %s -p convert-mir-to-llir --split-input-file | filecheck %s

// Element-wise ops: one loop nest over the result, contiguous dims merged, broadcast
// operands read with stride 0 (a [3] operand along a [2, 3] result reuses its row).

func.func @broadcast_add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = mir.broadcast_add %a, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// CHECK-LABEL: llir.func @broadcast_add(%a: !llir.ptr<f32>, %b: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   llir.for unroll_and_jam %[[V4:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V5:.*]] = llir.mul %[[V3]], %[[V4]] : i64
// CHECK-NEXT:     llir.for unroll %[[V6:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V7:.*]] = llir.add %[[V5]], %[[V6]] : i64
// CHECK-NEXT:       %[[V8:.*]] = llir.load %a[%[[V7]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V9:.*]] = llir.load %b[%[[V6]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V10:.*]] = llir.add %[[V8]], %[[V9]] : f32
// CHECK-NEXT:       llir.store %[[V10]], %out0[%[[V7]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// A column [2, 1] broadcast along the rows: its load is hoisted out of the inner loop.
func.func @broadcast_max_min_column(%a: tensor<2x1xi32>, %b: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %max = mir.broadcast_max %a, %b broadcast_shape = [2, 3] : (tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %min = mir.broadcast_min %b, %a broadcast_shape = [2, 3] : (tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  func.return %max, %min : tensor<2x3xi32>, tensor<2x3xi32>
}

// CHECK-LABEL: llir.func @broadcast_max_min_column(%a: !llir.ptr<i32>, %b: !llir.ptr<i32>, %out0: !llir.ptr<i32>, %out1: !llir.ptr<i32>) attributes {llir.tensor_signature = (tensor<2x1xi32>, tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   llir.for unroll_and_jam %[[V4:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V5:.*]] = llir.mul %[[V3]], %[[V4]] : i64
// CHECK-NEXT:     %[[V6:.*]] = llir.load %a[%[[V4]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT:     llir.for unroll %[[V7:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V8:.*]] = llir.add %[[V5]], %[[V7]] : i64
// CHECK-NEXT:       %[[V9:.*]] = llir.load %b[%[[V8]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT:       %[[V10:.*]] = llir.max %[[V6]], %[[V9]] : i32
// CHECK-NEXT:       llir.store %[[V10]], %out0[%[[V8]] : i64] : i32, !llir.ptr<i32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll_and_jam %[[V11:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V12:.*]] = llir.mul %[[V3]], %[[V11]] : i64
// CHECK-NEXT:     %[[V13:.*]] = llir.load %a[%[[V11]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT:     llir.for unroll %[[V14:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V15:.*]] = llir.add %[[V12]], %[[V14]] : i64
// CHECK-NEXT:       %[[V16:.*]] = llir.load %b[%[[V15]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT:       %[[V17:.*]] = llir.min %[[V16]], %[[V13]] : i32
// CHECK-NEXT:       llir.store %[[V17]], %out1[%[[V15]] : i64] : i32, !llir.ptr<i32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// Same shapes: the two dims merge into one loop of 6; the intermediate is freed.
func.func @sub_div(%a: tensor<2x3xf64>, %b: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %s = mir.broadcast_sub %a, %b broadcast_shape = [2, 3] : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  %d = mir.broadcast_div %s, %b broadcast_shape = [2, 3] : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  func.return %d : tensor<2x3xf64>
}

// CHECK-LABEL: llir.func @sub_div(%a: !llir.ptr<f64>, %b: !llir.ptr<f64>, %out0: !llir.ptr<f64>) attributes {llir.tensor_signature = (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 6 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[S:.*]] = llir.alloc_buffer 48 : !llir.ptr<f64>
// CHECK-NEXT:   llir.for %[[V3:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V4:.*]] = llir.load %a[%[[V3]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT:     %[[V5:.*]] = llir.load %b[%[[V3]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT:     %[[V6:.*]] = llir.sub %[[V4]], %[[V5]] : f64
// CHECK-NEXT:     llir.store %[[V6]], %[[S]][%[[V3]] : i64] : f64, !llir.ptr<f64>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for %[[V7:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V8:.*]] = llir.load %[[S]][%[[V7]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT:     %[[V9:.*]] = llir.load %b[%[[V7]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT:     %[[V10:.*]] = llir.div %[[V8]], %[[V9]] : f64
// CHECK-NEXT:     llir.store %[[V10]], %out0[%[[V7]] : i64] : f64, !llir.ptr<f64>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.free_buffer %[[S]] : !llir.ptr<f64>
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

func.func @unary(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %s = mir.sqrt %x : (tensor<4xf32>) -> tensor<4xf32>
  %e = mir.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  %n = mir.neg %x : (tensor<4xf32>) -> tensor<4xf32>
  func.return %s, %e, %n : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: llir.func @unary(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>, %out1: !llir.ptr<f32>, %out2: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   llir.for unroll %[[V3:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V4:.*]] = llir.load %x[%[[V3]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V5:.*]] = llir.sqrt %[[V4]] : f32
// CHECK-NEXT:     llir.store %[[V5]], %out0[%[[V3]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V6:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V7:.*]] = llir.load %x[%[[V6]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V8:.*]] = llir.exp %[[V7]] : f32
// CHECK-NEXT:     llir.store %[[V8]], %out1[%[[V6]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V9:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V10:.*]] = llir.load %x[%[[V9]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V11:.*]] = llir.neg %[[V10]] : f32
// CHECK-NEXT:     llir.store %[[V11]], %out2[%[[V9]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// float -> int saturates (NaN -> 0) in f64, where the bounds are exact; i1 -> float is uitofp.
func.func @cast(%x: tensor<3xf32>, %p: tensor<2xi1>) -> (tensor<3xi8>, tensor<2xf16>) {
  %i = mir.cast %x : (tensor<3xf32>) -> tensor<3xi8>
  %f = mir.cast %p : (tensor<2xi1>) -> tensor<2xf16>
  func.return %i, %f : tensor<3xi8>, tensor<2xf16>
}

// CHECK-LABEL: llir.func @cast(%x: !llir.ptr<f32>, %p: !llir.ptr<i1>, %out0: !llir.ptr<i8>, %out1: !llir.ptr<f16>) attributes {llir.tensor_signature = (tensor<3xf32>, tensor<2xi1>) -> (tensor<3xi8>, tensor<2xf16>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 0.000000e+00 : f64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 1.270000e+02 : f64
// CHECK-NEXT:   %[[V5:.*]] = llir.constant -1.280000e+02 : f64
// CHECK-NEXT:   %[[V6:.*]] = llir.constant 127 : i8
// CHECK-NEXT:   %[[V7:.*]] = llir.constant -128 : i8
// CHECK-NEXT:   %[[V8:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   llir.for unroll %[[V9:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V10:.*]] = llir.load %x[%[[V9]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V11:.*]] = llir.fpext %[[V10]] : f32 to f64
// CHECK-NEXT:     %[[V12:.*]] = llir.cmp uno, %[[V11]], %[[V11]] : f64
// CHECK-NEXT:     %[[V13:.*]] = llir.select %[[V12]], %[[V3]], %[[V11]] : f64
// CHECK-NEXT:     %[[V14:.*]] = llir.cmp oge, %[[V13]], %[[V4]] : f64
// CHECK-NEXT:     %[[V15:.*]] = llir.cmp ole, %[[V13]], %[[V5]] : f64
// CHECK-NEXT:     %[[V16:.*]] = llir.or %[[V14]], %[[V15]] : i1
// CHECK-NEXT:     %[[V17:.*]] = llir.select %[[V16]], %[[V3]], %[[V13]] : f64
// CHECK-NEXT:     %[[V18:.*]] = llir.fptosi %[[V17]] : f64 to i8
// CHECK-NEXT:     %[[V19:.*]] = llir.select %[[V14]], %[[V6]], %[[V18]] : i8
// CHECK-NEXT:     %[[V20:.*]] = llir.select %[[V15]], %[[V7]], %[[V19]] : i8
// CHECK-NEXT:     llir.store %[[V20]], %out0[%[[V9]] : i64] : i8, !llir.ptr<i8>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V21:.*]] = %[[V0]] to %[[V8]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V22:.*]] = llir.load %p[%[[V21]] : i64] : !llir.ptr<i1> -> i1
// CHECK-NEXT:     %[[V23:.*]] = llir.uitofp %[[V22]] : i1 to f16
// CHECK-NEXT:     llir.store %[[V23]], %out1[%[[V21]] : i64] : f16, !llir.ptr<f16>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// Scalar arith casts become the llir casts of the same meaning; index is i64, so
// index_cast sign-extends from narrower and truncates to narrower integers.
func.func @casts(%v: tensor<2xf32>, %i: i32, %f: f32, %b: i8) -> (tensor<2xf32>, f32, index, i32, f64, i16, f32, i32, i32) {
  %w = "mir.neg"(%v) : (tensor<2xf32>) -> tensor<2xf32>
  %a = arith.sitofp %i : i32 to f32
  %x = arith.index_cast %i : i32 to index
  %y = arith.index_cast %x : index to i32
  %e = arith.extf %f : f32 to f64
  %t = arith.trunci %i : i32 to i16
  %u = arith.uitofp %b : i8 to f32
  %z = arith.extui %b : i8 to i32
  %s = arith.fptosi %f : f32 to i32
  func.return %w, %a, %x, %y, %e, %t, %u, %z, %s : tensor<2xf32>, f32, index, i32, f64, i16, f32, i32, i32
}

// CHECK-LABEL: llir.func @casts(
// CHECK-SAME: %[[V:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[I:[a-zA-Z0-9_$.]+]]: i32, %[[F:[a-zA-Z0-9_$.]+]]: f32, %[[B:[a-zA-Z0-9_$.]+]]: i8, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[OUT1:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[OUT2:[a-zA-Z0-9_$.]+]]: !llir.ptr<i64>, %[[OUT3:[a-zA-Z0-9_$.]+]]: !llir.ptr<i32>, %[[OUT4:[a-zA-Z0-9_$.]+]]: !llir.ptr<f64>, %[[OUT5:[a-zA-Z0-9_$.]+]]: !llir.ptr<i16>, %[[OUT6:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[OUT7:[a-zA-Z0-9_$.]+]]: !llir.ptr<i32>, %[[OUT8:[a-zA-Z0-9_$.]+]]: !llir.ptr<i32>) attributes {llir.tensor_signature = (tensor<2xf32>, i32, f32, i8) -> (tensor<2xf32>, f32, index, i32, f64, i16, f32, i32, i32)} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 2 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: llir.for unroll %[[V3:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = llir.load %[[V]][%[[V3]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = llir.neg %[[V4]] : f32
// CHECK-NEXT: llir.store %[[V5]], %[[OUT0]][%[[V3]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[A:[a-zA-Z0-9_$.]+]] = llir.sitofp %[[I]] : i32 to f32
// CHECK-NEXT: %[[X:[a-zA-Z0-9_$.]+]] = llir.sext %[[I]] : i32 to i64
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = llir.trunc %[[X]] : i64 to i32
// CHECK-NEXT: %[[E:[a-zA-Z0-9_$.]+]] = llir.fpext %[[F]] : f32 to f64
// CHECK-NEXT: %[[T:[a-zA-Z0-9_$.]+]] = llir.trunc %[[I]] : i32 to i16
// CHECK-NEXT: %[[U:[a-zA-Z0-9_$.]+]] = llir.uitofp %[[B]] : i8 to f32
// CHECK-NEXT: %[[Z:[a-zA-Z0-9_$.]+]] = llir.zext %[[B]] : i8 to i32
// CHECK-NEXT: %[[S:[a-zA-Z0-9_$.]+]] = llir.fptosi %[[F]] : f32 to i32
// CHECK-NEXT: llir.store %[[A]], %[[OUT1]] : f32, !llir.ptr<f32>
// CHECK-NEXT: llir.store %[[X]], %[[OUT2]] : i64, !llir.ptr<i64>
// CHECK-NEXT: llir.store %[[Y]], %[[OUT3]] : i32, !llir.ptr<i32>
// CHECK-NEXT: llir.store %[[E]], %[[OUT4]] : f64, !llir.ptr<f64>
// CHECK-NEXT: llir.store %[[T]], %[[OUT5]] : i16, !llir.ptr<i16>
// CHECK-NEXT: llir.store %[[U]], %[[OUT6]] : f32, !llir.ptr<f32>
// CHECK-NEXT: llir.store %[[Z]], %[[OUT7]] : i32, !llir.ptr<i32>
// CHECK-NEXT: llir.store %[[S]], %[[OUT8]] : i32, !llir.ptr<i32>
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Integer casts: sign extension to a wider type, truncation to a narrower one.
func.func @int_casts(%x: tensor<2xi8>, %y: tensor<2xi64>) -> (tensor<2xi32>, tensor<2xi8>) {
  %w = mir.cast %x : (tensor<2xi8>) -> tensor<2xi32>
  %n = mir.cast %y : (tensor<2xi64>) -> tensor<2xi8>
  func.return %w, %n : tensor<2xi32>, tensor<2xi8>
}

// CHECK-LABEL: llir.func @int_casts(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: !llir.ptr<i8>, %[[Y:[a-zA-Z0-9_$.]+]]: !llir.ptr<i64>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<i32>, %[[OUT1:[a-zA-Z0-9_$.]+]]: !llir.ptr<i8>) attributes {llir.tensor_signature = (tensor<2xi8>, tensor<2xi64>) -> (tensor<2xi32>, tensor<2xi8>)} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 2 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: llir.for unroll %[[V3:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = llir.load %[[X]][%[[V3]] : i64] : !llir.ptr<i8> -> i8
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = llir.sext %[[V4]] : i8 to i32
// CHECK-NEXT: llir.store %[[V5]], %[[OUT0]][%[[V3]] : i64] : i32, !llir.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: llir.for unroll %[[V6:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = llir.load %[[Y]][%[[V6]] : i64] : !llir.ptr<i64> -> i64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = llir.trunc %[[V7]] : i64 to i8
// CHECK-NEXT: llir.store %[[V8]], %[[OUT1]][%[[V6]] : i64] : i8, !llir.ptr<i8>
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// The rounding ops: a loop of load, the llir op of the same kind, store.
func.func @rounding(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %floor = mir.floor %x : (tensor<4xf32>) -> tensor<4xf32>
  %ceil = mir.ceil %x : (tensor<4xf32>) -> tensor<4xf32>
  %round = mir.round %x : (tensor<4xf32>) -> tensor<4xf32>
  func.return %floor, %ceil, %round : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: llir.func @rounding(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>, %out1: !llir.ptr<f32>, %out2: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   llir.for unroll %[[I0:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[X0:.*]] = llir.load %x[%[[I0]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[R0:.*]] = llir.floor %[[X0]] : f32
// CHECK-NEXT:     llir.store %[[R0]], %out0[%[[I0]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[I1:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[X1:.*]] = llir.load %x[%[[I1]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[R1:.*]] = llir.ceil %[[X1]] : f32
// CHECK-NEXT:     llir.store %[[R1]], %out1[%[[I1]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[I2:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[X2:.*]] = llir.load %x[%[[I2]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[R2:.*]] = llir.roundeven %[[X2]] : f32
// CHECK-NEXT:     llir.store %[[R2]], %out2[%[[I2]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }
