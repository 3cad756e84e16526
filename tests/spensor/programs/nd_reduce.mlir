// The original's NDReduce program (`@ndred`): split 64x16 into 4 along dim 0 -> L2 -> L1
// -> ndspensor.reduce([0], L2, add) -> L3 -> combine_to_spensor [0]; L1 is [4,4].
// out[i,j] = sum_k A[16k+i, j]; with A[i,j]=100i+j the checksum sum(out[i,j]*(i+1+j)) is 53930240.
// Generic form, as the original prints it.
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
