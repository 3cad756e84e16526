// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// gawee.mod on floats: mir.broadcast_mod (floored) and mir.broadcast_rem (fmod = true),
// the scalar divisor broadcast (convert-gawee-to-linalg rejects a float gawee.mod:
// xDSL's arith has no remf).

func.func @mod_float(%a: tensor<2x3xf16>, %b: tensor<f16>) -> (tensor<2x3xf16>, tensor<2x3xf16>) {
  %floored = gawee.mod %a, %b : (tensor<2x3xf16>, tensor<f16>) -> tensor<2x3xf16>
  %truncated = gawee.mod %a, %b fmod = true : (tensor<2x3xf16>, tensor<f16>) -> tensor<2x3xf16>
  func.return %floored, %truncated : tensor<2x3xf16>, tensor<2x3xf16>
}

// CHECK-LABEL: func.func @mod_float(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xf16>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<f16>) -> (tensor<2x3xf16>, tensor<2x3xf16>) {
// CHECK-NEXT: %[[FLOORED:[a-zA-Z0-9_$.]+]] = mir.broadcast_mod %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x3xf16>, tensor<f16>) -> tensor<2x3xf16>
// CHECK-NEXT: %[[TRUNCATED:[a-zA-Z0-9_$.]+]] = mir.broadcast_rem %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x3xf16>, tensor<f16>) -> tensor<2x3xf16>
// CHECK-NEXT: func.return %[[FLOORED]], %[[TRUNCATED]] : tensor<2x3xf16>, tensor<2x3xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }
