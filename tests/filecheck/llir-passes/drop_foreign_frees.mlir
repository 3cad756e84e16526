// RUN: xdsl-opt %s -p llir-drop-foreign-frees --split-input-file | filecheck %s

// In a function with a tensor signature the caller owns the pointer arguments: a
// free of one (what mir.dealloc_tensor of an argument lowers to) goes; the free of
// a buffer the function allocated stays.
llir.func @lowered(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<4xf32>) -> tensor<4xf32>} {
  %c16 = llir.constant 16 : i64
  %t = llir.alloc_buffer 16 : !llir.ptr<f32>
  llir.memcpy %t, %x, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.free_buffer %x : !llir.ptr<f32>
  llir.memcpy %out0, %t, %c16 : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.free_buffer %t : !llir.ptr<f32>
  llir.return
}

// CHECK-LABEL: llir.func @lowered(
// CHECK-NEXT:    %c16 = llir.constant 16 : i64
// CHECK-NEXT:    %t = llir.alloc_buffer 16 : !llir.ptr<f32>
// CHECK-NEXT:    llir.memcpy %t, %x, %c16
// CHECK-NEXT:    llir.memcpy %out0, %t, %c16
// CHECK-NEXT:    llir.free_buffer %t : !llir.ptr<f32>
// CHECK-NEXT:    llir.return

// -----

// Without a tensor signature nothing says who owns an argument: the free stays.
llir.func @owner_unknown(%x: !llir.ptr<f32>) {
  llir.free_buffer %x : !llir.ptr<f32>
  llir.return
}

// CHECK-LABEL: llir.func @owner_unknown(
// CHECK-NEXT:    llir.free_buffer %x : !llir.ptr<f32>
// CHECK-NEXT:    llir.return
