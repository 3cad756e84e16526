// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// The rounding ops (ONNX Floor, Ceil or Round) in both forms; their lowerings are in
// tests/filecheck/convert-gawee-to-linalg/rounding.mlir and convert-gawee-to-mir/rounding.mlir.

func.func @rounding(%x: tensor<2x3xf32>, %h: tensor<4xf16>, %d: tensor<5xf64>) -> (tensor<2x3xf32>, tensor<4xf16>, tensor<5xf64>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = gawee.floor %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.floor %h : (tensor<4xf16>) -> tensor<4xf16>
  %2 = gawee.floor %d : (tensor<5xf64>) -> tensor<5xf64>
  %3 = gawee.ceil %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = gawee.round %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<4xf16>, tensor<5xf64>, tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @rounding(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<4xf16>, %[[D:[a-zA-Z0-9_$.]+]]: tensor<5xf64>) -> (tensor<2x3xf32>, tensor<4xf16>, tensor<5xf64>, tensor<2x3xf32>, tensor<2x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = gawee.floor %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = gawee.floor %[[H]] : (tensor<4xf16>) -> tensor<4xf16>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = gawee.floor %[[D]] : (tensor<5xf64>) -> tensor<5xf64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = gawee.ceil %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = gawee.round %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]] : tensor<2x3xf32>, tensor<4xf16>, tensor<5xf64>, tensor<2x3xf32>, tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// CHECK-GENERIC-NEXT: "builtin.module"() ({
// CHECK-GENERIC-NEXT: "func.func"() <{sym_name = "rounding", function_type = (tensor<2x3xf32>, tensor<4xf16>, tensor<5xf64>) -> (tensor<2x3xf32>, tensor<4xf16>, tensor<5xf64>, tensor<2x3xf32>, tensor<2x3xf32>)}> ({
// CHECK-GENERIC-NEXT: ^bb0(%[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<4xf16>, %[[D:[a-zA-Z0-9_$.]+]]: tensor<5xf64>):
// CHECK-GENERIC-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = "gawee.floor"(%[[X]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = "gawee.floor"(%[[H]]) : (tensor<4xf16>) -> tensor<4xf16>
// CHECK-GENERIC-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = "gawee.floor"(%[[D]]) : (tensor<5xf64>) -> tensor<5xf64>
// CHECK-GENERIC-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = "gawee.ceil"(%[[X]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = "gawee.round"(%[[X]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: "func.return"(%[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]]) : (tensor<2x3xf32>, tensor<4xf16>, tensor<5xf64>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
// CHECK-GENERIC-NEXT: }) : () -> ()
// CHECK-GENERIC-NEXT: }) : () -> ()
