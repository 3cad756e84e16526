// RUN: nnstack-opt %s --verify-diagnostics --split-input-file

// Every verifier names the op and the problem.

// A split that does not divide its dim.
func.func @f(%a: !spensor.spensor<tensor<16x30xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.split' op 4 partitions do not divide dim 1 of size 30}}
  %s = "spensor.split"(%a, %c4, %c1) : (!spensor.spensor<tensor<16x30xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x7xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// A split whose result type does not match its shape rule.
func.func @f(%a: !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.split' op result type !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x4xf32>, !spensor.memory<"L3", []>>>> does not match the expected !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>}}
  %s = "spensor.split"(%a, %c4, %c1) : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x4xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// A split dim that is not a constant.
func.func @f(%a: !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, %d: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.split' op operand 'dim' must be defined by an index arith.constant}}
  %s = "spensor.split"(%a, %c4, %d) : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// A split dim out of range.
func.func @f(%a: !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'spensor.split' op dim = 2 is out of range [0, 2)}}
  %s = "spensor.split"(%a, %c4, %c2) : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// split_all needs one partition count per dim.
func.func @f(%a: !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.split_all' op num_partitions has 1 entries for a tensor of rank 2}}
  %s = "spensor.split_all"(%a) <{num_partitions = [2 : i64]}> : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x32xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// split_all partitions that do not divide.
func.func @f(%a: !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.split_all' op 3 partitions do not divide dim 0 of size 16}}
  %s = "spensor.split_all"(%a) <{num_partitions = [3 : i64, 1 : i64]}> : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) -> !spensor.ndspensor<tensor<3x!spensor.spensor<tensor<5x32xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// split_all drops unit partitions from the grid.
func.func @f(%a: !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.split_all' op result type !spensor.ndspensor<tensor<4x1x!spensor.spensor<tensor<4x32xf32>, !spensor.memory<"L3", []>>>> does not match the expected !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<4x32xf32>, !spensor.memory<"L3", []>>>>}}
  %s = "spensor.split_all"(%a) <{num_partitions = [4 : i64, 1 : i64]}> : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) -> !spensor.ndspensor<tensor<4x1x!spensor.spensor<tensor<4x32xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// A move whose result is not in memory_name.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.move' op result memory "L1" differs from memory_name "L2"}}
  %m = "spensor.move"(%a) <{memory_name = "L2"}> : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [4, 4]>>
  func.return
}

// -----

// A move that changes the shape.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.move' op result type !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L2", []>> does not match the expected !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>> (the source's type in the destination memory)}}
  %m = "spensor.move"(%a) <{memory_name = "L2"}> : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L2", []>>
  func.return
}

// -----

// move_to between a spensor and an ndspensor.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %b: !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.move_to' op source !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>> and destination !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>> must be of the same kind}}
  "spensor.move_to"(%a, %b) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> ()
  func.return
}

// -----

// move_to between grids of different shapes.
func.func @f(%a: !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, %b: !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.move_to' op grid shapes differ: [4] and [2]}}
  "spensor.move_to"(%a, %b) : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> ()
  func.return
}

// -----

// move_to between different tensor types.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %b: !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L2", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.move_to' op tensor types differ: tensor<8x8xf32> and tensor<8x4xf32>}}
  "spensor.move_to"(%a, %b) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L2", []>>) -> ()
  func.return
}

// -----

// add of operands in different memories.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %b: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.add' op operand 'rhs' at position 1 does not verify:}}
  %s = "spensor.add"(%a, %b) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// add whose result type differs from its operands'.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.add' op result 'result' at position 0 does not verify:}}
  %s = "spensor.add"(%a, %a) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// matmul of [8, 4] x [8, 4].
