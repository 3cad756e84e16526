// RUN: xdsl-opt %s -p convert-mir-to-llir --split-input-file | filecheck %s

// Window and contraction ops: loops over the result around reduction loops whose
// accumulator is an llir.for iter_arg. Padding is skipped by trip counts: the kernel
// column loop runs 0 times for a row in the padding, the channel loop for a column.

// A grouped conv (2 groups of 1 input and 2 output channels), stride 2, dilation 2 along
// rows, padding [1, 0, 0, 0]: rows need a bounds check; columns never reach the padding.
func.func @conv(%x: tensor<1x5x4x2xf32>, %w: tensor<2x2x1x4xf32>) -> tensor<1x2x3x4xf32> {
  %r = mir.conv %x, %w input_shape = [1, 5, 4, 2] weight_shape = [2, 2, 1, 4] output_shape = [1, 2, 3, 4] kernel_size = [2, 2] stride = [2, 1] padding = [1, 0, 0, 0] dilation = [2, 1] groups = 2 : (tensor<1x5x4x2xf32>, tensor<2x2x1x4xf32>) -> tensor<1x2x3x4xf32>
  func.return %r : tensor<1x2x3x4xf32>
}

// CHECK-LABEL: llir.func @conv(%x: !llir.ptr<f32>, %w: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<1x5x4x2xf32>, tensor<2x2x1x4xf32>) -> tensor<1x2x3x4xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant -1 : i64
// CHECK-NEXT:   %[[V5:.*]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[V6:.*]] = llir.constant 8 : i64
// CHECK-NEXT:   %[[V7:.*]] = llir.constant 5 : i64
// CHECK-NEXT:   %[[V8:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V9:.*]] = llir.constant 12 : i64
// CHECK-NEXT:   llir.for %[[V10:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 attributes {llir.parallel} {
// CHECK-NEXT:     llir.for %[[V11:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       llir.for %[[V12:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:         llir.for %[[V13:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:           %[[V14:.*]] = llir.mul %[[V1]], %[[V12]] : i64
// CHECK-NEXT:           %[[V15:.*]] = llir.add %[[V14]], %[[V13]] : i64
// CHECK-NEXT:           %[[V16:.*]] = llir.mul %[[V1]], %[[V10]] : i64
// CHECK-NEXT:           %[[V17:.*]] = llir.add %[[V16]], %[[V4]] : i64
// CHECK-NEXT:           %[[V18:.*]] = llir.for %[[V19:.*]] = %[[V0]] to %[[V1]] step %[[V2]] iter_args(%[[V20:.*]] = %[[V5]]) -> (f32) : i64 {
// CHECK-NEXT:             %[[V21:.*]] = llir.mul %[[V1]], %[[V19]] : i64
// CHECK-NEXT:             %[[V22:.*]] = llir.add %[[V17]], %[[V21]] : i64
// CHECK-NEXT:             %[[V23:.*]] = llir.mul %[[V6]], %[[V22]] : i64
// CHECK-NEXT:             %[[V24:.*]] = llir.add %[[V12]], %[[V23]] : i64
// CHECK-NEXT:             %[[V25:.*]] = llir.mul %[[V6]], %[[V19]] : i64
// CHECK-NEXT:             %[[V26:.*]] = llir.add %[[V15]], %[[V25]] : i64
// CHECK-NEXT:             %[[V27:.*]] = llir.cmp sge, %[[V22]], %[[V0]] : i64
// CHECK-NEXT:             %[[V28:.*]] = llir.cmp slt, %[[V22]], %[[V7]] : i64
// CHECK-NEXT:             %[[V29:.*]] = llir.and %[[V27]], %[[V28]] : i1
// CHECK-NEXT:             %[[V30:.*]] = llir.select %[[V29]], %[[V1]], %[[V0]] : i64
// CHECK-NEXT:             %[[V31:.*]] = llir.for %[[V32:.*]] = %[[V0]] to %[[V30]] step %[[V2]] iter_args(%[[V33:.*]] = %[[V20]]) -> (f32) : i64 {
// CHECK-NEXT:               %[[V34:.*]] = llir.add %[[V11]], %[[V32]] : i64
// CHECK-NEXT:               %[[V35:.*]] = llir.mul %[[V1]], %[[V34]] : i64
// CHECK-NEXT:               %[[V36:.*]] = llir.add %[[V24]], %[[V35]] : i64
// CHECK-NEXT:               %[[V37:.*]] = llir.mul %[[V8]], %[[V32]] : i64
// CHECK-NEXT:               %[[V38:.*]] = llir.add %[[V26]], %[[V37]] : i64
// CHECK-NEXT:               %[[V39:.*]] = llir.for unroll %[[V40:.*]] = %[[V0]] to %[[V2]] step %[[V2]] iter_args(%[[V41:.*]] = %[[V33]]) -> (f32) : i64 {
// CHECK-NEXT:                 %[[V42:.*]] = llir.add %[[V36]], %[[V40]] : i64
// CHECK-NEXT:                 %[[V43:.*]] = llir.load %x[%[[V42]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:                 %[[V44:.*]] = llir.mul %[[V8]], %[[V40]] : i64
// CHECK-NEXT:                 %[[V45:.*]] = llir.add %[[V38]], %[[V44]] : i64
// CHECK-NEXT:                 %[[V46:.*]] = llir.load %w[%[[V45]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:                 %[[V47:.*]] = llir.mul %[[V43]], %[[V46]] : f32
// CHECK-NEXT:                 %[[V48:.*]] = llir.add %[[V41]], %[[V47]] : f32
// CHECK-NEXT:                 llir.yield %[[V48]] : f32
// CHECK-NEXT:               }
// CHECK-NEXT:               llir.yield %[[V39]] : f32
// CHECK-NEXT:             }
// CHECK-NEXT:             llir.yield %[[V31]] : f32
// CHECK-NEXT:           }
// CHECK-NEXT:           %[[V49:.*]] = llir.mul %[[V9]], %[[V10]] : i64
// CHECK-NEXT:           %[[V50:.*]] = llir.mul %[[V8]], %[[V11]] : i64
// CHECK-NEXT:           %[[V51:.*]] = llir.add %[[V49]], %[[V50]] : i64
// CHECK-NEXT:           %[[V52:.*]] = llir.add %[[V51]], %[[V15]] : i64
// CHECK-NEXT:           llir.store %[[V18]], %out0[%[[V52]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// Max pooling starts from -inf; padded taps are skipped by 0-trip loops.
func.func @max_pool(%x: tensor<1x3x3x2xf32>) -> tensor<1x2x2x2xf32> {
  %r = mir.pool max %x input_shape = [1, 3, 3, 2] output_shape = [1, 2, 2, 2] kernel_size = [2, 2] stride = [2, 2] padding = [0, 0, 1, 1] dilation = [1, 1] : (tensor<1x3x3x2xf32>) -> tensor<1x2x2x2xf32>
  func.return %r : tensor<1x2x2x2xf32>
}

