// EXPECT: invalid MLIR
module attributes {x = #foo.bar<1>} {}
