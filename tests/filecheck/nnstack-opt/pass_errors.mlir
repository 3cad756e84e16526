// RUN: not nnstack-opt %s -p 'convert-mir-to-llir{layout="column-major"}' 2>&1 | filecheck %s

// A pass failure: one diagnostic at each op the pass cannot handle, nothing printed
// on stdout.

func.func @pass(%x: tensor<4x5xf32>, %s: tensor<2xi32>, %t: tensor<1xi64>) -> tensor<20xf32> {
  %0 = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<10x?xf32>
  %1 = mir.neg %x : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %2 = mir.dynamic_reshape %0, %t : (tensor<10x?xf32>, tensor<1xi64>) -> tensor<20xf32>
  func.return %2 : tensor<20xf32>
}

// CHECK:      pass_errors.mlir:[[# @LINE - 6]]:3: error: cannot lower mir.dynamic_reshape: dynamic shape tensor<10x?xf32> in column-major layout (sizes must be static)
// CHECK:      pass_errors.mlir:[[# @LINE - 5]]:3: error: cannot lower mir.dynamic_reshape: dynamic shape tensor<10x?xf32> in column-major layout (sizes must be static)
// CHECK-NOT:  builtin.module
