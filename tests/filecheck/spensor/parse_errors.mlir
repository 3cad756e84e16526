// RUN: nnstack-opt %s --verify-diagnostics --split-input-file

// A memory shape is a list of integers.

// expected-error @+1 {{expected a memory shape such as [4, 4]}}
func.func @f(%a: !spensor.memory<"L1", ["x"]>) {
  func.return
}

// -----

// expected-error @+1 {{string literal expected (the memory name)}}
func.func @g(%a: !spensor.memory<L1, [4]>) {
  func.return
}

// -----

// The analyses' attributes list every field, in order.
// expected-error @+1 {{Expected 'memory_tag'}}
func.func @h() attributes {spensor.parallel_loops = [#spensor.loop<bounds = [1], parent = 0>]} {
  func.return
}

