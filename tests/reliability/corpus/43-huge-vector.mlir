// EXPECT: larger than a 64-bit address space
func.func private @f(vector<1000000000000x100000000xf32>)
