// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// Every gawee op with every optional feature, in the custom syntax. Keyword
// attributes print in a fixed order; `groups = 1` (the default) is omitted; the
// generic form is the original project's: a plain, name-sorted attribute dictionary.

func.func @custom(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<6xf32>, %wg: tensor<6x2x3x3xf32>, %wd: tensor<4x1x3x3xf32>, %c: tensor<4xf32>, %row: tensor<8xf32>, %fw: tensor<10x24xf32>, %fb: tensor<10xf32>, %fw2: tensor<5x2xf32>) {
  %0 = gawee.conv %x, %w, %b strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x8x8xf32>
  %1 = gawee.conv %x, %wg strides = [2, 1] padding = [0, 1, 2, 1] dilation = [2, 1] groups = 2 : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x3x8xf32>
  %2 = gawee.conv %x, %wd, %c strides = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 4 : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %3 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] groups = 1 : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  %4 = gawee.relu %0 : (tensor<1x6x8x8xf32>) -> tensor<1x6x8x8xf32>
  %5 = gawee.add %x, %x : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %6 = gawee.add %x, %row : (tensor<1x4x8x8xf32>, tensor<8xf32>) -> tensor<1x4x8x8xf32>
  %7 = gawee.batch_norm %x, %c, %c, %c, %c affine = true eps = 1.0e-05 : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %8 = gawee.batch_norm %x, %c, %c, %c, %c affine = false eps = 0.001 : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %9 = gawee.max_pool %x kernelSize = [3, 3] strides = [2, 2] padding = [1, 1] dilation = [1, 1] ceilMode = false : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  %10 = gawee.max_pool %x kernelSize = [3, 2] strides = [2, 2] padding = [1, 0, 0, 1] dilation = [1, 2] ceilMode = true : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  %11 = gawee.ad_avg_pool %x outputSize = [3, 2] : (tensor<1x4x8x8xf32>) -> tensor<1x4x3x2xf32>
  %12 = gawee.flatten %11 startDim = 1 endDim = -1 : (tensor<1x4x3x2xf32>) -> tensor<1x24xf32>
  %13 = gawee.flatten %11 startDim = -3 endDim = 2 : (tensor<1x4x3x2xf32>) -> tensor<1x12x2xf32>
  %14 = gawee.linear %12, %fw, %fb : (tensor<1x24xf32>, tensor<10x24xf32>, tensor<10xf32>) -> tensor<1x10xf32>
  %15 = gawee.linear %13, %fw2 : (tensor<1x12x2xf32>, tensor<5x2xf32>) -> tensor<1x12x5xf32>
  func.return
}

