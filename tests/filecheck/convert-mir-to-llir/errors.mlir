// RUN: nnstack-opt %s -p convert-mir-to-llir --verify-diagnostics --split-input-file

// The pass fails, before changing anything, at each op it cannot lower.

// A tensor whose size is only known at run time has no buffer of its own: only
// mir.dynamic_reshape, aliasing its input in row-major layout, and mir.dealloc_tensor
// accept one. A loop carrying it would have to allocate it.
func.func @dynamic_loop(%x: tensor<4x5xf32>, %s: tensor<2xi32>, %n: index) -> tensor<20xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<10x?xf32>
  // expected-error @+1 {{cannot lower mir.for: dynamic shape tensor<10x?xf32> (sizes must be static)}}
  %l = mir.for %i = %c0 to %n step %c1 iter_args(%a = %d) -> (tensor<10x?xf32>) {
    // expected-error @+1 {{cannot lower mir.yield: dynamic shape tensor<10x?xf32> (sizes must be static)}}
    mir.yield %a : tensor<10x?xf32>
  }
  %t = mir.constant dense<[20]> : tensor<1xi64>
  %r = mir.dynamic_reshape %l, %t : (tensor<10x?xf32>, tensor<1xi64>) -> tensor<20xf32>
  func.return %r : tensor<20xf32>
}

// -----

// expected-error @+1 {{cannot lower func.func @dynamic_argument: its type (tensor<?xf32>) -> tensor<4xf32> has a type an llir.func cannot take (tensors need a static shape and an element type llir carries: no bf16)}}
func.func @dynamic_argument(%x: tensor<?xf32>) -> tensor<4xf32> {
  %s = mir.constant dense<4> : tensor<1xi64>
  %r = mir.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<1xi64>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// llir has no bf16: the function and each op on bf16 fail, naming the type.
// expected-error @+1 {{cannot lower func.func @bf16: its type (tensor<4xbf16>) -> tensor<4xf32> has a type an llir.func cannot take (tensors need a static shape and an element type llir carries: no bf16)}}
func.func @bf16(%x: tensor<4xbf16>) -> tensor<4xf32> {
  // expected-error @+1 {{cannot lower mir.cast: type tensor<4xbf16> has no llir equivalent (llir has no bf16: a bf16 program runs at gawee, linalg and mir level)}}
  %r = mir.cast %x : (tensor<4xbf16>) -> tensor<4xf32>
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
  // expected-error @+1 {{cannot lower arith.constant: only scalar arith ops are lowered, got a value of type tensor<4xf32>}}
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

