// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// max, min, sum, mean, clip and log_softmax in both forms.

func.func @variadic_clip_log_softmax(%a: tensor<2x1xf32>, %b: tensor<3xf32>) {
  %0 = gawee.max %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = gawee.min %a, %b, %a : (tensor<2x1xf32>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %2 = gawee.sum %b : (tensor<3xf32>) -> tensor<3xf32>
  %3 = gawee.mean %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %4 = gawee.clip %b min = -1.0 max = 1.0 : (tensor<3xf32>) -> tensor<3xf32>
  %5 = gawee.clip %b : (tensor<3xf32>) -> tensor<3xf32>
  %6 = gawee.log_softmax %a axis = 0 : (tensor<2x1xf32>) -> tensor<2x1xf32>
  func.return
}

// CHECK-LABEL: func.func @variadic_clip_log_softmax(
// CHECK-NEXT: %0 = gawee.max %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %1 = gawee.min %a, %b, %a : (tensor<2x1xf32>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %2 = gawee.sum %b : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %3 = gawee.mean %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %4 = gawee.clip %b min = -1.000000e+00 max = 1.000000e+00 : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %5 = gawee.clip %b : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %6 = gawee.log_softmax %a axis = 0 : (tensor<2x1xf32>) -> tensor<2x1xf32>

// CHECK-GENERIC: %0 = "gawee.max"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %1 = "gawee.min"(%a, %b, %a) : (tensor<2x1xf32>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %2 = "gawee.sum"(%b) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %3 = "gawee.mean"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %4 = "gawee.clip"(%b) {max = 1.000000e+00 : f64, min = -1.000000e+00 : f64} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %5 = "gawee.clip"(%b) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %6 = "gawee.log_softmax"(%a) {axis = 0 : i64} : (tensor<2x1xf32>) -> tensor<2x1xf32>
