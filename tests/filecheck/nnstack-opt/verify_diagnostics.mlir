// RUN: nnstack-opt %s --verify-diagnostics --split-input-file -p convert-gawee-to-mir | filecheck %s

// The forms of an expectation: @+N / @-N, @above / @below (the nearest line that is
// not itself an expectation), the same line, -re (regex in {{...}}).
func.func @forms(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{cannot lower gawee.exp}}
  %0 = gawee.exp %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.sin %0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-error @-1 {{cannot lower gawee.sin}}
  // expected-error @below {{cannot lower gawee.cos}}
  %2 = gawee.cos %1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = gawee.cos %2 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-error-re @above {{cannot lower gawee.{{[a-z]+}}: no lowering pattern}}
  %4 = gawee.tanh %3 : (tensor<2x3xf32>) -> tensor<2x3xf32> // expected-error {{gawee.tanh}}
  func.return %4 : tensor<2x3xf32>
}

// -----

// A chunk without diagnostics is lowered and printed as usual.
func.func @valid(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @valid
// CHECK: mir.
// CHECK-NOT: gawee.
