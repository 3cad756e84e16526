// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// The trigonometric and hyperbolic ops: one linalg.generic each, the math op of the same name in its body.

func.func @tan(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.tan %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @tan(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.tan %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @asin(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.asin %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @asin(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.asin %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @acos(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.acos %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @acos(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.acos %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @atan(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.atan %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @atan(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.atan %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @sinh(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.sinh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @sinh(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.sinh %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @cosh(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.cosh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @cosh(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.cosh %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @asinh(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.asinh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @asinh(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.asinh %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @acosh(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.acosh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @acosh(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.acosh %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @atanh(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = gawee.atanh %x : (tensor<4xf64>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// CHECK-LABEL: func.func @atanh(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xf64>) -> tensor<4xf64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf64>) outs(%[[V0]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f64, %[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.atanh %[[IN]] : f64
// CHECK-NEXT: linalg.yield %[[V2]] : f64
// CHECK-NEXT: } -> tensor<4xf64>
// CHECK-NEXT: func.return %[[V1]] : tensor<4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }
