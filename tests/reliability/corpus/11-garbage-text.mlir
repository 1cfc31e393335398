// EXPECT: invalid MLIR
hello world, this is not MLIR
