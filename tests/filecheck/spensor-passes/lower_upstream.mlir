// REQUIRES: mlir-opt-19
// RUN: xdsl-opt %S/../../spensor/programs/reduce_readme.mlir -p spensor-lower --print-op-generic | mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries | filecheck %s --check-prefix=README
// RUN: xdsl-opt %S/../../spensor/programs/reduce_tiled.mlir -p 'spensor-lower{tiling=temporal}' --print-op-generic | mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries | filecheck %s --check-prefix=TILED
// RUN: xdsl-opt %S/../../spensor/programs/add_64x64.mlir -p spensor-lower --print-op-generic | mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries | filecheck %s --check-prefix=ADD
// RUN: xdsl-opt %S/../../spensor/programs/nd_reduce.mlir -p 'spensor-lower{reduce-strategy=tree}' --print-op-generic | mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries | filecheck %s --check-prefix=NDRED
// RUN: xdsl-opt %S/../../spensor/programs/nd_reduce.mlir -p spensor-lower --print-op-generic | mlir-opt-19 --one-shot-bufferize=bufferize-function-boundaries | filecheck %s --check-prefix=NDRED

// Upstream MLIR 19 parses and verifies the lowered programs (printed in generic
// form, which MLIR 19 reads for every op) and one-shot-bufferizes them: no tensor
// is left, the kernels write their trailing output memref, and tensors allocated in
// L2 and L1 live in memory spaces 1 and 2.

// README:      func.func @reduce(%arg0: memref<16x32xf32>, %arg1: memref<16x1xf32>) {
// README-NOT:  tensor<
// README:      scf.parallel
// README:      memref.alloc() {alignment = 64 : i64} : memref<16x8xf32, 1>
// README:      memref.alloc() {alignment = 64 : i64} : memref<16x8xf32, 2>
// README:      return

// TILED:       func.func @reduce(%arg0: memref<16x64xf32>, %arg1: memref<16x1xf32>) {
// TILED-NOT:   tensor<
// TILED:       scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%c4, %c2)
// TILED-NOT:   tensor<
// TILED:       return

// ADD:         func.func @"64_add"(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>, %arg2: memref<64x64xf32>) {
// ADD-NOT:     tensor<
// ADD:         return

// NDRED:       func.func @ndred(%arg0: memref<64x16xf32>, %arg1: memref<16x16xf32>) {
// NDRED-NOT:   tensor<
// NDRED:       return
