// RUN: nnstack-opt %s --verify-diagnostics --split-input-file

// The type verifiers: spensors are statically shaped numeric tensors, memory
// shapes are positive, an ndspensor is a non-empty grid of spensors.

// expected-error @+1 {{spensor.spensor: the tensor must have a static shape, got tensor<?x4xf32>}}
func.func @dynamic(%a: !spensor.spensor<tensor<?x4xf32>, !spensor.memory<"L3", []>>) {
  func.return
}

// -----

// expected-error @+1 {{spensor.memory: every memory_shape entry must be >= 1, got [4, 0]}}
func.func @zero_dim(%a: !spensor.memory<"L1", [4, 0]>) {
  func.return
}

// -----

// expected-error @+1 {{spensor.spensor: the element type must be a float, integer or index type, got complex<f32>}}
func.func @not_numeric(%a: !spensor.spensor<tensor<4xcomplex<f32>>, !spensor.memory<"L3", []>>) {
  func.return
}

// -----

// expected-error @+1 {{f32 should be of base attribute spensor.spensor}}
func.func @not_a_grid_of_spensors(%a: !spensor.ndspensor<tensor<4xf32>>) {
  func.return
}

// -----

// expected-error @+1 {{spensor.ndspensor: the grid shape must be non-empty and static with sizes >= 1, got []}}
func.func @empty_grid(%a: !spensor.ndspensor<tensor<!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>) {
  func.return
}

// -----

// The analyses' attributes are range-checked too: a memory level's shape, memory
// space and depth, a loop's bounds and parent.
// expected-error @+1 {{spensor.memory_level: every shape entry must be >= 1, got [4, 0]}}
builtin.module attributes {spensor.memory_map = {L1 = #spensor.memory_level<shape = [4, 0], load = [], store = [], memory_space = 2, depth = 0>}} {
}

// -----

// expected-error @+1 {{spensor.memory_level: memory_space must be in [0, 16777216), got -2}}
builtin.module attributes {spensor.memory_map = {L1 = #spensor.memory_level<shape = [], load = [], store = [], memory_space = -2, depth = 0>}} {
}

// -----

// expected-error @+1 {{spensor.memory_level: depth must be >= 0, got -1}}
builtin.module attributes {spensor.memory_map = {L1 = #spensor.memory_level<shape = [], load = [], store = [], memory_space = 0, depth = -1>}} {
}

// -----

// expected-error @+1 {{spensor.loop: bounds must be non-empty and >= 1, got [4, 0]}}
func.func @f() attributes {spensor.parallel_loops = [#spensor.loop<bounds = [4, 0], memory_tag = "L1", parent = 0>]} {
  func.return
}

// -----

// expected-error @+1 {{spensor.loop: bounds must be non-empty and >= 1, got []}}
func.func @f() attributes {spensor.parallel_loops = [#spensor.loop<bounds = [], memory_tag = "L1", parent = 0>]} {
  func.return
}

// -----

// expected-error @+1 {{spensor.loop: parent must be a loop id or -1, got -2}}
func.func @f() attributes {spensor.parallel_loops = [#spensor.loop<bounds = [2], memory_tag = "L1", parent = -2>]} {
  func.return
}


// -----

// expected-error @+1 {{spensor.ndspensor: the grid shape must be non-empty and static with sizes >= 1, got [4, 0]}}
func.func @empty_grid(%a: !spensor.ndspensor<tensor<4x0x!spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>>>) {
  func.return
}