// CHECK-LABEL: llir.func @max_pool(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<1x3x3x2xf32>) -> tensor<1x2x2x2xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0xff800000 : f32
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 6 : i64
// CHECK-NEXT:   %[[V5:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V6:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   llir.for %[[V7:.*]] = %[[V1]] to %[[V2]] step %[[V3]] : i64 attributes {llir.parallel} {
// CHECK-NEXT:     llir.for %[[V8:.*]] = %[[V1]] to %[[V2]] step %[[V3]] : i64 {
// CHECK-NEXT:       llir.for %[[V9:.*]] = %[[V1]] to %[[V2]] step %[[V3]] : i64 {
// CHECK-NEXT:         %[[V10:.*]] = llir.mul %[[V2]], %[[V7]] : i64
// CHECK-NEXT:         %[[V11:.*]] = llir.mul %[[V2]], %[[V8]] : i64
// CHECK-NEXT:         %[[V12:.*]] = llir.for %[[V13:.*]] = %[[V1]] to %[[V2]] step %[[V3]] iter_args(%[[V14:.*]] = %[[V0]]) -> (f32) : i64 {
// CHECK-NEXT:           %[[V15:.*]] = llir.add %[[V10]], %[[V13]] : i64
// CHECK-NEXT:           %[[V16:.*]] = llir.mul %[[V4]], %[[V15]] : i64
// CHECK-NEXT:           %[[V17:.*]] = llir.add %[[V9]], %[[V16]] : i64
// CHECK-NEXT:           %[[V18:.*]] = llir.cmp sge, %[[V15]], %[[V1]] : i64
// CHECK-NEXT:           %[[V19:.*]] = llir.cmp slt, %[[V15]], %[[V5]] : i64
// CHECK-NEXT:           %[[V20:.*]] = llir.and %[[V18]], %[[V19]] : i1
// CHECK-NEXT:           %[[V21:.*]] = llir.select %[[V20]], %[[V2]], %[[V1]] : i64
// CHECK-NEXT:           %[[V22:.*]] = llir.for %[[V23:.*]] = %[[V1]] to %[[V21]] step %[[V3]] iter_args(%[[V24:.*]] = %[[V14]]) -> (f32) : i64 {
// CHECK-NEXT:             %[[V25:.*]] = llir.add %[[V11]], %[[V23]] : i64
// CHECK-NEXT:             %[[V26:.*]] = llir.cmp sge, %[[V25]], %[[V1]] : i64
// CHECK-NEXT:             %[[V27:.*]] = llir.cmp slt, %[[V25]], %[[V5]] : i64
// CHECK-NEXT:             %[[V28:.*]] = llir.and %[[V26]], %[[V27]] : i1
// CHECK-NEXT:             %[[V29:.*]] = llir.select %[[V28]], %[[V3]], %[[V1]] : i64
// CHECK-NEXT:             %[[V30:.*]] = llir.for %[[V31:.*]] = %[[V1]] to %[[V29]] step %[[V3]] iter_args(%[[V32:.*]] = %[[V24]]) -> (f32) : i64 {
// CHECK-NEXT:               %[[V33:.*]] = llir.mul %[[V2]], %[[V25]] : i64
// CHECK-NEXT:               %[[V34:.*]] = llir.add %[[V17]], %[[V33]] : i64
// CHECK-NEXT:               %[[V35:.*]] = llir.load %x[%[[V34]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:               %[[V36:.*]] = llir.max %[[V32]], %[[V35]] : f32
// CHECK-NEXT:               llir.yield %[[V36]] : f32
// CHECK-NEXT:             }
// CHECK-NEXT:             llir.yield %[[V30]] : f32
// CHECK-NEXT:           }
// CHECK-NEXT:           llir.yield %[[V22]] : f32
// CHECK-NEXT:         }
// CHECK-NEXT:         %[[V37:.*]] = llir.mul %[[V6]], %[[V7]] : i64
// CHECK-NEXT:         %[[V38:.*]] = llir.add %[[V37]], %[[V11]] : i64
// CHECK-NEXT:         %[[V39:.*]] = llir.add %[[V38]], %[[V9]] : i64
// CHECK-NEXT:         llir.store %[[V12]], %out0[%[[V39]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// Average pooling counts the taps inside the input alongside the sum.
func.func @avg_pool(%x: tensor<1x3x2x1xf32>) -> tensor<1x2x1x1xf32> {
  %r = mir.pool avg %x input_shape = [1, 3, 2, 1] output_shape = [1, 2, 1, 1] kernel_size = [2, 2] stride = [2, 2] padding = [0, 0, 1, 0] dilation = [1, 1] : (tensor<1x3x2x1xf32>) -> tensor<1x2x1x1xf32>
  func.return %r : tensor<1x2x1x1xf32>
}

// CHECK-LABEL: llir.func @avg_pool(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<1x3x2x1xf32>) -> tensor<1x2x1x1xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   llir.for %[[V5:.*]] = %[[V1]] to %[[V2]] step %[[V3]] : i64 attributes {llir.parallel} {
// CHECK-NEXT:     %[[V6:.*]] = llir.mul %[[V2]], %[[V5]] : i64
// CHECK-NEXT:     %[[V7:.*]], %[[V8:.*]] = llir.for %[[V9:.*]] = %[[V1]] to %[[V2]] step %[[V3]] iter_args(%[[V10:.*]] = %[[V0]], %[[V11:.*]] = %[[V1]]) -> (f32, i64) : i64 {
// CHECK-NEXT:       %[[V12:.*]] = llir.add %[[V6]], %[[V9]] : i64
// CHECK-NEXT:       %[[V13:.*]] = llir.mul %[[V2]], %[[V12]] : i64
// CHECK-NEXT:       %[[V14:.*]] = llir.cmp sge, %[[V12]], %[[V1]] : i64
// CHECK-NEXT:       %[[V15:.*]] = llir.cmp slt, %[[V12]], %[[V4]] : i64
// CHECK-NEXT:       %[[V16:.*]] = llir.and %[[V14]], %[[V15]] : i1
// CHECK-NEXT:       %[[V17:.*]] = llir.select %[[V16]], %[[V2]], %[[V1]] : i64
// CHECK-NEXT:       %[[V18:.*]], %[[V19:.*]] = llir.for %[[V20:.*]] = %[[V1]] to %[[V17]] step %[[V3]] iter_args(%[[V21:.*]] = %[[V10]], %[[V22:.*]] = %[[V11]]) -> (f32, i64) : i64 {
// CHECK-NEXT:         %[[V23:.*]] = llir.add %[[V13]], %[[V20]] : i64
// CHECK-NEXT:         %[[V24:.*]] = llir.load %x[%[[V23]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:         %[[V25:.*]] = llir.add %[[V21]], %[[V24]] : f32
// CHECK-NEXT:         %[[V26:.*]] = llir.add %[[V22]], %[[V3]] : i64
// CHECK-NEXT:         llir.yield %[[V25]], %[[V26]] : f32, i64
// CHECK-NEXT:       }
// CHECK-NEXT:       llir.yield %[[V18]], %[[V19]] : f32, i64
// CHECK-NEXT:     }
// CHECK-NEXT:     %[[V27:.*]] = llir.sitofp %[[V8]] : i64 to f32
// CHECK-NEXT:     %[[V28:.*]] = llir.div %[[V7]], %[[V27]] : f32
// CHECK-NEXT:     llir.store %[[V28]], %out0[%[[V5]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// Without padding, avg divides by the kernel size; sum pools of f16 accumulate in f32.
func.func @sum_avg_pool(%x: tensor<1x2x2x1xf16>) -> (tensor<1x1x1x1xf16>, tensor<1x1x1x1xf16>) {
  %s = mir.pool sum %x input_shape = [1, 2, 2, 1] output_shape = [1, 1, 1, 1] kernel_size = [2, 2] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] : (tensor<1x2x2x1xf16>) -> tensor<1x1x1x1xf16>
  %a = mir.pool avg %x input_shape = [1, 2, 2, 1] output_shape = [1, 1, 1, 1] kernel_size = [2, 2] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] : (tensor<1x2x2x1xf16>) -> tensor<1x1x1x1xf16>
  func.return %s, %a : tensor<1x1x1x1xf16>, tensor<1x1x1x1xf16>
}

