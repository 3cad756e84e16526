// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// ONNX's small types (docs/small-types.md). A saturating cast to an 8-bit float
// clamps to its largest finite value (maximumf / minimumf keep NaN), then rounds.
func.func @to_e4m3fn(%x: tensor<4xf32>) -> tensor<4xf8E4M3FN> {
  %y = gawee.cast %x {saturate} : (tensor<4xf32>) -> tensor<4xf8E4M3FN>
  func.return %y : tensor<4xf8E4M3FN>
}

// CHECK-LABEL: func.func @to_e4m3fn(
// CHECK:       ^bb0(%[[X:.*]]: f32, %{{.*}}: f8E4M3FN):
// CHECK-NEXT:    %[[LOW:.*]] = arith.constant -4.480000e+02 : f32
// CHECK-NEXT:    %[[A:.*]] = arith.maximumf %[[X]], %[[LOW]] : f32
// CHECK-NEXT:    %[[HIGH:.*]] = arith.constant 4.480000e+02 : f32
// CHECK-NEXT:    %[[B:.*]] = arith.minimumf %[[A]], %[[HIGH]] : f32
// CHECK-NEXT:    %[[Y:.*]] = arith.truncf %[[B]] : f32 to f8E4M3FN
// CHECK-NEXT:    linalg.yield %[[Y]] : f8E4M3FN

// -----

// Without saturate: the plain conversion (beyond the range: inf, or NaN where the
// type has no inf).
func.func @to_e5m2(%x: tensor<4xf16>) -> tensor<4xf8E5M2FNUZ> {
  %y = gawee.cast %x : (tensor<4xf16>) -> tensor<4xf8E5M2FNUZ>
  func.return %y : tensor<4xf8E5M2FNUZ>
}

// CHECK-LABEL: func.func @to_e5m2(
// CHECK:       ^bb0(%[[X:.*]]: f16, %{{.*}}: f8E5M2FNUZ):
// CHECK-NEXT:    %[[Y:.*]] = arith.truncf %[[X]] : f16 to f8E5M2FNUZ
// CHECK-NEXT:    linalg.yield %[[Y]] : f8E5M2FNUZ

// -----

// An integer saturates through f32; between two 8-bit floats, through f32.
func.func @from_integer_and_between(%x: tensor<4xi16>, %f: tensor<4xf8E4M3FNUZ>) -> (tensor<4xf8E4M3FNUZ>, tensor<4xf8E5M2>) {
  %y = gawee.cast %x {saturate} : (tensor<4xi16>) -> tensor<4xf8E4M3FNUZ>
  %z = gawee.cast %f : (tensor<4xf8E4M3FNUZ>) -> tensor<4xf8E5M2>
  func.return %y, %z : tensor<4xf8E4M3FNUZ>, tensor<4xf8E5M2>
}

// CHECK-LABEL: func.func @from_integer_and_between(
// CHECK:         %[[W:.*]] = arith.sitofp %{{.*}} : i16 to f32
// CHECK:         arith.maximumf %[[W]], %{{.*}} : f32
// CHECK:         arith.minimumf
// CHECK:         arith.truncf %{{.*}} : f32 to f8E4M3FNUZ
// CHECK:         %[[E:.*]] = arith.extf %{{.*}} : f8E4M3FNUZ to f32
// CHECK-NEXT:    arith.truncf %[[E]] : f32 to f8E5M2

// -----

// Floats to i4 / i2 truncate toward zero and wrap: fptosi to i32, trunci. ui4 is
// signless i4 below gawee; from it, extui.
func.func @small_integers(%x: tensor<4xf32>, %u: tensor<4xui4>) -> (tensor<4xi4>, tensor<4xui2>, tensor<4xui8>, tensor<4xf32>) {
  %a = gawee.cast %x : (tensor<4xf32>) -> tensor<4xi4>
  %b = gawee.cast %x : (tensor<4xf32>) -> tensor<4xui2>
  %c = gawee.cast %u : (tensor<4xui4>) -> tensor<4xui8>
  %d = gawee.cast %u : (tensor<4xui4>) -> tensor<4xf32>
  func.return %a, %b, %c, %d : tensor<4xi4>, tensor<4xui2>, tensor<4xui8>, tensor<4xf32>
}

