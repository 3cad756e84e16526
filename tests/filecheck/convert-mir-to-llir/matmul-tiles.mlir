// RUN: xdsl-opt %s -p 'convert-mir-to-llir{vector-width=4 tile-rows=2 tile-vectors=2 k-block=4 n-block=8}' --split-input-file | filecheck %s

// The products of mir_to_llir.matmul_tiles with tiles of 2 rows x 2 vectors of 4 lanes
// (8 columns a panel), K in blocks of 4, N in blocks of 8.

// 9 x 10 x 20: 16 columns are 2 N blocks of one panel; K = 4 + 4 + 2 (the block's
// size a run-time min); 4 full row tiles (so B is packed) and one of 1 row; the
// 4 columns left over one vector tile over the whole K. Several K blocks: the output
// is zeroed first and each tile starts from the partial sums it stored.
func.func @blocked(%a: tensor<9x10xf32>, %b: tensor<10x20xf32>) -> tensor<9x20xf32> {
  %r = mir.matmul %a, %b : (tensor<9x10xf32>, tensor<10x20xf32>) -> tensor<9x20xf32>
  func.return %r : tensor<9x20xf32>
}

// CHECK-LABEL: llir.func @blocked(
// CHECK-SAME:      %[[A:[^:]+]]: !llir.ptr<f32>, %[[B:[^:]+]]: !llir.ptr<f32>, %[[OUT:[^:]+]]: !llir.ptr<f32>)
// CHECK-DAG:     %[[ZERO:.*]] = llir.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-DAG:     %[[C0:.*]] = llir.constant 0 : i64
// CHECK-DAG:     %[[C4:.*]] = llir.constant 4 : i64
// CHECK-DAG:     %[[C8:.*]] = llir.constant 8 : i64
// CHECK-DAG:     %[[C10:.*]] = llir.constant 10 : i64
// CHECK-DAG:     %[[C16:.*]] = llir.constant 16 : i64
// CHECK:         %[[PACK:.*]] = llir.alloc_buffer 128 align 64 : !llir.ptr<f32>
//                  the 16 panel columns of every row zeroed
// CHECK:         llir.for {{.*}} {
// CHECK-NEXT:      llir.for unroll %{{.*}} = %[[C0]] to %[[C16]] step %[[C4]] : i64 {
// CHECK:             llir.vstore %[[ZERO]], %[[OUT]]
//                  N blocks, then K blocks of min(4, 10 - k)
// CHECK:         llir.for %[[JC:.*]] = %[[C0]] to %[[C16]] step %[[C8]] : i64 {
// CHECK-NEXT:      llir.for %[[PC:.*]] = %[[C0]] to %[[C10]] step %[[C4]] : i64 {
// CHECK:             %[[KC:.*]] = llir.min %[[C4]], %{{.*}} : i64
//                    the block of B packed: panel by panel, k-major
// CHECK:             llir.for %[[JP:.*]] = %[[C0]] to %[[C8]] step %[[C8]] : i64 {
// CHECK-NEXT:          llir.for %{{.*}} = %[[C0]] to %[[KC]] step %{{.*}} : i64 {
// CHECK:                 %[[COLUMN:.*]] = llir.vload %[[B]]
// CHECK-NEXT:            llir.vstore %[[COLUMN]], %[[PACK]]
//                    tiles of 2 rows, each over the panels of the block
// CHECK:             llir.for %{{.*}} = %[[C0]] to %[[C8]] step %{{.*}} : i64 attributes {llir.parallel} {
// CHECK:               llir.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C8]] : i64 attributes {llir.parallel} {
// CHECK-COUNT-4:         llir.vload %[[OUT]]
// CHECK:                 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = llir.for %{{.*}} = %[[C0]] to %[[KC]] step %{{.*}} iter_args(
// CHECK-COUNT-2:           llir.vload %[[PACK]]
// CHECK:                   %{{.*}} = llir.load %[[A]]
// CHECK-NEXT:              %[[S0:.*]] = llir.splat
// CHECK-NEXT:              llir.vfma %[[S0]], %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NEXT:              llir.vfma %[[S0]], %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK:                   %[[S1:.*]] = llir.splat
// CHECK-NEXT:              llir.vfma %[[S1]], %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NEXT:              llir.vfma %[[S1]], %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NEXT:              llir.yield
// CHECK:                 }
// CHECK-COUNT-4:         llir.vstore %{{.*}}, %[[OUT]]
//                    the 9th row: one tile of 1 row
// CHECK:             llir.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C8]] : i64 attributes {llir.parallel} {
// CHECK-COUNT-2:       llir.vload %[[OUT]]
// CHECK:               %{{.*}}, %{{.*}} = llir.for
// CHECK:         llir.free_buffer %[[PACK]] : !llir.ptr<f32>
//                  columns 16..19: vector tiles over the whole K, B read in place
// CHECK:         llir.for
// CHECK:           %{{.*}}, %{{.*}} = llir.for %{{.*}} = %[[C0]] to %[[C10]] step %{{.*}} iter_args(%{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]])
// CHECK:             llir.vload %[[B]]
// CHECK:         llir.return

