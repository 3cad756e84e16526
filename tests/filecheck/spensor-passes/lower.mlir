// RUN: xdsl-opt %S/../../spensor/programs/reduce_tiled.mlir -p spensor-lower | filecheck %s
// RUN: xdsl-opt %S/../../spensor/programs/reduce_tiled.mlir -p 'spensor-lower{tiling=temporal reduce-strategy=tree memory-spaces=false}' | filecheck %s --check-prefix=OPTS
// RUN: xdsl-opt %S/../../spensor/programs/add_64x64.mlir -p spensor-lower | filecheck %s --check-prefix=ADD

// spensor-lower runs the whole pipeline. The original's 8-way tiled reduce (16x64
// input, L1 a 4x4 core grid): the kernel keeps its name, takes memrefs with its
// result as a trailing output, and has no spensor type, op or declaration left;
// the 8 slices are summed by a 4x2 herd (8 cores), the combined 16x8 by one core.

// CHECK:       builtin.module {
// CHECK-NEXT:    func.func @reduce(%0: memref<16x64xf32>, %1: memref<16x1xf32>) {
// CHECK-NEXT:      %c0 = arith.constant 0 : index
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      %c4 = arith.constant 4 : index
// CHECK-NEXT:      %c2 = arith.constant 2 : index
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[A:.*]] = bufferization.to_tensor %0 restrict : memref<16x64xf32> to tensor<16x64xf32>
// CHECK-NEXT:      %[[OUT:.*]] = memref.subview %1[0, 0] [16, 1] [1, 1] : memref<16x1xf32> to memref<16x1xf32, strided<[1, 1]>>
// CHECK-NEXT:      "scf.parallel"(%c0, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT:      ^bb0(%[[L2:.*]]: index):
// CHECK-NEXT:        %[[RES:.*]] = memref.alloc() : memref<16x1xf32, 1 : i64>
// CHECK-NEXT:        %[[SLICES:.*]] = memref.alloc() : memref<16x8xf32, 1 : i64>
// CHECK-NEXT:        "scf.parallel"(%c0, %c0, %c4, %c2, %c1, %c1) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
// CHECK-NEXT:        ^bb0(%[[X:.*]]: index, %[[Y:.*]]: index):
// CHECK-NEXT:          %[[J:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 2) + s1))> ()[%[[X]], %[[Y]]]
// CHECK-NEXT:          %[[OFF:.*]] = affine.apply affine_map<()[s0] -> ((s0 * 8))> ()[%[[J]]]
// CHECK-NEXT:          %[[SLICE:.*]] = tensor.extract_slice %[[A]][0, %[[OFF]]] [16, 8] [1, 1] : tensor<16x64xf32> to tensor<16x8xf32>
// CHECK-NEXT:          %[[L2BUF:.*]] = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<16x8xf32>
// CHECK-NEXT:          %[[IN_L2:.*]] = linalg.copy ins(%[[SLICE]] : tensor<16x8xf32>) outs(%[[L2BUF]] : tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT:          %[[L1BUF:.*]] = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<16x8xf32>
// CHECK-NEXT:          %[[IN_L1:.*]] = linalg.copy ins(%[[IN_L2]] : tensor<16x8xf32>) outs(%[[L1BUF]] : tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT:          %[[SUMBUF:.*]] = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<16x1xf32>
// CHECK-NEXT:          %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[SUMBUF]] : tensor<16x1xf32>) -> tensor<16x1xf32>
// CHECK-NEXT:          %[[SUM:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%[[IN_L1]] : tensor<16x8xf32>) outs(%[[INIT]] : tensor<16x1xf32>) {
// CHECK-NEXT:          ^bb0(%[[E:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:            %[[NEXT:.*]] = arith.addf %[[ACC]], %[[E]] : f32
// CHECK-NEXT:            linalg.yield %[[NEXT]] : f32
// CHECK-NEXT:          } -> tensor<16x1xf32>
// CHECK-NEXT:          %[[SLOT:.*]] = memref.subview %[[SLICES]][0, %[[J]]] [16, 1] [1, 1] : memref<16x8xf32, 1 : i64> to memref<16x1xf32, strided<[8, 1], offset: ?>, 1 : i64>
// CHECK-NEXT:          %[[SUMMEM:.*]] = memref.alloc() : memref<16x1xf32>
// CHECK-NEXT:          bufferization.materialize_in_destination %[[SUM]] in restrict writable %[[SUMMEM]] : (tensor<16x1xf32>, memref<16x1xf32>) -> ()
// CHECK-NEXT:          linalg.copy ins(%[[SUMMEM]] : memref<16x1xf32>) outs(%[[SLOT]] : memref<16x1xf32, strided<[8, 1], offset: ?>, 1 : i64>)
// CHECK-NEXT:          scf.reduce
// CHECK-NEXT:        }) {memory_tag = "L1"} : (index, index, index, index, index, index) -> ()
// CHECK-NEXT:        "scf.parallel"(%c0, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT:        ^bb0(%[[CORE:.*]]: index):
// CHECK-NEXT:          %[[ALL:.*]] = memref.alloc() : memref<16x8xf32>
// CHECK-NEXT:          linalg.copy ins(%[[SLICES]] : memref<16x8xf32, 1 : i64>) outs(%[[ALL]] : memref<16x8xf32>)
// CHECK-NEXT:          %[[ALL_T:.*]] = bufferization.to_tensor %[[ALL]] restrict : memref<16x8xf32> to tensor<16x8xf32>
// CHECK-NEXT:          %[[ALL_BUF:.*]] = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<16x8xf32>
// CHECK-NEXT:          %[[ALL_L1:.*]] = linalg.copy ins(%[[ALL_T]] : tensor<16x8xf32>) outs(%[[ALL_BUF]] : tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT:          %[[TOTALBUF:.*]] = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<16x1xf32>
// CHECK-NEXT:          %[[TOTAL0:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[TOTALBUF]] : tensor<16x1xf32>) -> tensor<16x1xf32>
// CHECK-NEXT:          %[[TOTAL:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%[[ALL_L1]] : tensor<16x8xf32>) outs(%[[TOTAL0]] : tensor<16x1xf32>) {
// CHECK-NEXT:          ^bb0(%[[E2:.*]]: f32, %[[ACC2:.*]]: f32):
// CHECK-NEXT:            %[[NEXT2:.*]] = arith.addf %[[ACC2]], %[[E2]] : f32
// CHECK-NEXT:            linalg.yield %[[NEXT2]] : f32
// CHECK-NEXT:          } -> tensor<16x1xf32>
// CHECK-NEXT:          %[[TOTALMEM:.*]] = memref.alloc() : memref<16x1xf32>
// CHECK-NEXT:          bufferization.materialize_in_destination %[[TOTAL]] in restrict writable %[[TOTALMEM]] : (tensor<16x1xf32>, memref<16x1xf32>) -> ()
// CHECK-NEXT:          linalg.copy ins(%[[TOTALMEM]] : memref<16x1xf32>) outs(%[[RES]] : memref<16x1xf32, 1 : i64>)
// CHECK-NEXT:          scf.reduce
// CHECK-NEXT:        }) {memory_tag = "L1"} : (index, index, index) -> ()
// CHECK-NEXT:        %[[RESMEM:.*]] = memref.alloc() : memref<16x1xf32>
// CHECK-NEXT:        linalg.copy ins(%[[RES]] : memref<16x1xf32, 1 : i64>) outs(%[[RESMEM]] : memref<16x1xf32>)
// CHECK-NEXT:        %[[RES_T:.*]] = bufferization.to_tensor %[[RESMEM]] restrict : memref<16x1xf32> to tensor<16x1xf32>
// CHECK-NEXT:        %[[OUTBUF:.*]] = bufferization.alloc_tensor() : tensor<16x1xf32>
// CHECK-NEXT:        %[[OUT_T:.*]] = linalg.copy ins(%[[RES_T]] : tensor<16x1xf32>) outs(%[[OUTBUF]] : tensor<16x1xf32>) -> tensor<16x1xf32>
// CHECK-NEXT:        %[[OUTMEM:.*]] = memref.alloc() : memref<16x1xf32>
// CHECK-NEXT:        bufferization.materialize_in_destination %[[OUT_T]] in restrict writable %[[OUTMEM]] : (tensor<16x1xf32>, memref<16x1xf32>) -> ()
// CHECK-NEXT:        linalg.copy ins(%[[OUTMEM]] : memref<16x1xf32>) outs(%[[OUT]] : memref<16x1xf32, strided<[1, 1]>>)
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      }) {memory_tag = "L2"} : (index, index, index) -> ()
// CHECK-NEXT:      func.return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   spensor

