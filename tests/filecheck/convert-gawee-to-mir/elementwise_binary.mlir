// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// gawee.sub / mul / div -> broadcast_sub / mul / div with the explicit broadcast shape.
func.func @arithmetic(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = gawee.sub %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %1 = gawee.mul %b, %a : (tensor<3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  %2 = gawee.div %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  func.return %0, %1, %2 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @arithmetic(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x1x4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3x1xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[A]], %[[B]] broadcast_shape = [2, 3, 4] : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[B]], %[[A]] broadcast_shape = [2, 3, 4] : (tensor<3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[A]], %[[B]] broadcast_shape = [2, 3, 4] : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]] : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// f64, a rank-0 operand on either side, and operands of one shape.
func.func @arithmetic_f64(%x: tensor<2x3xf64>, %s: tensor<f64>) -> (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>) {
  %0 = gawee.sub %s, %x : (tensor<f64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  %1 = gawee.mul %x, %x : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  %2 = gawee.div %x, %s : (tensor<2x3xf64>, tensor<f64>) -> tensor<2x3xf64>
  func.return %0, %1, %2 : tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>
}

// CHECK-LABEL: func.func @arithmetic_f64(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf64>, %[[S:[a-zA-Z0-9_$.]+]]: tensor<f64>) -> (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[S]], %[[X]] broadcast_shape = [2, 3] : (tensor<f64>, tensor<2x3xf64>) -> tensor<2x3xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[X]] broadcast_shape = [2, 3] : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[X]], %[[S]] broadcast_shape = [2, 3] : (tensor<2x3xf64>, tensor<f64>) -> tensor<2x3xf64>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]] : tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Comparisons -> broadcast_cmp with the predicate, an i1 result.
func.func @compare(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>) -> (tensor<2x3x4xi1>, tensor<2x3x4xi1>, tensor<2x3x4xi1>, tensor<2x3x4xi1>) {
  %0 = gawee.equal %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
  %1 = gawee.greater %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
  %2 = gawee.less %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
  %3 = gawee.less_equal %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
  func.return %0, %1, %2, %3 : tensor<2x3x4xi1>, tensor<2x3x4xi1>, tensor<2x3x4xi1>, tensor<2x3x4xi1>
}

// CHECK-LABEL: func.func @compare(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x1x4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3x1xf32>) -> (tensor<2x3x4xi1>, tensor<2x3x4xi1>, tensor<2x3x4xi1>, tensor<2x3x4xi1>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[A]], %[[B]] broadcast_shape = [2, 3, 4] : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp gt %[[A]], %[[B]] broadcast_shape = [2, 3, 4] : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[A]], %[[B]] broadcast_shape = [2, 3, 4] : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp le %[[A]], %[[B]] broadcast_shape = [2, 3, 4] : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xi1>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]], %[[V3]] : tensor<2x3x4xi1>, tensor<2x3x4xi1>, tensor<2x3x4xi1>, tensor<2x3x4xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Comparisons of integers (i64 broadcast, i32) and equal of i1 masks.
func.func @compare_integers_and_masks(%i: tensor<2x3xi64>, %j: tensor<3xi64>, %k: tensor<4xi32>, %m: tensor<2x1xi1>, %n: tensor<3xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x3xi1>) {
  %0 = gawee.equal %i, %j : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3xi1>
  %1 = gawee.greater %j, %i : (tensor<3xi64>, tensor<2x3xi64>) -> tensor<2x3xi1>
  %2 = gawee.less %k, %k : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = gawee.less_equal %k, %k : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %4 = gawee.equal %m, %n : (tensor<2x1xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  func.return %0, %1, %2, %3, %4 : tensor<2x3xi1>, tensor<2x3xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x3xi1>
}

// CHECK-LABEL: func.func @compare_integers_and_masks(
// CHECK-SAME: %[[I:[a-zA-Z0-9_$.]+]]: tensor<2x3xi64>, %[[J:[a-zA-Z0-9_$.]+]]: tensor<3xi64>, %[[K:[a-zA-Z0-9_$.]+]]: tensor<4xi32>, %[[M:[a-zA-Z0-9_$.]+]]: tensor<2x1xi1>, %[[N:[a-zA-Z0-9_$.]+]]: tensor<3xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x3xi1>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[I]], %[[J]] broadcast_shape = [2, 3] : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp gt %[[J]], %[[I]] broadcast_shape = [2, 3] : (tensor<3xi64>, tensor<2x3xi64>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[K]], %[[K]] broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp le %[[K]], %[[K]] broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[M]], %[[N]] broadcast_shape = [2, 3] : (tensor<2x1xi1>, tensor<3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]] : tensor<2x3xi1>, tensor<2x3xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2x3xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.and / xor on i1 masks -> broadcast_and / xor.
func.func @logic(%m: tensor<2x1xi1>, %n: tensor<3xi1>, %p: tensor<2x3xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>) {
  %0 = gawee.and %m, %n : (tensor<2x1xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  %1 = gawee.xor %p, %m : (tensor<2x3xi1>, tensor<2x1xi1>) -> tensor<2x3xi1>
  func.return %0, %1 : tensor<2x3xi1>, tensor<2x3xi1>
}

// CHECK-LABEL: func.func @logic(
// CHECK-SAME: %[[M:[a-zA-Z0-9_$.]+]]: tensor<2x1xi1>, %[[N:[a-zA-Z0-9_$.]+]]: tensor<3xi1>, %[[P:[a-zA-Z0-9_$.]+]]: tensor<2x3xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_and %[[M]], %[[N]] broadcast_shape = [2, 3] : (tensor<2x1xi1>, tensor<3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_xor %[[P]], %[[M]] broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<2x1xi1>) -> tensor<2x3xi1>
// CHECK-NEXT: func.return %[[V0]], %[[V1]] : tensor<2x3xi1>, tensor<2x3xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.min / sum fold left to right (one operand: the operand itself), on floats and
// integers (min).
func.func @min_sum(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %i: tensor<2x1xi32>, %j: tensor<3xi32>) -> (tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<3xf32>, tensor<2x3xf32>) {
  %0 = gawee.min %b : (tensor<3xf32>) -> tensor<3xf32>
  %1 = gawee.min %a, %b, %a : (tensor<2x1xf32>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %2 = gawee.min %i, %j : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %3 = gawee.sum %b : (tensor<3xf32>) -> tensor<3xf32>
  %4 = gawee.sum %a, %b, %b : (tensor<2x1xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %2, %3, %4 : tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @min_sum(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x1xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<2x1xi32>, %[[J:[a-zA-Z0-9_$.]+]]: tensor<3xi32>) -> (tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<3xf32>, tensor<2x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[V0]], %[[A]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[I]], %[[J]] broadcast_shape = [2, 3] : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V3]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[B]], %[[V1]], %[[V2]], %[[B]], %[[V4]] : tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<3xf32>, tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
