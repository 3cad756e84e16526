// The original's 64x64 add (`@"64_add"`): split_all [8,8] -> L2 -> L1 -> add -> L2 -> L3
// -> combine_to_spensor [0,1]; L1 is a [6,4] core grid. With A[i,j]=100i+j, B[i,j]=3j the
// checksum sum(out[i,j]*j) is 428273664.
// Generic form, as the original prints it.
"builtin.module"() ({
  "spensor.declare_memory"() <{memory_name = "L1", memory_shape = [6 : i64, 4 : i64], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
  "spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
  "spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> {memory_space = 0 : i64} : () -> ()
  "func.func"() <{sym_name = "64_add", function_type = (!spensor.spensor<tensor<64x64xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<64x64xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<64x64xf32>, !spensor.memory<"L3", []>>}> ({
  ^bb0(%0: !spensor.spensor<tensor<64x64xf32>, !spensor.memory<"L3", []>>, %1: !spensor.spensor<tensor<64x64xf32>, !spensor.memory<"L3", []>>):
    %2 = "spensor.split_all"(%0) <{num_partitions = [8 : i64, 8 : i64]}> : (!spensor.spensor<tensor<64x64xf32>, !spensor.memory<"L3", []>>) -> !spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
    %3 = "spensor.split_all"(%1) <{num_partitions = [8 : i64, 8 : i64]}> : (!spensor.spensor<tensor<64x64xf32>, !spensor.memory<"L3", []>>) -> !spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
    %4 = "spensor.move"(%2) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>
    %5 = "spensor.move"(%3) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>
    %6 = "spensor.move"(%4) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [6 : i64, 4 : i64]>>>>
    %7 = "spensor.move"(%5) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [6 : i64, 4 : i64]>>>>
    %8 = "spensor.add"(%6, %7) {self_assign = false} : (!spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [6 : i64, 4 : i64]>>>>, !spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [6 : i64, 4 : i64]>>>>) -> !spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [6 : i64, 4 : i64]>>>>
    %9 = "spensor.move"(%8) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [6 : i64, 4 : i64]>>>>) -> !spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>
    %10 = "spensor.move"(%9) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
    %11 = "ndspensor.combine_to_spensor"(%10) <{combine_index = [0 : i64, 1 : i64]}> : (!spensor.ndspensor<tensor<8x8x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.spensor<tensor<64x64xf32>, !spensor.memory<"L3", []>>
    "func.return"(%11) : (!spensor.spensor<tensor<64x64xf32>, !spensor.memory<"L3", []>>) -> ()
  }) : () -> ()
}) : () -> ()
