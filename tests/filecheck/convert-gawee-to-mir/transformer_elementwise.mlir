// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// gawee.sigmoid -> 1 / (1 + exp(-x)).
func.func @sigmoid(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.sigmoid %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @sigmoid(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.neg %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.exp %[[V0]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V1]], %[[V2]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V4]], %[[V3]] broadcast_shape = [2, 3] : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V5]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.gelu (exact) -> 0.5 * x * (1 + erf(x / sqrt(2))); tanh form with tanh.
func.func @gelu(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = gawee.gelu %x : (tensor<4xf32>) -> tensor<4xf32>
  %1 = gawee.gelu %x approximate = "tanh" : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @gelu(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.707106769> : tensor<f32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[V0]] broadcast_shape = [4] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.erf %[[V1]] : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[V3]] broadcast_shape = [4] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V2]], %[[V5]] broadcast_shape = [4] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V4]], %[[V6]] broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[X]] broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V8]], %[[X]] broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.constant dense<4.471500e-02> : tensor<f32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V9]], %[[V10]] broadcast_shape = [4] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[X]], %[[V11]] broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.797884583> : tensor<f32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V12]], %[[V13]] broadcast_shape = [4] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.tanh %[[V14]] : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[V16]] broadcast_shape = [4] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V15]], %[[V18]] broadcast_shape = [4] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V17]], %[[V19]] broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: func.return %[[V7]], %[[V20]] : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.leaky_relu -> select(x < 0, x * alpha, x); gawee.clip -> max then min;
// gawee.hard_swish -> x * max(0, min(1, x / 6 + 1 / 2)).
func.func @leaky_relu_clip_hard_swish(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %0 = gawee.leaky_relu %x alpha = 0.2 : (tensor<4xf64>) -> tensor<4xf64>
  %1 = gawee.clip %x min = 0.0 max = 6.0 : (tensor<4xf64>) -> tensor<4xf64>
  %2 = gawee.hard_swish %x : (tensor<4xf64>) -> tensor<4xf64>
  func.return %0, %1, %2 : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// CHECK-LABEL: func.func @leaky_relu_clip_hard_swish(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[X]], %[[V0]] broadcast_shape = [4] : (tensor<4xf64>, tensor<f64>) -> tensor<4xi1>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.constant dense<2.000000e-01> : tensor<f64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[V2]] broadcast_shape = [4] : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.select %[[V1]], %[[V3]], %[[X]] broadcast_shape = [4] : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_max %[[X]], %[[V5]] broadcast_shape = [4] : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.constant dense<6.000000e+00> : tensor<f64>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[V6]], %[[V7]] broadcast_shape = [4] : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.16666666666666666> : tensor<f64>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[V9]] broadcast_shape = [4] : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.constant dense<5.000000e-01> : tensor<f64>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V10]], %[[V11]] broadcast_shape = [4] : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f64>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[V12]], %[[V13]] broadcast_shape = [4] : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f64>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.broadcast_max %[[V14]], %[[V15]] broadcast_shape = [4] : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[V16]] broadcast_shape = [4] : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
// CHECK-NEXT: func.return %[[V4]], %[[V8]], %[[V17]] : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// The ops mir has: one op each; comparisons and logic on masks; where -> select.
func.func @direct(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %m: tensor<2x3xi1>) -> (tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = gawee.tanh %b : (tensor<3xf32>) -> tensor<3xf32>
  %1 = gawee.pow %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = gawee.greater_equal %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %3 = gawee.or %2, %m : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %4 = gawee.not %3 : (tensor<2x3xi1>) -> tensor<2x3xi1>
  %5 = gawee.where %4, %a, %b : (tensor<2x3xi1>, tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %5 : tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @direct(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x1xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xf32>, %[[M:[a-zA-Z0-9_$.]+]]: tensor<2x3xi1>) -> (tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.tanh %[[B]] : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_pow %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp ge %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_or %[[V2]], %[[M]] broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.constant dense<true> : tensor<i1>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.broadcast_xor %[[V3]], %[[V4]] broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x3xi1>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.select %[[V5]], %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V6]] : tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Variadic ops fold left to right; the mean divides by the count; cast -> mir.cast.
func.func @variadic_cast(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %i: tensor<3xi64>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xi64>) {
  %0 = gawee.mean %a, %b, %a : (tensor<2x1xf32>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %1 = gawee.cast %i : (tensor<3xi64>) -> tensor<3xf32>
  %2 = gawee.max %i : (tensor<3xi64>) -> tensor<3xi64>
  func.return %0, %1, %2 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xi64>
}

// CHECK-LABEL: func.func @variadic_cast(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x1xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<3xi64>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xi64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V0]], %[[A]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.constant dense<3.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V1]], %[[V2]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.cast %[[I]] : (tensor<3xi64>) -> tensor<3xf32>
// CHECK-NEXT: func.return %[[V3]], %[[V4]], %[[I]] : tensor<2x3xf32>, tensor<3xf32>, tensor<3xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }
