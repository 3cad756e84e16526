// RUN: xdsl-opt %s -p 'convert-mir-to-llir{vector-width=4}' --split-input-file | filecheck %s

// vector-width=4: the innermost contiguous loop of element-wise ops steps by 4 with
// vector loads, llir.vadd / vmul and vector stores, then a scalar tail loop.

// 2 x 7 merges into one loop of 14 = 3 vectors + a tail of 2.
func.func @add(%a: tensor<2x7xf32>, %b: tensor<2x7xf32>) -> tensor<2x7xf32> {
  %r = mir.broadcast_add %a, %b broadcast_shape = [2, 7] : (tensor<2x7xf32>, tensor<2x7xf32>) -> tensor<2x7xf32>
  func.return %r : tensor<2x7xf32>
}

// CHECK-LABEL: llir.func @add(%a: !llir.ptr<f32>, %b: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x7xf32>, tensor<2x7xf32>) -> tensor<2x7xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 12 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 14 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   llir.for unroll %[[V5:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V6:.*]] = llir.vload %a[%[[V5]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT:     %[[V7:.*]] = llir.vload %b[%[[V5]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT:     %[[V8:.*]] = llir.vadd %[[V6]], %[[V7]] : vector<4xf32>
// CHECK-NEXT:     llir.vstore %[[V8]], %out0[%[[V5]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V9:.*]] = %[[V1]] to %[[V3]] step %[[V4]] : i64 {
// CHECK-NEXT:     %[[V10:.*]] = llir.load %a[%[[V9]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V11:.*]] = llir.load %b[%[[V9]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V12:.*]] = llir.add %[[V10]], %[[V11]] : f32
// CHECK-NEXT:     llir.store %[[V12]], %out0[%[[V9]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// A [2, 1] operand broadcast along the rows is loaded once per row and splatted; sub is
// a + b * -1 on vectors (exact), and div has no vector form.
func.func @sub_mul_div(%a: tensor<2x8xf32>, %b: tensor<2x1xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %s = mir.broadcast_sub %a, %b broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x1xf32>) -> tensor<2x8xf32>
  %m = mir.broadcast_mul %s, %a broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %d = mir.broadcast_div %a, %b broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x1xf32>) -> tensor<2x8xf32>
  func.return %m, %d : tensor<2x8xf32>, tensor<2x8xf32>
}

// CHECK-LABEL: llir.func @sub_mul_div(%a: !llir.ptr<f32>, %b: !llir.ptr<f32>, %out0: !llir.ptr<f32>, %out1: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x8xf32>, tensor<2x1xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 8 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V5:.*]] = llir.constant dense<-1.000000e+00> : vector<4xf32>
// CHECK-NEXT:   %[[V6:.*]] = llir.constant 16 : i64
// CHECK-NEXT:   %[[S:.*]] = llir.alloc_buffer 64 : !llir.ptr<f32>
// CHECK-NEXT:   llir.for unroll_and_jam %[[V7:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V8:.*]] = llir.mul %[[V3]], %[[V7]] : i64
// CHECK-NEXT:     %[[V9:.*]] = llir.load %b[%[[V7]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V10:.*]] = llir.splat %[[V9]] : f32 to vector<4xf32>
// CHECK-NEXT:     llir.for unroll %[[V11:.*]] = %[[V0]] to %[[V3]] step %[[V4]] : i64 {
// CHECK-NEXT:       %[[V12:.*]] = llir.add %[[V8]], %[[V11]] : i64
// CHECK-NEXT:       %[[V13:.*]] = llir.vload %a[%[[V12]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT:       %[[V14:.*]] = llir.vmul %[[V10]], %[[V5]] : vector<4xf32>
// CHECK-NEXT:       %[[V15:.*]] = llir.vadd %[[V13]], %[[V14]] : vector<4xf32>
// CHECK-NEXT:       llir.vstore %[[V15]], %[[S]][%[[V12]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V16:.*]] = %[[V0]] to %[[V6]] step %[[V4]] : i64 {
// CHECK-NEXT:     %[[V17:.*]] = llir.vload %[[S]][%[[V16]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT:     %[[V18:.*]] = llir.vload %a[%[[V16]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT:     %[[V19:.*]] = llir.vmul %[[V17]], %[[V18]] : vector<4xf32>
// CHECK-NEXT:     llir.vstore %[[V19]], %out0[%[[V16]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.free_buffer %[[S]] : !llir.ptr<f32>
// CHECK-NEXT:   llir.for %[[V20:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V21:.*]] = llir.mul %[[V3]], %[[V20]] : i64
// CHECK-NEXT:     %[[V22:.*]] = llir.load %b[%[[V20]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     llir.for %[[V23:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V24:.*]] = llir.add %[[V21]], %[[V23]] : i64
// CHECK-NEXT:       %[[V25:.*]] = llir.load %a[%[[V24]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V26:.*]] = llir.div %[[V25]], %[[V22]] : f32
// CHECK-NEXT:       llir.store %[[V26]], %out1[%[[V24]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// neg is a multiply by -1; a fill stores a constant vector.
func.func @neg_fill(%x: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>) {
  %n = mir.neg %x : (tensor<8xi32>) -> tensor<8xi32>
  %z = mir.alloc_tensor : tensor<8xi32>
  func.return %n, %z : tensor<8xi32>, tensor<8xi32>
}

