// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// The element-wise and indexing ops the transformer op set needs, in both forms.

func.func @transformer_ops(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %m: tensor<2x3xi1>, %n: tensor<3xi32>, %ix: tensor<2x2xi64>) {
  %0 = mir.broadcast_pow %a, %b broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = mir.broadcast_cmp le %a, %b broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %2 = mir.broadcast_and %1, %m broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %3 = mir.broadcast_or %n, %n broadcast_shape = [3] : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %4 = mir.broadcast_xor %2, %m broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %5 = mir.select %4, %a, %b broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %6 = mir.broadcast_to %a : (tensor<2x1xf32>) -> tensor<4x2x3xf32>
  %7 = mir.log %b : (tensor<3xf32>) -> tensor<3xf32>
  %8 = mir.sin %b : (tensor<3xf32>) -> tensor<3xf32>
  %9 = mir.cos %b : (tensor<3xf32>) -> tensor<3xf32>
  %10 = mir.tanh %b : (tensor<3xf32>) -> tensor<3xf32>
  %11 = mir.erf %b : (tensor<3xf32>) -> tensor<3xf32>
  %12 = mir.abs %n : (tensor<3xi32>) -> tensor<3xi32>
  %13 = mir.gather_elements %5, %ix axis = 1 : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  func.return
}

// CHECK-LABEL: func.func @transformer_ops(
// CHECK-NEXT:    %0 = mir.broadcast_pow %a, %b broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = mir.broadcast_cmp le %a, %b broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %2 = mir.broadcast_and %1, %m broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    %3 = mir.broadcast_or %n, %n broadcast_shape = [3] : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
// CHECK-NEXT:    %4 = mir.broadcast_xor %2, %m broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    %5 = mir.select %4, %a, %b broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %6 = mir.broadcast_to %a : (tensor<2x1xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %7 = mir.log %b : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %8 = mir.sin %b : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %9 = mir.cos %b : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %10 = mir.tanh %b : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %11 = mir.erf %b : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %12 = mir.abs %n : (tensor<3xi32>) -> tensor<3xi32>
// CHECK-NEXT:    %13 = mir.gather_elements %5, %ix axis = 1 : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>

// CHECK-GENERIC:      %0 = "mir.broadcast_pow"(%a, %b) <{broadcast_shape = array<i64: 2, 3>}> : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %1 = "mir.broadcast_cmp"(%a, %b) <{predicate = #mir<compare_predicate le>, broadcast_shape = array<i64: 2, 3>}> : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-GENERIC-NEXT: %2 = "mir.broadcast_and"(%1, %m) <{broadcast_shape = array<i64: 2, 3>}> : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-GENERIC-NEXT: %3 = "mir.broadcast_or"(%n, %n) <{broadcast_shape = array<i64: 3>}> : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
// CHECK-GENERIC-NEXT: %4 = "mir.broadcast_xor"(%2, %m) <{broadcast_shape = array<i64: 2, 3>}> : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-GENERIC-NEXT: %5 = "mir.select"(%4, %a, %b) <{broadcast_shape = array<i64: 2, 3>}> : (tensor<2x3xi1>, tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC-NEXT: %6 = "mir.broadcast_to"(%a) : (tensor<2x1xf32>) -> tensor<4x2x3xf32>
// CHECK-GENERIC-NEXT: %7 = "mir.log"(%b) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %8 = "mir.sin"(%b) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %9 = "mir.cos"(%b) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %10 = "mir.tanh"(%b) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %11 = "mir.erf"(%b) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-GENERIC-NEXT: %12 = "mir.abs"(%n) : (tensor<3xi32>) -> tensor<3xi32>
// CHECK-GENERIC-NEXT: %13 = "mir.gather_elements"(%5, %ix) <{axis = 1 : i64}> : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
