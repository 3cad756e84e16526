// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// A bf16 op computes in f32 and rounds once (docs/bfloat16.md): the operand is
// extended (arith.extf), the sum accumulates in an f32 tensor, the result is
// truncated (arith.truncf) once.
func.func @sum(%x: tensor<2x3xbf16>) -> tensor<2xbf16> {
  %s = gawee.reduce_sum %x axes = [1] keepDims = false : (tensor<2x3xbf16>) -> tensor<2xbf16>
  func.return %s : tensor<2xbf16>
}

// CHECK-LABEL: func.func @sum(
// CHECK:       arith.extf %{{.*}} : bf16 to f32
// CHECK:       linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK:       iterator_types = ["parallel", "reduction"]
// CHECK-NEXT:  ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT:    arith.addf %{{.*}}, %{{.*}} : f32
// CHECK:       arith.truncf %{{.*}} : f32 to bf16
// CHECK:       func.return %{{.*}} : tensor<2xbf16>

// -----

// softmax rounds each step to bf16, as onnx's reference computes it: no extf.
func.func @softmax(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %s = gawee.softmax %x axis = 1 : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  func.return %s : tensor<2x3xbf16>
}

// CHECK-LABEL: func.func @softmax(
// CHECK-NOT:   arith.extf
// CHECK:       math.exp %{{.*}} : bf16
// CHECK-NOT:   arith.extf
// CHECK:       arith.addf %{{.*}}, %{{.*}} : bf16
// CHECK:       arith.divf %{{.*}}, %{{.*}} : bf16

// -----

// bf16 constants parse in hex (bf16's bits, little-endian) and print as decimals.
func.func @constant() -> tensor<2xbf16> {
  %c = gawee.constant dense<"0xC03F00C0"> : tensor<2xbf16>
  func.return %c : tensor<2xbf16>
}

// CHECK-LABEL: func.func @constant(
// CHECK-NEXT:  %{{.*}} = arith.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xbf16>
