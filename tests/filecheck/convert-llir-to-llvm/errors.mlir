// RUN: nnstack-opt %s -p convert-llir-to-llvm --verify-diagnostics --split-input-file

// The pass fails, before changing anything, at each op inside an llir.func that is not llir.

llir.func @foreign(%a: i64) -> i64 {
  // expected-error @+1 {{cannot lower arith.addi: no lowering to the llvm dialect}}
  %b = arith.addi %a, %a : i64
  llir.return %b : i64
}
