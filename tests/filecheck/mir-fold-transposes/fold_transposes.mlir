// RUN: xdsl-opt %s -p mir-fold-transposes --split-input-file | filecheck %s

// A conv block as convert-gawee-to-mir lowers it (NHWC convs, NCHW between them): the
// transposes around the batch norm and ReLU sink below them and cancel with the next
// conv's; the per-channel [4, 1, 1] constants become [1, 1, 1, 4] reshapes (the
// reshape of a reshape is one reshape); the scalar zero is used as it is.

func.func @block(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32> {
  %m = mir.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %zero = mir.constant dense<0.0> : tensor<f32>
  %0 = mir.conv %x, %w input_shape = [1, 8, 8, 4] weight_shape = [3, 3, 4, 4] output_shape = [1, 8, 8, 4] kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  %1 = mir.transpose %0 permutation = [0, 3, 1, 2] : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32>
  %2 = mir.reshape %m : (tensor<4xf32>) -> tensor<4x1x1xf32>
  %3 = mir.broadcast_sub %1, %2 broadcast_shape = [1, 4, 8, 8] : (tensor<1x4x8x8xf32>, tensor<4x1x1xf32>) -> tensor<1x4x8x8xf32>
  %4 = mir.sqrt %3 : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %5 = mir.broadcast_max %4, %zero broadcast_shape = [1, 4, 8, 8] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8x8xf32>
  %6 = mir.transpose %5 permutation = [0, 2, 3, 1] : (tensor<1x4x8x8xf32>) -> tensor<1x8x8x4xf32>
  %7 = mir.conv %6, %w input_shape = [1, 8, 8, 4] weight_shape = [3, 3, 4, 4] output_shape = [1, 8, 8, 4] kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x8x8x4xf32>
  func.return %7 : tensor<1x8x8x4xf32>
}

// CHECK-LABEL: func.func @block(
// CHECK-NEXT:    %m = mir.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    %zero = mir.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %0 = mir.conv %x, %w
// CHECK-NEXT:    %1 = mir.reshape %m : (tensor<4xf32>) -> tensor<1x1x1x4xf32>
// CHECK-NEXT:    %2 = mir.broadcast_sub %0, %1 broadcast_shape = [1, 8, 8, 4] : (tensor<1x8x8x4xf32>, tensor<1x1x1x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT:    %3 = mir.sqrt %2 : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT:    %4 = mir.broadcast_max %3, %zero broadcast_shape = [1, 8, 8, 4] : (tensor<1x8x8x4xf32>, tensor<f32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT:    %5 = mir.conv %4, %w
// CHECK-NEXT:    func.return %5 : tensor<1x8x8x4xf32>
// CHECK-NEXT:  }

// -----

// A residual add of two transposes by the same permutation sinks; an operand of the
// result's shape that is not a transpose (the argument %y) stops it, and so does a
// transpose with another use (%t, also returned).

func.func @residual(%a: tensor<2x3x4xf32>, %b: tensor<2x3x4xf32>, %y: tensor<4x2x3xf32>) -> (tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<4x2x3xf32>, tensor<4x2x3xf32>) {
  %ta = mir.transpose %a permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %tb = mir.transpose %b permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %s = mir.broadcast_add %ta, %tb broadcast_shape = [4, 2, 3] : (tensor<4x2x3xf32>, tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
  %back = mir.transpose %s permutation = [1, 2, 0] : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  %t2 = mir.transpose %b permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %u = mir.broadcast_mul %t2, %y broadcast_shape = [4, 2, 3] : (tensor<4x2x3xf32>, tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
  %t = mir.transpose %a permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %v = mir.exp %t : (tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
  func.return %back, %u, %v, %t : tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<4x2x3xf32>, tensor<4x2x3xf32>
}

// CHECK-LABEL: func.func @residual(
// CHECK-NEXT:    %s = mir.broadcast_add %a, %b broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %t2 = mir.transpose %b permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %u = mir.broadcast_mul %t2, %y broadcast_shape = [4, 2, 3] : (tensor<4x2x3xf32>, tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %t = mir.transpose %a permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %v = mir.exp %t : (tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    func.return %s, %u, %v, %t : tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<4x2x3xf32>, tensor<4x2x3xf32>
// CHECK-NEXT:  }

// -----

// Binary ops that stay: the operands are transposes by different permutations (moving
// the add above them would transpose %b by the wrong one), or one of the transposes
// (%tc, also returned) has another use.

func.func @mixed(%a: tensor<3x3x3xf32>, %b: tensor<3x3x3xf32>) -> (tensor<3x3x3xf32>, tensor<3x3x3xf32>, tensor<3x3x3xf32>) {
  %ta = mir.transpose %a permutation = [1, 2, 0] : (tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  %tb = mir.transpose %b permutation = [2, 0, 1] : (tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  %s = mir.broadcast_add %ta, %tb broadcast_shape = [3, 3, 3] : (tensor<3x3x3xf32>, tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  %tc = mir.transpose %a permutation = [1, 2, 0] : (tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  %td = mir.transpose %b permutation = [1, 2, 0] : (tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  %m = mir.broadcast_mul %tc, %td broadcast_shape = [3, 3, 3] : (tensor<3x3x3xf32>, tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
  func.return %s, %m, %tc : tensor<3x3x3xf32>, tensor<3x3x3xf32>, tensor<3x3x3xf32>
}

// CHECK-LABEL: func.func @mixed(
// CHECK-NEXT:    %ta = mir.transpose %a permutation = [1, 2, 0] : (tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
// CHECK-NEXT:    %tb = mir.transpose %b permutation = [2, 0, 1] : (tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
// CHECK-NEXT:    %s = mir.broadcast_add %ta, %tb broadcast_shape = [3, 3, 3] : (tensor<3x3x3xf32>, tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
// CHECK-NEXT:    %tc = mir.transpose %a permutation = [1, 2, 0] : (tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
// CHECK-NEXT:    %td = mir.transpose %b permutation = [1, 2, 0] : (tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
// CHECK-NEXT:    %m = mir.broadcast_mul %tc, %td broadcast_shape = [3, 3, 3] : (tensor<3x3x3xf32>, tensor<3x3x3xf32>) -> tensor<3x3x3xf32>
// CHECK-NEXT:    func.return %s, %m, %tc : tensor<3x3x3xf32>, tensor<3x3x3xf32>, tensor<3x3x3xf32>
// CHECK-NEXT:  }

// -----

// A broadcast operand whose dims other than 1 change order under the inverse
// permutation gets a reshape to the full rank and a transpose.

func.func @reordered(%a: tensor<3x2x5xf32>, %c: tensor<2x5xf32>) -> tensor<5x3x2xf32> {
  %t = mir.transpose %a permutation = [2, 0, 1] : (tensor<3x2x5xf32>) -> tensor<5x3x2xf32>
  %d = mir.transpose %c permutation = [1, 0] : (tensor<2x5xf32>) -> tensor<5x2xf32>
  %e = mir.reshape %d : (tensor<5x2xf32>) -> tensor<5x1x2xf32>
  %s = mir.broadcast_div %t, %e broadcast_shape = [5, 3, 2] : (tensor<5x3x2xf32>, tensor<5x1x2xf32>) -> tensor<5x3x2xf32>
  func.return %s : tensor<5x3x2xf32>
}

// CHECK-LABEL: func.func @reordered(
// CHECK-NEXT:    %d = mir.transpose %c permutation = [1, 0] : (tensor<2x5xf32>) -> tensor<5x2xf32>
// CHECK-NEXT:    %e = mir.reshape %d : (tensor<5x2xf32>) -> tensor<5x1x2xf32>
// CHECK-NEXT:    %[[E:.*]] = mir.transpose %e permutation = [1, 2, 0] : (tensor<5x1x2xf32>) -> tensor<1x2x5xf32>
// CHECK-NEXT:    %[[S:.*]] = mir.broadcast_div %a, %[[E]] broadcast_shape = [3, 2, 5] : (tensor<3x2x5xf32>, tensor<1x2x5xf32>) -> tensor<3x2x5xf32>
// CHECK-NEXT:    %[[R:.*]] = mir.transpose %[[S]] permutation = [2, 0, 1] : (tensor<3x2x5xf32>) -> tensor<5x3x2xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<5x3x2xf32>
// CHECK-NEXT:  }

// -----

// Two transposes are one: result dim i is dim q[i] of the first result, which is dim
// p[q[i]] of the input.

func.func @compose(%a: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %t = mir.transpose %a permutation = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %u = mir.transpose %t permutation = [0, 2, 1] : (tensor<3x2x4xf32>) -> tensor<3x4x2xf32>
  func.return %u : tensor<3x4x2xf32>
}

// CHECK-LABEL: func.func @compose(
// CHECK-NEXT:    %u = mir.transpose %a permutation = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
// CHECK-NEXT:    func.return %u : tensor<3x4x2xf32>
// CHECK-NEXT:  }

// -----

// Two branches joined along the channels of NCHW (axis 1) are joined along the last
// axis of their NHWC inputs (p = [0, 3, 1, 2] moves axis 1 to 3).

func.func @concat(%a: tensor<1x4x4x2xf32>, %b: tensor<1x4x4x3xf32>) -> tensor<1x5x4x4xf32> {
  %ta = mir.transpose %a permutation = [0, 3, 1, 2] : (tensor<1x4x4x2xf32>) -> tensor<1x2x4x4xf32>
  %tb = mir.transpose %b permutation = [0, 3, 1, 2] : (tensor<1x4x4x3xf32>) -> tensor<1x3x4x4xf32>
  %c = mir.concat %ta, %tb axis = 1 : (tensor<1x2x4x4xf32>, tensor<1x3x4x4xf32>) -> tensor<1x5x4x4xf32>
  func.return %c : tensor<1x5x4x4xf32>
}

// CHECK-LABEL: func.func @concat(
// CHECK-NEXT:    %[[C:.*]] = mir.concat %a, %b axis = 3 : (tensor<1x4x4x2xf32>, tensor<1x4x4x3xf32>) -> tensor<1x4x4x5xf32>
// CHECK-NEXT:    %[[T:.*]] = mir.transpose %[[C]] permutation = [0, 3, 1, 2] : (tensor<1x4x4x5xf32>) -> tensor<1x5x4x4xf32>
// CHECK-NEXT:    func.return %[[T]] : tensor<1x5x4x4xf32>
// CHECK-NEXT:  }
