// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s

// A global whose initializer is a tensor of the module's weights file
// (dialects/weights.py): the text names it, the bytes stay in the file.

builtin.module attributes {nnstack.weights = "model.safetensors"} {
  llir.global @weights align 64 = dense_resource<fc.weight> : tensor<64x32xf32>
}

// CHECK:      builtin.module attributes {nnstack.weights = "model.safetensors"} {
// CHECK-NEXT:   llir.global @weights align 64 = dense_resource<fc.weight> : tensor<64x32xf32>
// CHECK-NEXT: }
