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

// A matmul: register tiles of 4 rows x 2 vectors, accumulated over k in vector
// registers (one rhs vector load serves the 4 rows; one lhs element, splatted, the 2
// vectors); the 5th row takes tiles of one row, the 9th column scalar loops.
func.func @matmul_tiles(%a: tensor<5x3xf32>, %b: tensor<3x9xf32>) -> tensor<5x9xf32> {
  %r = mir.matmul %a, %b : (tensor<5x3xf32>, tensor<3x9xf32>) -> tensor<5x9xf32>
  func.return %r : tensor<5x9xf32>
}

// CHECK-LABEL: llir.func @matmul_tiles(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[B:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>, %[[OUT0:[a-zA-Z0-9_$.]+]]: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<5x3xf32>, tensor<3x9xf32>) -> tensor<5x9xf32>} {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = llir.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = llir.constant 4 : i64
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = llir.constant 8 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = llir.constant 3 : i64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = llir.constant 1 : i64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = llir.constant 9 : i64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = llir.constant 6 : i64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = llir.constant 13 : i64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = llir.constant 18 : i64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = llir.constant 22 : i64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = llir.constant 27 : i64
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = llir.constant 31 : i64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = llir.constant 2 : i64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = llir.constant 5 : i64
// CHECK-NEXT: llir.for %[[V15:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V1]] : i64 {
// CHECK-NEXT: llir.for unroll_and_jam %[[V16:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V2]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = llir.splat %[[V3]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = llir.mul %[[V4]], %[[V15]] : i64
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]], %[[V20:[a-zA-Z0-9_$.]+]], %[[V21:[a-zA-Z0-9_$.]+]], %[[V22:[a-zA-Z0-9_$.]+]], %[[V23:[a-zA-Z0-9_$.]+]], %[[V24:[a-zA-Z0-9_$.]+]], %[[V25:[a-zA-Z0-9_$.]+]], %[[V26:[a-zA-Z0-9_$.]+]] = llir.for unroll %[[V27:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V4]] step %[[V5]] iter_args(%[[V28:[a-zA-Z0-9_$.]+]] = %[[V17]], %[[V29:[a-zA-Z0-9_$.]+]] = %[[V17]], %[[V30:[a-zA-Z0-9_$.]+]] = %[[V17]], %[[V31:[a-zA-Z0-9_$.]+]] = %[[V17]], %[[V32:[a-zA-Z0-9_$.]+]] = %[[V17]], %[[V33:[a-zA-Z0-9_$.]+]] = %[[V17]], %[[V34:[a-zA-Z0-9_$.]+]] = %[[V17]], %[[V35:[a-zA-Z0-9_$.]+]] = %[[V17]]) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) : i64 {
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V27]] : i64
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = llir.add %[[V36]], %[[V16]] : i64
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = llir.vload %[[B]][%[[V37]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = llir.add %[[V37]], %[[V1]] : i64
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = llir.vload %[[B]][%[[V39]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = llir.add %[[V18]], %[[V27]] : i64
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V41]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = llir.splat %[[V42]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V43]], %[[V38]] : vector<4xf32>
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V28]], %[[V44]] : vector<4xf32>
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V43]], %[[V40]] : vector<4xf32>
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V29]], %[[V46]] : vector<4xf32>
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = llir.add %[[V41]], %[[V4]] : i64
// CHECK-NEXT: %[[V49:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V48]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = llir.splat %[[V49]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[V51:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V50]], %[[V38]] : vector<4xf32>
// CHECK-NEXT: %[[V52:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V30]], %[[V51]] : vector<4xf32>
// CHECK-NEXT: %[[V53:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V50]], %[[V40]] : vector<4xf32>
// CHECK-NEXT: %[[V54:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V31]], %[[V53]] : vector<4xf32>
// CHECK-NEXT: %[[V55:[a-zA-Z0-9_$.]+]] = llir.add %[[V41]], %[[V7]] : i64
// CHECK-NEXT: %[[V56:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V55]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V57:[a-zA-Z0-9_$.]+]] = llir.splat %[[V56]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[V58:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V57]], %[[V38]] : vector<4xf32>
// CHECK-NEXT: %[[V59:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V32]], %[[V58]] : vector<4xf32>
// CHECK-NEXT: %[[V60:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V57]], %[[V40]] : vector<4xf32>
// CHECK-NEXT: %[[V61:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V33]], %[[V60]] : vector<4xf32>
// CHECK-NEXT: %[[V62:[a-zA-Z0-9_$.]+]] = llir.add %[[V41]], %[[V6]] : i64
// CHECK-NEXT: %[[V63:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V62]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V64:[a-zA-Z0-9_$.]+]] = llir.splat %[[V63]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[V65:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V64]], %[[V38]] : vector<4xf32>
// CHECK-NEXT: %[[V66:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V34]], %[[V65]] : vector<4xf32>
// CHECK-NEXT: %[[V67:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V64]], %[[V40]] : vector<4xf32>
// CHECK-NEXT: %[[V68:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V35]], %[[V67]] : vector<4xf32>
// CHECK-NEXT: llir.yield %[[V45]], %[[V47]], %[[V52]], %[[V54]], %[[V59]], %[[V61]], %[[V66]], %[[V68]] : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V69:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V15]] : i64
// CHECK-NEXT: %[[V70:[a-zA-Z0-9_$.]+]] = llir.add %[[V69]], %[[V16]] : i64
// CHECK-NEXT: llir.vstore %[[V19]], %[[OUT0]][%[[V70]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: %[[V71:[a-zA-Z0-9_$.]+]] = llir.add %[[V70]], %[[V1]] : i64
// CHECK-NEXT: llir.vstore %[[V20]], %[[OUT0]][%[[V71]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: %[[V72:[a-zA-Z0-9_$.]+]] = llir.add %[[V70]], %[[V6]] : i64
// CHECK-NEXT: llir.vstore %[[V21]], %[[OUT0]][%[[V72]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: %[[V73:[a-zA-Z0-9_$.]+]] = llir.add %[[V70]], %[[V8]] : i64
// CHECK-NEXT: llir.vstore %[[V22]], %[[OUT0]][%[[V73]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: %[[V74:[a-zA-Z0-9_$.]+]] = llir.add %[[V70]], %[[V9]] : i64
// CHECK-NEXT: llir.vstore %[[V23]], %[[OUT0]][%[[V74]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: %[[V75:[a-zA-Z0-9_$.]+]] = llir.add %[[V70]], %[[V10]] : i64
// CHECK-NEXT: llir.vstore %[[V24]], %[[OUT0]][%[[V75]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: %[[V76:[a-zA-Z0-9_$.]+]] = llir.add %[[V70]], %[[V11]] : i64
// CHECK-NEXT: llir.vstore %[[V25]], %[[OUT0]][%[[V76]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: %[[V77:[a-zA-Z0-9_$.]+]] = llir.add %[[V70]], %[[V12]] : i64
// CHECK-NEXT: llir.vstore %[[V26]], %[[OUT0]][%[[V77]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V78:[a-zA-Z0-9_$.]+]] = llir.for unroll %[[V79:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V4]] step %[[V5]] iter_args(%[[V80:[a-zA-Z0-9_$.]+]] = %[[V3]]) -> (f32) : i64 {
// CHECK-NEXT: %[[V81:[a-zA-Z0-9_$.]+]] = llir.mul %[[V4]], %[[V15]] : i64
// CHECK-NEXT: %[[V82:[a-zA-Z0-9_$.]+]] = llir.add %[[V81]], %[[V79]] : i64
// CHECK-NEXT: %[[V83:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V82]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V84:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V79]] : i64
// CHECK-NEXT: %[[V85:[a-zA-Z0-9_$.]+]] = llir.add %[[V84]], %[[V2]] : i64
// CHECK-NEXT: %[[V86:[a-zA-Z0-9_$.]+]] = llir.load %[[B]][%[[V85]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V87:[a-zA-Z0-9_$.]+]] = llir.mul %[[V83]], %[[V86]] : f32
// CHECK-NEXT: %[[V88:[a-zA-Z0-9_$.]+]] = llir.add %[[V80]], %[[V87]] : f32
// CHECK-NEXT: llir.yield %[[V88]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[V89:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V15]] : i64
// CHECK-NEXT: %[[V90:[a-zA-Z0-9_$.]+]] = llir.add %[[V89]], %[[V2]] : i64
// CHECK-NEXT: llir.store %[[V78]], %[[OUT0]][%[[V90]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT: %[[V91:[a-zA-Z0-9_$.]+]] = llir.add %[[V15]], %[[V5]] : i64
// CHECK-NEXT: %[[V92:[a-zA-Z0-9_$.]+]] = llir.for unroll %[[V93:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V4]] step %[[V5]] iter_args(%[[V94:[a-zA-Z0-9_$.]+]] = %[[V3]]) -> (f32) : i64 {
// CHECK-NEXT: %[[V95:[a-zA-Z0-9_$.]+]] = llir.mul %[[V4]], %[[V91]] : i64
// CHECK-NEXT: %[[V96:[a-zA-Z0-9_$.]+]] = llir.add %[[V95]], %[[V93]] : i64
// CHECK-NEXT: %[[V97:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V96]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V98:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V93]] : i64
// CHECK-NEXT: %[[V99:[a-zA-Z0-9_$.]+]] = llir.add %[[V98]], %[[V2]] : i64
// CHECK-NEXT: %[[V100:[a-zA-Z0-9_$.]+]] = llir.load %[[B]][%[[V99]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V101:[a-zA-Z0-9_$.]+]] = llir.mul %[[V97]], %[[V100]] : f32
// CHECK-NEXT: %[[V102:[a-zA-Z0-9_$.]+]] = llir.add %[[V94]], %[[V101]] : f32
// CHECK-NEXT: llir.yield %[[V102]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[V103:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V91]] : i64
// CHECK-NEXT: %[[V104:[a-zA-Z0-9_$.]+]] = llir.add %[[V103]], %[[V2]] : i64
// CHECK-NEXT: llir.store %[[V92]], %[[OUT0]][%[[V104]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT: %[[V105:[a-zA-Z0-9_$.]+]] = llir.add %[[V15]], %[[V13]] : i64
// CHECK-NEXT: %[[V106:[a-zA-Z0-9_$.]+]] = llir.for unroll %[[V107:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V4]] step %[[V5]] iter_args(%[[V108:[a-zA-Z0-9_$.]+]] = %[[V3]]) -> (f32) : i64 {
// CHECK-NEXT: %[[V109:[a-zA-Z0-9_$.]+]] = llir.mul %[[V4]], %[[V105]] : i64
// CHECK-NEXT: %[[V110:[a-zA-Z0-9_$.]+]] = llir.add %[[V109]], %[[V107]] : i64
// CHECK-NEXT: %[[V111:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V110]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V112:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V107]] : i64
// CHECK-NEXT: %[[V113:[a-zA-Z0-9_$.]+]] = llir.add %[[V112]], %[[V2]] : i64
// CHECK-NEXT: %[[V114:[a-zA-Z0-9_$.]+]] = llir.load %[[B]][%[[V113]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V115:[a-zA-Z0-9_$.]+]] = llir.mul %[[V111]], %[[V114]] : f32
// CHECK-NEXT: %[[V116:[a-zA-Z0-9_$.]+]] = llir.add %[[V108]], %[[V115]] : f32
// CHECK-NEXT: llir.yield %[[V116]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[V117:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V105]] : i64
// CHECK-NEXT: %[[V118:[a-zA-Z0-9_$.]+]] = llir.add %[[V117]], %[[V2]] : i64
// CHECK-NEXT: llir.store %[[V106]], %[[OUT0]][%[[V118]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT: %[[V119:[a-zA-Z0-9_$.]+]] = llir.add %[[V15]], %[[V4]] : i64
// CHECK-NEXT: %[[V120:[a-zA-Z0-9_$.]+]] = llir.for unroll %[[V121:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V4]] step %[[V5]] iter_args(%[[V122:[a-zA-Z0-9_$.]+]] = %[[V3]]) -> (f32) : i64 {
// CHECK-NEXT: %[[V123:[a-zA-Z0-9_$.]+]] = llir.mul %[[V4]], %[[V119]] : i64
// CHECK-NEXT: %[[V124:[a-zA-Z0-9_$.]+]] = llir.add %[[V123]], %[[V121]] : i64
// CHECK-NEXT: %[[V125:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V124]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V126:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V121]] : i64
// CHECK-NEXT: %[[V127:[a-zA-Z0-9_$.]+]] = llir.add %[[V126]], %[[V2]] : i64
// CHECK-NEXT: %[[V128:[a-zA-Z0-9_$.]+]] = llir.load %[[B]][%[[V127]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V129:[a-zA-Z0-9_$.]+]] = llir.mul %[[V125]], %[[V128]] : f32
// CHECK-NEXT: %[[V130:[a-zA-Z0-9_$.]+]] = llir.add %[[V122]], %[[V129]] : f32
// CHECK-NEXT: llir.yield %[[V130]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[V131:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V119]] : i64
// CHECK-NEXT: %[[V132:[a-zA-Z0-9_$.]+]] = llir.add %[[V131]], %[[V2]] : i64
// CHECK-NEXT: llir.store %[[V120]], %[[OUT0]][%[[V132]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: llir.for %[[V133:[a-zA-Z0-9_$.]+]] = %[[V1]] to %[[V14]] step %[[V5]] : i64 {
// CHECK-NEXT: llir.for unroll_and_jam %[[V134:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V2]] step %[[V2]] : i64 {
// CHECK-NEXT: %[[V135:[a-zA-Z0-9_$.]+]] = llir.splat %[[V3]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[V136:[a-zA-Z0-9_$.]+]] = llir.mul %[[V4]], %[[V133]] : i64
// CHECK-NEXT: %[[V137:[a-zA-Z0-9_$.]+]], %[[V138:[a-zA-Z0-9_$.]+]] = llir.for unroll %[[V139:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V4]] step %[[V5]] iter_args(%[[V140:[a-zA-Z0-9_$.]+]] = %[[V135]], %[[V141:[a-zA-Z0-9_$.]+]] = %[[V135]]) -> (vector<4xf32>, vector<4xf32>) : i64 {
// CHECK-NEXT: %[[V142:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V139]] : i64
// CHECK-NEXT: %[[V143:[a-zA-Z0-9_$.]+]] = llir.add %[[V142]], %[[V134]] : i64
// CHECK-NEXT: %[[V144:[a-zA-Z0-9_$.]+]] = llir.vload %[[B]][%[[V143]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT: %[[V145:[a-zA-Z0-9_$.]+]] = llir.add %[[V143]], %[[V1]] : i64
// CHECK-NEXT: %[[V146:[a-zA-Z0-9_$.]+]] = llir.vload %[[B]][%[[V145]] : i64] : !llir.ptr<f32> -> vector<4xf32>
// CHECK-NEXT: %[[V147:[a-zA-Z0-9_$.]+]] = llir.add %[[V136]], %[[V139]] : i64
// CHECK-NEXT: %[[V148:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V147]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V149:[a-zA-Z0-9_$.]+]] = llir.splat %[[V148]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[V150:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V149]], %[[V144]] : vector<4xf32>
// CHECK-NEXT: %[[V151:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V140]], %[[V150]] : vector<4xf32>
// CHECK-NEXT: %[[V152:[a-zA-Z0-9_$.]+]] = llir.vmul %[[V149]], %[[V146]] : vector<4xf32>
// CHECK-NEXT: %[[V153:[a-zA-Z0-9_$.]+]] = llir.vadd %[[V141]], %[[V152]] : vector<4xf32>
// CHECK-NEXT: llir.yield %[[V151]], %[[V153]] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V154:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V133]] : i64
// CHECK-NEXT: %[[V155:[a-zA-Z0-9_$.]+]] = llir.add %[[V154]], %[[V134]] : i64
// CHECK-NEXT: llir.vstore %[[V137]], %[[OUT0]][%[[V155]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: %[[V156:[a-zA-Z0-9_$.]+]] = llir.add %[[V155]], %[[V1]] : i64
// CHECK-NEXT: llir.vstore %[[V138]], %[[OUT0]][%[[V156]] : i64] : vector<4xf32>, !llir.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[V157:[a-zA-Z0-9_$.]+]] = llir.for unroll %[[V158:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V4]] step %[[V5]] iter_args(%[[V159:[a-zA-Z0-9_$.]+]] = %[[V3]]) -> (f32) : i64 {
// CHECK-NEXT: %[[V160:[a-zA-Z0-9_$.]+]] = llir.mul %[[V4]], %[[V133]] : i64
// CHECK-NEXT: %[[V161:[a-zA-Z0-9_$.]+]] = llir.add %[[V160]], %[[V158]] : i64
// CHECK-NEXT: %[[V162:[a-zA-Z0-9_$.]+]] = llir.load %[[A]][%[[V161]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V163:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V158]] : i64
// CHECK-NEXT: %[[V164:[a-zA-Z0-9_$.]+]] = llir.add %[[V163]], %[[V2]] : i64
// CHECK-NEXT: %[[V165:[a-zA-Z0-9_$.]+]] = llir.load %[[B]][%[[V164]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT: %[[V166:[a-zA-Z0-9_$.]+]] = llir.mul %[[V162]], %[[V165]] : f32
// CHECK-NEXT: %[[V167:[a-zA-Z0-9_$.]+]] = llir.add %[[V159]], %[[V166]] : f32
// CHECK-NEXT: llir.yield %[[V167]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[V168:[a-zA-Z0-9_$.]+]] = llir.mul %[[V6]], %[[V133]] : i64
// CHECK-NEXT: %[[V169:[a-zA-Z0-9_$.]+]] = llir.add %[[V168]], %[[V2]] : i64
// CHECK-NEXT: llir.store %[[V157]], %[[OUT0]][%[[V169]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: llir.return
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