// CHECK-LABEL: llir.func @sum_avg_pool(%x: !llir.ptr<f16>, %out0: !llir.ptr<f16>, %out1: !llir.ptr<f16>) attributes {llir.tensor_signature = (tensor<1x2x2x1xf16>) -> (tensor<1x1x1x1xf16>, tensor<1x1x1x1xf16>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 4.000000e+00 : f32
// CHECK-NEXT:   %[[V5:.*]] = llir.for unroll_and_jam %[[V6:.*]] = %[[V1]] to %[[V2]] step %[[V3]] iter_args(%[[V7:.*]] = %[[V0]]) -> (f32) : i64 {
// CHECK-NEXT:     %[[V8:.*]] = llir.mul %[[V2]], %[[V6]] : i64
// CHECK-NEXT:     %[[V9:.*]] = llir.for unroll %[[V10:.*]] = %[[V1]] to %[[V2]] step %[[V3]] iter_args(%[[V11:.*]] = %[[V7]]) -> (f32) : i64 {
// CHECK-NEXT:       %[[V12:.*]] = llir.add %[[V8]], %[[V10]] : i64
// CHECK-NEXT:       %[[V13:.*]] = llir.load %x[%[[V12]] : i64] : !llir.ptr<f16> -> f16
// CHECK-NEXT:       %[[V14:.*]] = llir.fpext %[[V13]] : f16 to f32
// CHECK-NEXT:       %[[V15:.*]] = llir.add %[[V11]], %[[V14]] : f32
// CHECK-NEXT:       llir.yield %[[V15]] : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.yield %[[V9]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[V16:.*]] = llir.fptrunc %[[V5]] : f32 to f16
// CHECK-NEXT:   llir.store %[[V16]], %out0 : f16, !llir.ptr<f16>
// CHECK-NEXT:   %[[V17:.*]] = llir.for unroll_and_jam %[[V18:.*]] = %[[V1]] to %[[V2]] step %[[V3]] iter_args(%[[V19:.*]] = %[[V0]]) -> (f32) : i64 {
// CHECK-NEXT:     %[[V20:.*]] = llir.mul %[[V2]], %[[V18]] : i64
// CHECK-NEXT:     %[[V21:.*]] = llir.for unroll %[[V22:.*]] = %[[V1]] to %[[V2]] step %[[V3]] iter_args(%[[V23:.*]] = %[[V19]]) -> (f32) : i64 {
// CHECK-NEXT:       %[[V24:.*]] = llir.add %[[V20]], %[[V22]] : i64
// CHECK-NEXT:       %[[V25:.*]] = llir.load %x[%[[V24]] : i64] : !llir.ptr<f16> -> f16
// CHECK-NEXT:       %[[V26:.*]] = llir.fpext %[[V25]] : f16 to f32
// CHECK-NEXT:       %[[V27:.*]] = llir.add %[[V23]], %[[V26]] : f32
// CHECK-NEXT:       llir.yield %[[V27]] : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.yield %[[V21]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[V28:.*]] = llir.div %[[V17]], %[[V4]] : f32
// CHECK-NEXT:   %[[V29:.*]] = llir.fptrunc %[[V28]] : f32 to f16
// CHECK-NEXT:   llir.store %[[V29]], %out1 : f16, !llir.ptr<f16>
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// A batched matmul whose rhs broadcasts over the batch (stride 0).
func.func @matmul(%l: tensor<2x2x3xf32>, %r: tensor<3x2xf32>) -> tensor<2x2x2xf32> {
  %m = mir.matmul %l, %r : (tensor<2x2x3xf32>, tensor<3x2xf32>) -> tensor<2x2x2xf32>
  func.return %m : tensor<2x2x2xf32>
}

