// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// Every mir op in its custom syntax; the generic form round-trips to the same text.

func.func @elementwise(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %i: tensor<4xi32>) -> tensor<2x3xf32> {
  %add = mir.broadcast_add %a, %b broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %sub = mir.broadcast_sub %add, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %mul = mir.broadcast_mul %sub, %a broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %div = mir.broadcast_div %mul, %a broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %max = mir.broadcast_max %div, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %min = mir.broadcast_min %max, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %idiv = mir.broadcast_div %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %irem = mir.broadcast_rem %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %imod = mir.broadcast_mod %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %ishl = mir.broadcast_shl %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %ishr = mir.broadcast_shr %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %udiv = mir.broadcast_udiv %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %urem = mir.broadcast_urem %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %umax = mir.broadcast_umax %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %umin = mir.broadcast_umin %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %ushr = mir.broadcast_ushr %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %ult = mir.broadcast_cmp ult %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %umaxr = mir.reduce umax %i axes = [0] keep_dims = false : (tensor<4xi32>) -> tensor<i32>
  %ucast = mir.cast unsigned %i : (tensor<4xi32>) -> tensor<4xf32>
  %sqrt = mir.sqrt %min : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %exp = mir.exp %sqrt : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %neg = mir.neg %exp : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %ineg = mir.neg %idiv : (tensor<4xi32>) -> tensor<4xi32>
  func.return %neg : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @elementwise
// CHECK-NEXT:    %add = mir.broadcast_add %a, %b broadcast_shape = [2, 3] : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %sub = mir.broadcast_sub %add, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %mul = mir.broadcast_mul %sub, %a broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %div = mir.broadcast_div %mul, %a broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %max = mir.broadcast_max %div, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %min = mir.broadcast_min %max, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %idiv = mir.broadcast_div %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %irem = mir.broadcast_rem %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %imod = mir.broadcast_mod %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %ishl = mir.broadcast_shl %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %ishr = mir.broadcast_shr %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %udiv = mir.broadcast_udiv %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %urem = mir.broadcast_urem %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %umax = mir.broadcast_umax %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %umin = mir.broadcast_umin %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %ushr = mir.broadcast_ushr %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %ult = mir.broadcast_cmp ult %i, %i broadcast_shape = [4] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT:    %umaxr = mir.reduce umax %i axes = [0] keep_dims = false : (tensor<4xi32>) -> tensor<i32>
// CHECK-NEXT:    %ucast = mir.cast unsigned %i : (tensor<4xi32>) -> tensor<4xf32>
// CHECK-NEXT:    %sqrt = mir.sqrt %min : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %exp = mir.exp %sqrt : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %neg = mir.neg %exp : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %ineg = mir.neg %idiv : (tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    func.return %neg : tensor<2x3xf32>

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "elementwise"
// CHECK-GENERIC:         %add = "mir.broadcast_add"(%a, %b) <{broadcast_shape = array<i64: 2, 3>}> : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC:         %ucast = "mir.cast"(%i) <{unsigned}> : (tensor<4xi32>) -> tensor<4xf32>
// CHECK-GENERIC:         %sqrt = "mir.sqrt"(%min) : (tensor<2x3xf32>) -> tensor<2x3xf32>

func.func @conv_pool_matmul(%x: tensor<1x9x9x4xf32>, %w: tensor<3x3x2x6xf32>, %l: tensor<2x5x3xf32>, %r: tensor<3x7xf32>) {
  %conv = mir.conv %x, %w input_shape = [1, 9, 9, 4] weight_shape = [3, 3, 2, 6] output_shape = [1, 3, 5, 6] kernel_size = [3, 3] stride = [2, 2] padding = [0, 1, 1, 2] dilation = [2, 1] groups = 2 : (tensor<1x9x9x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x3x5x6xf32>
  %max = mir.pool max %x input_shape = [1, 9, 9, 4] output_shape = [1, 5, 5, 4] kernel_size = [3, 3] stride = [2, 2] padding = [1, 1, 2, 2] dilation = [1, 1] : (tensor<1x9x9x4xf32>) -> tensor<1x5x5x4xf32>
  %avg = mir.pool avg %x input_shape = [1, 9, 9, 4] output_shape = [1, 3, 3, 4] kernel_size = [3, 3] stride = [3, 3] padding = [0, 0, 0, 0] dilation = [1, 1] : (tensor<1x9x9x4xf32>) -> tensor<1x3x3x4xf32>
  %sum = mir.pool sum %x input_shape = [1, 9, 9, 4] output_shape = [1, 4, 4, 4] kernel_size = [2, 2] stride = [2, 2] padding = [0, 0, 0, 0] dilation = [2, 2] : (tensor<1x9x9x4xf32>) -> tensor<1x4x4x4xf32>
  %mm = mir.matmul %l, %r : (tensor<2x5x3xf32>, tensor<3x7xf32>) -> tensor<2x5x7xf32>
  func.return
}

// CHECK-LABEL: func.func @conv_pool_matmul
// CHECK-NEXT:    %conv = mir.conv %x, %w input_shape = [1, 9, 9, 4] weight_shape = [3, 3, 2, 6] output_shape = [1, 3, 5, 6] kernel_size = [3, 3] stride = [2, 2] padding = [0, 1, 1, 2] dilation = [2, 1] groups = 2 : (tensor<1x9x9x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x3x5x6xf32>
// CHECK-NEXT:    %max = mir.pool max %x input_shape = [1, 9, 9, 4] output_shape = [1, 5, 5, 4] kernel_size = [3, 3] stride = [2, 2] padding = [1, 1, 2, 2] dilation = [1, 1] : (tensor<1x9x9x4xf32>) -> tensor<1x5x5x4xf32>
// CHECK-NEXT:    %avg = mir.pool avg %x input_shape = [1, 9, 9, 4] output_shape = [1, 3, 3, 4] kernel_size = [3, 3] stride = [3, 3] padding = [0, 0, 0, 0] dilation = [1, 1] : (tensor<1x9x9x4xf32>) -> tensor<1x3x3x4xf32>
// CHECK-NEXT:    %sum = mir.pool sum %x input_shape = [1, 9, 9, 4] output_shape = [1, 4, 4, 4] kernel_size = [2, 2] stride = [2, 2] padding = [0, 0, 0, 0] dilation = [2, 2] : (tensor<1x9x9x4xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NEXT:    %mm = mir.matmul %l, %r : (tensor<2x5x3xf32>, tensor<3x7xf32>) -> tensor<2x5x7xf32>
// CHECK-NEXT:    func.return

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "conv_pool_matmul"
// CHECK-GENERIC:         %conv = "mir.conv"(%x, %w) <{input_shape = array<i64: 1, 9, 9, 4>, weight_shape = array<i64: 3, 3, 2, 6>, output_shape = array<i64: 1, 3, 5, 6>, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 0, 1, 1, 2>, dilation = array<i64: 2, 1>, groups = 2 : i64}> : (tensor<1x9x9x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x3x5x6xf32>
// CHECK-GENERIC:         %max = "mir.pool"(%x) <{kind = #mir<pool_kind max>, input_shape = array<i64: 1, 9, 9, 4>, output_shape = array<i64: 1, 5, 5, 4>, kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1, 2, 2>, dilation = array<i64: 1, 1>}> : (tensor<1x9x9x4xf32>) -> tensor<1x5x5x4xf32>

func.func @reduce(%x: tensor<2x3x4xf32>, %p: tensor<2x3xi1>) {
  %sum = mir.reduce sum %x axes = [1] keep_dims = false : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %mean = mir.reduce mean %x axes = [0, 2] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
  %max = mir.reduce max %x axes = [2, 0] keep_dims = false : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %min = mir.reduce min %x axes = [0, 1, 2] keep_dims = false : (tensor<2x3x4xf32>) -> tensor<f32>
  %prod = mir.reduce prod %x axes = [1] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  %any = mir.reduce any %p axes = [1] keep_dims = false : (tensor<2x3xi1>) -> tensor<2xi1>
  %all = mir.reduce all %p axes = [0, 1] keep_dims = false : (tensor<2x3xi1>) -> tensor<i1>
  func.return
}

// CHECK-LABEL: func.func @reduce
// CHECK-NEXT:    %sum = mir.reduce sum %x axes = [1] keep_dims = false : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %mean = mir.reduce mean %x axes = [0, 2] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT:    %max = mir.reduce max %x axes = [2, 0] keep_dims = false : (tensor<2x3x4xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %min = mir.reduce min %x axes = [0, 1, 2] keep_dims = false : (tensor<2x3x4xf32>) -> tensor<f32>
// CHECK-NEXT:    %prod = mir.reduce prod %x axes = [1] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// CHECK-NEXT:    %any = mir.reduce any %p axes = [1] keep_dims = false : (tensor<2x3xi1>) -> tensor<2xi1>
// CHECK-NEXT:    %all = mir.reduce all %p axes = [0, 1] keep_dims = false : (tensor<2x3xi1>) -> tensor<i1>
// CHECK-NEXT:    func.return

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "reduce"
// CHECK-GENERIC:         %sum = "mir.reduce"(%x) <{kind = #mir<reduce_kind sum>, axes = array<i64: 1>, keep_dims = false}> : (tensor<2x3x4xf32>) -> tensor<2x4xf32>

func.func @index(%x: tensor<4x5xf32>, %i: tensor<2x3xi64>, %u: tensor<4x2x3xf32>, %s: tensor<2xi32>) {
  %slice = mir.slice %x starts = [3, 0] ends = [-1, 5] strides = [-2, 1] : (tensor<4x5xf32>) -> tensor<2x5xf32>
  %gather = mir.gather %x, %i axis = 1 : (tensor<4x5xf32>, tensor<2x3xi64>) -> tensor<4x2x3xf32>
  %scatter = mir.scatter %x, %u, %i axis = 1 : (tensor<4x5xf32>, tensor<4x2x3xf32>, tensor<2x3xi64>) -> tensor<4x5xf32>
  %cast = mir.cast %x : (tensor<4x5xf32>) -> tensor<4x5xi8>
  %reshape = mir.reshape %x : (tensor<4x5xf32>) -> tensor<2x10xf32>
  %dyn = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<10x?xf32>
  %static = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<5x4xf32>
  %transpose = mir.transpose %x permutation = [1, 0] : (tensor<4x5xf32>) -> tensor<5x4xf32>
  %concat = mir.concat %x, %slice, %x axis = 0 : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<4x5xf32>) -> tensor<10x5xf32>
  func.return
}

// CHECK-LABEL: func.func @index
// CHECK-NEXT:    %slice = mir.slice %x starts = [3, 0] ends = [-1, 5] strides = [-2, 1] : (tensor<4x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT:    %gather = mir.gather %x, %i axis = 1 : (tensor<4x5xf32>, tensor<2x3xi64>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %scatter = mir.scatter %x, %u, %i axis = 1 : (tensor<4x5xf32>, tensor<4x2x3xf32>, tensor<2x3xi64>) -> tensor<4x5xf32>
// CHECK-NEXT:    %cast = mir.cast %x : (tensor<4x5xf32>) -> tensor<4x5xi8>
// CHECK-NEXT:    %reshape = mir.reshape %x : (tensor<4x5xf32>) -> tensor<2x10xf32>
// CHECK-NEXT:    %dyn = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<10x?xf32>
// CHECK-NEXT:    %static = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<5x4xf32>
// CHECK-NEXT:    %transpose = mir.transpose %x permutation = [1, 0] : (tensor<4x5xf32>) -> tensor<5x4xf32>
// CHECK-NEXT:    %concat = mir.concat %x, %slice, %x axis = 0 : (tensor<4x5xf32>, tensor<2x5xf32>, tensor<4x5xf32>) -> tensor<10x5xf32>
// CHECK-NEXT:    func.return

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "index"
// CHECK-GENERIC:         %slice = "mir.slice"(%x) <{starts = array<i64: 3, 0>, ends = array<i64: -1, 5>, strides = array<i64: -2, 1>}> : (tensor<4x5xf32>) -> tensor<2x5xf32>
// CHECK-GENERIC:         %gather = "mir.gather"(%x, %i) <{axis = 1 : i64}> : (tensor<4x5xf32>, tensor<2x3xi64>) -> tensor<4x2x3xf32>

func.func @constant_memory(%n: index) -> tensor<2x2xi64> {
  %zero = mir.constant dense<0.000000e+00> : tensor<f32>
  %mask = mir.constant dense<[true, false]> : tensor<2xi1>
  %ints = mir.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %weights = mir.constant dense_resource<fc.weight> : tensor<64x32xf32>
  %elements = mir.from_elements %n, %n : (index, index) -> tensor<2xi64>
  %scalars = mir.from_elements %n : (index) -> tensor<1x1xi32>
  %buffer = mir.alloc_tensor : tensor<2x2xi64>
  mir.dealloc_tensor %buffer : tensor<2x2xi64>
  func.return %ints : tensor<2x2xi64>
}

// CHECK-LABEL: func.func @constant_memory
// CHECK-NEXT:    %zero = mir.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %mask = mir.constant dense<[true, false]> : tensor<2xi1>
// CHECK-NEXT:    %ints = mir.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
// CHECK-NEXT:    %weights = mir.constant dense_resource<fc.weight> : tensor<64x32xf32>
// CHECK-NEXT:    %elements = mir.from_elements %n, %n : (index, index) -> tensor<2xi64>
// CHECK-NEXT:    %scalars = mir.from_elements %n : (index) -> tensor<1x1xi32>
// CHECK-NEXT:    %buffer = mir.alloc_tensor : tensor<2x2xi64>
// CHECK-NEXT:    mir.dealloc_tensor %buffer : tensor<2x2xi64>
// CHECK-NEXT:    func.return %ints : tensor<2x2xi64>

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "constant_memory"
// CHECK-GENERIC:         %zero = "mir.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
// CHECK-GENERIC:         %buffer = "mir.alloc_tensor"() : () -> tensor<2x2xi64>
// CHECK-GENERIC-NEXT:    "mir.dealloc_tensor"(%buffer) : (tensor<2x2xi64>) -> ()

func.func @control_flow(%x: tensor<4xf32>, %lb: index, %ub: index, %step: index, %c: i1, %t: tensor<i1>) -> tensor<4xf32> {
  %sum:2 = mir.for %i = %lb to %ub step %step iter_args(%acc = %x, %other = %x) -> (tensor<4xf32>, tensor<4xf32>) {
    %next = mir.broadcast_add %acc, %other broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    mir.yield %next, %other : tensor<4xf32>, tensor<4xf32>
  }
  mir.for %i = %lb to %ub step %step {
    mir.yield
  }
  %par = mir.parallel_for %i = %lb to %ub step %step num_threads = 4 iter_args(%acc = %x) -> (tensor<4xf32>) {
    mir.yield %acc : tensor<4xf32>
  }
  %if = mir.if %c : i1 -> (tensor<4xf32>) {
    mir.yield %sum#0 : tensor<4xf32>
  } else {
    mir.yield %par : tensor<4xf32>
  }
  mir.if %t : tensor<i1> {
    mir.yield
  } else {
    mir.yield
  }
  func.return %if : tensor<4xf32>
}

// CHECK-LABEL: func.func @control_flow
// CHECK-NEXT:    %sum, %sum_1 = mir.for %i = %lb to %ub step %step iter_args(%acc = %x, %other = %x) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT:      %next = mir.broadcast_add %acc, %other broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:      mir.yield %next, %other : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    mir.for %i_1 = %lb to %ub step %step {
// CHECK-NEXT:      mir.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %par = mir.parallel_for %i_2 = %lb to %ub step %step num_threads = 4 iter_args(%acc_1 = %x) -> (tensor<4xf32>) {
// CHECK-NEXT:      mir.yield %acc_1 : tensor<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %if = mir.if %c : i1 -> (tensor<4xf32>) {
// CHECK-NEXT:      mir.yield %sum : tensor<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      mir.yield %par : tensor<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    mir.if %t : tensor<i1> {
// CHECK-NEXT:      mir.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      mir.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %if : tensor<4xf32>

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "control_flow"
// CHECK-GENERIC:         %sum, %sum_1 = "mir.for"(%lb, %ub, %step, %x, %x) ({
// CHECK-GENERIC-NEXT:    ^bb0(%i: index, %acc: tensor<4xf32>, %other: tensor<4xf32>):
// CHECK-GENERIC:         }) : (index, index, index, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-GENERIC:         %par = "mir.parallel_for"(%lb, %ub, %step, %x) <{num_threads = 4 : i64}> ({

func.func @rounding(%x: tensor<2x3xf32>, %h: tensor<4xf16>) -> (tensor<2x3xf32>, tensor<4xf16>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %floor = mir.floor %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %hfloor = mir.floor %h : (tensor<4xf16>) -> tensor<4xf16>
  %ceil = mir.ceil %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %round = mir.round %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %floor, %hfloor, %ceil, %round : tensor<2x3xf32>, tensor<4xf16>, tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @rounding
// CHECK-NEXT:    %floor = mir.floor %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %hfloor = mir.floor %h : (tensor<4xf16>) -> tensor<4xf16>
// CHECK-NEXT:    %ceil = mir.ceil %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %round = mir.round %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    func.return %floor, %hfloor, %ceil, %round : tensor<2x3xf32>, tensor<4xf16>, tensor<2x3xf32>, tensor<2x3xf32>

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "rounding"
// CHECK-GENERIC:         %floor = "mir.floor"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC:         %ceil = "mir.ceil"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-GENERIC:         %round = "mir.round"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
