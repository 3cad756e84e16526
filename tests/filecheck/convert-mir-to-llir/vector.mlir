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

// A conv, fed to the micro-kernel of products. Its windows reach the padding, so the
// input is first copied into a zero-filled buffer with the padding (1 x 5 x 8 x 2 f32:
// 320 bytes), and every window lies inside it. Each block of 2 vectors of output
// channels has its weights packed into a panel ([KH * KW * Cg, 8], contiguous; the
// blocks in parallel), then each block's output rows (in parallel, block x row) run as
// one tile of 6 pixels (no more than tile-rows), without checks, a kernel row's columns and input channels one contiguous
// loop of 3 * 2 taps: each weight vector loaded from the panel serves the 6 pixels, each
// input element splatted the 2 vectors (llir.vfma).
func.func @conv_tiles(%x: tensor<1x3x6x2xf32>, %w: tensor<3x3x2x8xf32>) -> tensor<1x3x6x8xf32> {
  %r = mir.conv %x, %w input_shape = [1, 3, 6, 2] weight_shape = [3, 3, 2, 8] output_shape = [1, 3, 6, 8] kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : (tensor<1x3x6x2xf32>, tensor<3x3x2x8xf32>) -> tensor<1x3x6x8xf32>
  func.return %r : tensor<1x3x6x8xf32>
}

// CHECK-LABEL: llir.func @conv_tiles(
// CHECK-SAME:      %[[X:[^:]+]]: !llir.ptr<f32>, %[[W:[^:]+]]: !llir.ptr<f32>, %[[OUT:[^:]+]]: !llir.ptr<f32>)
// CHECK-DAG:     %[[C0:.*]] = llir.constant 0 : i64
// CHECK-DAG:     %[[C1:.*]] = llir.constant 1 : i64
// CHECK-DAG:     %[[C2:.*]] = llir.constant 2 : i64
// CHECK-DAG:     %[[C3:.*]] = llir.constant 3 : i64
// CHECK-DAG:     %[[C6:.*]] = llir.constant 6 : i64
// CHECK-DAG:     %[[C8:.*]] = llir.constant 8 : i64
// CHECK-DAG:     %[[C80:.*]] = llir.constant 80 : i64
// CHECK-DAG:     %[[ZERO:.*]] = llir.constant dense<0.000000e+00> : vector<4xf32>
// CHECK:         %[[PANEL:.*]] = llir.alloc_buffer 576 align 64 : !llir.ptr<f32>
// CHECK-NEXT:    %[[PADDED:.*]] = llir.alloc_buffer 320 align 64 : !llir.ptr<f32>
//                zeros, then the input's 3 rows of 6 x 2 inside the padding
// CHECK-NEXT:    llir.for %[[I:.*]] = %[[C0]] to %[[C80]] step %{{.*}} : i64 {
// CHECK-NEXT:      llir.vstore %[[ZERO]], %[[PADDED]][%[[I]] : i64]
// CHECK-NEXT:    }
// CHECK-NEXT:    llir.for unroll_and_jam %{{.*}} = %[[C0]] to %[[C3]] step %[[C1]] : i64 {
// CHECK:           llir.for unroll
// CHECK:             llir.vload %[[X]]
// CHECK-NEXT:        llir.vstore %{{.*}}, %[[PADDED]]
//                every block's panel (one here), the blocks on threads
// CHECK:         llir.for %[[CH:.*]] = %[[C0]] to %[[C8]] step %[[C8]] : i64 attributes {llir.parallel} {
// CHECK-NEXT:      %{{.*}} = llir.mul %{{.*}}, %[[CH]] : i64
// CHECK-NEXT:      llir.for %{{.*}} = %[[C0]] to %[[C3]] step %[[C1]] : i64 {
// CHECK:             llir.for unroll_and_jam %{{.*}} = %[[C0]] to %[[C3]] step %[[C1]] : i64 {
// CHECK:               llir.for unroll %{{.*}} = %[[C0]] to %[[C2]] step %[[C1]] : i64 {
// CHECK-COUNT-2:         llir.vload %[[W]]
// CHECK-NOT:             llir.vload
// CHECK:               }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
//                then block x output row (1 x 3) on threads
// CHECK-NEXT:    llir.for %[[ITEM:.*]] = %[[C0]] to %[[C3]] step %[[C1]] : i64 attributes {llir.parallel} {
// CHECK-NEXT:      %{{.*}} = llir.div %[[ITEM]], %[[C3]] : i64
// CHECK-NEXT:      %{{.*}} = llir.rem %[[ITEM]], %[[C3]] : i64
// CHECK:           llir.for %{{.*}} = %[[C0]] to %[[C6]] step %[[C6]] : i64 {
//                    6 x 2 accumulators; a kernel row's 3 * 2 taps one loop, unchecked
// CHECK-NEXT:        %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = llir.for %{{.*}} = %[[C0]] to %[[C3]] step %[[C1]] iter_args(
// CHECK-NOT:             llir.select
// CHECK:                 llir.for %{{.*}} = %[[C0]] to %[[C6]] step %[[C1]] iter_args(
// CHECK-NOT:               llir.select
// CHECK-COUNT-2:           llir.vload %[[PANEL]]
// CHECK-COUNT-6:           llir.load %[[PADDED]]
// CHECK:                   llir.yield
// CHECK-COUNT-12:    llir.vstore %{{.*}}, %[[OUT]]
// CHECK:         llir.return

