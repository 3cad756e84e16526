// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// gawee.mod on floats: mir.broadcast_mod (floored) and mir.broadcast_rem (fmod = true),
// the scalar divisor broadcast (convert-gawee-to-linalg rejects a float gawee.mod:
// xDSL's arith has no remf). A bit_shift on i64: mir.broadcast_shl / broadcast_shr.

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

// -----

func.func @bit_shift_i64(%x: tensor<4xi64>, %s: tensor<1xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
  %left = gawee.bit_shift %x, %s direction = "LEFT" : (tensor<4xi64>, tensor<1xi64>) -> tensor<4xi64>
  %right = gawee.bit_shift %x, %s direction = "RIGHT" : (tensor<4xi64>, tensor<1xi64>) -> tensor<4xi64>
  func.return %left, %right : tensor<4xi64>, tensor<4xi64>
}

// CHECK-LABEL: func.func @bit_shift_i64(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xi64>, %[[S:[a-zA-Z0-9_$.]+]]: tensor<1xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
// CHECK-NEXT: %[[LEFT:[a-zA-Z0-9_$.]+]] = mir.broadcast_shl %[[X]], %[[S]] broadcast_shape = [4] : (tensor<4xi64>, tensor<1xi64>) -> tensor<4xi64>
// CHECK-NEXT: %[[RIGHT:[a-zA-Z0-9_$.]+]] = mir.broadcast_shr %[[X]], %[[S]] broadcast_shape = [4] : (tensor<4xi64>, tensor<1xi64>) -> tensor<4xi64>
// CHECK-NEXT: func.return %[[LEFT]], %[[RIGHT]] : tensor<4xi64>, tensor<4xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }
