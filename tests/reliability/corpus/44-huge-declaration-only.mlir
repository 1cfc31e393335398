// EXPECT: larger than a 64-bit address space
func.func private @ext(memref<3037000500x3037000500xf32>)
