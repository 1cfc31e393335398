// EXPECT: invalid MLIR
// integer constant out of range
func.func @f() -> i32 {
  %c = arith.constant 99999999999999999999999999 : i32
  return %c : i32
}
