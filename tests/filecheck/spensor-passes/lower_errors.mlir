// RUN: xdsl-opt %s --verify-diagnostics -p 'spensor-lower{tiling=diagonal}' | filecheck %s --check-prefix=TILING
// RUN: xdsl-opt %s --verify-diagnostics -p 'spensor-lower{reduce-strategy=cascade}' | filecheck %s --check-prefix=STRATEGY

// spensor-lower checks its options before changing anything.

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()

// TILING: spensor-lower: tiling must be one of spatial, temporal, got "diagonal"
// STRATEGY: spensor-lower: reduce-strategy must be one of sequential, tree, got "cascade"
