// RUN: nnstack-opt %s -p convert-llir-to-llvm --verify-diagnostics --split-input-file

// The pass fails, before changing anything, at each op inside an llir.func that is not llir.

llir.func @foreign(%a: i64) -> i64 {
  // expected-error @+1 {{cannot lower arith.addi: no lowering to the llvm dialect}}
  %b = arith.addi %a, %a : i64
  llir.return %b : i64
}

// -----

// A function may not take the name of a C function the native code calls (its libm
// sin / cos / ..., calloc / free) or of the error globals.

// expected-error @+1 {{@sin is the name of a C library function or global the native code uses; rename the function}}
llir.func @sin(%x: f32) -> f32 {
  %r = llir.sin %x : f32
  llir.return %r : f32
}

// expected-error @+1 {{@free is the name of a C library function or global the native code uses; rename the function}}
llir.func @free(%x: i64) -> i64 {
  llir.return %x : i64
}

llir.func @tanh_ok(%x: f32) -> f32 {
  %r = llir.tanh %x : f32
  llir.return %r : f32
}

// -----

// Nor may a global (the data section) take one of those names.

// expected-error @+1 {{@calloc is the name of a C library function or global the native code uses; rename the global}}
llir.global @calloc = dense<[1.0, 2.0]> : tensor<2xf32>

// expected-error @+1 {{@nnstack_error_site is the name of a C library function or global the native code uses; rename the global}}
llir.global @nnstack_error_site = dense<[1, 2]> : tensor<2xi64>

llir.global @table = dense<[1.0, 2.0]> : tensor<2xf32>
