// RUN: not nnstack-opt %s --split-input-file 2>&1 | filecheck %s

// Each problem is one MLIR-style diagnostic at the op (its first token, as in MLIR):
// `FILE:LINE:COL: error: MESSAGE`, the source line and a caret under the column.

func.func @verifier(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// CHECK:      diagnostics.mlir:[[# @LINE - 4]]:3: error: 'gawee.relu' op result shape [3, 2] does not match the expected shape [2, 3]
// CHECK-NEXT:   %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:   ^

// -----

func.func @parser(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %1 : tensor<2x3xf32>
}

// CHECK:      diagnostics.mlir:[[# @LINE - 3]]:15: error: use of undefined value '%1'

// -----

// Every op that fails verification gets its own diagnostic, in program order.
func.func @two(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<3x3xf32>
  %1 = gawee.exp %x : (tensor<2x3xf32>) -> tensor<2x4xf32>
  func.return %x : tensor<2x3xf32>
}

// CHECK:      diagnostics.mlir:[[# @LINE - 5]]:3: error: 'gawee.relu' op result shape [3, 3]
// CHECK:      diagnostics.mlir:[[# @LINE - 5]]:3: error: 'gawee.exp' op result shape [2, 4]

// -----

// A type whose parameters its verifier rejects is an error at the type.
func.func @type(%a: !spensor.memory<"L1", [4, 0]>) {
  func.return
}

// CHECK:      diagnostics.mlir:[[# @LINE - 4]]:21: error: spensor.memory: every memory_shape entry must be >= 1, got [4, 0]

// -----

// xDSL's memref verifiers raise a bare Exception: still a diagnostic at the op, with a note.
func.func @memref(%m: memref<4x4xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<4x4xf32>
  func.return %v : f32
}

// CHECK:      diagnostics.mlir:[[# @LINE - 4]]:3: error: 'memref.load' op expected an index for each dimension
// CHECK:      diagnostics.mlir:[[# @LINE - 5]]:3: note: the verifier of 'memref.load' raised Exception, not a diagnostic
