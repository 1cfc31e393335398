// Input of tests/lit/passes/compose-microkernel-dot.mlir: its functions after
//   nanomm-opt -p 'tile-register{mr=2 nr=20}' tests/lit/passes/compose-microkernel-dot.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @unpacked(%arg0: memref<2x7xbf16>, %arg1: memref<7x20xbf16>, %arg2: memref<2x20xf32>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    scf.for %arg3 = %c0 to %c8 step %c2 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %arg2[%c0, %c0], %cst {in_bounds = [true, true]} : memref<2x20xf32>, vector<2x20xf32>
      %cst_0 = arith.constant 0.000000e+00 : bf16
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst_0 {in_bounds = [true, false]} : memref<2x7xbf16>, vector<2x2xbf16>
      %2 = vector.transfer_read %arg1[%arg3, %c0], %cst_0 {in_bounds = [false, true]} : memref<7x20xbf16>, vector<2x20xbf16>
      %3 = arith.extf %1 : vector<2x2xbf16> to vector<2x2xf32>
      %4 = arith.extf %2 : vector<2x20xbf16> to vector<2x20xf32>
      %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x2xf32>, vector<2x20xf32> into vector<2x20xf32>
      vector.transfer_write %5, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x20xf32>, memref<2x20xf32>
    } {nanomm.nanokernel}
    return
  }
  func.func @packed(%arg0: memref<12x7xbf16>, %arg1: memref<7x32xbf16>, %arg2: memref<12x32xf32>) {
    %c0 = arith.constant 0 : index
    %c12 = arith.constant 12 : index
    %c2 = arith.constant 2 : index
    scf.for %arg3 = %c0 to %c12 step %c2 {
      %subview = memref.subview %arg2[%arg3, 0] [2, 20] [1, 1] : memref<12x32xf32> to memref<2x20xf32, strided<[32, 1], offset: ?>>
      %subview_0 = memref.subview %arg0[%arg3, 0] [2, 7] [1, 1] : memref<12x7xbf16> to memref<2x7xbf16, strided<[7, 1], offset: ?>>
      %subview_1 = memref.subview %arg1[0, 0] [7, 20] [1, 1] : memref<7x32xbf16> to memref<7x20xbf16, strided<[32, 1]>>
      %cst = arith.constant dense<0.000000e+00> : vector<2x20xf32>
      vector.transfer_write %cst, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<2x20xf32>, memref<2x20xf32, strided<[32, 1], offset: ?>>
      %c8 = arith.constant 8 : index
      scf.for %arg4 = %c0 to %c8 step %c2 {
        %cst_5 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview[%c0, %c0], %cst_5 {in_bounds = [true, true]} : memref<2x20xf32, strided<[32, 1], offset: ?>>, vector<2x20xf32>
        %cst_6 = arith.constant 0.000000e+00 : bf16
        %1 = vector.transfer_read %subview_0[%c0, %arg4], %cst_6 {in_bounds = [true, false]} : memref<2x7xbf16, strided<[7, 1], offset: ?>>, vector<2x2xbf16>
        %2 = vector.transfer_read %subview_1[%arg4, %c0], %cst_6 {in_bounds = [false, true]} : memref<7x20xbf16, strided<[32, 1]>>, vector<2x20xbf16>
        %3 = arith.extf %1 : vector<2x2xbf16> to vector<2x2xf32>
        %4 = arith.extf %2 : vector<2x20xbf16> to vector<2x20xf32>
        %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x2xf32>, vector<2x20xf32> into vector<2x20xf32>
        vector.transfer_write %5, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<2x20xf32>, memref<2x20xf32, strided<[32, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_2 = memref.subview %arg2[%arg3, 20] [2, 12] [1, 1] : memref<12x32xf32> to memref<2x12xf32, strided<[32, 1], offset: ?>>
      %subview_3 = memref.subview %arg1[0, 20] [7, 12] [1, 1] : memref<7x32xbf16> to memref<7x12xbf16, strided<[32, 1], offset: 20>>
      %cst_4 = arith.constant dense<0.000000e+00> : vector<2x12xf32>
      vector.transfer_write %cst_4, %subview_2[%c0, %c0] {in_bounds = [true, true]} : vector<2x12xf32>, memref<2x12xf32, strided<[32, 1], offset: ?>>
      scf.for %arg4 = %c0 to %c8 step %c2 {
        %cst_5 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_2[%c0, %c0], %cst_5 {in_bounds = [true, true]} : memref<2x12xf32, strided<[32, 1], offset: ?>>, vector<2x12xf32>
        %cst_6 = arith.constant 0.000000e+00 : bf16
        %1 = vector.transfer_read %subview_0[%c0, %arg4], %cst_6 {in_bounds = [true, false]} : memref<2x7xbf16, strided<[7, 1], offset: ?>>, vector<2x2xbf16>
        %2 = vector.transfer_read %subview_3[%arg4, %c0], %cst_6 {in_bounds = [false, true]} : memref<7x12xbf16, strided<[32, 1], offset: 20>>, vector<2x12xbf16>
        %3 = arith.extf %1 : vector<2x2xbf16> to vector<2x2xf32>
        %4 = arith.extf %2 : vector<2x12xbf16> to vector<2x12xf32>
        %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x2xf32>, vector<2x12xf32> into vector<2x12xf32>
        vector.transfer_write %5, %subview_2[%c0, %c0] {in_bounds = [true, true]} : vector<2x12xf32>, memref<2x12xf32, strided<[32, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    return
  }
}