// CHECK-LABEL: llir.func @matmul(%l: !llir.ptr<f32>, %r: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x2x3xf32>, tensor<3x2xf32>) -> tensor<2x2x2xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 6 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V5:.*]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[V6:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   llir.for %[[V7:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     llir.for %[[V8:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:       llir.for unroll_and_jam %[[V9:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:         %[[V10:.*]] = llir.mul %[[V3]], %[[V7]] : i64
// CHECK-NEXT:         %[[V11:.*]] = llir.mul %[[V4]], %[[V8]] : i64
// CHECK-NEXT:         %[[V12:.*]] = llir.add %[[V10]], %[[V11]] : i64
// CHECK-NEXT:         %[[V13:.*]] = llir.for unroll %[[V14:.*]] = %[[V0]] to %[[V4]] step %[[V2]] iter_args(%[[V15:.*]] = %[[V5]]) -> (f32) : i64 {
// CHECK-NEXT:           %[[V16:.*]] = llir.add %[[V12]], %[[V14]] : i64
// CHECK-NEXT:           %[[V17:.*]] = llir.load %l[%[[V16]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:           %[[V18:.*]] = llir.mul %[[V1]], %[[V14]] : i64
// CHECK-NEXT:           %[[V19:.*]] = llir.add %[[V9]], %[[V18]] : i64
// CHECK-NEXT:           %[[V20:.*]] = llir.load %r[%[[V19]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:           %[[V21:.*]] = llir.mul %[[V17]], %[[V20]] : f32
// CHECK-NEXT:           %[[V22:.*]] = llir.add %[[V15]], %[[V21]] : f32
// CHECK-NEXT:           llir.yield %[[V22]] : f32
// CHECK-NEXT:         }
// CHECK-NEXT:         %[[V23:.*]] = llir.mul %[[V6]], %[[V7]] : i64
// CHECK-NEXT:         %[[V24:.*]] = llir.mul %[[V1]], %[[V8]] : i64
// CHECK-NEXT:         %[[V25:.*]] = llir.add %[[V23]], %[[V24]] : i64
// CHECK-NEXT:         %[[V26:.*]] = llir.add %[[V25]], %[[V9]] : i64
// CHECK-NEXT:         llir.store %[[V13]], %out0[%[[V26]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }
