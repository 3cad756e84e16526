// RUN: xdsl-opt %s -p llir-annotate-unroll-hints | filecheck %s

// unroll: an innermost loop of at most 4 constant trips; unroll_and_jam: a loop of
// constant trips around exactly one such loop; nothing otherwise. A loop that has a
// hint keeps it.
llir.func @f(%n: i64) {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %c3 = llir.constant 3 : i64
  %c4 = llir.constant 4 : i64
  %c5 = llir.constant 5 : i64
  %c8 = llir.constant 8 : i64
  llir.for %a = %c0 to %c4 step %c1 : i64 {
  }
  llir.for %b = %c0 to %c5 step %c1 : i64 {
  }
  llir.for %c = %c0 to %c8 step %c3 : i64 {
  }
  llir.for %d = %c0 to %n step %c1 : i64 {
  }
  llir.for %e = %c0 to %c8 step %c1 : i64 {
    llir.for %f = %c0 to %c3 step %c1 : i64 {
    }
  }
  llir.for %g = %c0 to %c8 step %c1 : i64 {
    llir.for %h = %c0 to %c3 step %c1 : i64 {
    }
    llir.for %i = %c0 to %c3 step %c1 : i64 {
    }
  }
  llir.for unroll_and_jam %j = %c0 to %n step %c1 : i64 {
  }
  llir.return
}

// CHECK:      llir.for unroll %a = %c0 to %c4 step %c1 : i64 {
// CHECK:      llir.for %b = %c0 to %c5 step %c1 : i64 {
// CHECK:      llir.for unroll %c = %c0 to %c8 step %c3 : i64 {
// CHECK:      llir.for %d = %c0 to %n step %c1 : i64 {
// CHECK:      llir.for unroll_and_jam %e = %c0 to %c8 step %c1 : i64 {
// CHECK-NEXT:   llir.for unroll %f = %c0 to %c3 step %c1 : i64 {
// CHECK:      llir.for %g = %c0 to %c8 step %c1 : i64 {
// CHECK-NEXT:   llir.for unroll %h = %c0 to %c3 step %c1 : i64 {
// CHECK:        llir.for unroll %i = %c0 to %c3 step %c1 : i64 {
// CHECK:      llir.for unroll_and_jam %j = %c0 to %n step %c1 : i64 {
