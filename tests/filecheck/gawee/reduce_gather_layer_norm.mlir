// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// The reductions in both forms: `axes` and `keepDims` are always printed (no default),
// the axes as written (negative, unsorted, every dim), with and without keepDims, on
// f16, f32 and f64.

func.func @reduce(%x: tensor<2x3x4xf32>, %h: tensor<2x3x4xf16>, %d: tensor<2x3xf64>) {
  %0 = gawee.reduce_sum %x axes = [-1, 1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  %1 = gawee.reduce_sum %d axes = [0, 1] keepDims = false : (tensor<2x3xf64>) -> tensor<f64>
  %2 = gawee.reduce_mean %x axes = [1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  %3 = gawee.reduce_mean %h axes = [2, 0] keepDims = false : (tensor<2x3x4xf16>) -> tensor<3xf16>
  %4 = gawee.reduce_max %x axes = [-1] keepDims = false : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  %5 = gawee.reduce_max %d axes = [0] keepDims = true : (tensor<2x3xf64>) -> tensor<1x3xf64>
  %6 = gawee.reduce_min %h axes = [0, 2] keepDims = false : (tensor<2x3x4xf16>) -> tensor<3xf16>
  %7 = gawee.reduce_min %x axes = [-3, -2, -1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
  func.return
}

// CHECK-LABEL: func.func @reduce(
// CHECK-NEXT: %0 = gawee.reduce_sum %x axes = [-1, 1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
// CHECK-NEXT: %1 = gawee.reduce_sum %d axes = [0, 1] keepDims = false : (tensor<2x3xf64>) -> tensor<f64>
// CHECK-NEXT: %2 = gawee.reduce_mean %x axes = [1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// CHECK-NEXT: %3 = gawee.reduce_mean %h axes = [2, 0] keepDims = false : (tensor<2x3x4xf16>) -> tensor<3xf16>
// CHECK-NEXT: %4 = gawee.reduce_max %x axes = [-1] keepDims = false : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %5 = gawee.reduce_max %d axes = [0] keepDims = true : (tensor<2x3xf64>) -> tensor<1x3xf64>
// CHECK-NEXT: %6 = gawee.reduce_min %h axes = [0, 2] keepDims = false : (tensor<2x3x4xf16>) -> tensor<3xf16>
// CHECK-NEXT: %7 = gawee.reduce_min %x axes = [-3, -2, -1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
// CHECK-NEXT: func.return

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "reduce"
// CHECK-GENERIC-NEXT: ^bb0(%x: tensor<2x3x4xf32>, %h: tensor<2x3x4xf16>, %d: tensor<2x3xf64>):
// CHECK-GENERIC-NEXT: %0 = "gawee.reduce_sum"(%x) {axes = array<i64: -1, 1>, keepDims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
// CHECK-GENERIC-NEXT: %1 = "gawee.reduce_sum"(%d) {axes = array<i64: 0, 1>, keepDims = false} : (tensor<2x3xf64>) -> tensor<f64>
// CHECK-GENERIC-NEXT: %2 = "gawee.reduce_mean"(%x) {axes = array<i64: 1>, keepDims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// CHECK-GENERIC-NEXT: %3 = "gawee.reduce_mean"(%h) {axes = array<i64: 2, 0>, keepDims = false} : (tensor<2x3x4xf16>) -> tensor<3xf16>
// CHECK-GENERIC-NEXT: %4 = "gawee.reduce_max"(%x) {axes = array<i64: -1>, keepDims = false} : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %5 = "gawee.reduce_max"(%d) {axes = array<i64: 0>, keepDims = true} : (tensor<2x3xf64>) -> tensor<1x3xf64>
// CHECK-GENERIC-NEXT: %6 = "gawee.reduce_min"(%h) {axes = array<i64: 0, 2>, keepDims = false} : (tensor<2x3x4xf16>) -> tensor<3xf16>
// CHECK-GENERIC-NEXT: %7 = "gawee.reduce_min"(%x) {axes = array<i64: -3, -2, -1>, keepDims = true} : (tensor<2x3x4xf32>) -> tensor<1x1x1xf32>
// CHECK-GENERIC-NEXT: "func.return"() : () -> ()

// gather_elements (i64 and i32 indices, a negative axis, an i1 data tensor) and
// layer_norm with and without its optional bias, over the last dim, over several dims
// (axis = 1 of a rank-3 input), over every dim (axis = 0), on f16, f32 and f64, with a
// discardable attribute beside the keywords.

func.func @gather_elements_layer_norm(%x: tensor<2x3x4xf32>, %e: tensor<2x2x4xi64>, %n: tensor<2x3x1xi32>, %m: tensor<3x4xi1>, %j: tensor<3x2xi64>, %w: tensor<4xf32>, %b: tensor<4xf32>, %w2: tensor<3x4xf32>, %h: tensor<2x8xf16>, %wh: tensor<8xf16>, %d: tensor<5x2xf64>, %wd: tensor<5x2xf64>, %bd: tensor<5x2xf64>) {
  %0 = gawee.gather_elements %x, %e axis = 1 : (tensor<2x3x4xf32>, tensor<2x2x4xi64>) -> tensor<2x2x4xf32>
  %1 = gawee.gather_elements %x, %n axis = -1 : (tensor<2x3x4xf32>, tensor<2x3x1xi32>) -> tensor<2x3x1xf32>
  %2 = gawee.gather_elements %m, %j axis = 1 : (tensor<3x4xi1>, tensor<3x2xi64>) -> tensor<3x2xi1>
  %3 = gawee.layer_norm %x, %w, %b axis = -1 epsilon = 1.0e-05 : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %4 = gawee.layer_norm %x, %w2 axis = 1 epsilon = 0.001 : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %5 = gawee.layer_norm %h, %wh axis = 1 epsilon = 1.0e-05 : (tensor<2x8xf16>, tensor<8xf16>) -> tensor<2x8xf16>
  %6 = gawee.layer_norm %d, %wd, %bd axis = 0 epsilon = 1.0e-12 {name = "ln"} : (tensor<5x2xf64>, tensor<5x2xf64>, tensor<5x2xf64>) -> tensor<5x2xf64>
  func.return
}

// CHECK-LABEL: func.func @gather_elements_layer_norm(
// CHECK-NEXT: %0 = gawee.gather_elements %x, %e axis = 1 : (tensor<2x3x4xf32>, tensor<2x2x4xi64>) -> tensor<2x2x4xf32>
// CHECK-NEXT: %1 = gawee.gather_elements %x, %n axis = -1 : (tensor<2x3x4xf32>, tensor<2x3x1xi32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %2 = gawee.gather_elements %m, %j axis = 1 : (tensor<3x4xi1>, tensor<3x2xi64>) -> tensor<3x2xi1>
// CHECK-NEXT: %3 = gawee.layer_norm %x, %w, %b axis = -1 epsilon = 1.000000e-05 : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %4 = gawee.layer_norm %x, %w2 axis = 1 epsilon = 1.000000e-03 : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %5 = gawee.layer_norm %h, %wh axis = 1 epsilon = 1.000000e-05 : (tensor<2x8xf16>, tensor<8xf16>) -> tensor<2x8xf16>
// CHECK-NEXT: %6 = gawee.layer_norm %d, %wd, %bd axis = 0 epsilon = 1.000000e-12 {name = "ln"} : (tensor<5x2xf64>, tensor<5x2xf64>, tensor<5x2xf64>) -> tensor<5x2xf64>
// CHECK-NEXT: func.return

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "gather_elements_layer_norm"
// CHECK-GENERIC-NEXT: ^bb0(%x: tensor<2x3x4xf32>, %e: tensor<2x2x4xi64>, %n: tensor<2x3x1xi32>, %m: tensor<3x4xi1>, %j: tensor<3x2xi64>, %w: tensor<4xf32>, %b: tensor<4xf32>, %w2: tensor<3x4xf32>, %h: tensor<2x8xf16>, %wh: tensor<8xf16>, %d: tensor<5x2xf64>, %wd: tensor<5x2xf64>, %bd: tensor<5x2xf64>):
// CHECK-GENERIC-NEXT: %0 = "gawee.gather_elements"(%x, %e) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x2x4xi64>) -> tensor<2x2x4xf32>
// CHECK-GENERIC-NEXT: %1 = "gawee.gather_elements"(%x, %n) {axis = -1 : i64} : (tensor<2x3x4xf32>, tensor<2x3x1xi32>) -> tensor<2x3x1xf32>
// CHECK-GENERIC-NEXT: %2 = "gawee.gather_elements"(%m, %j) {axis = 1 : i64} : (tensor<3x4xi1>, tensor<3x2xi64>) -> tensor<3x2xi1>
// CHECK-GENERIC-NEXT: %3 = "gawee.layer_norm"(%x, %w, %b) {axis = -1 : i64, epsilon = 1.000000e-05 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-GENERIC-NEXT: %4 = "gawee.layer_norm"(%x, %w2) {axis = 1 : i64, epsilon = 1.000000e-03 : f64} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-GENERIC-NEXT: %5 = "gawee.layer_norm"(%h, %wh) {axis = 1 : i64, epsilon = 1.000000e-05 : f64} : (tensor<2x8xf16>, tensor<8xf16>) -> tensor<2x8xf16>
// CHECK-GENERIC-NEXT: %6 = "gawee.layer_norm"(%d, %wd, %bd) {axis = 0 : i64, epsilon = 1.000000e-12 : f64, name = "ln"} : (tensor<5x2xf64>, tensor<5x2xf64>, tensor<5x2xf64>) -> tensor<5x2xf64>
// CHECK-GENERIC-NEXT: "func.return"() : () -> ()