// CHECK-LABEL: llir.func @neg_fill(%x: !llir.ptr<i32>, %out0: !llir.ptr<i32>, %out1: !llir.ptr<i32>) attributes {llir.tensor_signature = (tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 8 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant dense<-1> : vector<4xi32>
// CHECK-NEXT:   %[[V4:.*]] = llir.constant dense<0> : vector<4xi32>
// CHECK-NEXT:   llir.for unroll %[[V5:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V6:.*]] = llir.vload %x[%[[V5]] : i64] : !llir.ptr<i32> -> vector<4xi32>
// CHECK-NEXT:     %[[V7:.*]] = llir.vmul %[[V6]], %[[V3]] : vector<4xi32>
// CHECK-NEXT:     llir.vstore %[[V7]], %out0[%[[V5]] : i64] : vector<4xi32>, !llir.ptr<i32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V8:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     llir.vstore %[[V4]], %out1[%[[V8]] : i64] : vector<4xi32>, !llir.ptr<i32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// A conv: for each output pixel, the output channels in vectors of accumulators over
// the kernel rows, columns and input channels: each input element is loaded once and
// splatted, the weights of 4 consecutive output channels are one vector load.
func.func @conv_tiles(%x: tensor<1x3x3x2xf32>, %w: tensor<2x2x2x8xf32>) -> tensor<1x2x2x8xf32> {
  %r = mir.conv %x, %w input_shape = [1, 3, 3, 2] weight_shape = [2, 2, 2, 8] output_shape = [1, 2, 2, 8] kernel_size = [2, 2] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x3x3x2xf32>, tensor<2x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  func.return %r : tensor<1x2x2x8xf32>
}

// CHECK-LABEL: llir.func @conv_tiles(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[W:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<1x3x3x2xf32>, tensor<2x2x2x8xf32>) -> tensor<1x2x2x8xf32>} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 2 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = llir.constant 6 : i64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = llir.constant 32 : i64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = llir.constant 16 : i64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = llir.constant 8 : i64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = llir.constant 4 : i64
// CHECK-NEXT: llir.for %[[V9:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: llir.for %[[V10:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = llir.splat %[[V3]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]], %[[V13:[a-zA-Z0-9_$.]+]] = llir.for %[[V14:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] iter_args(%[[V15:[a-zA-Z0-9_$.]+]] = %[[V11]], %[[V16:[a-zA-Z0-9_$.]+]] = %[[V11]]) -> (vector<4xf32>, vector<4xf32>) : i64 {
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = llir.add %[[V9]], %[[V14]] : i64
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = llir.mul %[[V4]], %[[V17]] : i64
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = llir.mul %[[V5]], %[[V14]] : i64
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]], %[[V21:[a-zA-Z0-9_$.]+]] = llir.for unroll_and_jam %[[V22:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] iter_args(%[[V23:[a-zA-Z0-9_$.]+]] = %[[V15]], %[[V24:[a-zA-Z0-9_$.]+]] = %[[V16]]) -> (vector<4xf32>, vector<4xf32>) : i64 {
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = llir.add %[[V10]], %[[V22]] : i64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = llir.mul %[[V1]], %[[V25]] : i64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = llir.add %[[V18]], %[[V26]] : i64
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V22]] : i64
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = llir.add %[[V19]], %[[V28]] : i64
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]], %[[V31:[a-zA-Z0-9_$.]+]] = llir.for unroll %[[V32:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] iter_args(%[[V33:[a-zA-Z0-9_$.]+]] = %[[V23]], %[[V34:[a-zA-Z0-9_$.]+]] = %[[V24]]) -> (vector<4xf32>, vector<4xf32>) : i64 {
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = llir.add %[[V27]], %[[V32]] : i64
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = llir.load %[[X]][%[[V35]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = llir.mul %[[V7]], %[[V32]] : i64
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = llir.add %[[V29]], %[[V37]] : i64
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = llir.splat %[[V36]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = llir.vload %[[W]][%[[V38]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V39]], %[[V40]] : vector<4xf32>
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V33]], %[[V41]] : vector<4xf32>
// CHECK-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = llir.add %[[V38]], %[[V8]] : i64
// CHECK-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = llir.vload %[[W]][%[[V43]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V39]], %[[V44]] : vector<4xf32>
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V34]], %[[V45]] : vector<4xf32>
// CHECK-NEXT: llir.yield %[[V42]], %[[V46]] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: llir.yield %[[V30]], %[[V31]] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: llir.yield %[[V20]], %[[V21]] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V9]] : i64
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = llir.mul %[[V7]], %[[V10]] : i64
// CHECK-NEXT: %[[V49:[a-zA-Z0-9_$.]+]] = llir.add %[[V47]], %[[V48]] : i64
// CHECK-NEXT: llir.vstore %[[V12]], %[[OUT0]][%[[V49]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = llir.add %[[V49]], %[[V8]] : i64
// CHECK-NEXT: llir.vstore %[[V13]], %[[OUT0]][%[[V50]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
// CHECK-NEXT: }