// -----

// A weight that is a transpose ([F, C, KH, KW] -> [KH, KW, C, F], as convert-gawee-to-mir
// makes gawee's) is read in place, never copied: the panel is packed from it one
// element at a time, in the order of its memory (input channel, kernel row, column),
// a row of the panel (8 channels) innermost.
func.func @conv_transposed_weight(%x: tensor<1x3x6x2xf32>, %w: tensor<8x2x3x3xf32>) -> tensor<1x3x6x8xf32> {
  %t = mir.transpose %w permutation = [2, 3, 1, 0] : (tensor<8x2x3x3xf32>) -> tensor<3x3x2x8xf32>
  %r = mir.conv %x, %t input_shape = [1, 3, 6, 2] weight_shape = [3, 3, 2, 8] output_shape = [1, 3, 6, 8] kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : (tensor<1x3x6x2xf32>, tensor<3x3x2x8xf32>) -> tensor<1x3x6x8xf32>
  func.return %r : tensor<1x3x6x8xf32>
}

// CHECK-LABEL: llir.func @conv_transposed_weight(
// CHECK-SAME:      %[[X:[^:]+]]: !llir.ptr<f32>, %[[W:[^:]+]]: !llir.ptr<f32>, %[[OUT:[^:]+]]: !llir.ptr<f32>)
// CHECK-DAG:     %[[C0:.*]] = llir.constant 0 : i64
// CHECK-DAG:     %[[C1:.*]] = llir.constant 1 : i64
// CHECK-DAG:     %[[C2:.*]] = llir.constant 2 : i64
// CHECK-DAG:     %[[C3:.*]] = llir.constant 3 : i64
// CHECK-DAG:     %[[C8:.*]] = llir.constant 8 : i64
// CHECK-DAG:     %[[C18:.*]] = llir.constant 18 : i64
// CHECK-NOT:     llir.alloc_buffer 576 align 16
// CHECK:         %[[PANEL:.*]] = llir.alloc_buffer 576 align 64 : !llir.ptr<f32>
// CHECK:         llir.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C8]] : i64 attributes {llir.parallel} {
// CHECK:           llir.for %{{.*}} = %[[C0]] to %[[C2]] step %[[C1]] : i64 {
// CHECK:             llir.for %{{.*}} = %[[C0]] to %[[C3]] step %[[C1]] : i64 {
// CHECK:               llir.for %{{.*}} = %[[C0]] to %[[C3]] step %[[C1]] : i64 {
// CHECK:                 llir.for %[[COLUMN:.*]] = %[[C0]] to %[[C8]] step %[[C1]] : i64 {
// CHECK-NEXT:              %[[SCALED:.*]] = llir.mul %[[C18]], %[[COLUMN]] : i64
// CHECK-NEXT:              %[[AT:.*]] = llir.add %{{.*}}, %[[SCALED]] : i64
// CHECK-NEXT:              %[[VALUE:.*]] = llir.load %[[W]][%[[AT]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:              %[[TO:.*]] = llir.add %{{.*}}, %[[COLUMN]] : i64
// CHECK-NEXT:              llir.store %[[VALUE]], %[[PANEL]][%[[TO]] : i64] : f32, !llir.ptr<f32>
// CHECK:         llir.vload %[[PANEL]]
// CHECK-NOT:     llir.vload %[[W]]
// CHECK:         llir.return