func.func @f(%a: !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.matmul' op expected [M, K] x [K, N] operands, got [8, 4] and [8, 4]}}
  %s = "spensor.matmul"(%a, %a) : (!spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// matmul with a wrong result shape.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.matmul' op result type !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>> does not match the expected !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>}}
  %s = "spensor.matmul"(%a, %a) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// matmul of operands in different memories.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %b: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.matmul' op operands must be in one memory, got !spensor.memory<"L3", []> and !spensor.memory<"L2", []>}}
  %s = "spensor.matmul"(%a, %b) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// matmul of ndspensors of different grids (the product is per tile).
func.func @f(%a: !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, %b: !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.matmul' op operand grids differ: [4] and [2]}}
  %s = "spensor.matmul"(%a, %b) : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// reduce_sum sums the last dim.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.reduce_sum' op result type !spensor.spensor<tensor<1x8xf32>, !spensor.memory<"L3", []>> does not match the expected !spensor.spensor<tensor<8x1xf32>, !spensor.memory<"L3", []>>}}
  %s = "spensor.reduce_sum"(%a) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<1x8xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// fill with a scalar of another element type.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %x: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.fill' op the scalar's type f64 differs from the element type f32}}
  %s = "spensor.fill"(%x, %a) : (f64, !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// fill returns the buffer it fills, of its type.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %x: f32) {
  // expected-error @+1 {{'spensor.fill' op result 'res' at position 0 does not verify:}}
  %s = "spensor.fill"(%x, %a) : (f32, !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>
  func.return
}

// -----

// subview needs one offset, size and stride per dim.
func.func @f(%a: !spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.subview' op expected 2 offsets, sizes and strides, got 1, 1 and 1}}
  %s = "spensor.subview"(%a, %c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>, index, index, index) -> !spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// subview sizes must be constants.
func.func @f(%a: !spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.subview' op operand 'sizes[0]' must be defined by an index arith.constant}}
  %s = "spensor.subview"(%a, %c0, %c0, %n, %c4, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// A subview running out of its source.
func.func @f(%a: !spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'spensor.subview' op slice of dim 1 (offset 16, size 4, stride 1) runs out of size 16}}
  %s = "spensor.subview"(%a, %c0, %c16, %c4, %c4, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// A subview stays in its source's memory.
func.func @f(%a: !spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.subview' op result memory !spensor.memory<"L2", []> differs from the source's !spensor.memory<"L3", []>}}
  %s = "spensor.subview"(%a, %c0, %c0, %c4, %c4, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
  func.return
}

// -----

// A subview whose result shape is not its sizes.
func.func @f(%a: !spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.subview' op result shape [4, 2] is neither the sizes [4, 4] nor the sizes without their unit dims}}
  %s = "spensor.subview"(%a, %c0, %c0, %c4, %c4, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x2xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// get_memory of another memory than its result type's.
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.get_memory' op result memory "L1" differs from memory_name "L2"}}
  %m = "spensor.get_memory"() <{memory_name = "L2"}> : () -> !spensor.memory<"L1", [4, 4]>
  func.return
}

// -----

// alloc_spensor in another memory than its handle's.
func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = "spensor.get_memory"() <{memory_name = "L1"}> : () -> !spensor.memory<"L1", [4, 4]>
  // expected-error @+1 {{'spensor.alloc_spensor' op result memory !spensor.memory<"L2", []> differs from the memory operand's !spensor.memory<"L1", [4, 4]>}}
  %b = "spensor.alloc_spensor"(%m) : (!spensor.memory<"L1", [4, 4]>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
  func.return
}

// -----

// combine of a grid dim that does not exist.
func.func @f(%a: !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.combine' op nd_dim = 1 is out of range [0, 1)}}
  %r = "ndspensor.combine"(%a, %c1, %c0) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<32x8xf32>, !spensor.memory<"L2", []>>>>
  func.return
}

// -----

// combine concatenates along tensor dim `dim`.
func.func @f(%a: !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.combine' op result type !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<32x8xf32>, !spensor.memory<"L2", []>>>> does not match the expected !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<8x32xf32>, !spensor.memory<"L2", []>>>>}}
  %r = "ndspensor.combine"(%a, %c0, %c1) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<32x8xf32>, !spensor.memory<"L2", []>>>>
  func.return
}

// -----

// reduce dims must be distinct.
func.func @f(%a: !spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.reduce' op reduce_dim must be non-empty and distinct, got [0, 0]}}
  %r = "ndspensor.reduce"(%a) <{reduce_dim = [0 : i64, 0 : i64], memory_name = "L2", op_name = "add"}> : (!spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>
  func.return
}

// -----

// Only add reductions are defined.
func.func @f(%a: !spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.reduce' op op_name "max" is not supported (only "add")}}
  %r = "ndspensor.reduce"(%a) <{reduce_dim = [0 : i64], memory_name = "L2", op_name = "max"}> : (!spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>
  func.return
}

// -----

// Reducing every grid dim leaves a grid of [1] (reduce_dim in any order).
func.func @f(%a: !spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.reduce' op result type !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>> does not match the expected !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>}}
  %r = "ndspensor.reduce"(%a) <{reduce_dim = [1 : i64, 0 : i64], memory_name = "L2", op_name = "add"}> : (!spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>
  func.return
}

// -----

// combine_to_spensor needs one entry per grid dim.
func.func @f(%a: !spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.combine_to_spensor' op combine_index has 1 entries for a grid of rank 2}}
  %r = "ndspensor.combine_to_spensor"(%a) <{combine_index = [0 : i64]}> : (!spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.spensor<tensor<32x8xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// combine_to_spensor cannot put two grid dims on one tensor dim.
func.func @f(%a: !spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.combine_to_spensor' op combine_index [0, 0] maps two grid dims onto one tensor dim}}
  %r = "ndspensor.combine_to_spensor"(%a) <{combine_index = [0 : i64, 0 : i64]}> : (!spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.spensor<tensor<64x8xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// combine_to_spensor with a wrong result shape.
func.func @f(%a: !spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.combine_to_spensor' op result type !spensor.spensor<tensor<32x16xf32>, !spensor.memory<"L3", []>> does not match the expected !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>}}
  %r = "ndspensor.combine_to_spensor"(%a) <{combine_index = [1 : i64, 0 : i64]}> : (!spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.spensor<tensor<32x16xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// Repeating a spensor along a grid dim other than 0.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.repeat' op dim = 1 is out of range [0, 1)}}
  %r = "ndspensor.repeat"(%a, %c4, %c1) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// Zero repeats.
func.func @f(%a: !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.repeat' op repeats must be >= 1, got 0}}
  %r = "ndspensor.repeat"(%a, %c0, %c0) : (!spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// repeat multiplies the grid dim.
func.func @f(%a: !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.repeat' op result type !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>> does not match the expected !spensor.ndspensor<tensor<8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>}}
  %r = "ndspensor.repeat"(%a, %c4, %c0) : (!spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// broadcast of a grid dim that is neither 1 nor the target.
func.func @f(%a: !spensor.ndspensor<tensor<3x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.broadcast' op cannot broadcast grid [3] to [4, 2]}}
  %r = "ndspensor.broadcast"(%a) <{dimensions = [4, 2]}> : (!spensor.ndspensor<tensor<3x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// broadcast with a result grid other than dimensions.
func.func @f(%a: !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'ndspensor.broadcast' op result type !spensor.ndspensor<tensor<2x3x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>> does not match the expected !spensor.ndspensor<tensor<3x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>}}
  %r = "ndspensor.broadcast"(%a) <{dimensions = [3, 2]}> : (!spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<2x3x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// A memory declaration with an empty dim.
// expected-error @+1 {{'spensor.declare_memory' op every memory_shape entry must be >= 1, got [0]}}
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [0], load = [], store = []}> : () -> ()

// -----

// Memory space numbers are LLVM address spaces: 0 <= space < 2**24, an i64.
// expected-error @+1 {{'spensor.declare_memory' op memory_space must be in [0, 16777216), got -1}}
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [], load = [], store = []}> {memory_space = -1 : i64} : () -> ()

// -----

// expected-error @+1 {{'spensor.declare_memory' op memory_space must be in [0, 16777216), got 16777216}}
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [], load = [], store = []}> {memory_space = 16777216 : i64} : () -> ()

// -----

// expected-error @+1 {{'spensor.declare_memory' op Expected attribute i64 but got i32}}
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [], load = [], store = []}> {memory_space = 2 : i32} : () -> ()


// -----

// combine takes its grid dim as a constant.
func.func @f(%a: !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, %d: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'ndspensor.combine' op operand 'nd_dim' must be defined by an index arith.constant}}
  %r = "ndspensor.combine"(%a, %d, %c0) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<32x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// combine takes its tensor dim as a constant.
func.func @f(%a: !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, %d: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'ndspensor.combine' op operand 'dim' must be defined by an index arith.constant}}
  %r = "ndspensor.combine"(%a, %c0, %d) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<32x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// combine of a tensor dim that does not exist.
func.func @f(%a: !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'ndspensor.combine' op dim = 2 is out of range [0, 2)}}
  %r = "ndspensor.combine"(%a, %c0, %c2) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<32x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// combine's result lives in memory_name.
func.func @f(%a: !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'ndspensor.combine' op result memory "L3" differs from memory_name "L2"}}
  %r = "ndspensor.combine"(%a, %c0, %c0) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<32x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// reduce of a grid dim that does not exist.
func.func @f(%a: !spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  // expected-error @+1 {{'ndspensor.reduce' op reduce_dim entry = 2 is out of range [0, 2)}}
  %r = "ndspensor.reduce"(%a) <{reduce_dim = [2 : i64], memory_name = "L3", op_name = "add"}> : (!spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// reduce's result lives in memory_name.
func.func @f(%a: !spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  // expected-error @+1 {{'ndspensor.reduce' op result memory "L3" differs from memory_name "L2"}}
  %r = "ndspensor.reduce"(%a) <{reduce_dim = [1 : i64], memory_name = "L2", op_name = "add"}> : (!spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// combine_to_spensor onto a tensor dim that does not exist.
func.func @f(%a: !spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) {
  // expected-error @+1 {{'ndspensor.combine_to_spensor' op combine_index entry = 2 is out of range [0, 2)}}
  %r = "ndspensor.combine_to_spensor"(%a) <{combine_index = [0 : i64, 2 : i64]}> : (!spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.spensor<tensor<32x16xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// repeat takes its count as a constant.
func.func @f(%a: !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'ndspensor.repeat' op operand 'repeats' must be defined by an index arith.constant}}
  %r = "ndspensor.repeat"(%a, %n, %c0) : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// repeat takes its grid dim as a constant.
func.func @f(%a: !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, %d: index) {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'ndspensor.repeat' op operand 'dim' must be defined by an index arith.constant}}
  %r = "ndspensor.repeat"(%a, %c2, %d) : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// broadcast to an empty grid.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  // expected-error @+1 {{'ndspensor.broadcast' op dimensions must be a non-empty grid shape, got [4, 0]}}
  %r = "ndspensor.broadcast"(%a) <{dimensions = [4 : i64, 0 : i64]}> : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// split takes its partition count as a constant.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'spensor.split' op operand 'num_partitions' must be defined by an index arith.constant}}
  %s = "spensor.split"(%a, %n, %c0) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<2x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// split into no partitions.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'spensor.split' op num_partitions must be >= 1, got 0}}
  %s = "spensor.split"(%a, %c0, %c0) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<2x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// split_all into no partitions along a dim.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  // expected-error @+1 {{'spensor.split_all' op num_partitions[1] must be >= 1, got 0}}
  %s = "spensor.split_all"(%a) <{num_partitions = [2, 0]}> : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> !spensor.ndspensor<tensor<2x1x!spensor.spensor<tensor<4x8xf32>, !spensor.memory<"L3", []>>>>
  func.return
}

// -----

// reduce_sum needs a dim to sum.
func.func @f(%a: !spensor.spensor<tensor<f32>, !spensor.memory<"L3", []>>) {
  // expected-error @+1 {{'spensor.reduce_sum' op the operand must have rank >= 1}}
  %s = "spensor.reduce_sum"(%a) : (!spensor.spensor<tensor<f32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<f32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// A subview with a zero stride.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'spensor.subview' op invalid slice of dim 1: size 4, offset 0, stride 0}}
  %v = "spensor.subview"(%a, %c0, %c0, %c4, %c4, %c1, %c0) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// A subview keeps the source's element type.
func.func @f(%a: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'spensor.subview' op result element type differs from the source's}}
  %v = "spensor.subview"(%a, %c0, %c0, %c4, %c4, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf16>, !spensor.memory<"L3", []>>
  func.return
}

// -----

// store_spensor copies between memrefs of one shape and element type.
func.func @f(%a: memref<4xf32>, %b: memref<5xf32>) {
  // expected-error @+1 {{'spensor.store_spensor' op source memref<4xf32> and destination memref<5xf32> differ in shape or element type}}
  "spensor.store_spensor"(%a, %b) : (memref<4xf32>, memref<5xf32>) -> ()
  func.return
}

// -----

// A strided subview whose last element lies one past the dim (offset 0 + 2 * 3 = 6).
func.func @f(%a: !spensor.spensor<tensor<6x8xf32>, !spensor.memory<"L3", []>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'spensor.subview' op slice of dim 0 (offset 0, size 3, stride 3) runs out of size 6}}
  %s = "spensor.subview"(%a, %c0, %c0, %c3, %c4, %c3, %c1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<6x8xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<3x4xf32>, !spensor.memory<"L3", []>>
  func.return
}
