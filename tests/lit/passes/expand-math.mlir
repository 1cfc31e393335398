// RUN: nanomm-opt -p 'expand-math' %s | FileCheck %s
// RUN: nanomm-opt -p "expand-math{scalef=1}" %s | FileCheck %s --check-prefix=SCALEF
// RUN: not nanomm-opt -p 'expand-math' %S/expand-math-f64.mlir.in 2>&1 | FileCheck %s --check-prefix=F64

// erf (GELU) becomes a rational function of x^2 on x clamped to +-3.8, exactly +-1 beyond.
// CHECK-LABEL: func.func @gelu_erf
// CHECK-NOT:   math.erf
// CHECK:       arith.minimumf
// CHECK:       arith.maximumf
// CHECK:       arith.mulf {{.*}} fastmath<contract>
// CHECK:       arith.divf
// CHECK:       arith.cmpf ogt
// CHECK:       arith.select
// CHECK:       linalg.yield

// exp (SiLU, sigmoid): range reduction by ln 2, a polynomial, 2^n built in the exponent bits in two
// factors; NaN kept by a select.
// CHECK-LABEL: func.func @exp_vector
// CHECK-NOT:   math.exp
// CHECK:       arith.fptosi {{.*}} : vector<16xf32> to vector<16xi32>
// CHECK:       arith.shrsi
// CHECK:       arith.shli
// CHECK:       arith.bitcast {{.*}} : vector<16xi32> to vector<16xf32>
// CHECK:       arith.cmpf uno
// CHECK:       return

// With scalef (AVX-512 targets): n a floor, 2^n one ldexp (vscalefps), no exponent bits.
// SCALEF-LABEL: func.func @exp_vector
// SCALEF:       math.floor {{.*}} : vector<16xf32>
// SCALEF:       arith.fptosi {{.*}} : vector<16xf32> to vector<16xi32>
// SCALEF-NOT:   arith.shli
// SCALEF:       llvm.call_intrinsic "llvm.ldexp.v16f32.v16i32"({{.*}}) : (vector<16xf32>, vector<16xi32>) -> vector<16xf32>
// SCALEF:       arith.cmpf uno
// SCALEF:       return

// tanh (GELU's tanh form): x P(t) / Q(t) on x clamped to +-8.7 (one division, no exp), +-1 beyond.
// CHECK-LABEL: func.func @tanh
// CHECK-NOT:   math.tanh
// CHECK-NOT:   arith.fptosi
// CHECK:       arith.minimumf
// CHECK:       arith.maximumf
// CHECK-NOT:   arith.fptosi
// CHECK:       arith.divf
// CHECK-NOT:   arith.fptosi
// CHECK:       arith.cmpf ogt
// CHECK:       arith.cmpf olt
// CHECK-NOT:   arith.fptosi
// CHECK:       return

// F64: expand-math: math.exp on f64: expand-math handles f32 (and vectors of f32)

func.func @gelu_erf(%C: memref<4x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%C : memref<4x16xf32>) {
  ^bb0(%x: f32):
    %e = math.erf %x : f32
    linalg.yield %e : f32
  }
  return
}

func.func @exp_vector(%v: vector<16xf32>) -> vector<16xf32> {
  %e = math.exp %v : vector<16xf32>
  return %e : vector<16xf32>
}

func.func @tanh(%x: f32) -> f32 {
  %t = math.tanh %x : f32
  return %t : f32
}
