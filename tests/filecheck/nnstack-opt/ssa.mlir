// RUN: nnstack-opt %s --verify-diagnostics --split-input-file

// SSA dominance is checked in every region, and block labels are unique in a region.

func.func @use_before_definition(%a: i32) -> i32 {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %b = arith.addi %c, %a : i32
  // expected-note @+1 {{operand defined here}}
  %c = arith.addi %a, %a : i32
  func.return %b : i32
}

// -----

// A value defined after a loop is not visible in the loop's body.
func.func @nested_region(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{operand #1 does not dominate this use}}
    %s = arith.addi %i, %late : index
  }
  // expected-note @+1 {{operand defined here}}
  %late = arith.constant 3 : index
  func.return
}

// -----

// A value defined in one branch does not dominate the join.
func.func @branches(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^left, ^right
^left:
  // expected-note @+1 {{operand defined here}}
  %x = arith.addi %a, %a : i32
  cf.br ^join
^right:
  cf.br ^join
^join:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  func.return %x : i32
}

// -----

// Dominated uses across blocks, block arguments, and an unreachable block are fine.
func.func @valid(%c: i1, %a: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  cf.cond_br %c, ^left, ^right(%x : i32)
^left:
  cf.br ^right(%a : i32)
^right(%y: i32):
  %z = arith.addi %x, %y : i32
  func.return %z : i32
^dead:
  %w = arith.addi %z, %z : i32
  func.return %w : i32
}

// -----

// A label defined twice (xDSL's parser ends in a KeyError when the label was used first).
func.func @labels() {
  cf.br ^bb1
// expected-note @+1 {{previously defined here}}
^bb1:
  cf.br ^bb1
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  func.return
}

// -----

func.func @labels_not_used_first() {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
// expected-note @+1 {{previously defined here}}
^bb2:
  cf.br ^bb1
// expected-error @+1 {{redefinition of block '^bb2'}}
^bb2:
  func.return
}

// -----

// The same label in two regions is fine.
func.func @one() {
  cf.br ^next
^next:
  func.return
}
func.func @two() {
  cf.br ^next
^next:
  func.return
}

// -----

// An llir.phi uses each incoming value at the end of the block it names (as in LLVM):
// the value of a loop's back edge and a value of one arm of a branch are valid.
llir.func @loop(i64) -> i64 {
^entry(%n: i64):
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  llir.br ^header
^header:
  %i = llir.phi [%c0, ^entry], [%next, ^body] : i64
  %more = llir.cmp slt, %i, %n : i64
  llir.cond_br %more, ^body, ^exit
^body:
  %next = llir.add %i, %c1 : i64
  llir.br ^header
^exit:
  llir.return %i : i64
}
llir.func @diamond(i1, i64) -> i64 {
^entry(%c: i1, %x: i64):
  llir.cond_br %c, ^then, ^else
^then:
  %y = llir.add %x, %x : i64
  llir.br ^join
^else:
  llir.br ^join
^join:
  %r = llir.phi [%y, ^then], [%x, ^else] : i64
  llir.return %r : i64
}
