// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// topk: a rank-counting reduction generic over a second copy of the axis (j before i when
// it ranks above, or ties and j < i; NaN ranks above every number), a generic summing
// select(rank[j] == p, j, 0) for the index of rank p, a gather generic for the values.
// scatter_nd: one scf.for per batch dim of the indices carrying the result; tensor.extract
// of the (wrapped) index entries, then tensor.insert_slice of one element (tensor.from_elements)
// or of a rank-reduced slice, combined with the old value by the reduction.

func.func @topk_largest(%x: tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>) {
  %v, %i = gawee.topk %x k = 3 axis = -1 : (tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
  func.return %v, %i : tensor<2x3xf32>, tensor<2x3xi64>
}

// CHECK-LABEL: func.func @topk_largest(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x5xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : i64) outs(%[[V1]] : tensor<2x5xi64>) -> tensor<2x5xi64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[X]] : tensor<2x5xf32>, tensor<2x5xf32>) outs(%[[V2]] : tensor<2x5xi64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpi ult, %[[V5]], %[[V4]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.cmpf ugt, %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.cmpf ord, %[[IN_1]], %[[IN_1]] : f32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.andi %[[V7]], %[[V8]] : i1
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.constant true
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.xori %[[V9]], %[[V10]] : i1
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.cmpf ugt, %[[IN_1]], %[[IN]] : f32
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.cmpf ord, %[[IN]], %[[IN]] : f32
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.andi %[[V12]], %[[V13]] : i1
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.andi %[[V6]], %[[V11]] : i1
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.ori %[[V14]], %[[V15]] : i1
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.extui %[[V16]] : i1 to i64
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.addi %[[OUT]], %[[V17]] : i64
// CHECK-NEXT: linalg.yield %[[V18]] : i64
// CHECK-NEXT: } -> tensor<2x5xi64>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi64>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : i64) outs(%[[V19]] : tensor<2x3xi64>) -> tensor<2x3xi64>
// CHECK-NEXT: %[[I:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[V3]] : tensor<2x5xi64>) outs(%[[V20]] : tensor<2x3xi64>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V21]] : index to i64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.cmpi eq, %[[IN_2]], %[[V22]] : i64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V24]] : index to i64
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.select %[[V23]], %[[V25]], %[[V26]] : i64
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.addi %[[OUT_1]], %[[V27]] : i64
// CHECK-NEXT: linalg.yield %[[V28]] : i64
// CHECK-NEXT: } -> tensor<2x3xi64>
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[I]] : tensor<2x3xi64>) outs(%[[V29]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[IN_3]] : i64 to index
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V30]], %[[V31]]] : tensor<2x5xf32>
// CHECK-NEXT: linalg.yield %[[V32]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V]], %[[I]] : tensor<2x3xf32>, tensor<2x3xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @topk_smallest_i32(%x: tensor<4x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi64>) {
  %v, %i = gawee.topk %x k = 2 axis = 0 largest = false : (tensor<4x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi64>)
  func.return %v, %i : tensor<2x3xi32>, tensor<2x3xi64>
}

