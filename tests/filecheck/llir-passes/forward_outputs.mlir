// RUN: xdsl-opt %s -p llir-forward-outputs --split-input-file | filecheck %s

// A result computed into a buffer of its own, then copied into its output pointer,
// is computed in the output buffer: the copy and the allocation go.
llir.func @forwarded(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<4xf32>) -> tensor<4xf32>} {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %c4 = llir.constant 4 : i64
  %c16 = llir.constant 16 : i64
  %r = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.for %i = %c0 to %c4 step %c1 : i64 {
    %v = llir.load %x[%i : i64] : !llir.ptr<f32> -> f32
    %n = llir.neg %v : f32
    llir.store %n, %r[%i : i64] : f32, !llir.ptr<f32>
  }
  llir.memcpy %out0, %r, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.return
}

// CHECK-LABEL: llir.func @forwarded(
// CHECK-NOT:     llir.alloc_buffer
// CHECK:         llir.for %i = %c0 to %c4 step %c1 : i64 {
// CHECK-NEXT:      %v = llir.load %x[%i : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:      %n = llir.neg %v : f32
// CHECK-NEXT:      llir.store %n, %out0[%i : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    llir.return

// -----

// Not forwarded: a buffer the function frees, an output with another use, a copy
// of an argument. A buffer copied into two outputs is forwarded into the second
// (the first copy reads it, so it must stay until then).
llir.func @kept(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>, %out1: !llir.ptr<f32>, %out2: !llir.ptr<f32>, %out3: !llir.ptr<f32>, %out4: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)} {
  %c0 = llir.constant 0 : i64
  %c16 = llir.constant 16 : i64
  %zero = llir.constant 0.0 : f32
  %freed = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.memcpy %freed, %x, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.memcpy %out0, %freed, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.free_buffer %freed : !llir.ptr<f32>
  %twice = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.memcpy %twice, %x, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.memcpy %out1, %twice, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.store %zero, %out1[%c0 : i64] : f32, !llir.ptr<f32>
  llir.memcpy %out2, %x, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  %shared = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.memcpy %shared, %x, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.memcpy %out3, %shared, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.memcpy %out4, %shared, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.return
}

// CHECK-LABEL: llir.func @kept(
// CHECK:         %freed = llir.alloc_buffer 16
// CHECK-NEXT:    llir.memcpy %freed, %x, %c16
// CHECK-NEXT:    llir.memcpy %out0, %freed, %c16
// CHECK-NEXT:    llir.free_buffer %freed
// CHECK-NEXT:    %twice = llir.alloc_buffer 16
// CHECK-NEXT:    llir.memcpy %twice, %x, %c16
// CHECK-NEXT:    llir.memcpy %out1, %twice, %c16
// CHECK-NEXT:    llir.store %zero, %out1[%c0 : i64]
// CHECK-NEXT:    llir.memcpy %out2, %x, %c16
// CHECK-NEXT:    llir.memcpy %out4, %x, %c16
// CHECK-NEXT:    llir.memcpy %out3, %out4, %c16
// CHECK-NEXT:    llir.return

// -----

// Without a tensor signature there are no output pointers.
llir.func @plain(%x: !llir.ptr<f32>, %y: !llir.ptr<f32>) {
  %c16 = llir.constant 16 : i64
  %t = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.memcpy %t, %x, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.memcpy %y, %t, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.return
}

// CHECK-LABEL: llir.func @plain(
// CHECK-NEXT:    %c16 = llir.constant 16 : i64
// CHECK-NEXT:    %t = llir.alloc_buffer 16 : !llir.ptr<f32>
// CHECK-NEXT:    llir.memcpy %t, %x, %c16
// CHECK-NEXT:    llir.memcpy %y, %t, %c16
// CHECK-NEXT:    llir.return

// -----

// Not forwarded: a buffer written after its copy (the output must keep what was
// copied), and a copy made before the function's last block (a later block could
// still change the buffer).
llir.func @written_after(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>, %out1: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)} {
  %c0 = llir.constant 0 : i64
  %c16 = llir.constant 16 : i64
  %zero = llir.constant 0.0 : f32
  %t = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.memcpy %t, %x, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.memcpy %out0, %t, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.store %zero, %t[%c0 : i64] : f32, !llir.ptr<f32>
  %u = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.memcpy %u, %x, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.memcpy %out1, %u, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.br ^exit
^exit:
  llir.store %zero, %u[%c0 : i64] : f32, !llir.ptr<f32>
  llir.return
}

// CHECK-LABEL: llir.func @written_after(
// CHECK:         %t = llir.alloc_buffer 16
// CHECK-NEXT:    llir.memcpy %t, %x, %c16
// CHECK-NEXT:    llir.memcpy %out0, %t, %c16
// CHECK-NEXT:    llir.store %zero, %t[%c0 : i64]
// CHECK-NEXT:    %u = llir.alloc_buffer 16
// CHECK-NEXT:    llir.memcpy %u, %x, %c16
// CHECK-NEXT:    llir.memcpy %out1, %u, %c16
// CHECK-NEXT:    llir.br ^[[EXIT:.*]]
// CHECK-NEXT:  ^[[EXIT]]:
// CHECK-NEXT:    llir.store %zero, %u[%c0 : i64]
// CHECK-NEXT:    llir.return