// CHECK-LABEL: func.func @custom(
// CHECK-NEXT:    %0 = gawee.conv %x, %w, %b strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x8x8xf32>
// CHECK-NEXT:    %1 = gawee.conv %x, %wg strides = [2, 1] padding = [0, 1, 2, 1] dilation = [2, 1] groups = 2 : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x3x8xf32>
// CHECK-NEXT:    %2 = gawee.conv %x, %wd, %c strides = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 4 : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    %3 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
// CHECK-NEXT:    %4 = gawee.relu %0 : (tensor<1x6x8x8xf32>) -> tensor<1x6x8x8xf32>
// CHECK-NEXT:    %5 = gawee.add %x, %x : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    %6 = gawee.add %x, %row : (tensor<1x4x8x8xf32>, tensor<8xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    %7 = gawee.batch_norm %x, %c, %c, %c, %c affine = true eps = 1.000000e-05 : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    %8 = gawee.batch_norm %x, %c, %c, %c, %c affine = false eps = 1.000000e-03 : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    %9 = gawee.max_pool %x kernelSize = [3, 3] strides = [2, 2] padding = [1, 1] dilation = [1, 1] ceilMode = false : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NEXT:    %10 = gawee.max_pool %x kernelSize = [3, 2] strides = [2, 2] padding = [1, 0, 0, 1] dilation = [1, 2] ceilMode = true : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NEXT:    %11 = gawee.ad_avg_pool %x outputSize = [3, 2] : (tensor<1x4x8x8xf32>) -> tensor<1x4x3x2xf32>
// CHECK-NEXT:    %12 = gawee.flatten %11 startDim = 1 endDim = -1 : (tensor<1x4x3x2xf32>) -> tensor<1x24xf32>
// CHECK-NEXT:    %13 = gawee.flatten %11 startDim = -3 endDim = 2 : (tensor<1x4x3x2xf32>) -> tensor<1x12x2xf32>
// CHECK-NEXT:    %14 = gawee.linear %12, %fw, %fb : (tensor<1x24xf32>, tensor<10x24xf32>, tensor<10xf32>) -> tensor<1x10xf32>
// CHECK-NEXT:    %15 = gawee.linear %13, %fw2 : (tensor<1x12x2xf32>, tensor<5x2xf32>) -> tensor<1x12x5xf32>
// CHECK-NEXT:    func.return

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "custom"
// CHECK-GENERIC:         %0 = "gawee.conv"(%x, %w, %b) {dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>, tensor<6xf32>) -> tensor<1x6x8x8xf32>
// CHECK-GENERIC-NEXT:    %1 = "gawee.conv"(%x, %wg) {dilation = array<i64: 2, 1>, groups = 2 : i64, padding = array<i64: 0, 1, 2, 1>, strides = array<i64: 2, 1>} : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x3x8xf32>
// CHECK-GENERIC-NEXT:    %2 = "gawee.conv"(%x, %wd, %c) {dilation = array<i64: 1, 1>, groups = 4 : i64, padding = array<i64: 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
// CHECK-GENERIC-NEXT:    %3 = "gawee.conv"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
// CHECK-GENERIC-NEXT:    %4 = "gawee.relu"(%0) : (tensor<1x6x8x8xf32>) -> tensor<1x6x8x8xf32>
// CHECK-GENERIC-NEXT:    %5 = "gawee.add"(%x, %x) : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
// CHECK-GENERIC-NEXT:    %6 = "gawee.add"(%x, %row) : (tensor<1x4x8x8xf32>, tensor<8xf32>) -> tensor<1x4x8x8xf32>
// CHECK-GENERIC-NEXT:    %7 = "gawee.batch_norm"(%x, %c, %c, %c, %c) {affine = true, eps = 1.000000e-05 : f64} : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
// CHECK-GENERIC-NEXT:    %8 = "gawee.batch_norm"(%x, %c, %c, %c, %c) {affine = false, eps = 1.000000e-03 : f64} : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
// CHECK-GENERIC-NEXT:    %9 = "gawee.max_pool"(%x) {ceilMode = false, dilation = array<i64: 1, 1>, kernelSize = array<i64: 3, 3>, padding = array<i64: 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
// CHECK-GENERIC-NEXT:    %10 = "gawee.max_pool"(%x) {ceilMode = true, dilation = array<i64: 1, 2>, kernelSize = array<i64: 3, 2>, padding = array<i64: 1, 0, 0, 1>, strides = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
// CHECK-GENERIC-NEXT:    %11 = "gawee.ad_avg_pool"(%x) {outputSize = array<i64: 3, 2>} : (tensor<1x4x8x8xf32>) -> tensor<1x4x3x2xf32>
// CHECK-GENERIC-NEXT:    %12 = "gawee.flatten"(%11) {endDim = -1 : i64, startDim = 1 : i64} : (tensor<1x4x3x2xf32>) -> tensor<1x24xf32>
// CHECK-GENERIC-NEXT:    %13 = "gawee.flatten"(%11) {endDim = 2 : i64, startDim = -3 : i64} : (tensor<1x4x3x2xf32>) -> tensor<1x12x2xf32>
// CHECK-GENERIC-NEXT:    %14 = "gawee.linear"(%12, %fw, %fb) : (tensor<1x24xf32>, tensor<10x24xf32>, tensor<10xf32>) -> tensor<1x10xf32>
// CHECK-GENERIC-NEXT:    %15 = "gawee.linear"(%13, %fw2) : (tensor<1x12x2xf32>, tensor<5x2xf32>) -> tensor<1x12x5xf32>
// CHECK-GENERIC-NEXT:    "func.return"() : () -> ()

// f16 and f64 element types, and discardable attributes beside the keywords.

func.func @element_types(%h: tensor<2x3xf16>, %d: tensor<2x3xf64>) -> (tensor<2x3xf16>, tensor<2x3xf64>) {
  %0 = gawee.relu %h {name = "relu1"} : (tensor<2x3xf16>) -> tensor<2x3xf16>
  %1 = gawee.flatten %d startDim = 0 endDim = 1 {name = "flat"} : (tensor<2x3xf64>) -> tensor<6xf64>
  %2 = gawee.add %d, %d : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  func.return %0, %2 : tensor<2x3xf16>, tensor<2x3xf64>
}

// CHECK-LABEL: func.func @element_types(
// CHECK-NEXT:    %0 = gawee.relu %h {name = "relu1"} : (tensor<2x3xf16>) -> tensor<2x3xf16>
// CHECK-NEXT:    %1 = gawee.flatten %d startDim = 0 endDim = 1 {name = "flat"} : (tensor<2x3xf64>) -> tensor<6xf64>
// CHECK-NEXT:    %2 = gawee.add %d, %d : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "element_types"
// CHECK-GENERIC:         %0 = "gawee.relu"(%h) {name = "relu1"} : (tensor<2x3xf16>) -> tensor<2x3xf16>
// CHECK-GENERIC-NEXT:    %1 = "gawee.flatten"(%d) {endDim = 1 : i64, name = "flat", startDim = 0 : i64} : (tensor<2x3xf64>) -> tensor<6xf64>
// CHECK-GENERIC-NEXT:    %2 = "gawee.add"(%d, %d) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>

