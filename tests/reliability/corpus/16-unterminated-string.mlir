// EXPECT: invalid MLIR
// expected '"' in string literal
module attributes {x = "never closed} {}
