// RUN: xdsl-opt %s -p 'convert-gawee-to-linalg{elementwise-generic=true}' --split-input-file | filecheck %s --check-prefix=GENERIC
// RUN: xdsl-opt %s -p 'convert-gawee-to-linalg{elementwise-generic=false}' --split-input-file | filecheck %s --check-prefix=NAMED

// elementwise-generic=true: a same-shape add becomes a linalg.generic with identity
// maps (for upstream MLIR without the named linalg.add); false is the default.
func.func @add(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// GENERIC-LABEL: func.func @add(
// GENERIC-SAME: %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// GENERIC-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3xf32>
// GENERIC-NEXT: %[[ADD:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[EMPTY]] : tensor<2x3xf32>) {
// GENERIC-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: f32, %[[OUT:.*]]: f32):
// GENERIC-NEXT: %[[ADDF:.*]] = arith.addf %[[IN]], %[[IN_1]] : f32
// GENERIC-NEXT: linalg.yield %[[ADDF]] : f32
// GENERIC-NEXT: } -> tensor<2x3xf32>
// GENERIC-NEXT: func.return %[[ADD]] : tensor<2x3xf32>
// GENERIC-NEXT: }

// NAMED-LABEL: func.func @add(
// NAMED-SAME: %[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// NAMED-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3xf32>
// NAMED-NEXT: %[[ADD:.*]] = linalg.add ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[EMPTY]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// NAMED-NEXT: func.return %[[ADD]] : tensor<2x3xf32>
// NAMED-NEXT: }

// -----

// A broadcasting add is a linalg.generic either way.
func.func @add_broadcast(%a: tensor<2x3xf16>, %b: tensor<3xf16>) -> tensor<2x3xf16> {
  %0 = gawee.add %a, %b : (tensor<2x3xf16>, tensor<3xf16>) -> tensor<2x3xf16>
  func.return %0 : tensor<2x3xf16>
}

// GENERIC-LABEL: func.func @add_broadcast(
// GENERIC-SAME: %[[A:.*]]: tensor<2x3xf16>, %[[B:.*]]: tensor<3xf16>) -> tensor<2x3xf16> {
// GENERIC-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3xf16>
// GENERIC-NEXT: %[[ADD:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xf16>, tensor<3xf16>) outs(%[[EMPTY]] : tensor<2x3xf16>) {
// GENERIC-NEXT: ^bb0(%[[IN:.*]]: f16, %[[IN_1:.*]]: f16, %[[OUT:.*]]: f16):
// GENERIC-NEXT: %[[ADDF:.*]] = arith.addf %[[IN]], %[[IN_1]] : f16
// GENERIC-NEXT: linalg.yield %[[ADDF]] : f16
// GENERIC-NEXT: } -> tensor<2x3xf16>
// GENERIC-NEXT: func.return %[[ADD]] : tensor<2x3xf16>
// GENERIC-NEXT: }

// NAMED-LABEL: func.func @add_broadcast(
// NAMED-SAME: %[[A:.*]]: tensor<2x3xf16>, %[[B:.*]]: tensor<3xf16>) -> tensor<2x3xf16> {
// NAMED-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3xf16>
// NAMED-NEXT: %[[ADD:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xf16>, tensor<3xf16>) outs(%[[EMPTY]] : tensor<2x3xf16>) {
// NAMED-NEXT: ^bb0(%[[IN:.*]]: f16, %[[IN_1:.*]]: f16, %[[OUT:.*]]: f16):
// NAMED-NEXT: %[[ADDF:.*]] = arith.addf %[[IN]], %[[IN_1]] : f16
// NAMED-NEXT: linalg.yield %[[ADDF]] : f16
// NAMED-NEXT: } -> tensor<2x3xf16>
// NAMED-NEXT: func.return %[[ADD]] : tensor<2x3xf16>
// NAMED-NEXT: }
