// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s

// Each composite op becomes the gawee ops of its `decompose`, nested composites too
// (hard_swish -> hard_sigmoid -> mul, add, min, max); primitive ops stay.
func.func @composites(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>) {
  %a = gawee.relu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = gawee.hard_swish %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %c = gawee.clip %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %d = gawee.is_inf %b detectPositive = false : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %e = gawee.exp %c : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %b, %c, %e, %d : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>
}

// CHECK-LABEL: func.func @composites(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>) {
// CHECK-NEXT: %[[A:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[A_1:[a-zA-Z0-9_$.]+]] = gawee.max %[[X]], %[[A]] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[B:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.166666672> : tensor<f32>
// CHECK-NEXT: %[[B_1:[a-zA-Z0-9_$.]+]] = gawee.mul %[[A_1]], %[[B]] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[B_2:[a-zA-Z0-9_$.]+]] = gawee.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[B_3:[a-zA-Z0-9_$.]+]] = gawee.add %[[B_1]], %[[B_2]] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[B_4:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[B_5:[a-zA-Z0-9_$.]+]] = gawee.min %[[B_3]], %[[B_4]] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[B_6:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[B_7:[a-zA-Z0-9_$.]+]] = gawee.max %[[B_5]], %[[B_6]] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[B_8:[a-zA-Z0-9_$.]+]] = gawee.mul %[[A_1]], %[[B_7]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[D:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0xff800000> : tensor<f32>
// CHECK-NEXT: %[[D_1:[a-zA-Z0-9_$.]+]] = gawee.equal %[[B_8]], %[[D]] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[E:[a-zA-Z0-9_$.]+]] = gawee.exp %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[B_8]], %[[X]], %[[E]], %[[D_1]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }
