// The original's 8-way tiled reduce: the README program on a 16x64 input split 8 ways,
// L1 a [4,4] core grid. With A[i,j]=100i+j the checksum sum(out[i]*(i+1)) is 8978176.
// Generic form, as the original prints it.
"builtin.module"() ({
  "spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4 : i64, 4 : i64], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
  "spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
  "spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> {memory_space = 0 : i64} : () -> ()
  "func.func"() <{sym_name = "reduce", function_type = (!spensor.spensor<tensor<16x64xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L3", []>>}> ({
  ^bb0(%0: !spensor.spensor<tensor<16x64xf32>, !spensor.memory<"L3", []>>):
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 1 : index}> : () -> index
    %3 = "arith.constant"() <{value = 8 : index}> : () -> index
    %4 = "spensor.split"(%0, %3, %2) : (!spensor.spensor<tensor<16x64xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<8x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>
    %5 = "spensor.move"(%4) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<8x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<8x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L2", []>>>>
    %6 = "spensor.move"(%5) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<8x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<8x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L1", [4 : i64, 4 : i64]>>>>
    %7 = "spensor.reduce_sum"(%6) : (!spensor.ndspensor<tensor<8x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L1", [4 : i64, 4 : i64]>>>>) -> !spensor.ndspensor<tensor<8x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L1", [4 : i64, 4 : i64]>>>>
    %8 = "ndspensor.combine"(%7, %1, %2) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<8x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L1", [4 : i64, 4 : i64]>>>>, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L2", []>>>>
    %9 = "spensor.move"(%8) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L1", [4 : i64, 4 : i64]>>>>
    %10 = "spensor.reduce_sum"(%9) : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L1", [4 : i64, 4 : i64]>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L1", [4 : i64, 4 : i64]>>>>
    %11 = "spensor.move"(%10) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L1", [4 : i64, 4 : i64]>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L2", []>>>>
    %12 = "spensor.move"(%11) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L3", []>>>>
    %13 = "ndspensor.combine_to_spensor"(%12) <{combine_index = [0 : i64]}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L3", []>>
    "func.return"(%13) : (!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L3", []>>) -> ()
  }) : () -> ()
}) : () -> ()
