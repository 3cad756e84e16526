// RUN: xdsl-opt %s --parsing-diagnostics --split-input-file | filecheck %s

// A memory shape is a list of integers.

func.func @f(%a: !spensor.memory<"L1", ["x"]>) {
  func.return
}

// CHECK: expected a memory shape such as [4, 4]

// -----

func.func @g(%a: !spensor.memory<L1, [4]>) {
  func.return
}

// CHECK: string literal expected (the memory name)

// -----

// The analyses' attributes list every field, in order.
func.func @h() attributes {spensor.parallel_loops = [#spensor.loop<bounds = [1], parent = 0>]} {
  func.return
}

// CHECK: Expected 'memory_tag'
