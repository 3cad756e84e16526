// RUN: nnstack-opt %s --verify-diagnostics --split-input-file -p 'convert-mir-to-llir{layout="column-major"}' | filecheck %s

// The forms of an expectation: @+N / @-N, @above / @below (the nearest line that is
// not itself an expectation), the same line, -re (regex in {{...}}). In column-major
// layout a mir.dynamic_reshape (a size known only at run time) cannot be lowered; the
// message names its first dynamic type.
func.func @forms(%x: tensor<4x5xf32>, %s: tensor<2xi32>) -> tensor<20xf32> {
  %t = mir.constant dense<[20]> : tensor<1xi64>
  // expected-error @+1 {{cannot lower mir.dynamic_reshape: dynamic shape tensor<10x?xf32>}}
  %0 = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<10x?xf32>
  %1 = mir.dynamic_reshape %0, %s : (tensor<10x?xf32>, tensor<2xi32>) -> tensor<?x5xf32>
  // expected-error @-1 {{cannot lower mir.dynamic_reshape: dynamic shape tensor<10x?xf32>}}
  // expected-error @below {{cannot lower mir.dynamic_reshape: dynamic shape tensor<?x5xf32>}}
  %2 = mir.dynamic_reshape %1, %s : (tensor<?x5xf32>, tensor<2xi32>) -> tensor<2x?xf32>
  %3 = mir.dynamic_reshape %2, %s : (tensor<2x?xf32>, tensor<2xi32>) -> tensor<?x2xf32>
  // expected-error-re @above {{cannot lower mir.{{[a-z_]+}}: dynamic shape tensor<2x?xf32>}}
  %4 = mir.dynamic_reshape %3, %t : (tensor<?x2xf32>, tensor<1xi64>) -> tensor<20xf32> // expected-error {{mir.dynamic_reshape}}
  func.return %4 : tensor<20xf32>
}

// -----

// A chunk without diagnostics is lowered and printed as usual.
func.func @valid(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = mir.neg %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: llir.func column_major @valid
// CHECK: llir.neg
// CHECK-NOT: mir.
