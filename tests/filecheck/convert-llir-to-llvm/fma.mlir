// REQUIRES: mlir-translate-19
// RUN: xdsl-opt %s -p convert-llir-to-llvm | filecheck %s
// RUN: xdsl-opt %s -p convert-llir-to-llvm | mlir-translate-19 --mlir-to-llvmir | filecheck %s --check-prefix=LLVMIR

// llir.vfma becomes llvm.intr.fma (one rounding; no fast-math flag, so LLVM keeps it
// exact), which upstream MLIR translates to a call of llvm.fma.

llir.func @fused(%a: vector<16xf32>, %b: vector<16xf32>, %c: vector<16xf32>) -> vector<16xf32> {
  %r = llir.vfma %a, %b, %c : vector<16xf32>
  llir.return %r : vector<16xf32>
}

// CHECK:      llvm.func @fused(%[[A:.*]]: vector<16xf32>, %[[B:.*]]: vector<16xf32>, %[[C:.*]]: vector<16xf32>) -> vector<16xf32> {
// CHECK-NEXT:   %[[R:.*]] = llvm.intr.fma(%[[A]], %[[B]], %[[C]]) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// CHECK-NEXT:   llvm.return %[[R]] : vector<16xf32>

// LLVMIR:      define <16 x float> @fused(<16 x float> %0, <16 x float> %1, <16 x float> %2) {
// LLVMIR-NEXT:   %[[R:.*]] = call <16 x float> @llvm.fma.v16f32(<16 x float> %0, <16 x float> %1, <16 x float> %2)
// LLVMIR-NEXT:   ret <16 x float> %[[R]]
