// RUN: nnstack-opt %s --split-input-file --verify-diagnostics -p spensor-bufferize-output | filecheck %s

!L3 = !spensor.memory<"L3", []>
!T = !spensor.spensor<tensor<8x8xf32>, !L3>
!G = !spensor.ndspensor<tensor<2x2x!spensor.spensor<tensor<4x4xf32>, !L3>>>

// A combined grid whose dims map onto increasing tensor dims is written tile by
// tile into a split_all view of the new output argument.
func.func @tiles(%a: !T) -> !T {
  %g = "spensor.split_all"(%a) <{num_partitions = [2, 2]}> : (!T) -> !G
  %r = "ndspensor.combine_to_spensor"(%g) <{combine_index = [0, 1]}> : (!G) -> !T
  func.return %r : !T
}

// CHECK-LABEL: func.func @tiles(
// CHECK-SAME:      %a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %0: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
// CHECK-NEXT:    %g = "spensor.split_all"(%a)
// CHECK-NEXT:    %1 = "spensor.split_all"(%0) <{num_partitions = [2 : i64, 2 : i64]}>
// CHECK-NEXT:    "spensor.move_to"(%g, %1)
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }

// -----

!L3 = !spensor.memory<"L3", []>
!T = !spensor.spensor<tensor<8x8xf32>, !L3>
!G = !spensor.ndspensor<tensor<2x2x!spensor.spensor<tensor<4x4xf32>, !L3>>>

// A transposing combine_index falls back to writing the combined spensor.
func.func @transposed(%a: !T) -> !T {
  %g = "spensor.split_all"(%a) <{num_partitions = [2, 2]}> : (!T) -> !G
  %r = "ndspensor.combine_to_spensor"(%g) <{combine_index = [1, 0]}> : (!G) -> !T
  func.return %r : !T
}

// CHECK-LABEL: func.func @transposed(
// CHECK:         %r = "ndspensor.combine_to_spensor"(%g) <{combine_index = [1 : i64, 0 : i64]}>
// CHECK-NEXT:    "spensor.move_to"(%r, %0)
// CHECK-NEXT:    func.return

// -----

!L3 = !spensor.memory<"L3", []>
!T = !spensor.spensor<tensor<8x8xf32>, !L3>

// Any number of spensor results, in order; other results stay results.
func.func @several(%a: !T, %x: f32) -> (!T, f32, !T) {
  %b = "spensor.add"(%a, %a) : (!T, !T) -> !T
  func.return %a, %x, %b : !T, f32, !T
}

// CHECK-LABEL: func.func @several(
// CHECK-SAME:      %a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %x: f32,
// CHECK-SAME:      %0: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %1: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> f32 {
// CHECK-NEXT:    %b = "spensor.add"(%a, %a)
// CHECK-NEXT:    "spensor.move_to"(%a, %0)
// CHECK-NEXT:    "spensor.move_to"(%b, %1)
// CHECK-NEXT:    func.return %x : f32

// -----

!L3 = !spensor.memory<"L3", []>
!T = !spensor.spensor<tensor<8x8xf32>, !L3>
!G = !spensor.ndspensor<tensor<2x2x!spensor.spensor<tensor<4x4xf32>, !L3>>>

func.func @grid(%a: !T) -> !G {
  %g = "spensor.split_all"(%a) <{num_partitions = [2, 2]}> : (!T) -> !G
  // expected-error @+1 {{an ndspensor result cannot be written to an output argument; combine it with ndspensor.combine_to_spensor first}}
  func.return %g : !G
}

