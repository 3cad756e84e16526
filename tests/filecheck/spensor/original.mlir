// RUN: xdsl-opt %s --print-op-generic | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s

// The original's NDReduce program exactly as the original prints it (generic op form,
// typed memory shapes `[4 : i64, 4 : i64]`): it parses unchanged and prints back the same
// ops, memory shapes in the short form `[4, 4]`.

"builtin.module"() ({
  "spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4 : i64, 4 : i64], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
  "spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
  "spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> {memory_space = 0 : i64} : () -> ()
  "func.func"() <{sym_name = "ndred", function_type = (!spensor.spensor<tensor<64x16xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>}> ({
  ^bb0(%0: !spensor.spensor<tensor<64x16xf32>, !spensor.memory<"L3", []>>):
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 4 : index}> : () -> index
    %3 = "spensor.split"(%0, %2, %1) : (!spensor.spensor<tensor<64x16xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>>>
    %4 = "spensor.move"(%3) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L2", []>>>>
    %5 = "spensor.move"(%4) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L1", [4 : i64, 4 : i64]>>>>
    %6 = "ndspensor.reduce"(%5) <{reduce_dim = [0 : i64], memory_name = "L2", op_name = "add"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L1", [4 : i64, 4 : i64]>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L2", []>>>>
    %7 = "spensor.move"(%6) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>>>
    %8 = "ndspensor.combine_to_spensor"(%7) <{combine_index = [0 : i64]}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>
    "func.return"(%8) : (!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>) -> ()
  }) : () -> ()
}) : () -> ()
// CHECK: "spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4 : i64, 4 : i64], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
// CHECK-NEXT: "spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
// CHECK-NEXT: "spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> {memory_space = 0 : i64} : () -> ()
// CHECK-NEXT: "func.func"() <{sym_name = "ndred", function_type = (!spensor.spensor<tensor<64x16xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>}> ({
// CHECK-NEXT: ^bb0(%0: !spensor.spensor<tensor<64x16xf32>, !spensor.memory<"L3", []>>):
// CHECK-NEXT: %1 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %2 = "arith.constant"() <{value = 4 : index}> : () -> index
// CHECK-NEXT: %3 = "spensor.split"(%0, %2, %1) : (!spensor.spensor<tensor<64x16xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>>>
// CHECK-NEXT: %4 = "spensor.move"(%3) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L2", []>>>>
// CHECK-NEXT: %5 = "spensor.move"(%4) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L1", [4, 4]>>>>
// CHECK-NEXT: %6 = "ndspensor.reduce"(%5) <{reduce_dim = [0 : i64], memory_name = "L2", op_name = "add"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L1", [4, 4]>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L2", []>>>>
// CHECK-NEXT: %7 = "spensor.move"(%6) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>>>
// CHECK-NEXT: %8 = "ndspensor.combine_to_spensor"(%7) <{combine_index = [0 : i64]}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: "func.return"(%8) : (!spensor.spensor<tensor<16x16xf32>, !spensor.memory<"L3", []>>) -> ()
