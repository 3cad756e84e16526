// RUN: nnstack-opt %s --verify-diagnostics --split-input-file

// One case per llir verifier rule, with its message at the op.

// Buffer sizes are a multiple of the element size.
llir.func @f() {
  // expected-error @+1 {{'llir.alloc_buffer' op size 6 is not a non-negative multiple of the element size 4}}
  %p = llir.alloc_buffer 6 : !llir.ptr<f32>
  llir.return
}

// -----

// Alignments are powers of two.
llir.func @f() {
  // expected-error @+1 {{'llir.alloc_buffer' op alignment 12 is not a power of two}}
  %p = llir.alloc_buffer 64 align 12 : !llir.ptr<f32>
  llir.return
}

// -----

// Alignments are at least the element size.
llir.func @f() {
  // expected-error @+1 {{'llir.alloc_buffer' op alignment 4 is smaller than the element size 8}}
  %p = llir.alloc_buffer 64 align 4 : !llir.ptr<f64>
  llir.return
}

// -----

// Pointers point to scalars that fit in memory.
// expected-error @+1 {{!llir.ptr element type must be i1, i8, i16, i32, i64, f16, f32 or f64, got vector<4xf32>}}
llir.func @f(%p: !llir.ptr<vector<4xf32>>) {
  llir.return
}

// -----

// A load gives the pointer's element type.
llir.func @f(%p: !llir.ptr<f32>) {
  // expected-error @+1 {{'llir.load' op result type f64 does not match the pointer element type f32}}
  %x = llir.load %p : !llir.ptr<f32> -> f64
  llir.return
}

// -----

// A store takes the pointer's element type.
llir.func @f(%p: !llir.ptr<f32>, %x: i32) {
  // expected-error @+1 {{'llir.store' op value type i32 does not match the pointer element type f32}}
  llir.store %x, %p : i32, !llir.ptr<f32>
  llir.return
}

// -----

// A vector load gives vectors of the pointer's element type.
llir.func @f(%p: !llir.ptr<f32>) {
  // expected-error @+1 {{'llir.vload' op result element type f64 does not match the pointer element type f32}}
  %v = llir.vload %p : !llir.ptr<f32> -> vector<4xf64>
  llir.return
}

// -----

// Vectors are 1-D and of fixed width.
llir.func @f(%p: !llir.ptr<f32>) {
  // expected-error @+1 {{'llir.vload' op expected a 1-D fixed-width vector of i1, i8, i16, i32, i64, f16, f32 or f64, got vector<2x2xf32>}}
  %v = llir.vload %p : !llir.ptr<f32> -> vector<2x2xf32>
  llir.return
}

// -----

// Vectors have at least one lane.
llir.func @f(%p: !llir.ptr<f32>) {
  // expected-error @+1 {{'llir.vload' op expected a 1-D fixed-width vector of i1, i8, i16, i32, i64, f16, f32 or f64, got vector<0xf32>}}
  %v = llir.vload %p : !llir.ptr<f32> -> vector<0xf32>
  llir.return
}

// -----

// A vector store takes vectors of the pointer's element type.
llir.func @f(%p: !llir.ptr<f32>, %v: vector<4xf64>) {
  // expected-error @+1 {{'llir.vstore' op value element type f64 does not match the pointer element type f32}}
  llir.vstore %v, %p : vector<4xf64>, !llir.ptr<f32>
  llir.return
}

// -----

// Offsets are integers.
llir.func @f(%p: !llir.ptr<f32>, %i: f32) {
  // expected-error @+1 {{'llir.load' op operand 'offset' at position 1 does not verify:}}
  %x = "llir.load"(%p, %i) : (!llir.ptr<f32>, f32) -> f32
  llir.return
}

// -----

// Binary operands agree.
llir.func @f(%a: i64, %b: i32) {
  // expected-error @+1 {{'llir.add' op operand 'rhs' at position 1 does not verify:}}
  %c = "llir.add"(%a, %b) : (i64, i32) -> i64
  llir.return
}