// OPTS:        func.func @reduce(%0: memref<16x64xf32>, %1: memref<16x1xf32>) {
// OPTS-NOT:      memory_space
// OPTS:          "scf.parallel"(%c0, %c0, %c4, %c2, %c1, %c1)
// OPTS-NOT:      spensor

// The 64x64 add: a segment loop over the 8x8 tiles, each added by one core (the
// [6, 4] core grid holds a 1x1 herd), written straight into its tile of the output.
// ADD:         func.func @"64_add"(%0: memref<64x64xf32>, %1: memref<64x64xf32>, %2: memref<64x64xf32>) {
// ADD:           "scf.parallel"(%c0, %c0, %c8, %c8, %c1, %c1)
// ADD:             linalg.add
// ADD:           }) {memory_tag = "L1"} : (index, index, index) -> ()
// ADD:           %[[TILE:.*]] = memref.subview %2[%{{.*}}, %{{.*}}] [8, 8] [1, 1] : memref<64x64xf32> to memref<8x8xf32, strided<[64, 1], offset: ?>>
// ADD:           linalg.copy ins(%{{.*}} : memref<8x8xf32>) outs(%[[TILE]] : memref<8x8xf32, strided<[64, 1], offset: ?>>)
// ADD:         }) {memory_tag = "L2"}
// ADD-NOT:     spensor
