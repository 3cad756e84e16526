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
