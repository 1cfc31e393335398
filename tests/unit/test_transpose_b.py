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


def _placed(v: np.ndarray, offset: int) -> np.ndarray:
    """A copy of v starting `offset` bytes past a 64-byte line."""
    from nanomm.runtime.kernel import aligned_empty

    out = aligned_empty((v.nbytes + offset,), np.dtype(np.uint8), 64)[offset:].view(v.dtype).reshape(v.shape)
    out[...] = v
    return out


_ROW_DOT_TILES = [(1, 16), (2, 8), (3, 8), (4, 6), (4, 4), (1, 1), (6, 1), (2, 12)]


@pytest.mark.avx512  # (row-dot tiles are AVX-512 register tiles; AVX2 hosts keep packing)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(M=st.integers(1, 20), N=st.integers(1, 70), K=st.integers(1, 300), tile=st.sampled_from(_ROW_DOT_TILES),
       kc=st.sampled_from([16, 40, 300]), order=st.sampled_from(["mn", "nm"]), accumulate=st.booleans(),
       offsets=st.tuples(st.sampled_from([0, 4, 16, 60]), st.sampled_from([0, 4, 16, 60])),
       seed=st.integers(0, 2**16))
def test_row_dot_kernels_match_numpy(M, N, K, tile, kc, order, accumulate, offsets, seed):
    """x @ W.T as MR x NR dot products along K over W's rows (KernelConfig.row_dot): tiles and K
    blocks with edges, a K that is no multiple of 16 (a masked last step), C accumulated, x and W
    starting anywhere in a 64-byte line (the K loop starts where W's lines do: align-w)."""
    mr, nr = tile
    config = KernelConfig(mr=mr, nr=nr, mc=max(mr, 8), nc=max(nr, 24), kc=kc, order=order, row_dot=True)
    rng = np.random.default_rng(seed)
    a, w = (_placed(v, off) for v, off in zip(_operands(M, N, K, "f32", rng), offsets))
    before = w.copy()
    k = nanomm.compile_matmul(M, N, K, config=config, threads=1, transpose_b=True, accumulate=accumulate)
    assert k.config.row_dot and not k.config.pack_b
    c = rng.standard_normal((M, N)).astype(np.float32)
    start = c.copy()
    got = k(a, w.T, out=c)
    _check(got - (start if accumulate else 0), a, w, K, "f32")
    assert np.array_equal(w, before)


def test_row_dot_with_epilogue_and_any_m_through_the_front_door():
    """A few rows of x @ W.T take row-dot tiles by default (static M <= DOT_ROWS, and the dynamic-M
    kernel of the ranges up to 32 rows, K long enough), with the epilogue in registers."""
    from nanomm.compiler.config import DOT_ROWS

    N, K = 70, 264
    rng = np.random.default_rng(5)
    w = rng.standard_normal((N, K)).astype(np.float32)
    bias = rng.standard_normal(N).astype(np.float32)
    for M in (1, 2, 3, 4, 9, 16, 17, 31, 40):
        a = rng.standard_normal((M, K)).astype(np.float32)
        got = nanomm.matmul(a, w.T, bias=bias, activation="relu", threads=1)
        np.testing.assert_allclose(got, np.maximum(a @ w.T + bias, 0), rtol=1e-5, atol=1e-5)
    wide = nanomm.runtime.cpu.host_cpu().vector_bits == 512
    assert nanomm.compile_matmul(DOT_ROWS, N, K, transpose_b=True, threads=1).config.row_dot == wide
    assert not nanomm.compile_matmul(DOT_ROWS + 1, N, K, transpose_b=True, threads=1).config.row_dot
    assert nanomm.compile_matmul(None, N, K, transpose_b=True, threads=1).config.pack_b  # any M: packed


