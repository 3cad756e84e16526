// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// topk, scatter_nd and resize in both forms; attributes at their default are not printed
// in the custom form, and the original Gawee's generic topk (k and axis only) parses.

func.func @selection(%x: tensor<2x5xf32>, %d: tensor<4x3xi64>, %i: tensor<2x1xi64>, %u: tensor<2x3xi64>, %img: tensor<1x2x3x4xf32>) {
  %v, %ix = gawee.topk %x k = 3 axis = -1 : (tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
  %v2, %ix2 = gawee.topk %x k = 1 axis = 0 largest = false sorted = false : (tensor<2x5xf32>) -> (tensor<1x5xf32>, tensor<1x5xi64>)
  %v3, %ix3 = "gawee.topk"(%x) {axis = 1 : i64, k = 2 : i64} : (tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xi64>)
  %s = gawee.scatter_nd %d, %i, %u : (tensor<4x3xi64>, tensor<2x1xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
  %s2 = gawee.scatter_nd %d, %i, %u reduction = "max" : (tensor<4x3xi64>, tensor<2x1xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
  %r = gawee.resize %img : (tensor<1x2x3x4xf32>) -> tensor<1x2x6x8xf32>
  %r2 = gawee.resize %img mode = "linear" coordinateTransformationMode = "align_corners" : (tensor<1x2x3x4xf32>) -> tensor<1x2x5x7xf32>
  %r3 = gawee.resize %img coordinateTransformationMode = "asymmetric" nearestMode = "floor" scales = [1.0, 1.0, 2.0, 0.6000000238418579] : (tensor<1x2x3x4xf32>) -> tensor<1x2x6x2xf32>
  %r4 = gawee.resize %img mode = "cubic" coordinateTransformationMode = "tf_crop_and_resize" cubicCoeffA = -0.5 excludeOutside = true antialias = true roi = [0.0, 0.0, 0.25, 0.1, 1.0, 1.0, 0.75, 1.2] extrapolationValue = 1.5 : (tensor<1x2x3x4xf32>) -> tensor<1x2x5x7xf32>
  func.return
}

// CHECK-LABEL: func.func @selection(
// CHECK-NEXT: %v, %ix = gawee.topk %x k = 3 axis = -1 : (tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
// CHECK-NEXT: %v2, %ix2 = gawee.topk %x k = 1 axis = 0 largest = false sorted = false : (tensor<2x5xf32>) -> (tensor<1x5xf32>, tensor<1x5xi64>)
// CHECK-NEXT: %v3, %ix3 = gawee.topk %x k = 2 axis = 1 : (tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xi64>)
// CHECK-NEXT: %s = gawee.scatter_nd %d, %i, %u : (tensor<4x3xi64>, tensor<2x1xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
// CHECK-NEXT: %s2 = gawee.scatter_nd %d, %i, %u reduction = "max" : (tensor<4x3xi64>, tensor<2x1xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
// CHECK-NEXT: %r = gawee.resize %img : (tensor<1x2x3x4xf32>) -> tensor<1x2x6x8xf32>
// CHECK-NEXT: %r2 = gawee.resize %img mode = "linear" coordinateTransformationMode = "align_corners" : (tensor<1x2x3x4xf32>) -> tensor<1x2x5x7xf32>
// CHECK-NEXT: %r3 = gawee.resize %img coordinateTransformationMode = "asymmetric" nearestMode = "floor" scales = [1.000000e+00, 1.000000e+00, 2.000000e+00, 0.60000002384185791] : (tensor<1x2x3x4xf32>) -> tensor<1x2x6x2xf32>
// CHECK-NEXT: %r4 = gawee.resize %img mode = "cubic" coordinateTransformationMode = "tf_crop_and_resize" cubicCoeffA = -5.000000e-01 excludeOutside = true antialias = true roi = [0.000000e+00, 0.000000e+00, 2.500000e-01, 1.000000e-01, 1.000000e+00, 1.000000e+00, 7.500000e-01, 1.200000e+00] extrapolationValue = 1.500000e+00 : (tensor<1x2x3x4xf32>) -> tensor<1x2x5x7xf32>

// CHECK-GENERIC: %v, %ix = "gawee.topk"(%x) {axis = -1 : i64, k = 3 : i64} : (tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
// CHECK-GENERIC-NEXT: %v2, %ix2 = "gawee.topk"(%x) {axis = 0 : i64, k = 1 : i64, largest = false, sorted = false} : (tensor<2x5xf32>) -> (tensor<1x5xf32>, tensor<1x5xi64>)
// CHECK-GENERIC-NEXT: %v3, %ix3 = "gawee.topk"(%x) {axis = 1 : i64, k = 2 : i64} : (tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xi64>)
// CHECK-GENERIC-NEXT: %s = "gawee.scatter_nd"(%d, %i, %u) : (tensor<4x3xi64>, tensor<2x1xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
// CHECK-GENERIC-NEXT: %s2 = "gawee.scatter_nd"(%d, %i, %u) {reduction = "max"} : (tensor<4x3xi64>, tensor<2x1xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
// CHECK-GENERIC-NEXT: %r = "gawee.resize"(%img) : (tensor<1x2x3x4xf32>) -> tensor<1x2x6x8xf32>
// CHECK-GENERIC-NEXT: %r2 = "gawee.resize"(%img) {coordinateTransformationMode = "align_corners", mode = "linear"} : (tensor<1x2x3x4xf32>) -> tensor<1x2x5x7xf32>
// CHECK-GENERIC-NEXT: %r3 = "gawee.resize"(%img) {coordinateTransformationMode = "asymmetric", nearestMode = "floor", scales = array<f64: 1.000000e+00, 1.000000e+00, 2.000000e+00, 0.60000002384185791>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x6x2xf32>
// CHECK-GENERIC-NEXT: %r4 = "gawee.resize"(%img) {antialias = true, coordinateTransformationMode = "tf_crop_and_resize", cubicCoeffA = -5.000000e-01 : f64, excludeOutside = true, extrapolationValue = 1.500000e+00 : f64, mode = "cubic", roi = array<f64: 0.000000e+00, 0.000000e+00, 2.500000e-01, 1.000000e-01, 1.000000e+00, 1.000000e+00, 7.500000e-01, 1.200000e+00>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x5x7xf32>
