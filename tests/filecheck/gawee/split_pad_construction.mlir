// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// split, tile, pad, trilu, constant, range and shape in both forms; attributes at
// their default (pad's mode = "constant" and constantValue = 0.0, trilu's upper =
// true and k = 0, shape's start = 0) are left out of the custom form.

func.func @split_pad_construction(%x: tensor<4x5xf32>, %m: tensor<2x3x3xi64>) {
  %0:3 = gawee.split %x splitSizes = [2, 0, 3] axis = -1 : (tensor<4x5xf32>) -> (tensor<4x2xf32>, tensor<4x0xf32>, tensor<4x3xf32>)
  %1 = gawee.tile %x repeats = [2, 1] : (tensor<4x5xf32>) -> tensor<8x5xf32>
  %2 = gawee.pad %x pads = [1, -1, 2, 3] : (tensor<4x5xf32>) -> tensor<7x7xf32>
  %3 = gawee.pad %x pads = [1, 0, 2, 3] mode = "constant" constantValue = 1.5 : (tensor<4x5xf32>) -> tensor<7x8xf32>
  %4 = gawee.pad %x pads = [1, 0, 2, 3] mode = "reflect" : (tensor<4x5xf32>) -> tensor<7x8xf32>
  %5 = gawee.trilu %m upper = false k = -1 : (tensor<2x3x3xi64>) -> tensor<2x3x3xi64>
  %6 = gawee.trilu %m upper = true k = 0 : (tensor<2x3x3xi64>) -> tensor<2x3x3xi64>
  %7 = gawee.constant dense<[1.0, 2.5]> : tensor<2xf32>
  %8 = gawee.constant dense<true> : tensor<2x2xi1>
  %9 = gawee.range start = 0 : i64 limit = 10 : i64 delta = 3 : i64 : tensor<4xi64>
  %10 = gawee.range start = 1.0 : f32 limit = 0.0 : f32 delta = -0.25 : f32 : tensor<4xf32>
  %11 = gawee.shape %m start = 1 : (tensor<2x3x3xi64>) -> tensor<2xi64>
  %12 = gawee.shape %m start = 0 end = -1 : (tensor<2x3x3xi64>) -> tensor<2xi64>
  func.return
}

// CHECK-LABEL: func.func @split_pad_construction(
// CHECK-NEXT: %0, %1, %2 = gawee.split %x splitSizes = [2, 0, 3] axis = -1 : (tensor<4x5xf32>) -> (tensor<4x2xf32>, tensor<4x0xf32>, tensor<4x3xf32>)
// CHECK-NEXT: %3 = gawee.tile %x repeats = [2, 1] : (tensor<4x5xf32>) -> tensor<8x5xf32>
// CHECK-NEXT: %4 = gawee.pad %x pads = [1, -1, 2, 3] : (tensor<4x5xf32>) -> tensor<7x7xf32>
// CHECK-NEXT: %5 = gawee.pad %x pads = [1, 0, 2, 3] constantValue = 1.500000e+00 : (tensor<4x5xf32>) -> tensor<7x8xf32>
// CHECK-NEXT: %6 = gawee.pad %x pads = [1, 0, 2, 3] mode = "reflect" : (tensor<4x5xf32>) -> tensor<7x8xf32>
// CHECK-NEXT: %7 = gawee.trilu %m upper = false k = -1 : (tensor<2x3x3xi64>) -> tensor<2x3x3xi64>
// CHECK-NEXT: %8 = gawee.trilu %m : (tensor<2x3x3xi64>) -> tensor<2x3x3xi64>
// CHECK-NEXT: %9 = gawee.constant dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>
// CHECK-NEXT: %10 = gawee.constant dense<true> : tensor<2x2xi1>
// CHECK-NEXT: %11 = gawee.range start = 0 : i64 limit = 10 : i64 delta = 3 : i64 : tensor<4xi64>
// CHECK-NEXT: %12 = gawee.range start = 1.000000e+00 : f32 limit = 0.000000e+00 : f32 delta = -2.500000e-01 : f32 : tensor<4xf32>
// CHECK-NEXT: %13 = gawee.shape %m start = 1 : (tensor<2x3x3xi64>) -> tensor<2xi64>
// CHECK-NEXT: %14 = gawee.shape %m end = -1 : (tensor<2x3x3xi64>) -> tensor<2xi64>

// CHECK-GENERIC: %0, %1, %2 = "gawee.split"(%x) {axis = -1 : i64, splitSizes = array<i64: 2, 0, 3>} : (tensor<4x5xf32>) -> (tensor<4x2xf32>, tensor<4x0xf32>, tensor<4x3xf32>)
// CHECK-GENERIC-NEXT: %3 = "gawee.tile"(%x) {repeats = array<i64: 2, 1>} : (tensor<4x5xf32>) -> tensor<8x5xf32>
// CHECK-GENERIC-NEXT: %4 = "gawee.pad"(%x) {pads = array<i64: 1, -1, 2, 3>} : (tensor<4x5xf32>) -> tensor<7x7xf32>
// CHECK-GENERIC-NEXT: %5 = "gawee.pad"(%x) {constantValue = 1.500000e+00 : f64, mode = "constant", pads = array<i64: 1, 0, 2, 3>} : (tensor<4x5xf32>) -> tensor<7x8xf32>
// CHECK-GENERIC-NEXT: %6 = "gawee.pad"(%x) {mode = "reflect", pads = array<i64: 1, 0, 2, 3>} : (tensor<4x5xf32>) -> tensor<7x8xf32>
// CHECK-GENERIC-NEXT: %7 = "gawee.trilu"(%m) {k = -1 : i64, upper = false} : (tensor<2x3x3xi64>) -> tensor<2x3x3xi64>
// CHECK-GENERIC-NEXT: %8 = "gawee.trilu"(%m) {k = 0 : i64, upper = true} : (tensor<2x3x3xi64>) -> tensor<2x3x3xi64>
// CHECK-GENERIC-NEXT: %9 = "gawee.constant"() {value = dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK-GENERIC-NEXT: %10 = "gawee.constant"() {value = dense<true> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
// CHECK-GENERIC-NEXT: %11 = "gawee.range"() {delta = 3 : i64, limit = 10 : i64, start = 0 : i64} : () -> tensor<4xi64>
// CHECK-GENERIC-NEXT: %12 = "gawee.range"() {delta = -2.500000e-01 : f32, limit = 0.000000e+00 : f32, start = 1.000000e+00 : f32} : () -> tensor<4xf32>
// CHECK-GENERIC-NEXT: %13 = "gawee.shape"(%m) {start = 1 : i64} : (tensor<2x3x3xi64>) -> tensor<2xi64>
// CHECK-GENERIC-NEXT: %14 = "gawee.shape"(%m) {end = -1 : i64, start = 0 : i64} : (tensor<2x3x3xi64>) -> tensor<2xi64>
