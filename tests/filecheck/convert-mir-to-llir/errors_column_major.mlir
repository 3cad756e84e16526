// RUN: nnstack-opt %s -p 'convert-mir-to-llir{layout="column-major"}' --verify-diagnostics --split-input-file

// The cases of errors.mlir in column-major layout, where a dynamic shape is also
// refused in mir.dynamic_reshape (it aliases its input only in row-major layout).

// A tensor whose size is only known at run time has no buffer of its own: only
// mir.dynamic_reshape, aliasing its input in row-major layout, and mir.dealloc_tensor
// accept one. A loop carrying it would have to allocate it.
func.func @dynamic_loop(%x: tensor<4x5xf32>, %s: tensor<2xi32>, %n: index) -> tensor<20xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{cannot lower mir.dynamic_reshape: dynamic shape tensor<10x?xf32> in column-major layout (sizes must be static)}}
  %d = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<10x?xf32>
  // expected-error @+1 {{cannot lower mir.for: dynamic shape tensor<10x?xf32> (sizes must be static)}}
  %l = mir.for %i = %c0 to %n step %c1 iter_args(%a = %d) -> (tensor<10x?xf32>) {
    // expected-error @+1 {{cannot lower mir.yield: dynamic shape tensor<10x?xf32> (sizes must be static)}}
    mir.yield %a : tensor<10x?xf32>
  }
  %t = mir.constant dense<[20]> : tensor<1xi64>
  // expected-error @+1 {{cannot lower mir.dynamic_reshape: dynamic shape tensor<10x?xf32> in column-major layout (sizes must be static)}}
  %r = mir.dynamic_reshape %l, %t : (tensor<10x?xf32>, tensor<1xi64>) -> tensor<20xf32>
  func.return %r : tensor<20xf32>
}

// -----

// expected-error @+1 {{cannot lower func.func @dynamic_argument}}
func.func @dynamic_argument(%x: tensor<?xf32>) -> tensor<4xf32> {
  %s = mir.constant dense<4> : tensor<1xi64>
  // expected-error @+1 {{cannot lower mir.dynamic_reshape: dynamic shape tensor<?xf32> in column-major layout (sizes must be static)}}
  %r = mir.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// An op of another dialect inside a function being converted.
func.func @foreign(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{cannot lower gawee.relu: no lowering pattern for this op}}
  %r = "gawee.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %n = mir.neg %r : (tensor<4xf32>) -> tensor<4xf32>
  func.return %n : tensor<4xf32>
}

// -----

func.func @tensor_arith(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{cannot lower arith.constant}}
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %r = mir.broadcast_add %x, %c broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// Calls are not lowered (the callee's signature changes).
func.func @callee(%x: tensor<2xf32>) -> tensor<2xf32> {
  %n = mir.neg %x : (tensor<2xf32>) -> tensor<2xf32>
  func.return %n : tensor<2xf32>
}

func.func @caller(%x: tensor<2xf32>) -> tensor<2xf32> {
  %n = mir.exp %x : (tensor<2xf32>) -> tensor<2xf32>
  // expected-error @+1 {{cannot lower func.call: no lowering pattern for this op}}
  %r = func.call @callee(%n) : (tensor<2xf32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}

