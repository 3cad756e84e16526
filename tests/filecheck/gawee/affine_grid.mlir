// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s --check-prefix=DECOMPOSED
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.affine_grid: its syntax (alignCorners left out at false) and its decomposition:
// the pixels' normalized coordinates (x, y, 1) a constant, a matmul with theta
// transposed, reshaped to the result; both lowerings lower that.
func.func @affine_grid(%theta: tensor<2x2x3xf32>) -> tensor<2x2x3x2xf32> {
  %grid = gawee.affine_grid %theta : (tensor<2x2x3xf32>) -> tensor<2x2x3x2xf32>
  func.return %grid : tensor<2x2x3x2xf32>
}
func.func @aligned_3d(%theta: tensor<1x3x4xf32>) -> tensor<1x2x1x2x3xf32> {
  %grid = gawee.affine_grid %theta alignCorners = true : (tensor<1x3x4xf32>) -> tensor<1x2x1x2x3xf32>
  func.return %grid : tensor<1x2x1x2x3xf32>
}

// CHECK-LABEL: func.func @affine_grid(
// CHECK-SAME: %[[THETA:[a-zA-Z0-9_$.]+]]: tensor<2x2x3xf32>) -> tensor<2x2x3x2xf32> {
// CHECK-NEXT: %[[GRID:[a-zA-Z0-9_$.]+]] = gawee.affine_grid %[[THETA]] : (tensor<2x2x3xf32>) -> tensor<2x2x3x2xf32>
// CHECK-NEXT: func.return %[[GRID]] : tensor<2x2x3x2xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @aligned_3d(
// CHECK-SAME: %[[THETA:[a-zA-Z0-9_$.]+]]: tensor<1x3x4xf32>) -> tensor<1x2x1x2x3xf32> {
// CHECK-NEXT: %[[GRID:[a-zA-Z0-9_$.]+]] = gawee.affine_grid %[[THETA]] alignCorners = true : (tensor<1x3x4xf32>) -> tensor<1x2x1x2x3xf32>
// CHECK-NEXT: func.return %[[GRID]] : tensor<1x2x1x2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// DECOMPOSED-LABEL: func.func @affine_grid(
// DECOMPOSED-SAME: %[[THETA:[a-zA-Z0-9_$.]+]]: tensor<2x2x3xf32>) -> tensor<2x2x3x2xf32> {
// DECOMPOSED-NEXT: %[[GRID:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[-0.666666687, -5.000000e-01, 1.000000e+00], [0.000000e+00, -5.000000e-01, 1.000000e+00], [0.666666687, -5.000000e-01, 1.000000e+00], [-0.666666687, 5.000000e-01, 1.000000e+00], [0.000000e+00, 5.000000e-01, 1.000000e+00], [0.666666687, 5.000000e-01, 1.000000e+00]]> : tensor<6x3xf32>
// DECOMPOSED-NEXT: %[[GRID_1:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[THETA]] perm = [0, 2, 1] : (tensor<2x2x3xf32>) -> tensor<2x3x2xf32>
// DECOMPOSED-NEXT: %[[GRID_2:[a-zA-Z0-9_$.]+]] = gawee.matmul %[[GRID]], %[[GRID_1]] : (tensor<6x3xf32>, tensor<2x3x2xf32>) -> tensor<2x6x2xf32>
// DECOMPOSED-NEXT: %[[GRID_3:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[GRID_2]] : (tensor<2x6x2xf32>) -> tensor<2x2x3x2xf32>
// DECOMPOSED-NEXT: func.return %[[GRID_3]] : tensor<2x2x3x2xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-LABEL: func.func @aligned_3d(
// DECOMPOSED-SAME: %[[THETA:[a-zA-Z0-9_$.]+]]: tensor<1x3x4xf32>) -> tensor<1x2x1x2x3xf32> {
// DECOMPOSED-NEXT: %[[GRID:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}[-1.000000e+00, -1.000000e+00, -1.000000e+00, 1.000000e+00], [1.000000e+00, -1.000000e+00, -1.000000e+00, 1.000000e+00], [-1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00], [1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00]]> : tensor<4x4xf32>
// DECOMPOSED-NEXT: %[[GRID_1:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[THETA]] perm = [0, 2, 1] : (tensor<1x3x4xf32>) -> tensor<1x4x3xf32>
// DECOMPOSED-NEXT: %[[GRID_2:[a-zA-Z0-9_$.]+]] = gawee.matmul %[[GRID]], %[[GRID_1]] : (tensor<4x4xf32>, tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
// DECOMPOSED-NEXT: %[[GRID_3:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[GRID_2]] : (tensor<1x4x3xf32>) -> tensor<1x2x1x2x3xf32>
// DECOMPOSED-NEXT: func.return %[[GRID_3]] : tensor<1x2x1x2x3xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-NEXT: }