// CHECK-LABEL: func.func @small_integers(
// CHECK-SAME:    %{{.*}}: tensor<4xi4>) -> (tensor<4xi4>, tensor<4xi2>, tensor<4xi8>, tensor<4xf32>)
// CHECK:         %[[A:.*]] = arith.fptosi %{{.*}} : f32 to i32
// CHECK-NEXT:    arith.trunci %[[A]] : i32 to i4
// CHECK:         %[[B:.*]] = arith.fptosi %{{.*}} : f32 to i32
// CHECK-NEXT:    arith.trunci %[[B]] : i32 to i2
// CHECK:         arith.extui %{{.*}} : i4 to i8
// CHECK:         arith.uitofp %{{.*}} : i4 to f32

// -----

// Data movement carries them as any element type.
func.func @movement(%x: tensor<2x3xf8E4M3FN>) -> tensor<3x2xf8E4M3FN> {
  %y = gawee.transpose %x perm = [1, 0] : (tensor<2x3xf8E4M3FN>) -> tensor<3x2xf8E4M3FN>
  func.return %y : tensor<3x2xf8E4M3FN>
}

// CHECK-LABEL: func.func @movement(
// CHECK:       linalg.transpose ins(%{{.*}}:tensor<2x3xf8E4M3FN>) outs(%{{.*}}:tensor<3x2xf8E4M3FN>) permutation = [1, 0]

// -----

// f4E2M1FN has no inf: a cast to it always clamps (to +-6). mlir-opt-19 has no
// f4E2M1FN or f8E8M0FNU (LLVM 20 added them).
func.func @to_e2m1(%x: tensor<4xf32>) -> tensor<4xf4E2M1FN> {
  %y = gawee.cast %x : (tensor<4xf32>) -> tensor<4xf4E2M1FN>
  func.return %y : tensor<4xf4E2M1FN>
}

// CHECK-LABEL: func.func @to_e2m1(
// CHECK:         arith.constant -6.000000e+00 : f32
// CHECK:         arith.maximumf
// CHECK:         arith.constant 6.000000e+00 : f32
// CHECK:         arith.minimumf
// CHECK:         arith.truncf %{{.*}} : f32 to f4E2M1FN

// -----

// To f8E8M0FNU (a power of two): the exponent field of the f32 bits, plus one where
// round_mode rounds up, kept from 0xFF (NaN), and with saturate from 0xFE (2^127).
func.func @to_e8m0(%x: tensor<4xf32>) -> tensor<4xf8E8M0FNU> {
  %y = gawee.cast %x {saturate, roundMode = "up"} : (tensor<4xf32>) -> tensor<4xf8E8M0FNU>
  func.return %y : tensor<4xf8E8M0FNU>
}

// CHECK-LABEL: func.func @to_e8m0(
// CHECK:         %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK:         %[[SHIFTED:.*]] = arith.shrui %[[BITS]], %{{.*}} : i32
// CHECK:         %[[EXPONENT:.*]] = arith.andi %[[SHIFTED]], %{{.*}} : i32
// CHECK:         %[[MANTISSA:.*]] = arith.andi %[[BITS]], %{{.*}} : i32
// CHECK:         %[[UP:.*]] = arith.cmpi ne, %[[MANTISSA]], %{{.*}} : i32
// CHECK:         arith.cmpi ne, %[[EXPONENT]], %{{.*}} : i32
// CHECK:         arith.andi %[[UP]], %{{.*}} : i1
// CHECK:         arith.cmpi ne, %[[EXPONENT]], %{{.*}} : i32
// CHECK:         %[[KEPT:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK:         %[[ONE:.*]] = arith.extui %[[KEPT]] : i1 to i32
// CHECK:         %[[SUM:.*]] = arith.addi %[[EXPONENT]], %[[ONE]] : i32
// CHECK:         %[[BYTE:.*]] = arith.trunci %[[SUM]] : i32 to i8
// CHECK:         arith.bitcast %[[BYTE]] : i8 to f8E8M0FNU
