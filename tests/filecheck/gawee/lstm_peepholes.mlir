// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG

// gawee.lstm with peepholes P = [Pi, Po, Pf]: i and f read the previous step's c (the
// loop's carried c), o the step's new c. Sliced out of P once, before the loop over time.
func.func @lstm_peepholes(%x: tensor<3x1x2xf32>, %w: tensor<4x2xf32>, %r: tensor<4x1xf32>, %b: tensor<8xf32>, %h: tensor<1x1xf32>, %c: tensor<1x1xf32>, %p: tensor<3xf32>) -> (tensor<3x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %y, %y_h, %y_c = gawee.lstm %x, %w, %r, %b, %h, %c peepholes = %p reverse = true : (tensor<3x1x2xf32>, tensor<4x2xf32>, tensor<4x1xf32>, tensor<8xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<3xf32>) -> (tensor<3x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
  func.return %y, %y_h, %y_c : tensor<3x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}

// CHECK-LABEL: func.func @lstm_peepholes(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x1x2xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4x2xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<4x1xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<8xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<1x1xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<1x1xf32>, %[[P:[a-zA-Z0-9_$.]+]]: tensor<3xf32>) -> (tensor<3x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]], %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_C:[a-zA-Z0-9_$.]+]] = gawee.lstm %[[X]], %[[W]], %[[R]], %[[B]], %[[H]], %[[C]] peepholes = %[[P]] reverse = true : (tensor<3x1x2xf32>, tensor<4x2xf32>, tensor<4x1xf32>, tensor<8xf32>, tensor<1x1xf32>, tensor<1x1xf32>, tensor<3xf32>) -> (tensor<3x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
// CHECK-NEXT: func.return %[[Y]], %[[Y_H]], %[[Y_C]] : tensor<3x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// MIR-LABEL: func.func @lstm_peepholes(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x1x2xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4x2xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<4x1xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<8xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<1x1xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<1x1xf32>, %[[P:[a-zA-Z0-9_$.]+]]: tensor<3xf32>) -> (tensor<3x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.slice %[[B]] starts = [0] ends = [4] strides = [1] : (tensor<8xf32>) -> tensor<4xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.slice %[[B]] starts = [4] ends = [8] strides = [1] : (tensor<8xf32>) -> tensor<4xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.transpose %[[W]] permutation = [1, 0] : (tensor<4x2xf32>) -> tensor<2x4xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.matmul %[[X]], %[[Y_2]] : (tensor<3x1x2xf32>, tensor<2x4xf32>) -> tensor<3x1x4xf32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_3]], %[[Y]] broadcast_shape = [3, 1, 4] : (tensor<3x1x4xf32>, tensor<4xf32>) -> tensor<3x1x4xf32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.transpose %[[R]] permutation = [1, 0] : (tensor<4x1xf32>) -> tensor<1x4xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.slice %[[P]] starts = [0] ends = [1] strides = [1] : (tensor<3xf32>) -> tensor<1xf32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.slice %[[P]] starts = [1] ends = [2] strides = [1] : (tensor<3xf32>) -> tensor<1xf32>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.slice %[[P]] starts = [2] ends = [3] strides = [1] : (tensor<3xf32>) -> tensor<1xf32>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<3x1x1xf32>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// MIR-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_C:[a-zA-Z0-9_$.]+]], %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_11]] to %[[Y_12]] step %[[Y_13]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[H]], %[[V2:[a-zA-Z0-9_$.]+]] = %[[C]], %[[V3:[a-zA-Z0-9_$.]+]] = %[[Y_9]]) -> (tensor<1x1xf32>, tensor<1x1xf32>, tensor<3x1x1xf32>) {
// MIR-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.subi %[[Y_10]], %[[V0]] : index
// MIR-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V4]] : (index) -> tensor<1xi64>
// MIR-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_4]], %[[V5]] axis = 0 : (tensor<3x1x4xf32>, tensor<1xi64>) -> tensor<1x1x4xf32>
// MIR-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V6]] : (tensor<1x1x4xf32>) -> tensor<1x4xf32>
// MIR-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.matmul %[[V1]], %[[Y_5]] : (tensor<1x1xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
// MIR-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V8]], %[[Y_1]] broadcast_shape = [1, 4] : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
// MIR-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V7]], %[[V9]] broadcast_shape = [1, 4] : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
// MIR-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.slice %[[V10]] starts = [0, 0] ends = [1, 1] strides = [1, 1] : (tensor<1x4xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.slice %[[V10]] starts = [0, 1] ends = [1, 2] strides = [1, 1] : (tensor<1x4xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.slice %[[V10]] starts = [0, 2] ends = [1, 3] strides = [1, 1] : (tensor<1x4xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.slice %[[V10]] starts = [0, 3] ends = [1, 4] strides = [1, 1] : (tensor<1x4xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_6]], %[[V2]] broadcast_shape = [1, 1] : (tensor<1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V11]], %[[V15]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.neg %[[V16]] : (tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = mir.exp %[[V17]] : (tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V18]], %[[V19]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<f32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V21]], %[[V20]] broadcast_shape = [1, 1] : (tensor<f32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_8]], %[[V2]] broadcast_shape = [1, 1] : (tensor<1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V13]], %[[V23]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = mir.neg %[[V24]] : (tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = mir.exp %[[V25]] : (tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V26]], %[[V27]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<f32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V29]], %[[V28]] broadcast_shape = [1, 1] : (tensor<f32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V30]], %[[V2]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = mir.tanh %[[V14]] : (tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V22]], %[[V32]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V31]], %[[V33]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_7]], %[[V34]] broadcast_shape = [1, 1] : (tensor<1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V12]], %[[V35]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = mir.neg %[[V36]] : (tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = mir.exp %[[V37]] : (tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V38]], %[[V39]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<f32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V41]], %[[V40]] broadcast_shape = [1, 1] : (tensor<f32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = mir.tanh %[[V34]] : (tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V42]], %[[V43]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V44]] : (tensor<1x1xf32>) -> tensor<1x1x1xf32>
// MIR-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V3]], %[[V45]], %[[V5]] axis = 0 : (tensor<3x1x1xf32>, tensor<1x1x1xf32>, tensor<1xi64>) -> tensor<3x1x1xf32>
// MIR-NEXT: mir.yield %[[V44]], %[[V34]], %[[V46]] : tensor<1x1xf32>, tensor<1x1xf32>, tensor<3x1x1xf32>
// MIR-NEXT: }
// MIR-NEXT: func.return %[[Y_14]], %[[Y_H]], %[[Y_C]] : tensor<3x1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>
// MIR-NEXT: }
// MIR-NEXT: }

// LINALG-LABEL: func.func @lstm_peepholes(
// LINALG: %[[PI:.*]] = tensor.extract_slice %p[0] [1] [1] : tensor<3xf32> to tensor<1xf32>
// LINALG-NEXT: %[[PO:.*]] = tensor.extract_slice %p[1] [1] [1] : tensor<3xf32> to tensor<1xf32>
// LINALG-NEXT: %[[PF:.*]] = tensor.extract_slice %p[2] [1] [1] : tensor<3xf32> to tensor<1xf32>
// LINALG: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %h, %[[C:.*]] = %c, %{{.*}} = %{{.*}}) -> (tensor<1x1xf32>, tensor<1x1xf32>, tensor<3x1x1xf32>) {
// LINALG: linalg.generic {{.*}} ins(%[[PI]], %[[C]] : tensor<1xf32>, tensor<1x1xf32>)
// LINALG: linalg.generic {{.*}} ins(%[[PF]], %[[C]] : tensor<1xf32>, tensor<1x1xf32>)
// LINALG: linalg.generic {{.*}} ins(%[[PO]], %[[NEW_C:.*]] : tensor<1xf32>, tensor<1x1xf32>)
// LINALG: scf.yield %{{.*}}, %[[NEW_C]], %{{.*}} : tensor<1x1xf32>, tensor<1x1xf32>, tensor<3x1x1xf32>