// -----

// Few rows (one tile of 2 and one of 1): B is read in place (no packing buffer), with
// its row stride; one K block: accumulators start at zero, the output is not zeroed.
func.func @in_place(%a: tensor<3x4xf32>, %b: tensor<4x8xf32>) -> tensor<3x8xf32> {
  %r = mir.matmul %a, %b : (tensor<3x4xf32>, tensor<4x8xf32>) -> tensor<3x8xf32>
  func.return %r : tensor<3x8xf32>
}

// CHECK-LABEL: llir.func @in_place(
// CHECK-SAME:      %[[A:[^:]+]]: !llir.ptr<f32>, %[[B:[^:]+]]: !llir.ptr<f32>, %[[OUT:[^:]+]]: !llir.ptr<f32>)
// CHECK-NOT:     llir.alloc_buffer
// CHECK:         %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = llir.for unroll %{{.*}} iter_args(%{{.*}} = %[[ZERO:[^,]+]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]])
// CHECK:           llir.vload %[[B]]
// CHECK-NOT:     llir.alloc_buffer
// CHECK:         llir.return

// -----

// Integer products keep a vmul and a vadd (llir.vfma is f32 only).
func.func @integers(%a: tensor<2x3xi32>, %b: tensor<3x8xi32>) -> tensor<2x8xi32> {
  %r = mir.matmul %a, %b : (tensor<2x3xi32>, tensor<3x8xi32>) -> tensor<2x8xi32>
  func.return %r : tensor<2x8xi32>
}

// CHECK-LABEL: llir.func @integers(
// CHECK-NOT:     llir.vfma
// CHECK:         %[[P:.*]] = llir.vmul %{{.*}} : vector<4xi32>
// CHECK-NEXT:    llir.vadd %{{.*}}, %[[P]] : vector<4xi32>
// CHECK-NOT:     llir.vfma
// CHECK:         llir.return

// -----

// A transposed rhs (gawee.linear's x @ w.T) whose every column is packed: the packing
// reads the transpose's input element by element, k-major (stride 4, the row of %b),
// one column of the panel at a time; the transpose is never copied.
func.func @transposed(%a: tensor<8x4xf32>, %b: tensor<8x4xf32>) -> tensor<8x8xf32> {
  %t = mir.transpose %b permutation = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %r = mir.matmul %a, %t : (tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  func.return %r : tensor<8x8xf32>
}

// CHECK-LABEL: llir.func @transposed(
// CHECK-SAME:      %[[A:[^:]+]]: !llir.ptr<f32>, %[[B:[^:]+]]: !llir.ptr<f32>, %[[OUT:[^:]+]]: !llir.ptr<f32>)
// CHECK-DAG:     %[[C0:.*]] = llir.constant 0 : i64
// CHECK-DAG:     %[[C4:.*]] = llir.constant 4 : i64
// CHECK-DAG:     %[[C8:.*]] = llir.constant 8 : i64
// CHECK:         %[[PACK:.*]] = llir.alloc_buffer 128 align 64 : !llir.ptr<f32>
// CHECK-NOT:     llir.alloc_buffer
//                  one N block, one K block, one panel of 8 columns
// CHECK:         llir.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C8]] : i64 {
// CHECK-NEXT:      llir.for %{{.*}} = %[[C0]] to %[[C4]] step %[[C4]] : i64 {
// CHECK:             llir.for %{{.*}} = %[[C0]] to %[[C8]] step %[[C8]] : i64 {
// CHECK-NEXT:          llir.for %{{.*}} = %[[C0]] to %[[C4]] step %{{.*}} : i64 {
// CHECK:                 llir.for %[[J:.*]] = %[[C0]] to %[[C8]] step %{{.*}} : i64 {
// CHECK-NEXT:              %[[JROW:.*]] = llir.mul %[[C4]], %[[J]] : i64
// CHECK-NEXT:          %[[AT:.*]] = llir.add %{{.*}}, %[[JROW]] : i64
// CHECK-NEXT:          %[[ELEMENT:.*]] = llir.load %[[B]][%[[AT]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:          %[[TO:.*]] = llir.add %{{.*}}, %[[J]] : i64
// CHECK-NEXT:          llir.store %[[ELEMENT]], %[[PACK]][%[[TO]] : i64] : f32, !llir.ptr<f32>
// CHECK:         llir.vload %[[PACK]]
// CHECK-NOT:     llir.alloc_buffer
// CHECK:         llir.return
