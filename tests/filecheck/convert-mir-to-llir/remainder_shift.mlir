// RUN: xdsl-opt %s -p convert-mir-to-llir --split-input-file | filecheck %s

// mir.broadcast_rem is llir.rem; mir.broadcast_mod adds the divisor to a nonzero
// remainder of the other sign (a zero float remainder takes the divisor's sign);
// mir.broadcast_shl / shr shift by the amount where it is below the width as unsigned
// (`ult`), by 0 elsewhere (llir's shifts fail there), and then select 0 or the sign fill.

func.func @rem_mod(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %r = mir.broadcast_rem %a, %b broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %m = mir.broadcast_mod %a, %b broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  func.return %r, %m : tensor<4xi32>, tensor<4xi32>
}

// CHECK: llir.func @rem_mod(%[[A:[a-zA-Z0-9_$.]+]]: !llir.ptr<i32>, %[[B:[a-zA-Z0-9_$.]+]]: !llir.ptr<i32>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<i32>, %[[OUT1:[a-zA-Z0-9_$.]+]]: !llir.ptr<i32>) attributes {llir.tensor_signature = (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 4 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i32
// CHECK-NEXT: llir.for unroll %[[V4:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V4]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = llir.load %[[B]][%[[V4]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = llir.rem %[[V5]], %[[V6]] : i32
// CHECK-NEXT: llir.store %[[V7]], %[[OUT0]][%[[V4]] : i64] : i32, !llir.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: llir.for unroll %[[V8:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V8]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = llir.load %[[B]][%[[V8]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = llir.rem %[[V9]], %[[V10]] : i32
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = llir.cmp slt, %[[V11]], %[[V3]] : i32
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = llir.cmp slt, %[[V10]], %[[V3]] : i32
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = llir.xor %[[V12]], %[[V13]] : i1
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = llir.cmp ne, %[[V11]], %[[V3]] : i32
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = llir.and %[[V15]], %[[V14]] : i1
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = llir.add %[[V11]], %[[V10]] : i32
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = llir.select %[[V16]], %[[V17]], %[[V11]] : i32
// CHECK-NEXT: llir.store %[[V18]], %[[OUT1]][%[[V8]] : i64] : i32, !llir.ptr<i32>
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @mod_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %m = mir.broadcast_mod %a, %b broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %m : tensor<4xf32>
}

// CHECK: llir.func @mod_float(%[[A:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[B:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 4 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = llir.constant -0.000000e+00 : f32
// CHECK-NEXT: llir.for unroll %[[V5:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V5]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = llir.load %[[B]][%[[V5]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = llir.rem %[[V6]], %[[V7]] : f32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = llir.cmp olt, %[[V8]], %[[V3]] : f32
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = llir.cmp olt, %[[V7]], %[[V3]] : f32
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = llir.xor %[[V9]], %[[V10]] : i1
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = llir.cmp une, %[[V8]], %[[V3]] : f32
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = llir.and %[[V12]], %[[V11]] : i1
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = llir.add %[[V8]], %[[V7]] : f32
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = llir.select %[[V13]], %[[V14]], %[[V8]] : f32
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = llir.cmp olt, %[[V7]], %[[V3]] : f32
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = llir.select %[[V16]], %[[V4]], %[[V3]] : f32
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = llir.cmp oeq, %[[V8]], %[[V3]] : f32
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = llir.select %[[V18]], %[[V17]], %[[V15]] : f32
// CHECK-NEXT: llir.store %[[V19]], %[[OUT0]][%[[V5]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @shifts(%x: tensor<4xi8>, %s: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>) {
  %l = mir.broadcast_shl %x, %s broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %r = mir.broadcast_shr %x, %s broadcast_shape = [4] : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  func.return %l, %r : tensor<4xi8>, tensor<4xi8>
}

// CHECK: llir.func @shifts(%[[X:[a-zA-Z0-9_$.]+]]: !llir.ptr<i8>, %[[S:[a-zA-Z0-9_$.]+]]: !llir.ptr<i8>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<i8>, %[[OUT1:[a-zA-Z0-9_$.]+]]: !llir.ptr<i8>) attributes {llir.tensor_signature = (tensor<4xi8>, tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>)} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 4 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i8
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = llir.constant 8 : i8
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = llir.constant 7 : i8
// CHECK-NEXT: llir.for unroll %[[V6:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = llir.load %[[X]][%[[V6]] : i64] : !llir.ptr<i8> -> i8
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = llir.load %[[S]][%[[V6]] : i64] : !llir.ptr<i8> -> i8
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = llir.cmp ult, %[[V8]], %[[V4]] : i8
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = llir.select %[[V9]], %[[V8]], %[[V3]] : i8
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = llir.shl %[[V7]], %[[V10]] : i8
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = llir.select %[[V9]], %[[V11]], %[[V3]] : i8
// CHECK-NEXT: llir.store %[[V12]], %[[OUT0]][%[[V6]] : i64] : i8, !llir.ptr<i8>
// CHECK-NEXT: }
// CHECK-NEXT: llir.for unroll %[[V13:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = llir.load %[[X]][%[[V13]] : i64] : !llir.ptr<i8> -> i8
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = llir.load %[[S]][%[[V13]] : i64] : !llir.ptr<i8> -> i8
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = llir.cmp ult, %[[V15]], %[[V4]] : i8
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = llir.select %[[V16]], %[[V15]], %[[V3]] : i8
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = llir.shr %[[V14]], %[[V5]] : i8
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = llir.shr %[[V14]], %[[V17]] : i8
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = llir.select %[[V16]], %[[V19]], %[[V18]] : i8
// CHECK-NEXT: llir.store %[[V20]], %[[OUT1]][%[[V13]] : i64] : i8, !llir.ptr<i8>
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
// CHECK-NEXT: }
