// EXPECT-OPT: pass 'tile-cache' failed
// EXPECT-COMPILE: custom indexing_maps
func.func @mm(%A: memref<8x4xf32>, %B: memref<8x5xf32>, %C: memref<4x5xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%A, %B : memref<8x4xf32>, memref<8x5xf32>) outs(%C : memref<4x5xf32>)
  return
}
