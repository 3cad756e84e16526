// RUN: xdsl-opt %s -p gawee-fold-batch-norm --split-input-file | filecheck %s

// A batch norm after a conv folds into it: with eps = 0.25 and var + eps = [4, 1], the
// scale gamma / sqrt(var + eps) is [1, 3]; the weight becomes w * scale = [1, 6] and
// the bias (b - mean) * scale + beta = [1, -6]. The old constants go.

func.func @fold(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>
  %b = arith.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %gamma = arith.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %beta = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %mean = arith.constant dense<[0.5, 1.0]> : tensor<2xf32>
  %var = arith.constant dense<[3.75, 0.75]> : tensor<2xf32>
  %0 = gawee.conv %x, %w, %b strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %1 = gawee.batch_norm %0, %gamma, %beta, %mean, %var affine = true eps = 0.25 : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  func.return %1 : tensor<1x2x4x4xf32>
}

// CHECK-LABEL: func.func @fold(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
// CHECK-NEXT:    %0 = arith.constant dense<[[[[1.000000e+00]]], [[[6.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-NEXT:    %1 = arith.constant dense<[1.000000e+00, -6.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %2 = gawee.conv %x, %0, %1 strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT:    func.return %2 : tensor<1x2x4x4xf32>
// CHECK-NEXT:  }

// -----

// A conv without bias (as PyTorch exports ResNet's) gets one; affine = false ignores
// gamma and beta (scale [0.5, 1]); groups and the window attributes stay.

func.func @no_bias_not_affine(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %w = arith.constant dense<[[[[2.0]]], [[[4.0]]]]> : tensor<2x1x1x1xf32>
  %gamma = arith.constant dense<[7.0, 7.0]> : tensor<2xf32>
  %beta = arith.constant dense<[7.0, 7.0]> : tensor<2xf32>
  %mean = arith.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %var = arith.constant dense<[3.75, 0.75]> : tensor<2xf32>
  %0 = gawee.conv %x, %w strides = [2, 2] padding = [0, 0] dilation = [1, 1] groups = 2 : (tensor<1x2x4x4xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %1 = gawee.batch_norm %0, %gamma, %beta, %mean, %var affine = false eps = 0.25 : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  func.return %1 : tensor<1x2x2x2xf32>
}

// CHECK-LABEL: func.func @no_bias_not_affine(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
// CHECK-NEXT:    %0 = arith.constant dense<[[[[1.000000e+00]]], [[[4.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-NEXT:    %1 = arith.constant dense<[-5.000000e-01, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %2 = gawee.conv %x, %0, %1 strides = [2, 2] padding = [0, 0] dilation = [1, 1] groups = 2 : (tensor<1x2x4x4xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
// CHECK-NEXT:    func.return %2 : tensor<1x2x2x2xf32>
// CHECK-NEXT:  }

// -----

// Not folded: the conv has a second user, or a parameter is a function argument.

func.func @kept(%x: tensor<1x1x2x2xf32>, %var: tensor<1xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) {
  %w = arith.constant dense<1.0> : tensor<1x1x1x1xf32>
  %c = arith.constant dense<1.0> : tensor<1xf32>
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x2x2xf32>
  %1 = gawee.batch_norm %0, %c, %c, %c, %c affine = true eps = 1.0e-05 : (tensor<1x1x2x2xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
  %2 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x2x2xf32>
  %3 = gawee.batch_norm %2, %c, %c, %c, %var affine = true eps = 1.0e-05 : (tensor<1x1x2x2xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
  %4 = gawee.add %1, %0 : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  func.return %4, %3 : tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>
}

// CHECK-LABEL: func.func @kept(
// CHECK:         %0 = gawee.conv %x, %w
// CHECK-NEXT:    %1 = gawee.batch_norm %0, %c, %c, %c, %c
// CHECK-NEXT:    %2 = gawee.conv %x, %w
// CHECK-NEXT:    %3 = gawee.batch_norm %2, %c, %c, %c, %var
