// RUN: xdsl-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The type verifiers: spensors are statically shaped numeric tensors, memory
// shapes are positive, an ndspensor is a non-empty grid of spensors.

func.func @dynamic(%a: !spensor.spensor<tensor<?x4xf32>, !spensor.memory<"L3", []>>) {
  func.return
}

// CHECK: spensor.spensor: the tensor must have a static shape, got tensor<?x4xf32>

// -----

func.func @zero_dim(%a: !spensor.memory<"L1", [4, 0]>) {
  func.return
}

// CHECK: spensor.memory: every memory_shape entry must be >= 1, got [4, 0]

// -----

func.func @not_numeric(%a: !spensor.spensor<tensor<4xcomplex<f32>>, !spensor.memory<"L3", []>>) {
  func.return
}

// CHECK: spensor.spensor: the element type must be a float, integer or index type, got complex<f32>

// -----

func.func @not_a_grid_of_spensors(%a: !spensor.ndspensor<tensor<4xf32>>) {
  func.return
}

// CHECK: f32 should be of base attribute spensor.spensor

// -----

func.func @empty_grid(%a: !spensor.ndspensor<tensor<!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>) {
  func.return
}

// CHECK: spensor.ndspensor: the grid shape must be non-empty and static with sizes >= 1, got []

// -----

// The analyses' attributes are range-checked too: a memory level's shape, memory
// space and depth, a loop's bounds and parent.
builtin.module attributes {spensor.memory_map = {L1 = #spensor.memory_level<shape = [4, 0], load = [], store = [], memory_space = 2, depth = 0>}} {
}

// CHECK: spensor.memory_level: every shape entry must be >= 1, got [4, 0]

// -----

builtin.module attributes {spensor.memory_map = {L1 = #spensor.memory_level<shape = [], load = [], store = [], memory_space = -2, depth = 0>}} {
}

// CHECK: spensor.memory_level: memory_space must be in [0, 16777216), got -2

// -----

builtin.module attributes {spensor.memory_map = {L1 = #spensor.memory_level<shape = [], load = [], store = [], memory_space = 0, depth = -1>}} {
}

// CHECK: spensor.memory_level: depth must be >= 0, got -1

// -----

func.func @f() attributes {spensor.parallel_loops = [#spensor.loop<bounds = [4, 0], memory_tag = "L1", parent = 0>]} {
  func.return
}

// CHECK: spensor.loop: bounds must be non-empty and >= 1, got [4, 0]

// -----

func.func @f() attributes {spensor.parallel_loops = [#spensor.loop<bounds = [], memory_tag = "L1", parent = 0>]} {
  func.return
}

// CHECK: spensor.loop: bounds must be non-empty and >= 1, got []

// -----

func.func @f() attributes {spensor.parallel_loops = [#spensor.loop<bounds = [2], memory_tag = "L1", parent = -2>]} {
  func.return
}

// CHECK: spensor.loop: parent must be a loop id or -1, got -2