// LINALG-LABEL: func.func @affine_grid(
// LINALG-SAME: %[[THETA:[a-zA-Z0-9_$.]+]]: tensor<2x2x3xf32>) -> tensor<2x2x3x2xf32> {
// LINALG-NEXT: %[[GRID:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}[-0.666666687, -5.000000e-01, 1.000000e+00], [0.000000e+00, -5.000000e-01, 1.000000e+00], [0.666666687, -5.000000e-01, 1.000000e+00], [-0.666666687, 5.000000e-01, 1.000000e+00], [0.000000e+00, 5.000000e-01, 1.000000e+00], [0.666666687, 5.000000e-01, 1.000000e+00]]> : tensor<6x3xf32>
// LINALG-NEXT: %[[GRID_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x2xf32>
// LINALG-NEXT: %[[GRID_2:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[THETA]]:tensor<2x2x3xf32>) outs(%[[GRID_1]]:tensor<2x3x2xf32>) permutation = [0, 2, 1]
// LINALG-NEXT: %[[GRID_3:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[GRID_4:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x6x2xf32>
// LINALG-NEXT: %[[GRID_5:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[GRID_3]] : f32) outs(%[[GRID_4]] : tensor<2x6x2xf32>) -> tensor<2x6x2xf32>
// LINALG-NEXT: %[[GRID_6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[GRID]], %[[GRID_2]] : tensor<6x3xf32>, tensor<2x3x2xf32>) outs(%[[GRID_5]] : tensor<2x6x2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN_1]] : f32
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[V0]] : f32
// LINALG-NEXT: linalg.yield %[[V1]] : f32
// LINALG-NEXT: } -> tensor<2x6x2xf32>
// LINALG-NEXT: %[[GRID_7:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 2, 3, 2]> : tensor<4xi64>
// LINALG-NEXT: %[[GRID_8:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[GRID_6]](%[[GRID_7]]) : (tensor<2x6x2xf32>, tensor<4xi64>) -> tensor<2x2x3x2xf32>
// LINALG-NEXT: func.return %[[GRID_8]] : tensor<2x2x3x2xf32>
// LINALG-NEXT: }
// LINALG-LABEL: func.func @aligned_3d(
// LINALG-SAME: %[[THETA:[a-zA-Z0-9_$.]+]]: tensor<1x3x4xf32>) -> tensor<1x2x1x2x3xf32> {
// LINALG-NEXT: %[[GRID:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}[-1.000000e+00, -1.000000e+00, -1.000000e+00, 1.000000e+00], [1.000000e+00, -1.000000e+00, -1.000000e+00, 1.000000e+00], [-1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00], [1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00]]> : tensor<4x4xf32>
// LINALG-NEXT: %[[GRID_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x4x3xf32>
// LINALG-NEXT: %[[GRID_2:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[THETA]]:tensor<1x3x4xf32>) outs(%[[GRID_1]]:tensor<1x4x3xf32>) permutation = [0, 2, 1]
// LINALG-NEXT: %[[GRID_3:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[GRID_4:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x4x3xf32>
// LINALG-NEXT: %[[GRID_5:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[GRID_3]] : f32) outs(%[[GRID_4]] : tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
// LINALG-NEXT: %[[GRID_6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[GRID]], %[[GRID_2]] : tensor<4x4xf32>, tensor<1x4x3xf32>) outs(%[[GRID_5]] : tensor<1x4x3xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN_1]] : f32
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[V0]] : f32
// LINALG-NEXT: linalg.yield %[[V1]] : f32
// LINALG-NEXT: } -> tensor<1x4x3xf32>
// LINALG-NEXT: %[[GRID_7:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 2, 1, 2, 3]> : tensor<5xi64>
// LINALG-NEXT: %[[GRID_8:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[GRID_6]](%[[GRID_7]]) : (tensor<1x4x3xf32>, tensor<5xi64>) -> tensor<1x2x1x2x3xf32>
// LINALG-NEXT: func.return %[[GRID_8]] : tensor<1x2x1x2x3xf32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @affine_grid(
// MIR-SAME: %[[THETA:[a-zA-Z0-9_$.]+]]: tensor<2x2x3xf32>) -> tensor<2x2x3x2xf32> {
// MIR-NEXT: %[[GRID:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[-0.666666687, -5.000000e-01, 1.000000e+00], [0.000000e+00, -5.000000e-01, 1.000000e+00], [0.666666687, -5.000000e-01, 1.000000e+00], [-0.666666687, 5.000000e-01, 1.000000e+00], [0.000000e+00, 5.000000e-01, 1.000000e+00], [0.666666687, 5.000000e-01, 1.000000e+00]]> : tensor<6x3xf32>
// MIR-NEXT: %[[GRID_1:[a-zA-Z0-9_$.]+]] = mir.transpose %[[THETA]] permutation = [0, 2, 1] : (tensor<2x2x3xf32>) -> tensor<2x3x2xf32>
// MIR-NEXT: %[[GRID_2:[a-zA-Z0-9_$.]+]] = mir.matmul %[[GRID]], %[[GRID_1]] : (tensor<6x3xf32>, tensor<2x3x2xf32>) -> tensor<2x6x2xf32>
// MIR-NEXT: %[[GRID_3:[a-zA-Z0-9_$.]+]] = mir.reshape %[[GRID_2]] : (tensor<2x6x2xf32>) -> tensor<2x2x3x2xf32>
// MIR-NEXT: func.return %[[GRID_3]] : tensor<2x2x3x2xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @aligned_3d(
// MIR-SAME: %[[THETA:[a-zA-Z0-9_$.]+]]: tensor<1x3x4xf32>) -> tensor<1x2x1x2x3xf32> {
// MIR-NEXT: %[[GRID:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}[-1.000000e+00, -1.000000e+00, -1.000000e+00, 1.000000e+00], [1.000000e+00, -1.000000e+00, -1.000000e+00, 1.000000e+00], [-1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00], [1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00]]> : tensor<4x4xf32>
// MIR-NEXT: %[[GRID_1:[a-zA-Z0-9_$.]+]] = mir.transpose %[[THETA]] permutation = [0, 2, 1] : (tensor<1x3x4xf32>) -> tensor<1x4x3xf32>
// MIR-NEXT: %[[GRID_2:[a-zA-Z0-9_$.]+]] = mir.matmul %[[GRID]], %[[GRID_1]] : (tensor<4x4xf32>, tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
// MIR-NEXT: %[[GRID_3:[a-zA-Z0-9_$.]+]] = mir.reshape %[[GRID_2]] : (tensor<1x4x3xf32>) -> tensor<1x2x1x2x3xf32>
// MIR-NEXT: func.return %[[GRID_3]] : tensor<1x2x1x2x3xf32>
// MIR-NEXT: }
// MIR-NEXT: }