// The original project's emitted IR (gawee.md, "Textual form"), unchanged: generic
// form, weights as arguments, f32. It prints back identically in the generic form.

func.func @forward(%arg0: tensor<1x3x224x224xf32>, %arg1: tensor<64x3x7x7xf32>, %arg2: tensor<64xf32>, %a: tensor<1x64x56x56xf32>, %z: tensor<1x512x7x7xf32>, %w: tensor<1000x512xf32>, %b: tensor<1000xf32>) -> tensor<1x1000xf32> {
  %0 = "gawee.conv"(%arg0, %arg1, %arg2) {dilation = array<i64: 1, 1>, padding = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
  %1 = "gawee.relu"(%0) : (tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
  %2 = "gawee.max_pool"(%1) {ceilMode = false, dilation = array<i64: 1, 1>, kernelSize = array<i64: 3, 3>, padding = array<i64: 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32>
  %3 = "gawee.add"(%2, %a) : (tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
  %4 = "gawee.ad_avg_pool"(%z) {outputSize = array<i64: 1, 1>} : (tensor<1x512x7x7xf32>) -> tensor<1x512x1x1xf32>
  %5 = "gawee.flatten"(%4) {endDim = -1 : i64, startDim = 1 : i64} : (tensor<1x512x1x1xf32>) -> tensor<1x512xf32>
  %6 = "gawee.linear"(%5, %w, %b) : (tensor<1x512xf32>, tensor<1000x512xf32>, tensor<1000xf32>) -> tensor<1x1000xf32>
  func.return %6 : tensor<1x1000xf32>
}

// CHECK-LABEL: func.func @forward(
// CHECK-NEXT:    %0 = gawee.conv %arg0, %arg1, %arg2 strides = [2, 2] padding = [3, 3] dilation = [1, 1] : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
// CHECK-NEXT:    %1 = gawee.relu %0 : (tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
// CHECK-NEXT:    %2 = gawee.max_pool %1 kernelSize = [3, 3] strides = [2, 2] padding = [1, 1] dilation = [1, 1] ceilMode = false : (tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32>
// CHECK-NEXT:    %3 = gawee.add %2, %a : (tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
// CHECK-NEXT:    %4 = gawee.ad_avg_pool %z outputSize = [1, 1] : (tensor<1x512x7x7xf32>) -> tensor<1x512x1x1xf32>
// CHECK-NEXT:    %5 = gawee.flatten %4 startDim = 1 endDim = -1 : (tensor<1x512x1x1xf32>) -> tensor<1x512xf32>
// CHECK-NEXT:    %6 = gawee.linear %5, %w, %b : (tensor<1x512xf32>, tensor<1000x512xf32>, tensor<1000xf32>) -> tensor<1x1000xf32>
// CHECK-NEXT:    func.return %6 : tensor<1x1000xf32>

// CHECK-GENERIC-LABEL: "func.func"() <{sym_name = "forward"
// CHECK-GENERIC:         %0 = "gawee.conv"(%arg0, %arg1, %arg2) {dilation = array<i64: 1, 1>, padding = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
// CHECK-GENERIC-NEXT:    %1 = "gawee.relu"(%0) : (tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
// CHECK-GENERIC-NEXT:    %2 = "gawee.max_pool"(%1) {ceilMode = false, dilation = array<i64: 1, 1>, kernelSize = array<i64: 3, 3>, padding = array<i64: 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32>
// CHECK-GENERIC-NEXT:    %3 = "gawee.add"(%2, %a) : (tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
// CHECK-GENERIC-NEXT:    %4 = "gawee.ad_avg_pool"(%z) {outputSize = array<i64: 1, 1>} : (tensor<1x512x7x7xf32>) -> tensor<1x512x1x1xf32>
// CHECK-GENERIC-NEXT:    %5 = "gawee.flatten"(%4) {endDim = -1 : i64, startDim = 1 : i64} : (tensor<1x512x1x1xf32>) -> tensor<1x512xf32>
// CHECK-GENERIC-NEXT:    %6 = "gawee.linear"(%5, %w, %b) : (tensor<1x512xf32>, tensor<1000x512xf32>, tensor<1000xf32>) -> tensor<1x1000xf32>
// CHECK-GENERIC-NEXT:    "func.return"(%6) : (tensor<1x1000xf32>) -> ()
