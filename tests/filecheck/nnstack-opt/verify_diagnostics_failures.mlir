// RUN: not nnstack-opt %s --verify-diagnostics --split-input-file -o %t 2>&1 | filecheck %s

// How --verify-diagnostics fails, in mlir-opt's words: a diagnostic no expectation
// matches is "unexpected", an expectation no diagnostic matched "was not produced".

// A missing diagnostic: the op is valid.
func.func @missing(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{result shape}}
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK:      verify_diagnostics_failures.mlir:[[# @LINE - 5]]:6: error: expected error "result shape" was not produced

// -----

// An unexpected diagnostic.
func.func @unexpected(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<3x3xf32>
  func.return %x : tensor<2x3xf32>
}

// CHECK:      verify_diagnostics_failures.mlir:[[# @LINE - 4]]:3: error: unexpected error: 'gawee.relu' op result shape [3, 3] does not match the expected shape [2, 3]

// -----

// The right message on the wrong line is both.
func.func @wrong_line(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{result shape [3, 3]}}
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<3x3xf32>
  func.return %x : tensor<2x3xf32>
}

// CHECK:      verify_diagnostics_failures.mlir:[[# @LINE - 4]]:3: error: unexpected error: 'gawee.relu' op result shape [3, 3]
// CHECK:      verify_diagnostics_failures.mlir:[[# @LINE - 6]]:6: error: expected error "result shape [3, 3]" was not produced

// -----

// The wrong kind, or the wrong message, is both too.
func.func @wrong_kind(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-warning @+2 {{result shape [3, 3]}}
  // expected-error @+1 {{result shape [4, 4]}}
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<3x3xf32>
  func.return %x : tensor<2x3xf32>
}

// CHECK:      verify_diagnostics_failures.mlir:[[# @LINE - 4]]:3: error: unexpected error: 'gawee.relu' op result shape [3, 3]
// CHECK:      verify_diagnostics_failures.mlir:[[# @LINE - 7]]:6: error: expected warning "result shape [3, 3]" was not produced
// CHECK:      verify_diagnostics_failures.mlir:[[# @LINE - 7]]:6: error: expected error "result shape [4, 4]" was not produced

// -----

// An expectation counts only in its own chunk.
func.func @other_chunk(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+5 {{result shape}}
  func.return %x : tensor<2x3xf32>
}
// -----
func.func @here(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<3x3xf32>
  func.return %x : tensor<2x3xf32>
}

// CHECK:      verify_diagnostics_failures.mlir:[[# @LINE - 9]]:6: error: expected error "result shape" was not produced
// CHECK:      verify_diagnostics_failures.mlir:[[# @LINE - 5]]:3: error: unexpected error: 'gawee.relu' op result shape
