// EXPECT: invalid MLIR
"func.func"() ({
}) {sym_name = 42 : i64, function_type = () -> ()} : () -> ()