// -----

// A binary result has the operands' type.
llir.func @f(%a: i64) {
  // expected-error @+1 {{'llir.mul' op result 'result' at position 0 does not verify:}}
  %c = "llir.mul"(%a, %a) : (i64, i64) -> i32
  llir.return
}

// -----

// There is no index type in llir.
llir.func @f(%a: index) {
  // expected-error @+1 {{Unexpected attribute index}}
  %c = llir.add %a, %a : index
  llir.return
}

// -----

// Bitwise ops take integers.
llir.func @f(%a: f32) {
  // expected-error @+1 {{f32 should be of base attribute integer_type}}
  %c = llir.xor %a, %a : f32
  llir.return
}

// -----

// Math functions take floats.
llir.func @f(%a: i32) {
  // expected-error @+1 {{Unexpected attribute i32}}
  %c = llir.sqrt %a : i32
  llir.return
}

// -----

// Vector widths agree.
llir.func @f(%a: vector<4xf32>, %b: vector<8xf32>) {
  // expected-error @+1 {{'llir.vadd' op operand 'rhs' at position 1 does not verify:}}
  %c = "llir.vadd"(%a, %b) : (vector<4xf32>, vector<8xf32>) -> vector<4xf32>
  llir.return
}

// -----

// The fused multiply-add takes f32 lanes only.
llir.func @f(%a: vector<4xf64>) {
  // expected-error @+1 {{'llir.vfma' op expected f32 lanes, got vector<4xf64>}}
  %c = llir.vfma %a, %a, %a : vector<4xf64>
  llir.return
}

// -----

// The lane-wise maximum takes f32 or f64 lanes.
llir.func @f(%a: vector<4xi32>) {
  // expected-error @+1 {{'llir.vmax' op expected f32 or f64 lanes, got vector<4xi32>}}
  %c = llir.vmax %a, %a : vector<4xi32>
  llir.return
}

// -----

// Vector arithmetic takes 1-D vectors.
llir.func @f(%a: vector<2x2xf32>) {
  // expected-error @+1 {{'llir.vmul' op expected a 1-D fixed-width vector of i1, i8, i16, i32, i64, f16, f32 or f64, got vector<2x2xf32>}}
  %c = llir.vmul %a, %a : vector<2x2xf32>
  llir.return
}

// -----

// A splat gives vectors of its input type.
llir.func @f(%a: f32) {
  // expected-error @+1 {{'llir.splat' op result element type f64 does not match the input type f32}}
  %c = llir.splat %a : f32 to vector<4xf64>
  llir.return
}

// -----

// A lane reduction gives the element type.
llir.func @f(%a: vector<4xf32>) {
  // expected-error @+1 {{'llir.vreduce_add' op result type f64 does not match the vector element type f32}}
  %c = llir.vreduce_add %a : vector<4xf32> to f64
  llir.return
}

// -----

// Integer comparisons take integer predicates.
llir.func @f(%a: i64) {
  // expected-error @+1 {{'llir.cmp' op predicate olt does not compare integers}}
  %c = llir.cmp olt, %a, %a : i64
  llir.return
}

// -----

// Float comparisons take float predicates.
llir.func @f(%a: f32) {
  // expected-error @+1 {{'llir.cmp' op predicate slt does not compare floats}}
  %c = llir.cmp slt, %a, %a : f32
  llir.return
}

// -----

// select takes llir value types.
llir.func @f(%c: i1, %a: index) {
  // expected-error @+1 {{'llir.select' op index is not an llir type}}
  %r = llir.select %c, %a, %a : index
  llir.return
}

// -----

// Conversions check the kind of their input...
llir.func @f(%a: f32) {
  // expected-error @+1 {{'llir.sitofp' op input must be an integer, got f32}}
  %r = llir.sitofp %a : f32 to f64
  llir.return
}

// -----

// ... and of their result.
llir.func @f(%a: i32) {
  // expected-error @+1 {{'llir.fptosi' op input must be a float, got i32}}
  %r = llir.fptosi %a : i32 to i64
  llir.return
}

// -----

// Extensions widen.
llir.func @f(%a: i64) {
  // expected-error @+1 {{'llir.sext' op result type i32 must be wider than the input type i64}}
  %r = llir.sext %a : i64 to i32
  llir.return
}

// -----

// Truncations narrow.
llir.func @f(%a: i32) {
  // expected-error @+1 {{'llir.trunc' op result type i32 must be narrower than the input type i32}}
  %r = llir.trunc %a : i32 to i32
  llir.return
}

// -----

// Float extensions widen.
llir.func @f(%a: f64) {
  // expected-error @+1 {{'llir.fpext' op result type f32 must be wider than the input type f64}}
  %r = llir.fpext %a : f64 to f32
  llir.return
}

// -----

// Constants have llir types.
llir.func @f() {
  // expected-error @+1 {{index should be of base attribute integer_type}}
  %c = llir.constant 1 : index
  llir.return
}

// -----

// ptradd keeps the pointer type.
llir.func @f(%p: !llir.ptr<f32>, %i: i64) {
  // expected-error @+1 {{'llir.ptradd' op result 'result' at position 0 does not verify:}}
  %q = "llir.ptradd"(%p, %i) : (!llir.ptr<f32>, i64) -> !llir.ptr<f64>
  llir.return
}

// -----

// memcpy sizes are integers.
llir.func @f(%p: !llir.ptr<f32>, %n: f32) {
  // expected-error @+1 {{f32 should be of base attribute integer_type}}
  llir.memcpy %p, %p, %n : !llir.ptr<f32>, !llir.ptr<f32>, f32
  llir.return
}

// -----

// Phis sit at the top of their block.
llir.func @f(i64) {
^entry(%a: i64):
  llir.br ^bb1
^bb1:
  %x = llir.constant 1 : i64
  // expected-error @+1 {{'llir.phi' op llir.phi must be at the top of its block, after other phis only}}
  %y = llir.phi [%a, ^entry] : i64
  llir.return
}

// -----

// A phi has an incoming value for every predecessor...
llir.func @f(i1) {
^entry(%c: i1):
  %x = llir.constant 1 : i64
  llir.cond_br %c, ^a, ^b
^a:
  llir.br ^b
^b:
  // expected-error @+1 {{'llir.phi' op no incoming value for predecessor block #1 of block #2}}
  %y = llir.phi [%x, ^entry] : i64
  llir.return
}

// -----

// ... and only for predecessors...
llir.func @f(i1) {
^entry(%c: i1):
  %x = llir.constant 1 : i64
  llir.cond_br %c, ^a, ^b
^a:
  llir.return
^b:
  // expected-error @+1 {{'llir.phi' op block #1 is not a predecessor of block #2}}
  %y = llir.phi [%x, ^entry], [%x, ^a] : i64
  llir.return
}

// -----

// ... each once.
llir.func @f(i64) {
^entry(%a: i64):
  llir.br ^b
^b:
  // expected-error @+1 {{'llir.phi' op block #0 is listed twice}}
  %y = llir.phi [%a, ^entry], [%a, ^entry] : i64
  llir.return
}

// -----

// The entry block of a function without arguments has no label to name.
llir.func @f() {
^entry:
  %x = llir.constant 1 : i64
  llir.br ^b
^b:
  // expected-error @+1 {{'llir.phi' op the entry block of a function without arguments has no label in MLIR syntax, so it cannot be an incoming block; branch from it to a new block first}}
  %y = llir.phi [%x, ^entry] : i64
  llir.return
}

// -----

// Phis live in the CFG of an llir.func, not in loop bodies.
llir.func @f(%n: i64) {
  llir.for %i = %n to %n step %n : i64 {
    // expected-error @+1 {{'llir.phi' op llir.phi must be in a block of an llir.func body}}
    %y = "llir.phi"(%i) : (i64) -> i64
  }
  llir.return
}

// -----

// A phi is not a terminator.
llir.func @f(i64) {
^entry(%a: i64):
  llir.br ^b
^b:
  // expected-error @+1 {{'llir.phi' op llir.phi cannot end a block}}
  %y = llir.phi [%a, ^entry] : i64
}

// -----

// Incoming values have the phi's type.
llir.func @f(i64, i32) {
^entry(%a: i64, %b: i32):
  llir.br ^b
^b:
  // expected-error @+1 {{'llir.phi' op result 'result' at position 0 does not verify:}}
  %y = "llir.phi"(%b) [^entry] : (i32) -> i64
  llir.return
}

// -----

// SSA dominance: an incoming value dominates the end of its incoming block.
// expected-error @+1 {{'llir.func' op incoming value #1 of llir.phi does not dominate the end of its incoming block #2}}
llir.func @f(i1) {
^entry(%c: i1):
  llir.cond_br %c, ^a, ^b
^a:
  %x = llir.constant 1 : i64
  llir.br ^m
^b:
  llir.br ^m
^m:
  %y = llir.phi [%x, ^a], [%x, ^b] : i64
  llir.return
}

// -----

// SSA dominance: a use is dominated by its definition...
// expected-error @+1 {{'llir.func' op operand #0 of llir.return does not dominate this use}}
llir.func @f(%c: i1) -> i64 {
  llir.cond_br %c, ^a, ^m
^a:
  %x = llir.constant 1 : i64
  llir.br ^m
^m:
  llir.return %x : i64
}

// -----

// ... also within a block.
// expected-error @+1 {{'llir.func' op operand #1 of llir.add does not dominate this use}}
llir.func @f(%a: i64) -> i64 {
  %c = llir.add %a, %b : i64
  %b = llir.constant 1 : i64
  llir.return %c : i64
}

// -----

// Terminators end blocks...
llir.func @f() {
  // expected-error @+1 {{'llir.br' op Operation llir.br with block successors must terminate its parent block}}
  llir.br ^b
  llir.return
^b:
  llir.return
}

// -----

// ... and every block ends with one.
llir.func @f() {
  llir.br ^b
^b:
  // expected-error @+1 {{'llir.constant' op Operation llir.constant terminates block in multi-block region but is not a terminator}}
  %x = llir.constant 1 : i64
}

// -----

// Only the entry block has arguments (phis replace block arguments).
// expected-error @+1 {{'llir.func' op llir.func @f: block #1 has arguments; only the entry block does (use llir.phi)}}
llir.func @f() {
  llir.br ^b
^b(%x: i64):
  llir.return
}

// -----

// The entry block is not a branch target.
// expected-error @+1 {{'llir.func' op llir.func @f: the entry block cannot be a branch target}}
llir.func @f(i64) {
^entry(%a: i64):
  llir.br ^entry
}

// -----

// Branches stay in the function's CFG, out of loop bodies.
llir.func @f(%n: i64) {
  "llir.for"(%n, %n, %n) <{unroll = #llir.unroll<none>}> ({
  ^bb0(%i: i64):
    // expected-error @+1 {{'llir.br' op 'llir.br' expects parent op 'llir.func'}}
    "llir.br"() [^bb0] : () -> ()
  }) : (i64, i64, i64) -> ()
  llir.return
}

// -----

// Branch conditions are i1.
llir.func @f(%c: i32) {
  // expected-error @+1 {{'llir.cond_br' op operand 'cond' at position 0 does not verify:}}
  "llir.cond_br"(%c) [^a, ^a] : (i32) -> ()
^a:
  llir.return
}

// -----

// llir.return returns the function's result type...
llir.func @f(%a: i32) -> i64 {
  // expected-error @+1 {{'llir.return' op returns (i32) but the function returns (i64)}}
  llir.return %a : i32
}

// -----

// ... and returns a value when the function has a result.
llir.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'llir.return' op returns () but the function returns (i32)}}
  llir.return
}

// -----

// A function returns at most one value.
// expected-error @+1 {{'llir.func' op llir.func @f: returns at most one value, got 2}}
llir.func @f(i32) -> (i32, i32)

// -----

// The entry block arguments are the function inputs.
// expected-error @+1 {{'llir.func' op llir.func @f: entry block argument types (i32) do not match the function inputs (i64)}}
"llir.func"() <{sym_name = "f", function_type = (i64) -> (), layout = #llir.layout<row_major>}> ({
^bb0(%a: i32):
  llir.return
}) : () -> ()

// -----

// Loop bodies end with llir.yield (llir.return ends function blocks only).
llir.func @f(%n: i64) {
  // expected-error @+1 {{'llir.for' terminates with operation llir.return instead of llir.yield}}
  llir.for %i = %n to %n step %n : i64 {
    llir.return
  }
  llir.return
}

// -----

// Loop bounds and step have one integer type.
llir.func @f(%a: i64, %b: i32) {
  // expected-error @+1 {{'llir.for' op operand 'ub' at position 1 does not verify:}}
  "llir.for"(%a, %b, %a) <{unroll = #llir.unroll<none>}> ({
  ^bb0(%i: i64):
    llir.yield
  }) : (i64, i32, i64) -> ()
  llir.return
}

// -----

// llir.yield passes the loop-carried types.
llir.func @f(%n: i64, %z: f32) {
  // expected-error @+1 {{'llir.for' op llir.yield passes (i64) but the loop carries (f32)}}
  %r = llir.for %i = %n to %n step %n iter_args(%acc = %z) -> (f32) : i64 {
    llir.yield %i : i64
  }
  llir.return
}

// -----

// A loop with loop-carried values must yield them.
llir.func @f(%n: i64, %z: f32) {
  %r = llir.for %i = %n to %n step %n iter_args(%acc = %z) -> (f32) : i64 {
    // expected-error @+1 {{'llir.add' op Operation llir.add terminates block in single-block region but is not a terminator}}
    %x = llir.add %acc, %acc : f32
  }
  llir.return
}

// -----

// The body's arguments are the induction variable and the loop-carried values.
llir.func @f(%n: i64, %z: f32) {
  // expected-error @+1 {{'llir.for' op body block arguments must be the induction variable and the loop-carried values, of types (i64, f32)}}
  %r = "llir.for"(%n, %n, %n, %z) <{unroll = #llir.unroll<none>}> ({
  ^bb0(%i: i64, %acc: f64):
    llir.yield %z : f32
  }) : (i64, i64, i64, f32) -> f32
  llir.return
}

// -----

// The loop results are the loop-carried values.
llir.func @f(%n: i64, %z: f32) {
  // expected-error @+1 {{'llir.for' op result types must be the loop-carried types (f32)}}
  %r = "llir.for"(%n, %n, %n, %z) <{unroll = #llir.unroll<none>}> ({
  ^bb0(%i: i64, %acc: f32):
    llir.yield %z : f32
  }) : (i64, i64, i64, f32) -> f64
  llir.return
}

// -----

// llir.yield only ends loop bodies.
llir.func @f() {
  // expected-error @+1 {{'llir.yield' op 'llir.yield' expects parent op 'llir.for'}}
  llir.yield
}

// -----

// Calls name an existing function...
llir.func @f() {
  // expected-error @+1 {{'llir.call' op no function named @g}}
  llir.call @g() : () -> ()
  llir.return
}

// -----

// ... with its signature.
llir.func @g(%a: i64) -> i64 {
  llir.return %a : i64
}
llir.func @f(%a: i32) {
  // expected-error @+1 {{'llir.call' op type (i64) -> i64 of @g does not match the call (i32) -> (i64)}}
  %r = llir.call @g(%a) : (i32) -> i64
  llir.return
}

// -----

// Empty blocks have no terminator either.
// expected-error @+1 {{'llir.func' op llir.func @f: block #1 does not end with a terminator}}
llir.func @f() {
  llir.br ^b
^b:
^c:
  llir.return
}

// -----

// A phi pairs each incoming value with an incoming block.
llir.func @f(i64) {
^entry(%a: i64):
  llir.br ^b
^b:
  // expected-error @+1 {{'llir.phi' op 2 incoming values for 1 incoming blocks}}
  %y = "llir.phi"(%a, %a) [^entry] : (i64, i64) -> i64
  llir.return
}

// -----

// A phi has at least one incoming value.
llir.func @f() {
  llir.br ^b
^b:
  // expected-error @+1 {{'llir.phi' op llir.phi needs at least one incoming value}}
  %y = "llir.phi"() : () -> i64
  llir.return
}

// -----

// Function signatures use llir types.
// expected-error @+1 {{'llir.func' op llir.func @f: input #1 has type index, which is not an llir type}}
llir.func @f(i64, index)

// -----

// A recorded tensor signature must be how the function is passed its arrays: a pointer
// per tensor, index as i64, and one output pointer per result.
// expected-error @+1 {{'llir.func' op llir.func @f: type (!llir.ptr<f32>) -> () does not match llir.tensor_signature (tensor<2xf32>, index) -> tensor<2xf32>, which is passed as (!llir.ptr<f32>, i64, !llir.ptr<f32>) -> ()}}
llir.func @f(%x: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2xf32>, index) -> tensor<2xf32>} {
  llir.return
}

// -----

// expected-error @+1 {{'llir.func' op llir.func @f: llir.tensor_signature must be a function type, got "main"}}
llir.func @f() attributes {llir.tensor_signature = "main"} {
  llir.return
}

// -----

// expected-error @+1 {{'llir.func' op llir.func @f: llir.tensor_signature (tensor<?xf32>) -> () has a type llir cannot pass}}
llir.func @f(%x: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<?xf32>) -> ()} {
  llir.return
}

// -----

// An llir.constant of a vector type takes a 1-D vector of scalars.
llir.func @f() {
  // expected-error @+1 {{'llir.constant' op expected a 1-D fixed-width vector of i1, i8, i16, i32, i64, f16, f32 or f64, got vector<2x2xi32>}}
  %c = llir.constant dense<1> : vector<2x2xi32>
  llir.return
}

// -----

// sitofp gives a float.
llir.func @f(%a: i32) {
  // expected-error @+1 {{'llir.sitofp' op result must be a float, got i64}}
  %r = llir.sitofp %a : i32 to i64
  llir.return
}

// -----

// A splat gives a 1-D vector.
llir.func @f(%a: f32) {
  // expected-error @+1 {{'llir.splat' op expected a 1-D fixed-width vector of i1, i8, i16, i32, i64, f16, f32 or f64, got vector<2x4xf32>}}
  %c = llir.splat %a : f32 to vector<2x4xf32>
  llir.return
}

// -----

// vreduce_add sums a 1-D vector.
llir.func @f(%a: vector<2x4xf32>) {
  // expected-error @+1 {{'llir.vreduce_add' op expected a 1-D fixed-width vector of i1, i8, i16, i32, i64, f16, f32 or f64, got vector<2x4xf32>}}
  %c = llir.vreduce_add %a : vector<2x4xf32> to f32
  llir.return
}

// -----

// llir.call calls an llir.func.
func.func private @g()
llir.func @f() {
  // expected-error @+1 {{'llir.call' op @g is not an llir.func}}
  llir.call @g() : () -> ()
  llir.return
}

