// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s

// The recurrent ops unrolled: the input's projection for every step in one gawee.linear,
// R transposed once, then one cell step per time step (in reverse for `reverse`), the
// hidden states joined in time order.
func.func @lstm(%x: tensor<2x1x3xf32>, %w: tensor<8x3xf32>, %r: tensor<8x2xf32>, %b: tensor<16xf32>, %h: tensor<1x2xf32>, %c: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  %y, %y_h, %y_c = gawee.lstm %x, %w, %r, %b, %h, %c : (tensor<2x1x3xf32>, tensor<8x3xf32>, tensor<8x2xf32>, tensor<16xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
  func.return %y, %y_h, %y_c : tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
}

func.func @gru(%x: tensor<2x1x3xf32>, %w: tensor<6x3xf32>, %r: tensor<6x2xf32>, %b: tensor<12xf32>, %h: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>) {
  %y, %y_h = gawee.gru %x, %w, %r, %b, %h reverse = true linearBeforeReset = true : (tensor<2x1x3xf32>, tensor<6x3xf32>, tensor<6x2xf32>, tensor<12xf32>, tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>)
  func.return %y, %y_h : tensor<2x1x2xf32>, tensor<1x2xf32>
}

func.func @rnn(%x: tensor<2x1x3xf64>, %w: tensor<2x3xf64>, %r: tensor<2x2xf64>, %b: tensor<4xf64>, %h: tensor<1x2xf64>) -> (tensor<2x1x2xf64>, tensor<1x2xf64>) {
  %y, %y_h = "gawee.rnn"(%x, %w, %r, %b, %h) {reverse = true} : (tensor<2x1x3xf64>, tensor<2x3xf64>, tensor<2x2xf64>, tensor<4xf64>, tensor<1x2xf64>) -> (tensor<2x1x2xf64>, tensor<1x2xf64>)
  func.return %y, %y_h : tensor<2x1x2xf64>, tensor<1x2xf64>
}

// CHECK-LABEL: func.func @lstm(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x1x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<8x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<8x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<16xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.slice %[[B]] starts = [0] ends = [8] axes = [0] steps = [1] : (tensor<16xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.slice %[[B]] starts = [8] ends = [16] axes = [0] steps = [1] : (tensor<16xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.linear %[[X]], %[[W]], %[[Y]] : (tensor<2x1x3xf32>, tensor<8x3xf32>, tensor<8xf32>) -> tensor<2x1x8xf32>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[R]] perm = [1, 0] : (tensor<8x2xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_2]] starts = [0] ends = [1] axes = [0] steps = [1] : (tensor<2x1x8xf32>) -> tensor<1x1x8xf32>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_4]] : (tensor<1x1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.matmul %[[H]], %[[Y_3]] : (tensor<1x2xf32>, tensor<2x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_6]], %[[Y_1]] : (tensor<1x8xf32>, tensor<8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_5]], %[[Y_7]] : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]], %[[Y_10:[a-zA-Z0-9_$.]+]], %[[Y_11:[a-zA-Z0-9_$.]+]], %[[Y_12:[a-zA-Z0-9_$.]+]] = gawee.split %[[Y_8]] splitSizes = [2, 2, 2, 2] axis = 1 : (tensor<1x8xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_9]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = gawee.exp %[[Y_13]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_14]], %[[Y_15]] : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_17]], %[[Y_16]] : (tensor<f32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_10]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = gawee.exp %[[Y_19]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_20]], %[[Y_21]] : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_23]], %[[Y_22]] : (tensor<f32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_11]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = gawee.exp %[[Y_25]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_26]], %[[Y_27]] : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_29]], %[[Y_28]] : (tensor<f32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_30]], %[[C]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_32:[a-zA-Z0-9_$.]+]] = gawee.tanh %[[Y_12]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_33:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_18]], %[[Y_32]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_34:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_31]], %[[Y_33]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_35:[a-zA-Z0-9_$.]+]] = gawee.tanh %[[Y_34]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_36:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_24]], %[[Y_35]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_37:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_36]] : (tensor<1x2xf32>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_38:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_2]] starts = [1] ends = [2] axes = [0] steps = [1] : (tensor<2x1x8xf32>) -> tensor<1x1x8xf32>
// CHECK-NEXT: %[[Y_39:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_38]] : (tensor<1x1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: %[[Y_40:[a-zA-Z0-9_$.]+]] = gawee.matmul %[[Y_36]], %[[Y_3]] : (tensor<1x2xf32>, tensor<2x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: %[[Y_41:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_40]], %[[Y_1]] : (tensor<1x8xf32>, tensor<8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: %[[Y_42:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_39]], %[[Y_41]] : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: %[[Y_43:[a-zA-Z0-9_$.]+]], %[[Y_44:[a-zA-Z0-9_$.]+]], %[[Y_45:[a-zA-Z0-9_$.]+]], %[[Y_46:[a-zA-Z0-9_$.]+]] = gawee.split %[[Y_42]] splitSizes = [2, 2, 2, 2] axis = 1 : (tensor<1x8xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
// CHECK-NEXT: %[[Y_47:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_43]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_48:[a-zA-Z0-9_$.]+]] = gawee.exp %[[Y_47]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_49:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_50:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_48]], %[[Y_49]] : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_51:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_52:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_51]], %[[Y_50]] : (tensor<f32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_53:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_44]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_54:[a-zA-Z0-9_$.]+]] = gawee.exp %[[Y_53]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_55:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_56:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_54]], %[[Y_55]] : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_57:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_58:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_57]], %[[Y_56]] : (tensor<f32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_59:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_45]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_60:[a-zA-Z0-9_$.]+]] = gawee.exp %[[Y_59]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_61:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_62:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_60]], %[[Y_61]] : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_63:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_64:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_63]], %[[Y_62]] : (tensor<f32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_65:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_64]], %[[Y_34]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_66:[a-zA-Z0-9_$.]+]] = gawee.tanh %[[Y_46]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_67:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_52]], %[[Y_66]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_C:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_65]], %[[Y_67]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_68:[a-zA-Z0-9_$.]+]] = gawee.tanh %[[Y_C]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_58]], %[[Y_68]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_69:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_H]] : (tensor<1x2xf32>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_70:[a-zA-Z0-9_$.]+]] = gawee.cat %[[Y_37]], %[[Y_69]] axis = 0 : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<2x1x2xf32>
// CHECK-NEXT: func.return %[[Y_70]], %[[Y_H]], %[[Y_C]] : tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @gru(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x1x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<6x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<6x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<12xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.slice %[[B]] starts = [0] ends = [6] axes = [0] steps = [1] : (tensor<12xf32>) -> tensor<6xf32>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.slice %[[B]] starts = [6] ends = [12] axes = [0] steps = [1] : (tensor<12xf32>) -> tensor<6xf32>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.linear %[[X]], %[[W]], %[[Y]] : (tensor<2x1x3xf32>, tensor<6x3xf32>, tensor<6xf32>) -> tensor<2x1x6xf32>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[R]] perm = [1, 0] : (tensor<6x2xf32>) -> tensor<2x6xf32>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_3]] starts = [0] ends = [4] axes = [-1] steps = [1] : (tensor<2x6xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_1]] starts = [0] ends = [4] axes = [-1] steps = [1] : (tensor<6xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_3]] starts = [4] ends = [6] axes = [-1] steps = [1] : (tensor<2x6xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_1]] starts = [4] ends = [6] axes = [-1] steps = [1] : (tensor<6xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_2]] starts = [1] ends = [2] axes = [0] steps = [1] : (tensor<2x1x6xf32>) -> tensor<1x1x6xf32>
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_8]] : (tensor<1x1x6xf32>) -> tensor<1x6xf32>
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]], %[[Y_11:[a-zA-Z0-9_$.]+]], %[[Y_12:[a-zA-Z0-9_$.]+]] = gawee.split %[[Y_9]] splitSizes = [2, 2, 2] axis = 1 : (tensor<1x6xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = gawee.matmul %[[H]], %[[Y_4]] : (tensor<1x2xf32>, tensor<2x4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_13]], %[[Y_5]] : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]], %[[Y_16:[a-zA-Z0-9_$.]+]] = gawee.split %[[Y_14]] splitSizes = [2, 2] axis = 1 : (tensor<1x4xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>)
// CHECK-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_10]], %[[Y_15]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_17]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = gawee.exp %[[Y_18]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_19]], %[[Y_20]] : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_22]], %[[Y_21]] : (tensor<f32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_11]], %[[Y_16]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_24]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = gawee.exp %[[Y_25]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_26]], %[[Y_27]] : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_29]], %[[Y_28]] : (tensor<f32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = gawee.matmul %[[H]], %[[Y_6]] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_32:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_31]], %[[Y_7]] : (tensor<1x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_33:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_30]], %[[Y_32]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_34:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_12]], %[[Y_33]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_35:[a-zA-Z0-9_$.]+]] = gawee.tanh %[[Y_34]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_36:[a-zA-Z0-9_$.]+]] = gawee.sub %[[H]], %[[Y_35]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_37:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_23]], %[[Y_36]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_38:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_35]], %[[Y_37]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_39:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_38]] : (tensor<1x2xf32>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_40:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_2]] starts = [0] ends = [1] axes = [0] steps = [1] : (tensor<2x1x6xf32>) -> tensor<1x1x6xf32>
// CHECK-NEXT: %[[Y_41:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_40]] : (tensor<1x1x6xf32>) -> tensor<1x6xf32>
// CHECK-NEXT: %[[Y_42:[a-zA-Z0-9_$.]+]], %[[Y_43:[a-zA-Z0-9_$.]+]], %[[Y_44:[a-zA-Z0-9_$.]+]] = gawee.split %[[Y_41]] splitSizes = [2, 2, 2] axis = 1 : (tensor<1x6xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
// CHECK-NEXT: %[[Y_45:[a-zA-Z0-9_$.]+]] = gawee.matmul %[[Y_38]], %[[Y_4]] : (tensor<1x2xf32>, tensor<2x4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: %[[Y_46:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_45]], %[[Y_5]] : (tensor<1x4xf32>, tensor<4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: %[[Y_47:[a-zA-Z0-9_$.]+]], %[[Y_48:[a-zA-Z0-9_$.]+]] = gawee.split %[[Y_46]] splitSizes = [2, 2] axis = 1 : (tensor<1x4xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>)
// CHECK-NEXT: %[[Y_49:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_42]], %[[Y_47]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_50:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_49]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_51:[a-zA-Z0-9_$.]+]] = gawee.exp %[[Y_50]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_52:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_53:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_51]], %[[Y_52]] : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_54:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_55:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_54]], %[[Y_53]] : (tensor<f32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_56:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_43]], %[[Y_48]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_57:[a-zA-Z0-9_$.]+]] = gawee.neg %[[Y_56]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_58:[a-zA-Z0-9_$.]+]] = gawee.exp %[[Y_57]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_59:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_60:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_58]], %[[Y_59]] : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_61:[a-zA-Z0-9_$.]+]] = gawee.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_62:[a-zA-Z0-9_$.]+]] = gawee.div %[[Y_61]], %[[Y_60]] : (tensor<f32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_63:[a-zA-Z0-9_$.]+]] = gawee.matmul %[[Y_38]], %[[Y_6]] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_64:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_63]], %[[Y_7]] : (tensor<1x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_65:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_62]], %[[Y_64]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_66:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_44]], %[[Y_65]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_67:[a-zA-Z0-9_$.]+]] = gawee.tanh %[[Y_66]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_68:[a-zA-Z0-9_$.]+]] = gawee.sub %[[Y_38]], %[[Y_67]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_69:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_55]], %[[Y_68]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_67]], %[[Y_69]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_70:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_H]] : (tensor<1x2xf32>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_71:[a-zA-Z0-9_$.]+]] = gawee.cat %[[Y_70]], %[[Y_39]] axis = 0 : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<2x1x2xf32>
// CHECK-NEXT: func.return %[[Y_71]], %[[Y_H]] : tensor<2x1x2xf32>, tensor<1x2xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @rnn(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x1x3xf64>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<2x3xf64>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<2x2xf64>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf64>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<1x2xf64>) -> (tensor<2x1x2xf64>, tensor<1x2xf64>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.slice %[[B]] starts = [0] ends = [2] axes = [0] steps = [1] : (tensor<4xf64>) -> tensor<2xf64>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.slice %[[B]] starts = [2] ends = [4] axes = [0] steps = [1] : (tensor<4xf64>) -> tensor<2xf64>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.linear %[[X]], %[[W]], %[[Y]] : (tensor<2x1x3xf64>, tensor<2x3xf64>, tensor<2xf64>) -> tensor<2x1x2xf64>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[R]] perm = [1, 0] : (tensor<2x2xf64>) -> tensor<2x2xf64>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_2]] starts = [1] ends = [2] axes = [0] steps = [1] : (tensor<2x1x2xf64>) -> tensor<1x1x2xf64>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_4]] : (tensor<1x1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.matmul %[[H]], %[[Y_3]] : (tensor<1x2xf64>, tensor<2x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_6]], %[[Y_1]] : (tensor<1x2xf64>, tensor<2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_5]], %[[Y_7]] : (tensor<1x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = gawee.tanh %[[Y_8]] : (tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_9]] : (tensor<1x2xf64>) -> tensor<1x1x2xf64>
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_2]] starts = [0] ends = [1] axes = [0] steps = [1] : (tensor<2x1x2xf64>) -> tensor<1x1x2xf64>
// CHECK-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_11]] : (tensor<1x1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = gawee.matmul %[[Y_9]], %[[Y_3]] : (tensor<1x2xf64>, tensor<2x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_13]], %[[Y_1]] : (tensor<1x2xf64>, tensor<2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = gawee.add %[[Y_12]], %[[Y_14]] : (tensor<1x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]] = gawee.tanh %[[Y_15]] : (tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_H]] : (tensor<1x2xf64>) -> tensor<1x1x2xf64>
// CHECK-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = gawee.cat %[[Y_16]], %[[Y_10]] axis = 0 : (tensor<1x1x2xf64>, tensor<1x1x2xf64>) -> tensor<2x1x2xf64>
// CHECK-NEXT: func.return %[[Y_17]], %[[Y_H]] : tensor<2x1x2xf64>, tensor<1x2xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }
