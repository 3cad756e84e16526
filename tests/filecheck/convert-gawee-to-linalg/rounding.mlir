// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// The rounding ops: one linalg.generic each, whose body is math.floor, math.ceil or
// math.roundeven (ONNX Round rounds halves to even; math.round rounds them away from 0).
// f64 is in a chunk of its own: IREE, which runs the f32 chunk, links no f64 libm.

func.func @rounding(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = gawee.floor %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.ceil %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = gawee.round %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @rounding(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.floor %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V2]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V3]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = math.ceil %[[IN_1]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V6]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = math.roundeven %[[IN_2]] : f32
// CHECK-NEXT: linalg.yield %[[V8]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]], %[[V4]], %[[V7]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @rounding_f64(%d: tensor<5xf64>) -> (tensor<5xf64>, tensor<5xf64>, tensor<5xf64>) {
  %0 = gawee.floor %d : (tensor<5xf64>) -> tensor<5xf64>
  %1 = gawee.ceil %d : (tensor<5xf64>) -> tensor<5xf64>
  %2 = gawee.round %d : (tensor<5xf64>) -> tensor<5xf64>
  func.return %0, %1, %2 : tensor<5xf64>, tensor<5xf64>, tensor<5xf64>
}

// CHECK-LABEL: func.func @rounding_f64(
// CHECK-SAME: %[[D:[a-zA-Z0-9_$.]+]]: tensor<5xf64>) -> (tensor<5xf64>, tensor<5xf64>, tensor<5xf64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<5xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[D]] : tensor<5xf64>) outs(%[[V0]] : tensor<5xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f64, %[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.floor %[[IN]] : f64
// CHECK-NEXT: linalg.yield %[[V2]] : f64
// CHECK-NEXT: } -> tensor<5xf64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<5xf64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[D]] : tensor<5xf64>) outs(%[[V3]] : tensor<5xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = math.ceil %[[IN_1]] : f64
// CHECK-NEXT: linalg.yield %[[V5]] : f64
// CHECK-NEXT: } -> tensor<5xf64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<5xf64>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[D]] : tensor<5xf64>) outs(%[[V6]] : tensor<5xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = math.roundeven %[[IN_2]] : f64
// CHECK-NEXT: linalg.yield %[[V8]] : f64
// CHECK-NEXT: } -> tensor<5xf64>
// CHECK-NEXT: func.return %[[V1]], %[[V4]], %[[V7]] : tensor<5xf64>, tensor<5xf64>, tensor<5xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }
