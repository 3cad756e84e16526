// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// Every llir op, in its custom syntax; both RUN lines must give this text back.

// CHECK-LABEL: llir.func @memory(%a: !llir.ptr<f32>, %n: i64) {
llir.func @memory(%a: !llir.ptr<f32>, %n: i64) {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %bytes = llir.constant 16 : i64
  // CHECK:      %p = llir.alloc_buffer 64 : !llir.ptr<f32>
  // CHECK-NEXT: %q = llir.alloc_buffer 256 align 32 : !llir.ptr<f64>
  %p = llir.alloc_buffer 64 : !llir.ptr<f32>
  %q = llir.alloc_buffer 256 align 32 : !llir.ptr<f64>
  // CHECK-NEXT: %x = llir.load %a[%n : i64] : !llir.ptr<f32> -> f32
  // CHECK-NEXT: %x0 = llir.load %a : !llir.ptr<f32> -> f32
  // CHECK-NEXT: llir.store %x, %p[%c1 : i64] : f32, !llir.ptr<f32>
  // CHECK-NEXT: llir.store %x0, %p : f32, !llir.ptr<f32>
  %x = llir.load %a[%n : i64] : !llir.ptr<f32> -> f32
  %x0 = llir.load %a : !llir.ptr<f32> -> f32
  llir.store %x, %p[%c1 : i64] : f32, !llir.ptr<f32>
  llir.store %x0, %p : f32, !llir.ptr<f32>
  // CHECK-NEXT: %v = llir.vload %p[%c0 : i64] : !llir.ptr<f32> -> vector<4xf32>
  // CHECK-NEXT: llir.vstore %v, %p[%c1 : i64] : vector<4xf32>, !llir.ptr<f32>
  // CHECK-NEXT: %v8 = llir.vload %q : !llir.ptr<f64> -> vector<8xf64>
  // CHECK-NEXT: llir.vstore %v8, %q : vector<8xf64>, !llir.ptr<f64>
  %v = llir.vload %p[%c0 : i64] : !llir.ptr<f32> -> vector<4xf32>
  llir.vstore %v, %p[%c1 : i64] : vector<4xf32>, !llir.ptr<f32>
  %v8 = llir.vload %q : !llir.ptr<f64> -> vector<8xf64>
  llir.vstore %v8, %q : vector<8xf64>, !llir.ptr<f64>
  // CHECK-NEXT: llir.memcpy %p, %a, %bytes : !llir.ptr<f32>, !llir.ptr<f32>, i64
  // CHECK-NEXT: %r = llir.ptradd %p, %c1 : !llir.ptr<f32>, i64
  // CHECK-NEXT: %r8 = llir.ptrcast %r : !llir.ptr<f32> to !llir.ptr<i8>
  llir.memcpy %p, %a, %bytes : !llir.ptr<f32>, !llir.ptr<f32>, i64
  %r = llir.ptradd %p, %c1 : !llir.ptr<f32>, i64
  %r8 = llir.ptrcast %r : !llir.ptr<f32> to !llir.ptr<i8>
  // CHECK-NEXT: llir.free_buffer %p : !llir.ptr<f32>
  // CHECK-NEXT: llir.free_buffer %q : !llir.ptr<f64>
  // CHECK-NEXT: llir.return
  llir.free_buffer %p : !llir.ptr<f32>
  llir.free_buffer %q : !llir.ptr<f64>
  llir.return
}

// CHECK-LABEL: llir.func @arith(%i: i32, %f: f32, %d: f64, %h: f16) -> i1 {
llir.func @arith(%i: i32, %f: f32, %d: f64, %h: f16) -> i1 {
  // CHECK-NEXT: %ci = llir.constant 7 : i32
  // CHECK-NEXT: %cf = llir.constant 1.500000e+00 : f32
  // CHECK-NEXT: %ct = llir.constant true
  // CHECK-NEXT: %cv = llir.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
  %ci = llir.constant 7 : i32
  %cf = llir.constant 1.5 : f32
  %ct = llir.constant true
  %cv = llir.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  // CHECK-NEXT: %0 = llir.add %i, %ci : i32
  // CHECK-NEXT: %1 = llir.sub %f, %cf : f32
  // CHECK-NEXT: %2 = llir.mul %d, %d : f64
  // CHECK-NEXT: %3 = llir.div %i, %ci : i32
  // CHECK-NEXT: %4 = llir.rem %f, %cf : f32
  // CHECK-NEXT: %5 = llir.min %h, %h : f16
  // CHECK-NEXT: %6 = llir.max %i, %ci : i32
  %0 = llir.add %i, %ci : i32
  %1 = llir.sub %f, %cf : f32
  %2 = llir.mul %d, %d : f64
  %3 = llir.div %i, %ci : i32
  %4 = llir.rem %f, %cf : f32
  %5 = llir.min %h, %h : f16
  %6 = llir.max %i, %ci : i32
  // CHECK-NEXT: %7 = llir.and %ct, %ct : i1
  // CHECK-NEXT: %8 = llir.or %i, %ci : i32
  // CHECK-NEXT: %9 = llir.xor %i, %ci : i32
  // CHECK-NEXT: %10 = llir.shl %i, %ci : i32
  // CHECK-NEXT: %11 = llir.shr %i, %ci : i32
  %7 = llir.and %ct, %ct : i1
  %8 = llir.or %i, %ci : i32
  %9 = llir.xor %i, %ci : i32
  %10 = llir.shl %i, %ci : i32
  %11 = llir.shr %i, %ci : i32
  // CHECK-NEXT: %udiv = llir.udiv %i, %ci : i32
  // CHECK-NEXT: %urem = llir.urem %i, %ci : i32
  // CHECK-NEXT: %umin = llir.umin %i, %ci : i32
  // CHECK-NEXT: %umax = llir.umax %i, %ci : i32
  // CHECK-NEXT: %ushr = llir.ushr %i, %ci : i32
  %udiv = llir.udiv %i, %ci : i32
  %urem = llir.urem %i, %ci : i32
  %umin = llir.umin %i, %ci : i32
  %umax = llir.umax %i, %ci : i32
  %ushr = llir.ushr %i, %ci : i32
  // CHECK-NEXT: %12 = llir.neg %i : i32
  // CHECK-NEXT: %13 = llir.abs %f : f32
  // CHECK-NEXT: %14 = llir.sqrt %d : f64
  // CHECK-NEXT: %15 = llir.exp %f : f32
  // CHECK-NEXT: %16 = llir.log %h : f16
  %12 = llir.neg %i : i32
  %13 = llir.abs %f : f32
  %14 = llir.sqrt %d : f64
  %15 = llir.exp %f : f32
  %16 = llir.log %h : f16
  // CHECK-NEXT: %17 = llir.cmp slt, %i, %ci : i32
  // CHECK-NEXT: %18 = llir.cmp ugt, %i, %ci : i32
  // CHECK-NEXT: %19 = llir.cmp olt, %f, %cf : f32
  // CHECK-NEXT: %20 = llir.cmp uno, %d, %d : f64
  // CHECK-NEXT: %21 = llir.select %17, %f, %cf : f32
  %17 = llir.cmp slt, %i, %ci : i32
  %18 = llir.cmp ugt, %i, %ci : i32
  %19 = llir.cmp olt, %f, %cf : f32
  %20 = llir.cmp uno, %d, %d : f64
  %21 = llir.select %17, %f, %cf : f32
  // CHECK-NEXT: %22 = llir.sitofp %i : i32 to f32
  // CHECK-NEXT: %23 = llir.uitofp %i : i32 to f64
  // CHECK-NEXT: %24 = llir.fptosi %f : f32 to i64
  // CHECK-NEXT: %25 = llir.fptoui %d : f64 to i8
  // CHECK-NEXT: %26 = llir.sext %i : i32 to i64
  // CHECK-NEXT: %27 = llir.zext %ct : i1 to i32
  // CHECK-NEXT: %28 = llir.trunc %i : i32 to i16
  // CHECK-NEXT: %29 = llir.fpext %h : f16 to f32
  // CHECK-NEXT: %30 = llir.fptrunc %d : f64 to f16
  %22 = llir.sitofp %i : i32 to f32
  %23 = llir.uitofp %i : i32 to f64
  %24 = llir.fptosi %f : f32 to i64
  %25 = llir.fptoui %d : f64 to i8
  %26 = llir.sext %i : i32 to i64
  %27 = llir.zext %ct : i1 to i32
  %28 = llir.trunc %i : i32 to i16
  %29 = llir.fpext %h : f16 to f32
  %30 = llir.fptrunc %d : f64 to f16
  // CHECK-NEXT: %31 = llir.vadd %cv, %cv : vector<4xf32>
  // CHECK-NEXT: %32 = llir.vmul %31, %cv : vector<4xf32>
  // CHECK-NEXT: %33 = llir.splat %d : f64 to vector<8xf64>
  // CHECK-NEXT: %34 = llir.vmul %33, %33 : vector<8xf64>
  // CHECK-NEXT: %35 = llir.vreduce_add %34 : vector<8xf64> to f64
  // CHECK-NEXT: %36 = llir.vfma %31, %32, %cv : vector<4xf32>
  // CHECK-NEXT: %37 = llir.vmax %34, %33 : vector<8xf64>
  // CHECK-NEXT: llir.return %17 : i1
  %31 = llir.vadd %cv, %cv : vector<4xf32>
  %32 = llir.vmul %31, %cv : vector<4xf32>
  %33 = llir.splat %d : f64 to vector<8xf64>
  %34 = llir.vmul %33, %33 : vector<8xf64>
  %35 = llir.vreduce_add %34 : vector<8xf64> to f64
  %36 = llir.vfma %31, %32, %cv : vector<4xf32>
  %37 = llir.vmax %34, %33 : vector<8xf64>
  llir.return %17 : i1
}

// A phi naming the entry block: the body is printed with the entry label.
// CHECK-LABEL: llir.func @sum(!llir.ptr<f32>, i64) -> f32 {
// CHECK-NEXT:  ^entry(%a: !llir.ptr<f32>, %n: i64):
// CHECK:         llir.br ^header
// CHECK-NEXT:  ^header:
// CHECK-NEXT:    %i = llir.phi [%c0, ^entry], [%next, ^body] : i64
// CHECK-NEXT:    %acc = llir.phi [%zero, ^entry], [%s, ^body] : f32
// CHECK-NEXT:    %more = llir.cmp slt, %i, %n : i64
// CHECK-NEXT:    llir.cond_br %more, ^body, ^exit
// CHECK-NEXT:  ^body:
// CHECK:         llir.br ^header
// CHECK-NEXT:  ^exit:
// CHECK-NEXT:    llir.return %acc : f32
// GENERIC: %i = "llir.phi"(%c0, %next) [^entry, ^body] : (i64, i64) -> i64
llir.func @sum(!llir.ptr<f32>, i64) -> f32 {
^entry(%a: !llir.ptr<f32>, %n: i64):
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %zero = llir.constant 0.0 : f32
  llir.br ^header
^header:
  %i = llir.phi [%c0, ^entry], [%next, ^body] : i64
  %acc = llir.phi [%zero, ^entry], [%s, ^body] : f32
  %more = llir.cmp slt, %i, %n : i64
  llir.cond_br %more, ^body, ^exit
^body:
  %x = llir.load %a[%i : i64] : !llir.ptr<f32> -> f32
  %s = llir.add %acc, %x : f32
  %next = llir.add %i, %c1 : i64
  llir.br ^header
^exit:
  llir.return %acc : f32
}

// CHECK-LABEL: llir.func kernel column_major @loops(%a: !llir.ptr<f32>, %n: i32) -> f32 attributes {origin = "test"} {
// CHECK:         %sum = llir.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
// CHECK-NEXT:      %x = llir.load %a[%i : i32] : !llir.ptr<f32> -> f32
// CHECK-NEXT:      %s = llir.add %acc, %x : f32
// CHECK-NEXT:      llir.yield %s : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    llir.for unroll %j = %c0 to %n step %c1 : i32 {
// CHECK-NEXT:      llir.store %sum, %a[%j : i32] : f32, !llir.ptr<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    llir.for unroll_and_jam %k = %c0 to %n step %c1 : i32 {
// CHECK-NEXT:    }
// CHECK-NEXT:    %wide = llir.sext %n : i32 to i64
// CHECK-NEXT:    %r = llir.call @sum(%a, %wide) : (!llir.ptr<f32>, i64) -> f32
// CHECK-NEXT:    llir.return %r : f32
// GENERIC: "llir.func"() <{sym_name = "loops", function_type = (!llir.ptr<f32>, i32) -> f32, is_kernel, layout = #llir.layout<column_major>}>
// GENERIC: "llir.for"(%c0, %n, %c1) <{unroll = #llir.unroll<unroll_and_jam>}> ({
llir.func kernel column_major @loops(%a: !llir.ptr<f32>, %n: i32) -> f32 attributes {origin = "test"} {
  %c0 = llir.constant 0 : i32
  %c1 = llir.constant 1 : i32
  %zero = llir.constant 0.0 : f32
  %sum = llir.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %x = llir.load %a[%i : i32] : !llir.ptr<f32> -> f32
    %s = llir.add %acc, %x : f32
    llir.yield %s : f32
  }
  llir.for unroll %j = %c0 to %n step %c1 : i32 {
    llir.store %sum, %a[%j : i32] : f32, !llir.ptr<f32>
  }
  llir.for unroll_and_jam %k = %c0 to %n step %c1 : i32 {
  }
  %wide = llir.sext %n : i32 to i64
  %r = llir.call @sum(%a, %wide) : (!llir.ptr<f32>, i64) -> f32
  llir.return %r : f32
}

// row_major is the default layout, so it is not printed.
// CHECK-LABEL: llir.func @explicit_default() {
// CHECK-NEXT:    llir.return
llir.func row_major @explicit_default() {
  llir.return
}

// A declaration.
// CHECK-LABEL: llir.func @ext(i64, !llir.ptr<i8>) -> i64
llir.func @ext(i64, !llir.ptr<i8>) -> i64

// Argument and result attributes of a function, discardable attributes of a loop.
// CHECK-LABEL: llir.func @attributes(%a: !llir.ptr<f32> {llvm.noalias}, %n: i32) -> (f32 {llvm.align = 4 : i64}) {
// CHECK:         llir.for %i = %c0 to %n step %c1 : i32 attributes {origin = "test"} {
// CHECK-NEXT:      llir.store %zero, %a[%i : i32] : f32, !llir.ptr<f32>
// CHECK-NEXT:    }
llir.func @attributes(%a: !llir.ptr<f32> {llvm.noalias}, %n: i32) -> (f32 {llvm.align = 4 : i64}) {
  %c0 = llir.constant 0 : i32
  %c1 = llir.constant 1 : i32
  %zero = llir.constant 0.0 : f32
  llir.for %i = %c0 to %n step %c1 : i32 attributes {origin = "test"} {
    llir.store %zero, %a[%i : i32] : f32, !llir.ptr<f32>
  }
  llir.return %zero : f32
}

// The data section: read-only globals with a dense initializer (align 16, the
// default, is not printed), and their addresses.
// CHECK-LABEL: llir.global @table align 64 = dense<[1.500000e+00, -2.000000e+00, 4.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:  llir.global @indices = dense<{{\[}}[0, 1], [2, 3]]> : tensor<2x2xi64>
// CHECK-NEXT:  llir.global @flags = dense<[true, false]> : tensor<2xi1>
// CHECK-LABEL: llir.func @globals(%n: i64) -> f32 {
// CHECK-NEXT:    %t = llir.addressof @table : !llir.ptr<f32>
// CHECK-NEXT:    %i = llir.addressof @indices : !llir.ptr<i64>
// CHECK-NEXT:    %k = llir.load %i[%n : i64] : !llir.ptr<i64> -> i64
// CHECK-NEXT:    %x = llir.load %t[%k : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:    llir.return %x : f32
// CHECK-NEXT:  }
// GENERIC: "llir.global"() <{sym_name = "table", alignment = 64 : i64, value = dense<[1.500000e+00, -2.000000e+00, 4.000000e+00]> : tensor<3xf32>}> : () -> ()
// GENERIC: %t = "llir.addressof"() <{global_name = @table}> : () -> !llir.ptr<f32>
llir.global @table align 64 = dense<[1.5, -2.0, 4.0]> : tensor<3xf32>
llir.global @indices align 16 = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>
llir.global @flags = dense<[true, false]> : tensor<2xi1>
llir.func @globals(%n: i64) -> f32 {
  %t = llir.addressof @table : !llir.ptr<f32>
  %i = llir.addressof @indices : !llir.ptr<i64>
  %k = llir.load %i[%n : i64] : !llir.ptr<i64> -> i64
  %x = llir.load %t[%k : i64] : !llir.ptr<f32> -> f32
  llir.return %x : f32
}

// CHECK-LABEL: llir.func @rounding(%f: f32, %h: f16, %d: f64) -> f32 {
// CHECK-NEXT:    %0 = llir.floor %f : f32
// CHECK-NEXT:    %1 = llir.floor %h : f16
// CHECK-NEXT:    %2 = llir.floor %d : f64
// CHECK-NEXT:    %3 = llir.ceil %f : f32
// CHECK-NEXT:    %4 = llir.ceil %h : f16
// CHECK-NEXT:    %5 = llir.ceil %d : f64
// CHECK-NEXT:    %6 = llir.roundeven %f : f32
// CHECK-NEXT:    %7 = llir.roundeven %h : f16
// CHECK-NEXT:    %8 = llir.roundeven %d : f64
// CHECK-NEXT:    llir.return %0 : f32
// GENERIC: %0 = "llir.floor"(%f) : (f32) -> f32
// GENERIC: %3 = "llir.ceil"(%f) : (f32) -> f32
// GENERIC: %6 = "llir.roundeven"(%f) : (f32) -> f32
llir.func @rounding(%f: f32, %h: f16, %d: f64) -> f32 {
  %0 = llir.floor %f : f32
  %1 = llir.floor %h : f16
  %2 = llir.floor %d : f64
  %3 = llir.ceil %f : f32
  %4 = llir.ceil %h : f16
  %5 = llir.ceil %d : f64
  %6 = llir.roundeven %f : f32
  %7 = llir.roundeven %h : f16
  %8 = llir.roundeven %d : f64
  llir.return %0 : f32
}