// -----

// The element-wise consumers of a tiled conv (a bias per channel, a residual add, a
// ReLU whose 0 is a constant defined after the conv) run on the tile's accumulators
// before the store, each in its own operand order: no loop of their own, and the conv
// stores the ReLU into the function's output.
func.func @conv_epilogue(%x: tensor<1x2x4x3xf32>, %w: tensor<1x1x3x8xf32>, %b: tensor<8xf32>, %r: tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32> {
  %y = mir.conv %x, %w input_shape = [1, 2, 4, 3] weight_shape = [1, 1, 3, 8] output_shape = [1, 2, 4, 8] kernel_size = [1, 1] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x2x4x3xf32>, tensor<1x1x3x8xf32>) -> tensor<1x2x4x8xf32>
  %a = mir.broadcast_add %y, %b broadcast_shape = [1, 2, 4, 8] : (tensor<1x2x4x8xf32>, tensor<8xf32>) -> tensor<1x2x4x8xf32>
  %s = mir.broadcast_add %r, %a broadcast_shape = [1, 2, 4, 8] : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %z = mir.constant dense<0.0> : tensor<f32>
  %relu = mir.broadcast_max %s, %z broadcast_shape = [1, 2, 4, 8] : (tensor<1x2x4x8xf32>, tensor<f32>) -> tensor<1x2x4x8xf32>
  func.return %relu : tensor<1x2x4x8xf32>
}

// CHECK-LABEL: llir.func @conv_epilogue(
// CHECK-SAME:      %[[X:[^:]+]]: !llir.ptr<f32>, %[[W:[^:]+]]: !llir.ptr<f32>, %[[B:[^:]+]]: !llir.ptr<f32>, %[[R:[^:]+]]: !llir.ptr<f32>, %[[OUT:[^:]+]]: !llir.ptr<f32>)
// CHECK:         %[[Z:.*]] = llir.alloc_buffer 4 : !llir.ptr<f32>
// CHECK:         llir.for %{{.*}} attributes {llir.parallel} {
// CHECK:         llir.for %{{.*}} attributes {llir.parallel} {
// CHECK:             %[[ACC:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = llir.for
// CHECK-COUNT-8:       llir.vfma
// CHECK:             %[[BIAS:.*]] = llir.vload %[[B]][%{{.*}} : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT:        %[[BIASED:.*]] = llir.vadd %[[ACC]], %[[BIAS]] : vector<4xf32>
// CHECK-NEXT:        %[[RES:.*]] = llir.vload %[[R]][%[[AT:.*]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT:        %[[SUM:.*]] = llir.vadd %[[RES]], %[[BIASED]] : vector<4xf32>
// CHECK-NEXT:        %[[ZERO:.*]] = llir.load %[[Z]] : !llir.ptr<f32> -> f32
// CHECK-NEXT:        %[[ZEROS:.*]] = llir.splat %[[ZERO]] : f32 to vector<4xf32>
// CHECK-NEXT:        %[[RELU:.*]] = llir.vmax %[[SUM]], %[[ZEROS]] : vector<4xf32>
// CHECK-NEXT:        llir.vstore %[[RELU]], %[[OUT]][%[[AT]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NOT:     llir.alloc_buffer 128
// CHECK:         llir.return