def test_row_dot_default_rule():
    from nanomm.compiler.config import DOT_MIN_K_PER_ROW, DOT_ROWS, default_config, dynamic_config
    from nanomm.runtime.cpu import resolve_target

    spr, zen3 = resolve_target("sapphirerapids"), resolve_target("znver3")
    for M, tile in ((1, (1, 16)), (2, (2, 8)), (3, (3, 8)), (DOT_ROWS, (4, 6))):
        cfg = default_config(M, 3072, 768, spr, prepacked_b=True, transposed_b=True)
        assert cfg.row_dot and not cfg.pack_b and (cfg.mr, cfg.nr) == tile and cfg.kc == 768
    assert not default_config(DOT_ROWS + 1, 3072, 768, spr, prepacked_b=True, transposed_b=True).row_dot
    assert not default_config(8, 3072, 768, spr, prepacked_b=True).row_dot  # pre-packed W: panels
    assert not default_config(8, 3072, 768, spr, prepacked_b=True, dtype="bf16", transposed_b=True).row_dot
    assert not default_config(8, 3072, 768, zen3, prepacked_b=True, transposed_b=True).row_dot  # AVX2: packs
    assert dynamic_config(3072, 768, spr, True, rows=32, transposed_b=True).row_dot
    assert not dynamic_config(3072, 768, spr, True, rows=256, transposed_b=True).row_dot
    # Short K packs W^T (one horizontal sum per output would cost more): attention's Q @ K^T.
    for M, N, K in ((16, 16, 32), (16, 1024, 128), (4, 256, 48)):
        cfg = default_config(M, N, K, spr, prepacked_b=True, transposed_b=True)
        assert not cfg.row_dot and cfg.pack_b, (M, N, K)
    assert default_config(1, 64, DOT_MIN_K_PER_ROW, spr, prepacked_b=True, transposed_b=True).row_dot
    assert dynamic_config(3072, 48, spr, True, rows=3, transposed_b=True).row_dot
    assert not dynamic_config(3072, 128, spr, True, rows=32, transposed_b=True).row_dot
    # One row: rows of W a multiple of 4 KiB long would put 16 on one L1 set: 8 wide.
    assert default_config(1, 768, 3072, spr, prepacked_b=True, transposed_b=True).nr == 8
    assert default_config(1, 768, 1024, spr, prepacked_b=True, transposed_b=True).nr == 8
    assert default_config(1, 3072, 768, spr, prepacked_b=True, transposed_b=True).nr == 16
    assert default_config(1, 384, 1536, spr, prepacked_b=True, transposed_b=True).nr == 16


@pytest.mark.avx512  # (the bf16 refusal needs a host that compiles bf16)
def test_row_dot_refusals():
    from nanomm.errors import ConfigError

    with pytest.raises(ConfigError, match="pack_b=False"):
        KernelConfig(mr=4, nr=6, row_dot=True, pack_b=True)
    with pytest.raises(ConfigError, match="row-dot tile 4x7 needs 33 vector registers"):
        KernelConfig(mr=4, nr=7, mc=8, nc=14, row_dot=True)
    with pytest.raises(ConfigError, match="needs a kernel compiled with transpose_b"):
        nanomm.compile_matmul(8, 24, 16, config=KernelConfig(mr=4, nr=6, mc=8, nc=24, kc=16, row_dot=True))
    with pytest.raises(ConfigError, match="float32"):
        nanomm.compile_matmul(8, 24, 16, "bf16", transpose_b=True,
                              config=KernelConfig(mr=4, nr=6, mc=8, nc=24, kc=16, row_dot=True))
    with pytest.raises(ConfigError, match="pre-packed weights"):  # panels, whatever W's layout was
        nanomm.compile_matmul(8, 24, 16, b=np.ones((24, 16), np.float32).T,
                              config=KernelConfig(mr=4, nr=6, mc=8, nc=24, kc=16, row_dot=True))
    # pack copies panel rows in whole vectors: a packed panel narrower than them is refused (it wrote
    # past its rows, a wrong result).
    with pytest.raises(ConfigError, match=r"with pack_b, nr \(24\) must be a multiple of 16"):
        KernelConfig(mr=4, nr=24, mc=8, nc=48, kc=16, pack_b=True)


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
