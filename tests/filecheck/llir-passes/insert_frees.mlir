// RUN: xdsl-opt %s -p llir-insert-frees --split-input-file | filecheck %s

// Each buffer nobody frees is freed right after its last use (through derived
// pointers too); an unused one right after its allocation; one already freed is
// left alone.
llir.func @straight(%x: !llir.ptr<f32>, %y: !llir.ptr<f32>) {
  %c1 = llir.constant 1 : i64
  %c16 = llir.constant 16 : i64
  %a = llir.alloc_buffer 16 : !llir.ptr<f32>
  %b = llir.alloc_buffer 16 : !llir.ptr<f32>
  %unused = llir.alloc_buffer 16 : !llir.ptr<f32>
  %freed = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.free_buffer %freed : !llir.ptr<f32>
  llir.memcpy %a, %x, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  %a1 = llir.ptradd %a, %c1 : !llir.ptr<f32>, i64
  %v = llir.load %a1 : !llir.ptr<f32> -> f32
  llir.store %v, %b : f32, !llir.ptr<f32>
  llir.memcpy %y, %b, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.return
}

// CHECK-LABEL: llir.func @straight(
// CHECK:         %a = llir.alloc_buffer 16
// CHECK-NEXT:    %b = llir.alloc_buffer 16
// CHECK-NEXT:    %unused = llir.alloc_buffer 16
// CHECK-NEXT:    llir.free_buffer %unused
// CHECK-NEXT:    %freed = llir.alloc_buffer 16
// CHECK-NEXT:    llir.free_buffer %freed
// CHECK-NEXT:    llir.memcpy %a, %x, %c16
// CHECK-NEXT:    %a1 = llir.ptradd %a, %c1
// CHECK-NEXT:    %v = llir.load %a1
// CHECK-NEXT:    llir.free_buffer %a
// CHECK-NEXT:    llir.store %v, %b
// CHECK-NEXT:    llir.memcpy %y, %b, %c16
// CHECK-NEXT:    llir.free_buffer %b
// CHECK-NEXT:    llir.return

// -----

// A buffer allocated in a loop body is freed there, each iteration; one allocated
// outside and used inside is freed after the loop.
llir.func @loop(%x: !llir.ptr<f32>, %n: i64) {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %outer = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.for %i = %c0 to %n step %c1 : i64 {
    %inner = llir.alloc_buffer 16 : !llir.ptr<f32>
    %v = llir.load %x[%i : i64] : !llir.ptr<f32> -> f32
    llir.store %v, %inner : f32, !llir.ptr<f32>
    llir.store %v, %outer : f32, !llir.ptr<f32>
  }
  llir.return
}

// CHECK-LABEL: llir.func @loop(
// CHECK:         %outer = llir.alloc_buffer 16
// CHECK-NEXT:    llir.for %i = %c0 to %n step %c1 : i64 {
// CHECK-NEXT:      %inner = llir.alloc_buffer 16
// CHECK-NEXT:      %v = llir.load %x[%i : i64]
// CHECK-NEXT:      llir.store %v, %inner
// CHECK-NEXT:      llir.free_buffer %inner
// CHECK-NEXT:      llir.store %v, %outer
// CHECK-NEXT:    }
// CHECK-NEXT:    llir.free_buffer %outer
// CHECK-NEXT:    llir.return

// -----

// A buffer used in both arms of a branch is freed in the join block, the nearest
// block post-dominating its definition and every use, before any other op there.
llir.func @branches(%x: !llir.ptr<f32>, %c: i1) -> f32 {
  %t = llir.alloc_buffer 16 : !llir.ptr<f32>
  %v = llir.load %x : !llir.ptr<f32> -> f32
  llir.cond_br %c, ^then, ^else
^then:
  llir.store %v, %t : f32, !llir.ptr<f32>
  llir.br ^join
^else:
  %w = llir.load %t : !llir.ptr<f32> -> f32
  llir.br ^join
^join:
  llir.return %v : f32
}

// CHECK-LABEL: llir.func @branches(
// CHECK-NOT:     llir.free_buffer
// CHECK:       ^join:
// CHECK-NEXT:    llir.free_buffer %t
// CHECK-NEXT:    llir.return %v

// -----

// A pointer that escapes (passed to a call, returned) belongs to whoever receives
// it: no free.
llir.func @consume(!llir.ptr<f32>)

llir.func @escapes() -> !llir.ptr<f32> {
  %passed = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.call @consume(%passed) : (!llir.ptr<f32>) -> ()
  %returned = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.return %returned : !llir.ptr<f32>
}

// CHECK-LABEL: llir.func @escapes(
// CHECK-NOT:     llir.free_buffer
// CHECK:         llir.return %returned
