// The reduce program of the original's README: split 16x32 into 4 along dim 1 -> L2 -> L1
// -> reduce_sum -> combine (nd 0, dim 1, L2) -> L1 -> reduce_sum -> L2 -> L3 -> combine_to_spensor [0];
// L1 is [6]. With A[i,j]=100i+j the checksum sum(out[i]*(i+1)) is 4419456.
// Generic form, as the original prints it.
"builtin.module"() ({
  "spensor.declare_memory"() <{memory_name = "L1", memory_shape = [6 : i64], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
  "spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
  "spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> {memory_space = 0 : i64} : () -> ()
  "func.func"() <{sym_name = "reduce", function_type = (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L3", []>>}> ({
  ^bb0(%0: !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>):
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "arith.constant"() <{value = 4 : index}> : () -> index
    %4 = "spensor.split"(%0, %3, %2) : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>
    %5 = "spensor.move"(%4) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L2", []>>>>
    %6 = "spensor.move"(%5) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L1", [6 : i64]>>>>
    %7 = "spensor.reduce_sum"(%6) : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L1", [6 : i64]>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L1", [6 : i64]>>>>
    %8 = "ndspensor.combine"(%7, %1, %2) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L1", [6 : i64]>>>>, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x4xf32>, !spensor.memory<"L2", []>>>>
    %9 = "spensor.move"(%8) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x4xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x4xf32>, !spensor.memory<"L1", [6 : i64]>>>>
    %10 = "spensor.reduce_sum"(%9) : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x4xf32>, !spensor.memory<"L1", [6 : i64]>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L1", [6 : i64]>>>>
    %11 = "spensor.move"(%10) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L1", [6 : i64]>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L2", []>>>>
    %12 = "spensor.move"(%11) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L3", []>>>>
    %13 = "ndspensor.combine_to_spensor"(%12) <{combine_index = [0 : i64]}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L3", []>>
    "func.return"(%13) : (!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L3", []>>) -> ()
  }) : () -> ()
}) : () -> ()