// CHECK-LABEL: func.func @topk_smallest_i32(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x3xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : i64) outs(%[[V1]] : tensor<4x3xi64>) -> tensor<4x3xi64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[X]] : tensor<4x3xi32>, tensor<4x3xi32>) outs(%[[V2]] : tensor<4x3xi64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i32, %[[IN_1:[a-zA-Z0-9_$.]+]]: i32, %[[OUT:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpi ult, %[[V5]], %[[V4]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[IN]], %[[IN_1]] : i32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant true
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.xori %[[V7]], %[[V8]] : i1
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[IN_1]], %[[IN]] : i32
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.andi %[[V6]], %[[V9]] : i1
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.ori %[[V10]], %[[V11]] : i1
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.extui %[[V12]] : i1 to i64
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.addi %[[OUT]], %[[V13]] : i64
// CHECK-NEXT: linalg.yield %[[V14]] : i64
// CHECK-NEXT: } -> tensor<4x3xi64>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi64>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : i64) outs(%[[V15]] : tensor<2x3xi64>) -> tensor<2x3xi64>
// CHECK-NEXT: %[[I:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[V3]] : tensor<4x3xi64>) outs(%[[V16]] : tensor<2x3xi64>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V17]] : index to i64
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.cmpi eq, %[[IN_2]], %[[V18]] : i64
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V20]] : index to i64
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.select %[[V19]], %[[V21]], %[[V22]] : i64
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.addi %[[OUT_1]], %[[V23]] : i64
// CHECK-NEXT: linalg.yield %[[V24]] : i64
// CHECK-NEXT: } -> tensor<2x3xi64>
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi32>
// CHECK-NEXT: %[[V:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[I]] : tensor<2x3xi64>) outs(%[[V25]] : tensor<2x3xi32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[IN_3]] : i64 to index
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V26]], %[[V27]]] : tensor<4x3xi32>
// CHECK-NEXT: linalg.yield %[[V28]] : i32
// CHECK-NEXT: } -> tensor<2x3xi32>
// CHECK-NEXT: func.return %[[V]], %[[I]] : tensor<2x3xi32>, tensor<2x3xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @scatter_nd_rows(%data: tensor<5x3xf32>, %ids: tensor<2x1xi64>, %updates: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %0 = gawee.scatter_nd %data, %ids, %updates : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  func.return %0 : tensor<5x3xf32>
}

// CHECK-LABEL: func.func @scatter_nd_rows(
// CHECK-SAME: %[[DATA:[a-zA-Z0-9_$.]+]]: tensor<5x3xf32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<2x1xi64>, %[[UPDATES:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<5x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = scf.for %[[V4:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] iter_args(%[[V5:[a-zA-Z0-9_$.]+]] = %[[DATA]]) -> (tensor<5x3xf32>) {
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V4]], %[[V6]]] : tensor<2x1xi64>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V7]] : i64 to index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V8]], %[[V9]] : index
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 5 : index
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.addi %[[V8]], %[[V11]] : index
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.select %[[V10]], %[[V12]], %[[V8]] : index
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[UPDATES]][%[[V4]], 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V14]] into %[[V5]][%[[V13]], 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<5x3xf32>
// CHECK-NEXT: scf.yield %[[V15]] : tensor<5x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[V3]] : tensor<5x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @scatter_nd_elements_add(%data: tensor<4x3xi64>, %ids: tensor<2x3x2xi64>, %updates: tensor<2x3xi64>) -> tensor<4x3xi64> {
  %0 = gawee.scatter_nd %data, %ids, %updates reduction = "add" : (tensor<4x3xi64>, tensor<2x3x2xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
  func.return %0 : tensor<4x3xi64>
}

// CHECK-LABEL: func.func @scatter_nd_elements_add(
// CHECK-SAME: %[[DATA:[a-zA-Z0-9_$.]+]]: tensor<4x3xi64>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<2x3x2xi64>, %[[UPDATES:[a-zA-Z0-9_$.]+]]: tensor<2x3xi64>) -> tensor<4x3xi64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = scf.for %[[V4:[a-zA-Z0-9_$.]+]] = %[[V0]] to %[[V1]] step %[[V2]] iter_args(%[[V5:[a-zA-Z0-9_$.]+]] = %[[DATA]]) -> (tensor<4x3xi64>) {
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = scf.for %[[V10:[a-zA-Z0-9_$.]+]] = %[[V6]] to %[[V7]] step %[[V8]] iter_args(%[[V11:[a-zA-Z0-9_$.]+]] = %[[V5]]) -> (tensor<4x3xi64>) {
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V4]], %[[V10]], %[[V12]]] : tensor<2x3x2xi64>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V13]] : i64 to index
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V14]], %[[V15]] : index
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.addi %[[V14]], %[[V17]] : index
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.select %[[V16]], %[[V18]], %[[V14]] : index
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V4]], %[[V10]], %[[V20]]] : tensor<2x3x2xi64>
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V21]] : i64 to index
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V22]], %[[V23]] : index
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.addi %[[V22]], %[[V25]] : index
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.select %[[V24]], %[[V26]], %[[V22]] : index
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = tensor.extract %[[UPDATES]][%[[V4]], %[[V10]]] : tensor<2x3xi64>
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = tensor.extract %[[V11]][%[[V19]], %[[V27]]] : tensor<4x3xi64>
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.addi %[[V29]], %[[V28]] : i64
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = tensor.from_elements %[[V30]] : tensor<1xi64>
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V31]] into %[[V11]][%[[V19]], %[[V27]]] [1, 1] [1, 1] : tensor<1xi64> into tensor<4x3xi64>
// CHECK-NEXT: scf.yield %[[V32]] : tensor<4x3xi64>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[V9]] : tensor<4x3xi64>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[V3]] : tensor<4x3xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @scatter_nd_one_slice_mul(%data: tensor<4x2x3xf32>, %ids: tensor<2xi64>, %updates: tensor<3xf32>) -> tensor<4x2x3xf32> {
  %0 = gawee.scatter_nd %data, %ids, %updates reduction = "mul" : (tensor<4x2x3xf32>, tensor<2xi64>, tensor<3xf32>) -> tensor<4x2x3xf32>
  func.return %0 : tensor<4x2x3xf32>
}

