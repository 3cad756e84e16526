// RUN: nnstack-opt %s -p convert-gawee-to-linalg --print-debuginfo | filecheck %s
// RUN: nnstack-opt %s -p convert-gawee-to-linalg --print-debuginfo | filecheck %s --check-prefix=KNOWN
// RUN: nnstack-opt %s -p convert-gawee-to-mir,convert-mir-to-llir --print-debuginfo | filecheck %s --check-prefix=LLIR

// Every parsed op records where it was written, and a lowering gives the ops it
// builds (nested ones too) the location of the op they lower, so a later error
// still points at the source line.

func.func @f(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.add %0, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %1 : tensor<2x3xf32>
}

// CHECK:      func.func @f(%[[X:.*]]: tensor<2x3xf32> loc(unknown), %[[Y:.*]]: tensor<2x3xf32> loc(unknown)) -> tensor<2x3xf32> {
// CHECK-NEXT:   %[[E0:.*]] = tensor.empty() : tensor<2x3xf32> loc("{{.*}}locations.mlir":10:3)
// CHECK-NEXT:   %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[E0]] : tensor<2x3xf32>) {
// CHECK-NEXT:   ^bb0(%[[IN:.*]]: f32 loc(unknown), %{{.*}}: f32 loc(unknown)):
// CHECK-NEXT:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32 loc("{{.*}}locations.mlir":10:3)
// CHECK-NEXT:     %[[MAX:.*]] = arith.maximumf %[[IN]], %[[ZERO]] : f32 loc("{{.*}}locations.mlir":10:3)
// CHECK-NEXT:     linalg.yield %[[MAX]] : f32 loc("{{.*}}locations.mlir":10:3)
// CHECK-NEXT:   } -> tensor<2x3xf32> loc("{{.*}}locations.mlir":10:3)
// CHECK-NEXT:   %[[E1:.*]] = tensor.empty() : tensor<2x3xf32> loc("{{.*}}locations.mlir":11:3)
// CHECK-NEXT:   %[[SUM:.*]] = linalg.add ins(%[[R]], %[[Y]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[E1]] : tensor<2x3xf32>) -> tensor<2x3xf32> loc("{{.*}}locations.mlir":11:3)
// CHECK-NEXT:   func.return %[[SUM]] : tensor<2x3xf32> loc("{{.*}}locations.mlir":12:3)

// No op is left without a location (only the implicit module and the block arguments are).
// KNOWN-NOT:  = {{.*}} loc(unknown)

// LLIR:       llir.func @f
// LLIR-NOT:   llir.{{[a-z_]+}} {{.*}} loc(unknown)
// LLIR:       llir.return loc("{{.*}}locations.mlir":{{[0-9]+}}:{{[0-9]+}})
