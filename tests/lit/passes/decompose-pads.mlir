// RUN: nanomm-opt -p 'decompose-pads' %s | FileCheck %s

// A pad of (1, 4, 4, 8) by one row above and below and two columns left, one right: the rows above and
// below filled whole (7 columns), the columns left and right filled along the 4 interior rows only (the
// slabs do not overlap), then the source inserted into the interior: nothing is written twice.
// CHECK-LABEL: func.func @pad
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<1x6x7x8xf32>
// CHECK:         %[[S0:.*]] = tensor.extract_slice %[[E]][0, 0, 0, 0] [1, 1, 7, 8] [1, 1, 1, 1]
// CHECK:         %[[F0:.*]] = linalg.fill ins(%[[V:.*]] : f32) outs(%[[S0]] : tensor<1x1x7x8xf32>)
// CHECK:         %[[D1:.*]] = tensor.insert_slice %[[F0]] into %[[E]][0, 0, 0, 0] [1, 1, 7, 8] [1, 1, 1, 1]
// CHECK:         tensor.extract_slice %[[D1]][0, 5, 0, 0] [1, 1, 7, 8] [1, 1, 1, 1]
// CHECK:         %[[D2:.*]] = tensor.insert_slice {{.*}}[0, 5, 0, 0] [1, 1, 7, 8] [1, 1, 1, 1]
// CHECK:         tensor.extract_slice %[[D2]][0, 1, 0, 0] [1, 4, 2, 8] [1, 1, 1, 1]
// CHECK:         %[[D3:.*]] = tensor.insert_slice {{.*}}[0, 1, 0, 0] [1, 4, 2, 8] [1, 1, 1, 1]
// CHECK:         tensor.extract_slice %[[D3]][0, 1, 6, 0] [1, 4, 1, 8] [1, 1, 1, 1]
// CHECK:         %[[D4:.*]] = tensor.insert_slice {{.*}}[0, 1, 6, 0] [1, 4, 1, 8] [1, 1, 1, 1]
// CHECK:         %[[R:.*]] = tensor.insert_slice %arg0 into %[[D4]][0, 1, 2, 0] [1, 4, 4, 8] [1, 1, 1, 1]
// CHECK:         return %[[R]]
// CHECK-NOT:     tensor.pad
func.func @pad(%x: tensor<1x4x4x8xf32>) -> tensor<1x6x7x8xf32> {
  %c = arith.constant 0.5 : f32
  %p = tensor.pad %x low[0, 1, 2, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c2: index, %d: index):
    tensor.yield %c : f32
  } : tensor<1x4x4x8xf32> to tensor<1x6x7x8xf32>
  return %p : tensor<1x6x7x8xf32>
}

// A padding value computed from the position, and a dynamic size: left as they are.
// CHECK-LABEL: func.func @left
// CHECK-COUNT-2: tensor.pad
func.func @left(%x: tensor<4xf32>, %y: tensor<?xf32>) -> (tensor<6xf32>, tensor<?xf32>) {
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    %f = arith.index_cast %i : index to i32
    %v = arith.sitofp %f : i32 to f32
    tensor.yield %v : f32
  } : tensor<4xf32> to tensor<6xf32>
  %q = tensor.pad %y low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %c : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p, %q : tensor<6xf32>, tensor<?xf32>
}

// Negative pads crop (torch's F.fold takes its padding back off): the source sliced first, then padded
// where a pad is positive: one row cropped above, one column padded left and one cropped right.
// CHECK-LABEL: func.func @crop
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<3x5xf32>
// CHECK:         %[[X:.*]] = tensor.extract_slice %arg0[1, 0] [3, 4] [1, 1] : tensor<4x5xf32> to tensor<3x4xf32>
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[E]][0, 0] [3, 1] [1, 1]
// CHECK:         %[[D:.*]] = tensor.insert_slice {{.*}} into %[[E]][0, 0] [3, 1] [1, 1]
// CHECK:         tensor.insert_slice %[[X]] into %[[D]][0, 1] [3, 4] [1, 1]
// CHECK-NOT:     tensor.pad
func.func @crop(%x: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %c = arith.constant 0.0 : f32
  %p = tensor.pad %x low[-1, 1] high[0, -1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %c : f32
  } : tensor<4x5xf32> to tensor<3x5xf32>
  return %p : tensor<3x5xf32>
}