// CHECK-LABEL: func.func @scatter_nd_one_slice_mul(
// CHECK-SAME: %[[DATA:[a-zA-Z0-9_$.]+]]: tensor<4x2x3xf32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<2xi64>, %[[UPDATES:[a-zA-Z0-9_$.]+]]: tensor<3xf32>) -> tensor<4x2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V0]]] : tensor<2xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V1]] : i64 to index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V2]], %[[V3]] : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.addi %[[V2]], %[[V5]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.select %[[V4]], %[[V6]], %[[V2]] : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V8]]] : tensor<2xi64>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V9]] : i64 to index
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V10]], %[[V11]] : index
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.addi %[[V10]], %[[V13]] : index
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.select %[[V12]], %[[V14]], %[[V10]] : index
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[UPDATES]][0] [3] [1] : tensor<3xf32> to tensor<3xf32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[DATA]][%[[V7]], %[[V15]], 0] [1, 1, 3] [1, 1, 1] : tensor<4x2x3xf32> to tensor<3xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3xf32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[V17]], %[[V16]] : tensor<3xf32>, tensor<3xf32>) outs(%[[V18]] : tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: linalg.yield %[[V20]] : f32
// CHECK-NEXT: } -> tensor<3xf32>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V19]] into %[[DATA]][%[[V7]], %[[V15]], 0] [1, 1, 3] [1, 1, 1] : tensor<3xf32> into tensor<4x2x3xf32>
// CHECK-NEXT: func.return %[[V21]] : tensor<4x2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @scatter_nd_one_element_max(%data: tensor<3x2xf32>, %ids: tensor<2xi64>, %updates: tensor<f32>) -> tensor<3x2xf32> {
  %0 = gawee.scatter_nd %data, %ids, %updates reduction = "max" : (tensor<3x2xf32>, tensor<2xi64>, tensor<f32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @scatter_nd_one_element_max(
// CHECK-SAME: %[[DATA:[a-zA-Z0-9_$.]+]]: tensor<3x2xf32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<2xi64>, %[[UPDATES:[a-zA-Z0-9_$.]+]]: tensor<f32>) -> tensor<3x2xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V0]]] : tensor<2xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V1]] : i64 to index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V2]], %[[V3]] : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.addi %[[V2]], %[[V5]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.select %[[V4]], %[[V6]], %[[V2]] : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.extract %[[IDS]][%[[V8]]] : tensor<2xi64>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V9]] : i64 to index
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V10]], %[[V11]] : index
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.addi %[[V10]], %[[V13]] : index
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.select %[[V12]], %[[V14]], %[[V10]] : index
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = tensor.extract %[[UPDATES]][] : tensor<f32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = tensor.extract %[[DATA]][%[[V7]], %[[V15]]] : tensor<3x2xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V17]], %[[V16]] : f32
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = tensor.from_elements %[[V18]] : tensor<1xf32>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V19]] into %[[DATA]][%[[V7]], %[[V15]]] [1, 1] [1, 1] : tensor<1xf32> into tensor<3x2xf32>
// CHECK-NEXT: func.return %[[V20]] : tensor<3x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
