// RUN: xdsl-opt %s -p convert-mir-to-llir --split-input-file | filecheck %s

// Comparisons: llir.cmp with the ordered float predicate (une for ne, true on NaN),
// signed integer predicates; the i1 results stored as i1.
func.func @compare(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %i: tensor<3xi32>) -> (tensor<2x3xi1>, tensor<3xi1>) {
  %0 = mir.broadcast_cmp ne %a, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = mir.broadcast_cmp le %i, %i broadcast_shape = [3] : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  func.return %0, %1 : tensor<2x3xi1>, tensor<3xi1>
}

// CHECK-LABEL: llir.func @compare(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[B:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[I:[a-zA-Z0-9_$.]+]]: !llir.ptr<i32>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<i1>, %[[OUT1:[a-zA-Z0-9_$.]+]]: !llir.ptr<i1>) attributes {llir.tensor_signature = (tensor<2x3xf32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<2x3xi1>, tensor<3xi1>)} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 2 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = llir.constant 3 : i64
// CHECK-NEXT: llir.for unroll_and_jam %[[V4:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = llir.mul %[[V3]], %[[V4]] : i64
// CHECK-NEXT: llir.for unroll %[[V6:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = llir.add %[[V5]], %[[V6]] : i64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V7]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = llir.load %[[B]][%[[V6]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = llir.cmp une, %[[V8]], %[[V9]] : f32
// CHECK-NEXT: llir.store %[[V10]], %[[OUT0]][%[[V7]] : i64] : i1, !llir.ptr<i1>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: llir.for unroll %[[V11:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = llir.load %[[I]][%[[V11]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = llir.load %[[I]][%[[V11]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = llir.cmp sle, %[[V12]], %[[V13]] : i32
// CHECK-NEXT: llir.store %[[V14]], %[[OUT1]][%[[V11]] : i64] : i1, !llir.ptr<i1>
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// mir.select: the three operands broadcast (stride 0), one llir.select per element.
func.func @select(%c: tensor<2x1xi1>, %a: tensor<3xf32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %0 = mir.select %c, %a, %b broadcast_shape = [2, 3] : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: llir.func @select(
// CHECK-SAME: %[[C:[a-zA-Z0-9_$.]+]]: !llir.ptr<i1>, %[[A:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[B:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 2 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = llir.constant 3 : i64
// CHECK-NEXT: llir.for unroll_and_jam %[[V4:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = llir.mul %[[V3]], %[[V4]] : i64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = llir.load %[[C]][%[[V4]] : i64] : !llir.ptr<i1> -> i1
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = llir.load %[[B]] : !llir.ptr<f32> -> f32
// CHECK-NEXT: llir.for unroll %[[V8:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = llir.add %[[V5]], %[[V8]] : i64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V8]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = llir.select %[[V6]], %[[V10]], %[[V7]] : f32
// CHECK-NEXT: llir.store %[[V11]], %[[OUT0]][%[[V9]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// mir.broadcast_to: a copy reading the repeated dims with stride 0.
func.func @broadcast_to(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = mir.broadcast_to %x : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: llir.func @broadcast_to(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<3x1xf32>) -> tensor<2x3x4xf32>} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 2 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = llir.constant 12 : i64
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = llir.constant 3 : i64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = llir.constant 4 : i64
// CHECK-NEXT: llir.for %[[V6:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = llir.mul %[[V3]], %[[V6]] : i64
// CHECK-NEXT: llir.for unroll_and_jam %[[V8:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V4]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = llir.mul %[[V5]], %[[V8]] : i64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = llir.add %[[V7]], %[[V9]] : i64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = llir.load %[[X]][%[[V8]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: llir.for unroll %[[V12:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V5]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = llir.add %[[V10]], %[[V12]] : i64
// CHECK-NEXT: llir.store %[[V11]], %[[OUT0]][%[[V13]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// The new math ops and bitwise ops map one to one; pow keeps its float type.
func.func @math(%x: tensor<4xf64>, %m: tensor<4xi1>) -> (tensor<4xf64>, tensor<4xi1>) {
  %0 = mir.tanh %x : (tensor<4xf64>) -> tensor<4xf64>
  %1 = mir.erf %0 : (tensor<4xf64>) -> tensor<4xf64>
  %2 = mir.broadcast_pow %1, %x broadcast_shape = [4] : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  %3 = mir.broadcast_xor %m, %m broadcast_shape = [4] : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  func.return %2, %3 : tensor<4xf64>, tensor<4xi1>
}

// CHECK-LABEL: llir.func @math(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: !llir.ptr<f64>, %[[M:[a-zA-Z0-9_$.]+]]: !llir.ptr<i1>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<f64>, %[[OUT1:[a-zA-Z0-9_$.]+]]: !llir.ptr<i1>) attributes {llir.tensor_signature = (tensor<4xf64>, tensor<4xi1>) -> (tensor<4xf64>, tensor<4xi1>)} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 4 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = llir.alloc_buffer 32 : !llir.ptr<f64>
// CHECK-NEXT: llir.for unroll %[[V4:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = llir.load %[[X]][%[[V4]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = llir.tanh %[[V5]] : f64
// CHECK-NEXT: llir.store %[[V6]], %[[V3]][%[[V4]] : i64] : f64, !llir.ptr<f64>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = llir.alloc_buffer 32 : !llir.ptr<f64>
// CHECK-NEXT: llir.for unroll %[[V8:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = llir.load %[[V3]][%[[V8]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = llir.erf %[[V9]] : f64
// CHECK-NEXT: llir.store %[[V10]], %[[V7]][%[[V8]] : i64] : f64, !llir.ptr<f64>
// CHECK-NEXT: }
// CHECK-NEXT: llir.free_buffer %[[V3]] : !llir.ptr<f64>
// CHECK-NEXT: llir.for unroll %[[V11:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = llir.load %[[V7]][%[[V11]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = llir.load %[[X]][%[[V11]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = llir.pow %[[V12]], %[[V13]] : f64
// CHECK-NEXT: llir.store %[[V14]], %[[OUT0]][%[[V11]] : i64] : f64, !llir.ptr<f64>
// CHECK-NEXT: }
// CHECK-NEXT: llir.free_buffer %[[V7]] : !llir.ptr<f64>
// CHECK-NEXT: llir.for unroll %[[V15:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = llir.load %[[M]][%[[V15]] : i64] : !llir.ptr<i1> -> i1
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = llir.load %[[M]][%[[V15]] : i64] : !llir.ptr<i1> -> i1
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = llir.xor %[[V16]], %[[V17]] : i1
// CHECK-NEXT: llir.store %[[V18]], %[[OUT1]][%[[V15]] : i64] : i1, !llir.ptr<i1>
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// mir.gather_elements: the input address off the axis follows the result position,
// along the axis it is the loaded index (wrapped if negative, clamped to [0, 4]) times the stride.
func.func @gather_elements(%x: tensor<5x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = mir.gather_elements %x, %i axis = 0 : (tensor<5x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: llir.func @gather_elements(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[I:[a-zA-Z0-9_$.]+]]: !llir.ptr<i64>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<5x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 2 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = llir.constant 4 : i64
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = llir.constant 5 : i64
// CHECK-NEXT: llir.for unroll_and_jam %[[V5:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = llir.mul %[[V3]], %[[V5]] : i64
// CHECK-NEXT: llir.for unroll %[[V7:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = llir.add %[[V6]], %[[V7]] : i64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = llir.load %[[I]][%[[V8]] : i64] : !llir.ptr<i64> -> i64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = llir.add %[[V9]], %[[V4]] : i64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = llir.cmp slt, %[[V9]], %[[V0]] : i64
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = llir.select %[[V11]], %[[V10]], %[[V9]] : i64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = llir.max %[[V12]], %[[V0]] : i64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = llir.min %[[V13]], %[[V3]] : i64
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = llir.mul %[[V3]], %[[V14]] : i64
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = llir.add %[[V7]], %[[V15]] : i64
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = llir.load %[[X]][%[[V16]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: llir.store %[[V17]], %[[OUT0]][%[[V8]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
// CHECK-NEXT: }
