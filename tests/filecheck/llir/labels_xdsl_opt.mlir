// RUN: xdsl-opt %s --parsing-diagnostics --split-input-file 2>&1 | filecheck %s
// RUN: xdsl-opt %s -p convert-llir-to-llvm --parsing-diagnostics --split-input-file 2>&1 | filecheck %s

// The stock xdsl-opt reports a block label defined twice in an llir.func as a parse
// error at its second definition, with nnstack-opt's message (nnstack-opt/ssa.mlir),
// not a traceback: xDSL's parser ended in a KeyError when the label was used before
// its second definition. (xDSL gives the note's line within its split-input chunk.)

// CHECK-NOT: Traceback
llir.func @used_first() {
  llir.br ^bb1
^bb1:
  llir.br ^bb1
^bb1:
  llir.return
}

// CHECK:      labels_xdsl_opt.mlir:14:1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: ^^^^
// CHECK-NEXT: redefinition of block '^bb1'
// CHECK-NEXT: previously defined here:
// CHECK-NEXT: labels_xdsl_opt.mlir:12:1
// CHECK-NEXT: ^bb1:

// -----

// A phi's incoming block is a use of the label too.
// CHECK-NOT: Traceback
llir.func @used_by_a_phi(%n: i64) -> i64 {
  llir.br ^join
^join:
  %x = llir.phi [%n, ^join] : i64
  llir.br ^join
^join:
  llir.return %x : i64
}

// CHECK:      labels_xdsl_opt.mlir:35:1
// CHECK-NEXT: ^join:
// CHECK-NEXT: ^^^^^
// CHECK-NEXT: redefinition of block '^join'
// CHECK-NEXT: previously defined here:
// CHECK-NEXT: labels_xdsl_opt.mlir:{{[0-9]+}}:1
// CHECK-NEXT: ^join:

// -----

// A label not used before its second definition: the same message.
// CHECK-NOT: Traceback
llir.func @not_used_first() {
  llir.br ^bb1
^bb1:
  llir.br ^bb2
^bb2:
  llir.br ^bb1
^bb2:
  llir.return
}

// CHECK:      labels_xdsl_opt.mlir:57:1
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: ^^^^
// CHECK-NEXT: redefinition of block '^bb2'
// CHECK-NEXT: previously defined here:
// CHECK-NEXT: labels_xdsl_opt.mlir:{{[0-9]+}}:1
// CHECK-NEXT: ^bb2:

// -----

// The same label in two functions is fine.
llir.func @one() {
  llir.br ^next
^next:
  llir.return
}
llir.func @two() {
  llir.br ^next
^next:
  llir.return
}

// CHECK-NOT: Traceback
// CHECK-NOT: redefinition
