// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s --check-prefix=DECOMPOSED
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.max_roi_pool: its syntax (spatialScale left out at 1.0) and its decomposition:
// each corner of the regions scaled and rounded half away from zero, per side the bins'
// bounds and a mask of the positions each covers; each region's input (a gather of its
// batch) masked to -inf outside a bin, reduced along W, then along H; an empty bin 0.
// f16 data computes its bounds in f32. Both lowerings lower that.
func.func @max_roi_pool(%x: tensor<2x3x6x5xf32>, %rois: tensor<4x5xf32>) -> tensor<4x3x2x2xf32> {
  %y = gawee.max_roi_pool %x, %rois pooledShape = [2, 2] : (tensor<2x3x6x5xf32>, tensor<4x5xf32>) -> tensor<4x3x2x2xf32>
  func.return %y : tensor<4x3x2x2xf32>
}
func.func @scaled_f16(%x: tensor<1x1x4x4xf16>, %rois: tensor<1x5xf16>) -> tensor<1x1x1x3xf16> {
  %y = gawee.max_roi_pool %x, %rois pooledShape = [1, 3] spatialScale = 5.000000e-01 : (tensor<1x1x4x4xf16>, tensor<1x5xf16>) -> tensor<1x1x1x3xf16>
  func.return %y : tensor<1x1x1x3xf16>
}

// CHECK-LABEL: func.func @max_roi_pool(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x6x5xf32>, %[[ROIS:[a-zA-Z0-9_$.]+]]: tensor<4x5xf32>) -> tensor<4x3x2x2xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.max_roi_pool %[[X]], %[[ROIS]] pooledShape = [2, 2] : (tensor<2x3x6x5xf32>, tensor<4x5xf32>) -> tensor<4x3x2x2xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<4x3x2x2xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @scaled_f16(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x4x4xf16>, %[[ROIS:[a-zA-Z0-9_$.]+]]: tensor<1x5xf16>) -> tensor<1x1x1x3xf16> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.max_roi_pool %[[X]], %[[ROIS]] pooledShape = [1, 3] spatialScale = 5.000000e-01 : (tensor<1x1x4x4xf16>, tensor<1x5xf16>) -> tensor<1x1x1x3xf16>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x1x1x3xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }

// DECOMPOSED-LABEL: func.func @max_roi_pool(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x6x5xf32>, %[[ROIS:[a-zA-Z0-9_$.]+]]: tensor<4x5xf32>)
// DECOMPOSED-NOT: gawee.mul
// DECOMPOSED: %[[X1:[a-zA-Z0-9_$.]+]] = gawee.gather %[[ROIS]], %{{.*}} axis = 1 : (tensor<4x5xf32>, tensor<i64>) -> tensor<4xf32>
// DECOMPOSED: %[[UP:[a-zA-Z0-9_$.]+]] = gawee.floor %{{.*}} : (tensor<4xf32>) -> tensor<4xf32>
// DECOMPOSED: %[[DOWN:[a-zA-Z0-9_$.]+]] = gawee.ceil %{{.*}} : (tensor<4xf32>) -> tensor<4xf32>
// DECOMPOSED: %[[POSITIVE:[a-zA-Z0-9_$.]+]] = gawee.greater_equal %[[X1]], %{{.*}} : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
// DECOMPOSED: gawee.where %[[POSITIVE]], %[[UP]], %[[DOWN]] : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// DECOMPOSED: gawee.constant dense<[0.000000e+00, 1.000000e+00]> : tensor<2xf32>
// DECOMPOSED: gawee.constant dense<6.000000e+00> : tensor<f32>
// DECOMPOSED: gawee.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00]> : tensor<6xf32>
// DECOMPOSED: %[[BATCH:[a-zA-Z0-9_$.]+]] = gawee.cast %{{.*}} : (tensor<4xf32>) -> tensor<4xi64>
// DECOMPOSED: gawee.gather %[[X]], %[[BATCH]] axis = 0 : (tensor<2x3x6x5xf32>, tensor<4xi64>) -> tensor<4x3x6x5xf32>
// DECOMPOSED: %[[LOWEST:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0xff800000> : tensor<f32>
// DECOMPOSED: gawee.where %{{.*}}, %{{.*}}, %[[LOWEST]] : (tensor<4x1x1x2x5xi1>, tensor<4x3x6x1x5xf32>, tensor<f32>) -> tensor<4x3x6x2x5xf32>
// DECOMPOSED-NEXT: gawee.reduce_max %{{.*}} axes = [4] keepDims = false : (tensor<4x3x6x2x5xf32>) -> tensor<4x3x6x2xf32>
// DECOMPOSED: gawee.where %{{.*}}, %{{.*}}, %[[LOWEST]] : (tensor<4x1x2x6x1xi1>, tensor<4x3x1x6x2xf32>, tensor<f32>) -> tensor<4x3x2x6x2xf32>
// DECOMPOSED-NEXT: %[[POOLED:[a-zA-Z0-9_$.]+]] = gawee.reduce_max %{{.*}} axes = [3] keepDims = false : (tensor<4x3x2x6x2xf32>) -> tensor<4x3x2x2xf32>
// DECOMPOSED: %[[EMPTY:[a-zA-Z0-9_$.]+]] = gawee.or %{{.*}}, %{{.*}} : (tensor<4x1x2x1xi1>, tensor<4x1x1x2xi1>) -> tensor<4x1x2x2xi1>
// DECOMPOSED: %[[RESULT:[a-zA-Z0-9_$.]+]] = gawee.where %[[EMPTY]], %{{.*}}, %[[POOLED]] : (tensor<4x1x2x2xi1>, tensor<f32>, tensor<4x3x2x2xf32>) -> tensor<4x3x2x2xf32>
// DECOMPOSED-NEXT: func.return %[[RESULT]] : tensor<4x3x2x2xf32>
// DECOMPOSED-LABEL: func.func @scaled_f16(
// DECOMPOSED: %[[ROIS32:[a-zA-Z0-9_$.]+]] = gawee.cast %{{.*}} : (tensor<1x5xf16>) -> tensor<1x5xf32>
// DECOMPOSED: gawee.mul %{{.*}}, %{{.*}} : (tensor<1xf32>, tensor<f32>) -> tensor<1xf32>
// DECOMPOSED: gawee.constant dense<0xfc00> : tensor<f16>
// DECOMPOSED: gawee.reduce_max %{{.*}} axes = [3] keepDims = false : (tensor<1x1x1x4x3xf16>) -> tensor<1x1x1x3xf16>

// LINALG-LABEL: func.func @max_roi_pool(
// LINALG-NOT: gawee.
// LINALG: arith.maximumf
// LINALG-NOT: gawee.
// LINALG-LABEL: func.func @scaled_f16(
// LINALG-NOT: gawee.

// MIR-LABEL: func.func @max_roi_pool(
// MIR-NOT: gawee.
// MIR: mir.gather
// MIR-NOT: gawee.
// MIR: mir.reduce
// MIR-NOT: gawee.
// MIR-LABEL: func.func @scaled_f16(
// MIR-NOT: gawee.
