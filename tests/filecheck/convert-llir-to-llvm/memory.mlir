// RUN: xdsl-opt %s -p convert-llir-to-llvm | filecheck %s
// RUN: xdsl-opt %s -p 'convert-llir-to-llvm{check-bounds=true entry-points=true}' | filecheck %s --check-prefix=CHECKED

// Buffers are calloc'd (zeroed) and freed; accesses are a getelementptr and a load /
// store aligned to the element; llir's run-time errors (allocation, conversion,
// division) branch to a block that records the failing site and returns.

llir.func @buffers(%x: f32, %n: i64) -> f32 {
  %b = llir.alloc_buffer 32 : !llir.ptr<f32>
  %v = llir.splat %x : f32 to vector<8xf32>
  llir.vstore %v, %b : vector<8xf32>, !llir.ptr<f32>
  %c = llir.ptradd %b, %n : !llir.ptr<f32>, i64
  %y = llir.load %c : !llir.ptr<f32> -> f32
  %e = llir.exp %y : f32
  %q = llir.fptosi %e : f32 to i32
  %r = llir.div %q, %q : i32
  %f = llir.sitofp %r : i32 to f32
  llir.free_buffer %b : !llir.ptr<f32>
  llir.return %f : f32
}

// CHECK:      builtin.module attributes {nnstack.error_sites = ["llir.alloc_buffer: out of memory allocating 32 bytes", "llir.fptosi: {0:float} does not fit i32", "llir.div: integer division by zero"]} {
// CHECK:        llvm.func @calloc(i64, i64) -> !llvm.ptr
// CHECK-NEXT:   llvm.func @exp(f64) -> f64
// CHECK-NEXT:   llvm.func @free(!llvm.ptr)
// CHECK-NEXT:   llvm.func @buffers(%[[X:.*]]: f32, %[[N:.*]]: i64) -> f32 {
// CHECK:          %[[B:.*]] = llvm.call @calloc(%{{.*}}, %{{.*}}) : (i64, i64) -> !llvm.ptr
// CHECK:          llvm.cond_br %{{.*}}, ^[[OK:.*]], ^[[FAIL:.*]](%{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i64)
// CHECK-NEXT:   ^[[OK]]:
// CHECK:          %[[SPLAT:.*]] = llvm.shufflevector %{{.*}}, %{{.*}} [0, 0, 0, 0, 0, 0, 0, 0] : vector<8xf32>
// CHECK-NEXT:     llvm.store %[[SPLAT]], %[[B]] {alignment = 4 : i64} : vector<8xf32>, !llvm.ptr
// CHECK-NEXT:     %[[C:.*]] = llvm.getelementptr %[[B]][%[[N]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:     %[[Y:.*]] = llvm.load %[[C]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:     %[[YD:.*]] = llvm.fpext %[[Y]] : f32 to f64
// CHECK-NEXT:     %[[ED:.*]] = llvm.call @exp(%[[YD]]) : (f64) -> f64
// CHECK-NEXT:     %[[E:.*]] = llvm.fptrunc %[[ED]] : f64 to f32
// CHECK:          llvm.call_intrinsic "llvm.fptosi.sat.i32.f32"(%[[E]]) : (f32) -> i32
// CHECK:          llvm.sdiv
// CHECK:          llvm.call @free(%[[B]]) : (!llvm.ptr) -> ()
// CHECK:        ^[[FAIL]](%[[SITE:.*]]: i64, %[[D0:.*]]: i64, %[[D1:.*]]: i64):
// CHECK-NEXT:     %[[G:.*]] = llvm.mlir.addressof @nnstack_error_site : !llvm.ptr
// CHECK-NEXT:     llvm.store %[[SITE]], %[[G]] {alignment = 8 : i64} : i64, !llvm.ptr
// CHECK:          llvm.br ^[[EXIT:.*]]
// CHECK-NEXT:   ^[[EXIT]]:
// CHECK-NEXT:     %[[U:.*]] = llvm.mlir.undef : f32
// CHECK-NEXT:     llvm.return %[[U]] : f32

// With check-bounds a pointer is (address, buffer start); the buffer's size and state
// sit in a header before its start; each access checks both.
// CHECKED:      nnstack.error_sites = ["llir.alloc_buffer: out of memory allocating 32 bytes", "llir.vstore: use after free: write of {1} bytes at byte {0} of a freed buffer", "llir.vstore: write of {1} bytes at byte {0} of a read-only input array", "llir.vstore: write of {1} bytes at byte {0} of a read-only global", "llir.vstore: out-of-bounds write at byte {0} of a buffer of {1} bytes", "llir.load: use after free: read of {1} bytes at byte {0} of a freed buffer", "llir.load: out-of-bounds read at byte {0} of a buffer of {1} bytes",
// CHECKED:      llvm.func @buffers(%{{.*}}: f32, %{{.*}}: i64) -> f32 {
// CHECKED:        %[[SIZE:.*]] = llvm.mlir.constant(32) : i64
// CHECKED:        %[[RAW:.*]] = llvm.call @calloc(%{{.*}}, %{{.*}}) : (i64, i64) -> !llvm.ptr
// CHECKED:        %[[START:.*]] = llvm.getelementptr %[[RAW]][16] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECKED-NEXT:   %[[SIZE_SLOT:.*]] = llvm.getelementptr %[[START]][-16] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECKED-NEXT:   llvm.store %[[SIZE]], %[[SIZE_SLOT]] {alignment = 8 : i64} : i64, !llvm.ptr
// CHECKED-NEXT:   %[[STATE_SLOT:.*]] = llvm.getelementptr %[[START]][-8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECKED-NEXT:   llvm.store %{{.*}}, %[[STATE_SLOT]] {alignment = 8 : i64} : i64, !llvm.ptr
// CHECKED:        llvm.func @nnstack_entry_buffers(%[[ARGS:.*]]: !llvm.ptr) {
// CHECKED:          llvm.call @buffers(%{{.*}}, %{{.*}}) : (f32, i64) -> f32
