"""B read transposed in place (x @ W.T with a row-major W): the pack pass transposes while it copies."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import nanomm
from nanomm import KernelConfig, ShapeError
from nanomm.runtime import trampoline

pytestmark = pytest.mark.kernels


def _operands(M, N, K, dtype, rng):
    if dtype == "u8s8":
        return (rng.integers(0, 256, (M, K)).astype(np.uint8), rng.integers(-128, 128, (N, K)).astype(np.int8))
    t = {"f32": np.float32, "bf16": ml_dtypes.bfloat16}[dtype]
    return rng.standard_normal((M, K)).astype(np.float32).astype(t), rng.standard_normal((N, K)).astype(np.float32).astype(t)


def _check(got, a, w, K, dtype):
    want = a.astype(np.float64) @ w.astype(np.float64).T
    if dtype == "u8s8":
        np.testing.assert_array_equal(got, want.astype(np.int64))
    else:
        tol = 2e-6 * np.sqrt(K) * (np.abs(a).astype(np.float64) @ np.abs(w).astype(np.float64).T) + 1e-6
        assert np.all(np.abs(got - want) <= tol)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(M=st.integers(1, 70), N=st.integers(1, 150), K=st.integers(1, 300), dtype=st.sampled_from(["f32", "bf16", "u8s8"]),
       threads=st.sampled_from([1, 2]), seed=st.integers(0, 2**16))
def test_matmul_reads_w_transposed(M, N, K, dtype, threads, seed):
    a, w = _operands(M, N, K, dtype, np.random.default_rng(seed))
    before = w.copy()
    _check(nanomm.matmul(a, w.T, threads=threads), a, w, K, dtype)
    assert np.array_equal(w, before)


@pytest.mark.parametrize("config", [
    KernelConfig(mr=4, nr=48, mc=24, nc=96, kc=64, pack_b=True),  # K blocks and panels with edges
    KernelConfig(mr=6, nr=64, mc=36, nc=128, kc=128),  # pack_b=False: packed anyway (B^T is read while packing)
    KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=64, pack_b=True, isa="amx-emulated"),
], ids=["edges", "unpacked-config", "amx-emulated"])
def test_transposed_kernel_configs(config):
    dtype = "bf16" if config.isa != "avx512" else "f32"
    M, N, K = 45, 130, 203
    a, w = _operands(M, N, K, dtype, np.random.default_rng(1))
    k = nanomm.compile_matmul(M, N, K, dtype, config=config, threads=1, transpose_b=True)
    assert k.config.pack_b
    _check(k(a, w.T), a, w, K, dtype)
    _check(k(a, np.ascontiguousarray(w.T)), a, w, K, dtype)  # a row-major B: copied to B^T first


def test_transposed_with_epilogue_dynamic_m_and_prepacked():
    N, K = 200, 96
    rng = np.random.default_rng(2)
    w = rng.standard_normal((N, K)).astype(np.float32)
    bias = rng.standard_normal(N).astype(np.float32)
    for M in (1, 5, 17, 40):  # one static kernel, then the range's dynamic-M one
        a = rng.standard_normal((M, K)).astype(np.float32)
        got = nanomm.matmul(a, w.T, bias=bias, activation="relu")
        np.testing.assert_allclose(got, np.maximum(a @ w.T + bias, 0), rtol=1e-5, atol=1e-5)
    k = nanomm.compile_matmul(None, N, K, transpose_b=True)
    a = rng.standard_normal((9, K)).astype(np.float32)
    np.testing.assert_allclose(k(a, w.T), a @ w.T, rtol=1e-5, atol=1e-5)
    packed = nanomm.compile_matmul(9, N, K, b=w.T)  # weights packed once, whatever their layout
    np.testing.assert_allclose(packed(a), a @ w.T, rtol=1e-5, atol=1e-5)


def test_a_square_b_in_either_layout_through_the_front_door():
    """W.T and a C-contiguous B of the same (square) shape share the front door's key: each call is
    still computed with the layout it passes, the seen ones without compiling again."""
    from nanomm.compiler import api

    rng = np.random.default_rng(7)
    a, w, b = (rng.standard_normal(s).astype(np.float32) for s in ((5, 24), (24, 24), (24, 24)))
    for _ in range(3):
        np.testing.assert_allclose(nanomm.matmul(a, w.T, threads=1), a @ w.T, rtol=1e-5, atol=1e-5)
        if trampoline.checked_call() is not None:  # the seen W.T call's native entry takes b.T
            assert [v[3] for k, v in api._direct.items() if k[:2] == ((5, 24), (24, 24))] == [True]
        out = np.empty((5, 24), np.float32)
        assert nanomm.matmul(a, b, out, threads=1) is out
        np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(nanomm.matmul(a, w.T.T, threads=1), a @ w, rtol=1e-5, atol=1e-5)


def test_transposed_kernel_names_a_wrong_b():
    k = nanomm.compile_matmul(8, 32, 16, transpose_b=True, threads=1)
    a = np.ones((8, 16), np.float32)
    with pytest.raises(ShapeError, match=r"expected \(N, K\) \(B\^T\)"):
        k(a, np.ones((16, 33), np.float32))
    with pytest.raises(ShapeError, match="transposed B has no row stride"):
        nanomm.compiler.payload.MatmulSpec(8, 32, 16, ldb=64, transpose_b=True)


_LINEAR = """
func.func @linear(%x: tensor<8x16xf32>, %w: tensor<24x16xf32>) -> tensor<8x24xf32> {
  %e = tensor.empty() : tensor<16x24xf32>
  %t = linalg.transpose ins(%w : tensor<24x16xf32>) outs(%e : tensor<16x24xf32>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<8x24xf32>
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<8x24xf32>) -> tensor<8x24xf32>
  %r = linalg.matmul ins(%x, %t : tensor<8x16xf32>, tensor<16x24xf32>) outs(%f : tensor<8x24xf32>) -> tensor<8x24xf32>
  return %r : tensor<8x24xf32>
}
func.func @maps(%A: memref<8x16xf32>, %Bt: memref<24x16xf32>, %C: memref<8x24xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%A, %Bt : memref<8x16xf32>, memref<24x16xf32>) outs(%C : memref<8x24xf32>)
  return
}
"""


def test_mlir_transposed_b_forms():
    """torch-mlir's nn.Linear (linalg.transpose of the weight into the matmul) and linalg.matmul with
    B-transposed indexing_maps compile to kernels that read the N x K argument in place."""
    module = nanomm.compile(_LINEAR)
    assert module.linear.kernel.spec.transpose_b and module.maps.kernel.spec.transpose_b
    rng = np.random.default_rng(3)
    x, w = rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((24, 16)).astype(np.float32)
    np.testing.assert_allclose(module.linear(x, w), x @ w.T, rtol=1e-5, atol=1e-5)
    c = np.full((8, 24), 1.0, np.float32)  # the buffer form accumulates: C += A @ B
    module.maps(x, w, c)
    np.testing.assert_allclose(c, 1 + x @ w.T, rtol=1e-5, atol=1e-5)


def test_mlir_transposed_a_is_refused():
    src = _LINEAR.split("func.func @maps")[0].replace("@linear", "@bad") + """
func.func @ta(%A: memref<16x8xf32>, %B: memref<16x24xf32>, %C: memref<8x24xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%A, %B : memref<16x8xf32>, memref<16x24xf32>) outs(%C : memref<8x24xf32>)
  return
}
"""
    with pytest.raises(nanomm.MLIRInputError, match="custom indexing_maps is supported for B transposed only"):
        nanomm.compile(src)