// -----

// llir floats are f16, f32 and f64.
llir.func @f() {
  // expected-error @+1 {{'llir.constant' op expected a signless integer, f16, f32, f64 or vector constant, got bf16}}
  %c = llir.constant 1.0 : bf16
  llir.return
}

// -----

// A global's elements are of a type llir holds in memory.
// expected-error @+1 {{'llir.global' op element type i4 of @g is not an llir memory type (a signless integer of 1, 8, 16, 32 or 64 bits, f16, f32 or f64)}}
llir.global @g = dense<[1, 2]> : tensor<2xi4>

// -----

// A global's alignment is a power of two...
// expected-error @+1 {{'llir.global' op alignment 24 of @g is not a power of two}}
llir.global @g align 24 = dense<[1.0, 2.0]> : tensor<2xf32>

// -----

// ... and at least its element size.
// expected-error @+1 {{'llir.global' op alignment 4 of @g is smaller than the element size 8}}
llir.global @g align 4 = dense<[1.0, 2.0]> : tensor<2xf64>

// -----

// Globals live at the top of a module.
llir.func @f() {
  // expected-error @+1 {{'llir.global' op 'llir.global' expects parent op 'builtin.module'}}
  "llir.global"() <{sym_name = "g", value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> ()
  llir.return
}

// -----

// llir.addressof names a global of the module...
llir.func @f() {
  // expected-error @+1 {{'llir.addressof' op no llir.global named @missing}}
  %p = llir.addressof @missing : !llir.ptr<f32>
  llir.return
}

// -----

// ... which is not a function...
llir.func @f() {
  // expected-error @+1 {{'llir.addressof' op no llir.global named @f}}
  %p = llir.addressof @f : !llir.ptr<f32>
  llir.return
}

// -----

// ... and points to its element type.
llir.global @g = dense<[1.0, 2.0]> : tensor<2xf32>
llir.func @f() {
  // expected-error @+1 {{'llir.addressof' op result type !llir.ptr<f64> does not match the element type f32 of @g}}
  %p = llir.addressof @g : !llir.ptr<f64>
  llir.return
}

// -----

// Globals are read only: a store through a pointer derived from llir.addressof...
llir.global @g = dense<[1.0, 2.0]> : tensor<2xf32>
llir.func @f(%x: f32) {
  %c1 = llir.constant 1 : i64
  %p = llir.addressof @g : !llir.ptr<f32>
  %q = llir.ptradd %p, %c1 : !llir.ptr<f32>, i64
  // expected-error @+1 {{'llir.store' op writes into the read-only global @g}}
  llir.store %x, %q : f32, !llir.ptr<f32>
  llir.return
}

// -----

// ... a vector store through a cast of it...
llir.global @g = dense<[1.0, 2.0]> : tensor<2xf32>
llir.func @f(%x: vector<2xi32>) {
  %p = llir.addressof @g : !llir.ptr<f32>
  %q = llir.ptrcast %p : !llir.ptr<f32> to !llir.ptr<i32>
  // expected-error @+1 {{'llir.vstore' op writes into the read-only global @g}}
  llir.vstore %x, %q : vector<2xi32>, !llir.ptr<i32>
  llir.return
}

// -----

// ... or a copy into it are errors (reading from it is fine).
llir.global @g = dense<[1.0, 2.0]> : tensor<2xf32>
llir.func @f(%a: !llir.ptr<f32>) {
  %n = llir.constant 8 : i64
  %p = llir.addressof @g : !llir.ptr<f32>
  llir.memcpy %a, %p, %n : !llir.ptr<f32>, !llir.ptr<f32>, i64
  // expected-error @+1 {{'llir.memcpy' op writes into the read-only global @g}}
  llir.memcpy %p, %a, %n : !llir.ptr<f32>, !llir.ptr<f32>, i64
  llir.return
}
