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

// CHECK:      func.func @f
// CHECK:        tensor.empty() : tensor<2x3xf32> loc("{{.*}}locations.mlir":10:3)
// CHECK:        linalg.generic
// CHECK:          arith.maximumf {{.*}} loc("{{.*}}locations.mlir":10:3)
// CHECK:          linalg.yield {{.*}} loc("{{.*}}locations.mlir":10:3)
// CHECK:        } -> tensor<2x3xf32> loc("{{.*}}locations.mlir":10:3)
// CHECK:        tensor.empty() : tensor<2x3xf32> loc("{{.*}}locations.mlir":11:3)
// CHECK:        linalg.add {{.*}} loc("{{.*}}locations.mlir":11:3)
// CHECK:        func.return {{.*}} loc("{{.*}}locations.mlir":12:3)

// No op is left without a location (only the implicit module and the block arguments are).
// KNOWN-NOT:  = {{.*}} loc(unknown)

// LLIR:       llir.func @f
// LLIR-NOT:   llir.{{[a-z_]+}} {{.*}} loc(unknown)
// LLIR:       llir.return loc("{{.*}}locations.mlir":{{[0-9]+}}:{{[0-9]+}})
