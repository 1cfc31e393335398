"""Fused epilogues: act(alpha * (A @ B) + bias) + residual in the kernel, against a float64 reference."""

from __future__ import annotations

import ctypes
import math
import re

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import nanomm
import nanomm.compiler.parallel as parallel_module
from nanomm import ConfigError, DTypeError, Epilogue, KernelConfig, ShapeError
from nanomm.compiler.build import build_kernel
from nanomm.compiler.parallel import BatchedKernel
from nanomm.compiler.payload import MatmulSpec
from nanomm.errors import AliasError, LayoutError, PassError

pytestmark = pytest.mark.kernels

_ERF = np.vectorize(math.erf, otypes=[np.float64])
ACTS = [None, "relu", "relu6", "gelu", "gelu_tanh", "silu", "sigmoid"]


def reference(acc: np.ndarray, alpha=1.0, bias=None, activation=None, residual=None) -> np.ndarray:
    """The numpy expression of the epilogue, in float64."""
    x = acc * np.float64(np.float32(alpha))
    if bias is not None:
        x = x + bias
    with np.errstate(all="ignore"):
        if activation == "relu":
            x = np.where(np.isnan(x), x, np.maximum(x, 0))
        elif activation == "relu6":
            x = np.minimum(np.where(np.isnan(x), 0, np.maximum(x, 0)), 6)
        elif activation == "gelu":
            x = 0.5 * x * (1 + _ERF(x / math.sqrt(2)))
        elif activation == "gelu_tanh":
            x = 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
        elif activation == "silu":
            x = x / (1 + np.exp(-x))
        elif activation == "sigmoid":
            x = 1 / (1 + np.exp(-x))
    if residual is not None:
        x = x + residual
    return x


def _close(got: np.ndarray, want: np.ndarray, K: int, dtype: str) -> None:
    # float32 sums of K products (bf16 inputs: exact products), then a few float32 ops of the epilogue
    tol = (4e-6 if dtype == "f32" else 1e-5) * math.sqrt(K) + 2e-6
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


def _inputs(M, N, K, dtype, rng):
    a = rng.standard_normal((M, K)).astype(np.float32)
    b = (rng.standard_normal((K, N)) / math.sqrt(K)).astype(np.float32)
    if dtype == "bf16":
        a, b = a.astype(ml_dtypes.bfloat16), b.astype(ml_dtypes.bfloat16)
    return a, b


# --- the transcendental expansions -------------------------------------------------------------


def _jit_unary(fn: str, expand: str = "expand-math"):
    from mlir import ir

    from nanomm.compiler.pipeline import parse_pipeline, run_pipeline
    from nanomm.compiler.translate import to_llvm_ir
    from nanomm.runtime.cpu import native_cpu
    from nanomm.runtime.jit import JitModule

    n = 4096
    src = (f"func.func @f(%x: memref<{n}xf32>, %y: memref<{n}xf32>) {{\n"
           f"  linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], "
           f"iterator_types = [\"parallel\"]}} ins(%x : memref<{n}xf32>) outs(%y : memref<{n}xf32>) {{\n"
           f"  ^bb0(%a: f32, %b: f32):\n    %0 = math.{fn} %a : f32\n    linalg.yield %0 : f32\n  }}\n  return\n}}")
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(src)
        run_pipeline(module, parse_pipeline(expand + ",lower-llvm"), snapshots=False)
        text = to_llvm_ir(module)
    cpu = native_cpu()
    jit = JitModule(text, cpu.name, cpu.feature_string(), 3)
    f = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p)(jit.address("f"))

    def run(x: np.ndarray) -> np.ndarray:
        x = np.ascontiguousarray(x, np.float32)
        assert x.size == n
        y = np.empty_like(x)
        f(x.ctypes.data, y.ctypes.data)
        return y

    run.owner = jit
    return run


SPECIAL = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-30, -1e-7, 0.19999, 0.2, 0.5, 3.79, 3.81, 88.7, 88.8,
                    -87.3, -103.0, -104.5], np.float32)


@pytest.mark.parametrize("expand", ["expand-math", "expand-math{scalef=1}"])  # (scalef: ldexp, any host)
@pytest.mark.parametrize("fn, ref, atol, rtol", [
    ("exp", np.exp, 0.0, 2.5e-7),
    ("erf", _ERF, 3.5e-7, 0.0),
    ("tanh", np.tanh, 2e-7, 1e-6),
])
def test_math_expansion_accuracy(fn, ref, atol, rtol, expand):
    run = _jit_unary(fn, expand)
    span = (-104, 89) if fn == "exp" else (-8, 8)
    x = np.concatenate([SPECIAL, np.linspace(*span, 4096 - len(SPECIAL) - 512, dtype=np.float32),
                        np.geomspace(1e-6, 1.0, 512).astype(np.float32)])
    y = run(x)
    with np.errstate(all="ignore"):
        want = ref(x.astype(np.float64)).astype(np.float32).astype(np.float64)  # float32's limits (inf, 0)
    assert np.array_equal(np.isnan(y), np.isnan(want))
    special = ~np.isfinite(want) | (want == 0)
    assert np.array_equal(y[special & ~np.isnan(want)], want[special & ~np.isnan(want)])
    normal = np.isfinite(want) & (np.abs(want) > 1.2e-38)
    np.testing.assert_allclose(y[normal], want[normal], rtol=rtol or 1e-30, atol=atol)


# --- kernels with epilogues ---------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(M=st.integers(1, 40), N=st.integers(1, 90), K=st.integers(1, 300), act=st.sampled_from(ACTS),
       bias=st.booleans(), residual=st.booleans(), alpha=st.sampled_from([1.0, 0.125, -2.0]),
       dtype=st.sampled_from(["f32", "bf16"]), seed=st.integers(0, 2**16))
def test_epilogue_matches_reference(M, N, K, act, bias, residual, alpha, dtype, seed):
    rng = np.random.default_rng(seed)
    a, b = _inputs(M, N, K, dtype, rng)
    bias_v = rng.standard_normal(N).astype(np.float32) if bias else None
    res = rng.standard_normal((M, N)).astype(np.float32) if residual else None
    got = nanomm.matmul(a, b, bias=bias_v, activation=act, residual=res, alpha=alpha, threads=1)
    acc = a.astype(np.float64) @ b.astype(np.float64)
    _close(got, reference(acc, alpha, bias_v, act, res), K, dtype)


CONFIGS = [
    KernelConfig(mr=4, nr=48, mc=48, nc=96, kc=128, pack_b=True),  # nkm: the last K block of several
    KernelConfig(mr=4, nr=48, mc=48, nc=96, kc=128, outline=False, late_c=False),  # nmk, inline tiles
    KernelConfig(mr=6, nr=64, mc=36, nc=128, kc=64, unroll_k=2),
]


@pytest.mark.parametrize("config", CONFIGS, ids=["nkm-packed", "nmk-inline", "unrolled"])
@pytest.mark.parametrize("act", ["gelu", "silu"])
def test_epilogue_under_configs(config, act):
    M, N, K = 53, 150, 333
    rng = np.random.default_rng(1)
    a, b = _inputs(M, N, K, "f32", rng)
    bias, res = rng.standard_normal(N).astype(np.float32), rng.standard_normal((M, N)).astype(np.float32)
    k = nanomm.compile_matmul(M, N, K, config=config, threads=1,
                              epilogue=Epilogue(alpha=0.5, bias=True, activation=act, residual=True))
    _close(k(a, b, bias=bias, residual=res), reference(a.astype(np.float64) @ b, 0.5, bias, act, res), K, "f32")


def test_epilogue_is_fused_into_the_microkernels():
    k = nanomm.compile_matmul(64, 128, 96, threads=1, epilogue=Epilogue(bias=True, activation="relu"),
                              config=KernelConfig(mr=4, nr=32, mc=32, nc=64, kc=64))
    ir = k.ir("compose-microkernel")
    assert "linalg.generic" not in ir  # no separate pass over C
    assert "_epilogue(" in ir and "arith.maximumf" in ir and "vector<16xf32>" in ir


def test_epilogue_on_amx_emulated_tiles():
    """AMX tiles are stored by compose-amx; their epilogue runs as a vector loop over each tile."""
    M, N, K = 70, 96, 200
    rng = np.random.default_rng(2)
    a, b = _inputs(M, N, K, "bf16", rng)
    bias = rng.standard_normal(N).astype(np.float32)
    cfg = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=64, pack_b=True, isa="amx-emulated")
    k = nanomm.compile_matmul(M, N, K, "bf16", config=cfg, threads=1, epilogue=Epilogue(bias=True, activation="gelu"))
    _close(k(a, b, bias=bias), reference(a.astype(np.float64) @ b.astype(np.float64), 1.0, bias, "gelu"), K, "bf16")


_PIPELINED = KernelConfig(mr=32, nr=32, mc=64, nc=96, kc=64, pack_b=True, isa="amx", outline=False)


def test_amx_epilogues_run_one_tile_late_between_the_next_tiles_products():
    """compose-amx{pipeline-epilogue} (compile only, any host): the loop over a block's tiles runs
    its first tile before it, each tile's epilogue on the next trip among that tile's products, the
    last tile's after the loop (the epilogue op there, for compose-microkernel's loop over rows)."""
    from mlir import ir

    spec = MatmulSpec(64, 192, 128, "bf16", epilogue=Epilogue(bias=True, activation="relu"))
    text = build_kernel(spec, "sapphirerapids", _PIPELINED).ir("compose-amx")
    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = True
        module, loops = ir.Module.parse(text), []
        module.operation.walk(lambda op: (loops.append(op) if op.name == "scf.for" else None) or ir.WalkResult.ADVANCE)
        pipelined = []
        for loop in loops:  # a loop whose body has epilogue rows before its last tile product
            names = [o.operation.name for o in loop.regions[0].blocks[0].operations]
            if "amx.tile_mulf" in names and "arith.maximumf" in names[:len(names) - names[::-1].index("amx.tile_mulf")]:
                pipelined.append(loop)
        assert len(pipelined) == 1  # the last K block's loop over tiles (the first K block's has no epilogue)
        for loop in pipelined:
            assert "arith.constant 32 : index" in str(loop.operands[0])  # trip 0 peeled, before the loop
            after = list(loop.parent.regions[0].blocks[0].operations)  # the last tile's epilogue, after it
            rest = [o.operation.name for o in after[[o.operation for o in after].index(loop) + 1:]]
            assert rest.count("linalg.generic") == 1 and "amx.tile_mulf" not in rest and "arith.maximumf" not in rest


@pytest.mark.amx
@pytest.mark.parametrize("M,N,K", [(64, 192, 128), (96, 288, 64), (33, 160, 100)])
@pytest.mark.parametrize("case", ["gelu", "residual", "u8s8"])
def test_pipelined_amx_epilogues_match_numpy(M, N, K, case, host_compiles_amx):
    """The same kernels run on AMX: every tile's epilogue applied once (the first tile's, peeled; the
    last, after the loop), with whole and edge tiles, one K block and several."""
    rng = np.random.default_rng(M + N + K)
    bias = rng.standard_normal(N).astype(np.float32)
    if case == "u8s8":
        a, b = _quantized(M, N, K, "u8s8", rng)
        scale = (rng.random(N) * 1e-3).astype(np.float32)
        k = nanomm.compile_matmul(M, N, K, "u8s8", config=_PIPELINED, threads=1,
                                  epilogue=Epilogue(scale=True, zero_point=True, bias=True, activation="gelu"))
        got = k(a, b, scale=scale, a_zero_point=100, bias=bias)
        want = _dequantized(a, b, scale, 100, bias=bias, activation="gelu")
        np.testing.assert_allclose(got, want, rtol=2e-5, atol=1e-5)
        return
    a, b = _inputs(M, N, K, "bf16", rng)
    acc = a.astype(np.float64) @ b.astype(np.float64)
    if case == "gelu":
        k = nanomm.compile_matmul(M, N, K, "bf16", config=_PIPELINED, threads=1,
                                  epilogue=Epilogue(bias=True, activation="gelu"))
        _close(k(a, b, bias=bias), reference(acc, 1.0, bias, "gelu"), K, "bf16")
    else:
        residual = rng.standard_normal((M, N)).astype(np.float32)
        k = nanomm.compile_matmul(M, N, K, "bf16", config=_PIPELINED, threads=1,
                                  epilogue=Epilogue(alpha=0.5, bias=True, residual=True))
        _close(k(a, b, bias=bias, residual=residual), reference(acc, 0.5, bias, None, residual), K, "bf16")


def test_epilogue_with_threads_and_prepacked_weights():
    M, N, K = 200, 384, 256
    rng = np.random.default_rng(3)
    a, b = _inputs(M, N, K, "f32", rng)
    bias, res = rng.standard_normal(N).astype(np.float32), rng.standard_normal((M, N)).astype(np.float32)
    want = reference(a.astype(np.float64) @ b, 1.0, bias, "gelu", res)
    ep = Epilogue(bias=True, activation="gelu", residual=True)
    for threads in (1, 2):
        k = nanomm.compile_matmul(M, N, K, b=b, threads=threads, epilogue=ep)
        _close(k(a, bias=bias, residual=res), want, K, "f32")
        _close(nanomm.matmul(a, b, bias=bias, activation="gelu", residual=res, threads=threads), want, K, "f32")


def test_dynamic_m_epilogue():
    N, K = 96, 128
    rng = np.random.default_rng(4)
    b = (rng.standard_normal((K, N)) / math.sqrt(K)).astype(np.float32)
    bias = rng.standard_normal(N).astype(np.float32)
    k = nanomm.compile_matmul(None, N, K, b=b, epilogue=Epilogue(bias=True, activation="silu"))
    for M in (1, 7, 33):
        a = rng.standard_normal((M, K)).astype(np.float32)
        _close(k(a, bias=bias), reference(a.astype(np.float64) @ b, 1.0, bias, "silu"), K, "f32")
    threaded = nanomm.compile_matmul(None, N, K, b=b, threads=2, epilogue=Epilogue(activation="relu"))
    a = rng.standard_normal((300, K)).astype(np.float32)
    _close(threaded(a), reference(a.astype(np.float64) @ b, 1.0, None, "relu"), K, "f32")


def test_nan_and_infinity_propagate_as_numpy():
    M, N, K = 8, 40, 16
    a = np.ones((M, K), np.float32)
    b = np.ones((K, N), np.float32)
    a[0, 0], a[1, 0], a[2, 0] = np.nan, np.inf, -np.inf
    for act in ACTS:
        got = nanomm.matmul(a, b, activation=act, threads=1)
        want = reference(a.astype(np.float64) @ b, activation=act)
        assert np.array_equal(np.isnan(got), np.isnan(want)), act
        inf = np.isinf(want)
        assert np.array_equal(got[inf], want[inf]), act


@pytest.mark.parametrize("dtype", ["f32", "bf16"])
def test_gelu_epilogue_accuracy_over_its_range(dtype):
    """The GELU epilogue (compiler/payload.py _gelu_lines: the rational erf written out on x) against
    float64 over [-12, 12], through the clamp at 3.8 sqrt 2 and the tails: within 1e-6 absolute (erf's
    3.5e-7, times |x| / 2), 0 far below, within an ulp of x far above."""
    x = np.concatenate([np.linspace(-12, 12, 24001, dtype=np.float32),
                        np.float32(3.8 * math.sqrt(2)) * np.array([-1.001, -1, -0.999, 0.999, 1, 1.001], np.float32)])
    b = np.ones((1, 16), np.float32)
    a = x[:, None].copy()
    if dtype == "bf16":  # bf16 inputs: x rounded to bfloat16 first, the epilogue in float32 as ever
        a = a.astype(ml_dtypes.bfloat16)
        b = b.astype(ml_dtypes.bfloat16)
        x = a[:, 0].astype(np.float32)
    got = nanomm.matmul(a, b, activation="gelu", threads=1)[:, 0].astype(np.float64)
    want = reference(x.astype(np.float64)[:, None], activation="gelu")[:, 0]
    assert np.abs(got - want).max() <= 1e-6
    far = np.abs(x) > 6
    np.testing.assert_allclose(got[far & (x > 0)], x[far & (x > 0)], rtol=1.2e-7, atol=0)  # (an ulp)
    assert np.abs(got[far & (x < 0)]).max() <= 1e-6


def test_inputs_are_not_modified():
    rng = np.random.default_rng(5)
    a, b = _inputs(20, 30, 40, "f32", rng)
    bias, res = rng.standard_normal(30).astype(np.float32), rng.standard_normal((20, 30)).astype(np.float32)
    copies = [x.copy() for x in (a, b, bias, res)]
    nanomm.matmul(a, b, bias=bias, residual=res, activation="gelu")
    for x, y in zip((a, b, bias, res), copies):
        assert np.array_equal(x, y)


def test_epilogue_keyword_errors():
    a, b = np.ones((4, 8), np.float32), np.ones((8, 6), np.float32)
    with pytest.raises(ShapeError, match="bias has shape"):
        nanomm.matmul(a, b, bias=np.zeros(5, np.float32))
    with pytest.raises(ShapeError, match="residual has shape"):
        nanomm.matmul(a, b, residual=np.zeros((6, 4), np.float32))
    with pytest.raises(ConfigError, match="unknown activation 'tanhh'"):
        nanomm.matmul(a, b, activation="tanhh")
    with pytest.raises(DTypeError, match="bias has dtype int64"):
        nanomm.matmul(a, b, bias=np.zeros(6, np.int64))
    with pytest.raises(DTypeError, match="pass scale="):
        nanomm.matmul(np.ones((4, 8), np.uint8), np.ones((8, 6), np.int8), activation="relu")
    with pytest.raises(ConfigError, match="alpha must be a finite number"):
        nanomm.matmul(a, b, alpha=float("nan"))
    out = np.zeros((4, 6), np.float32)
    with pytest.raises(AliasError, match="out shares memory with residual"):
        nanomm.matmul(a, b, out=out, residual=out)
    k = nanomm.compile_matmul(4, 6, 8, epilogue=Epilogue(bias=True))
    with pytest.raises(ShapeError, match="bias is missing"):
        k(a, b)
    with pytest.raises(ShapeError, match="residual is given"):
        k(a, b, bias=np.zeros(6, np.float32), residual=np.zeros((4, 6), np.float32))
    with pytest.raises(DTypeError, match="needs scale"):
        nanomm.compile_matmul(4, 6, 8, "u8s8", epilogue=Epilogue(activation="relu"))
    with pytest.raises(DTypeError, match="zero_point corrects int32 sums"):
        nanomm.compile_matmul(4, 6, 8, epilogue=Epilogue(scale=True, zero_point=True))
    with pytest.raises(ConfigError, match="accumulate"):
        nanomm.compile_matmul(4, 6, 8, accumulate=True, epilogue=Epilogue(activation="relu"))


# ELU as a "body:" activation: select(t > 0, t, exp(t) - 1), cmpf ogt = predicate 2 (payload.BODY)
_ELU = "body:(arith.select (arith.cmpf:2 t 0x00000000) t (arith.subf (math.exp t) 0x3F800000))"


@pytest.mark.parametrize("K", [0, 37])
def test_element_wise_body_activation(K):
    """An activation given as its element-wise body (what compiler/graph.py fuses when a model's consumer is
    none of the named ones) runs in the kernel's epilogue, and in numpy for the empty sums of K = 0."""
    rng = np.random.default_rng(K)
    a, b = rng.standard_normal((23, K)).astype(np.float32), rng.standard_normal((K, 19)).astype(np.float32)
    bias, res = rng.standard_normal(19).astype(np.float32), rng.standard_normal((23, 19)).astype(np.float32)
    got = nanomm.matmul(a, b, bias=bias, residual=res, activation=_ELU, alpha=0.5)
    x = 0.5 * (a.astype(np.float64) @ b) + bias
    want = np.where(x > 0, x, np.exp(x) - 1) + res
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    from nanomm.compiler.payload import activation_label
    assert activation_label(_ELU) == "element-wise body of 4 op(s)"
    assert re.fullmatch(r"body[0-9a-f]{12}", Epilogue(activation=_ELU).tag)  # (kernel symbols stay short)


@pytest.mark.parametrize("K", [1, 29])
def test_multiplying_residual(K):
    """Epilogue(residual_mul=True): act(alpha * (A @ B) + bias) * residual in the kernel (what compiler/graph.py
    fuses for SwiGLU's silu(gate) * up)."""
    rng = np.random.default_rng(K + 1)
    a, b = rng.standard_normal((17, K)).astype(np.float32), rng.standard_normal((K, 21)).astype(np.float32)
    bias, res = rng.standard_normal(21).astype(np.float32), rng.standard_normal((17, 21)).astype(np.float32)
    k = nanomm.compile_matmul(17, 21, K, epilogue=Epilogue(bias=True, activation="silu", residual=True,
                                                         residual_mul=True))
    got = k(a, b, bias=bias, residual=res)
    x = a.astype(np.float64) @ b + bias
    np.testing.assert_allclose(got, x / (1 + np.exp(-x)) * res, rtol=1e-5, atol=1e-5)
    with pytest.raises(ConfigError, match="needs residual=True"):
        Epilogue(residual_mul=True)


@pytest.mark.parametrize("body, message", [
    ("body:(math.log t)", "not one of its ops"),
    ("body:(arith.addf t)", "takes 2 operand"),
    ("body:(arith.addf t t", "unbalanced parentheses"),
    ("body:(math.tanh t) t", "text after its expression"),
    ("body:(arith.mulf t 1.5)", "neither t, a float32 constant"),
    ("body:(arith.cmpf:2 t t)", "a comparison"),
    ("body:(arith.cmpf:99 t t)", "not one of its ops"),
])
def test_element_wise_body_errors(body, message):
    with pytest.raises(ConfigError, match=message):
        Epilogue(activation=body)


def test_converted_bias_and_empty_sum():
    a, b = np.ones((3, 0), np.float32), np.ones((0, 5), np.float32)
    bias = np.arange(5, dtype=np.float64) - 2
    got = nanomm.matmul(a, b, bias=bias, activation="relu")
    np.testing.assert_array_equal(got, np.maximum(np.broadcast_to(bias, (3, 5)), 0))
    a, b = np.ones((3, 4), np.float32), np.ones((4, 5), np.float32)
    np.testing.assert_allclose(nanomm.matmul(a, b, bias=bias), np.broadcast_to(4 + bias, (3, 5)))


def test_expand_math_refuses_other_types():
    from mlir import ir

    from nanomm.compiler.pipeline import parse_pipeline, run_pipeline

    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse("func.func @f(%x: f64) -> f64 {\n  %0 = math.exp %x : f64\n  return %0 : f64\n}")
        with pytest.raises(PassError, match="expand-math handles f32"):
            run_pipeline(module, parse_pipeline("expand-math"))


def test_native_checked_call_with_epilogue_arrays():
    """Kernels with bias / residual are checked and called in machine code (runtime/trampoline.py's
    entry for their arrays); what it refuses gets the Python path's named error."""
    from nanomm.runtime import trampoline

    M, N, K = 12, 40, 24
    rng = np.random.default_rng(6)
    a, b = _inputs(M, N, K, "f32", rng)
    bias, res = rng.standard_normal(N).astype(np.float32), rng.standard_normal((M, N)).astype(np.float32)
    k = nanomm.compile_matmul(M, N, K, threads=1, epilogue=Epilogue(bias=True, residual=True))
    if trampoline.checked_call((1, 2)) is not None and not k._function._missing:  # (runnable here)
        assert k._function._native_x is not None
    want = reference(a.astype(np.float64) @ b, 1.0, bias, None, res)
    out = np.empty((M, N), np.float32)
    _close(k(a, b, out, bias=bias, residual=res), want, K, "f32")
    _close(k(a, b, bias=bias, residual=res), want, K, "f32")
    with pytest.raises(nanomm.LayoutError, match="residual is not C-contiguous"):
        k(a, b, out, bias=bias, residual=np.asfortranarray(res))
    with pytest.raises(ShapeError, match="bias has shape"):
        k(a, b, out, bias=bias[:-1], residual=res)
    with pytest.raises(DTypeError, match="bias has dtype float64"):
        k(a, b, out, bias=bias.astype(np.float64), residual=res)
    with pytest.raises(AliasError, match="out shares memory with residual"):
        k(a, b, res, bias=bias, residual=res)
    dyn = nanomm.compile_matmul(None, N, K, epilogue=Epilogue(residual=True))
    with pytest.raises(ShapeError, match="residual has shape"):
        dyn(a, b, residual=res[:5])
    _close(dyn(a[:5], b, residual=res[:5]), reference(a[:5].astype(np.float64) @ b, residual=res[:5]), K, "f32")


# --- int8 kernels: dequantizing epilogues --------------------------------------------------------------


def _quantized(M, N, K, dtype, rng):
    low = 0 if dtype == "u8s8" else -128
    a = rng.integers(low, low + 256, (M, K)).astype(np.uint8 if dtype == "u8s8" else np.int8)
    return a, rng.integers(-128, 128, (K, N)).astype(np.int8)


def _dequantized(a, b, scale, zero_point, alpha=1.0, bias=None, activation=None, residual=None):
    """float64: act(alpha * scale * (a @ b - zero_point * column sums of b) + bias) + residual."""
    sums = a.astype(np.int64) @ b.astype(np.int64) - (zero_point or 0) * b.astype(np.int64).sum(0)
    return reference(sums * np.float64(np.float32(alpha)) * scale.astype(np.float64), 1.0, bias, activation, residual)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(M=st.integers(1, 40), N=st.integers(1, 90), K=st.integers(1, 300), dtype=st.sampled_from(["u8s8", "s8s8"]),
       zero_point=st.sampled_from([None, 0, 1, 128, 255]), act=st.sampled_from(ACTS), bias=st.booleans(),
       residual=st.booleans(), alpha=st.sampled_from([1.0, -0.5]), threads=st.sampled_from([1, 2]),
       seed=st.integers(0, 2**16))
def test_dequantizing_epilogue_matches_reference(M, N, K, dtype, zero_point, act, bias, residual, alpha, threads, seed):
    """int8 inputs with scale (and a zero point for the u8 a): float32 results dequantized in the kernel,
    the zero point subtracted from the exact int32 sums first."""
    if dtype == "s8s8" and zero_point is not None and zero_point > 127:
        zero_point = 127
    rng = np.random.default_rng(seed)
    a, b = _quantized(M, N, K, dtype, rng)
    scale = (rng.random(N) * 1e-3 + 1e-5).astype(np.float32)
    bias_v = rng.standard_normal(N).astype(np.float32) if bias else None
    res = rng.standard_normal((M, N)).astype(np.float32) if residual else None
    got = nanomm.matmul(a, b, threads=threads, scale=scale, a_zero_point=zero_point, bias=bias_v, activation=act,
                        residual=res, alpha=alpha)
    assert got.dtype == np.float32 and got.shape == (M, N)
    want = _dequantized(a, b, scale, zero_point, alpha, bias_v, act, res)
    np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-5 * (1 + np.abs(want).max()))


@pytest.mark.parametrize("M", [None, 50])
@pytest.mark.parametrize("threads", [1, 2])
def test_dequantizing_kernel_with_packed_weights(M, threads):
    """compile_matmul(..., b=W) takes W's column sums once; several K blocks (the sums complete in C
    as int32 first), a scalar scale, a per-call zero point; float32 out given or allocated."""
    N, K = 384, 700
    rng = np.random.default_rng(7)
    w = rng.integers(-128, 128, (K, N)).astype(np.int8)
    ep = Epilogue(scale=True, zero_point=True, bias=True, activation="gelu")
    k = nanomm.compile_matmul(M, N, K, "u8s8", b=w, threads=threads, epilogue=ep,
                              config=KernelConfig(mr=6, nr=64, mc=36, nc=128, kc=256, pack_b=True))
    bias = rng.standard_normal(N).astype(np.float32)
    for rows in ((1, 7, 50, 333) if M is None else (M,)):
        a = rng.integers(0, 256, (rows, K)).astype(np.uint8)
        for zp in (0, 128):
            want = _dequantized(a, w, np.full(N, 2e-4, np.float32), zp, bias=bias, activation="gelu")
            got = k(a, scale=2e-4, a_zero_point=zp, bias=bias)
            assert got.dtype == np.float32
            np.testing.assert_allclose(got, want, rtol=2e-5, atol=1e-4)
        out = np.empty((rows, N), np.float32)
        assert k(a, out=out, scale=2e-4, a_zero_point=5, bias=bias) is out
    with pytest.raises(DTypeError, match="dequantizes to float32"):
        k(a, out=np.empty((rows, N), np.int32), scale=1.0, a_zero_point=0, bias=bias)
    with pytest.raises(ShapeError, match="a_zero_point is missing"):
        k(a, scale=1.0, bias=bias)


def test_dequantizing_epilogue_on_amx_emulated_tiles_and_batches():
    """AMX tiles store the int32 sums, then the tile's vector loop dequantizes them; a batched kernel
    dequantizes every entry."""
    M, N, K = 70, 96, 200
    rng = np.random.default_rng(8)
    a, b = _quantized(M, N, K, "u8s8", rng)
    scale = (rng.random(N) * 1e-3).astype(np.float32)
    cfg = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=64, pack_b=True, isa="amx-emulated")
    k = nanomm.compile_matmul(M, N, K, "u8s8", config=cfg, threads=1,
                              epilogue=Epilogue(scale=True, zero_point=True, activation="relu"))
    got = k(a, b, scale=scale, a_zero_point=100)
    np.testing.assert_allclose(got, _dequantized(a, b, scale, 100, activation="relu"), rtol=2e-5, atol=1e-5)
    entries = np.stack([a[:16], a[16:32], a[32:48]])
    kb = nanomm.compile_matmul(16, N, K, "u8s8", batch=3, batch_strides=(16 * K, 0, 16 * N), threads=1,
                               epilogue=Epilogue(scale=True))
    got = kb(entries, np.broadcast_to(b, (3, K, N)), scale=scale)
    want = np.stack([_dequantized(x, b, scale, None) for x in entries])
    np.testing.assert_allclose(got, want, rtol=2e-5, atol=1e-5)
    bs = np.stack([b, b[::-1], -b])  # (a B an entry: each its zero-point correction)
    kz = nanomm.compile_matmul(16, N, K, "u8s8", batch=3, config=cfg, threads=1,
                               epilogue=Epilogue(scale=True, zero_point=True))
    got = kz(entries, bs, scale=scale, a_zero_point=100)
    want = np.stack([_dequantized(x, y, scale, 100) for x, y in zip(entries, bs)])
    np.testing.assert_allclose(got, want, rtol=2e-5, atol=1e-5)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batch=st.sampled_from([(3,), (2, 2)]), M=st.integers(1, 20), N=st.integers(1, 70), K=st.integers(1, 200),
       dtype=st.sampled_from(["u8s8", "s8s8"]), zero_point=st.sampled_from([None, 0, 3, 127]),
       b_kind=st.sampled_from(["entries", "broadcast", "transposed"]), act=st.sampled_from([None, "relu", "gelu"]),
       bias=st.booleans(), residual=st.booleans(), threads=st.sampled_from([1, 2]), seed=st.integers(0, 2**16))
def test_batched_dequantization_matches_reference(batch, M, N, K, dtype, zero_point, b_kind, act, bias, residual,
                                                  threads, seed):
    """N-D int8 operands with scale (and a zero point): each batch entry's zero-point correction comes
    from its own B's column sums; B per entry, broadcast along the batch, or stored transposed."""
    rng = np.random.default_rng(seed)
    low = 0 if dtype == "u8s8" else -128
    a = rng.integers(low, low + 256, batch + (M, K)).astype(np.uint8 if dtype == "u8s8" else np.int8)
    if b_kind == "broadcast":
        b = rng.integers(-128, 128, (1, K, N)).astype(np.int8)
    else:
        b = rng.integers(-128, 128, batch + (K, N)).astype(np.int8)
        if b_kind == "transposed":  # (an array whose last two axes are swapped: read in place)
            b = np.ascontiguousarray(np.swapaxes(b, -1, -2)).swapaxes(-1, -2)
    scale = (rng.random(N) * 1e-3 + 1e-5).astype(np.float32)
    bias_v = rng.standard_normal(N).astype(np.float32) if bias else None
    shape = batch + (M, N)
    res = rng.standard_normal(shape).astype(np.float32) if residual else None
    got = nanomm.matmul(a, b, threads=threads, scale=scale, a_zero_point=zero_point, bias=bias_v, activation=act,
                        residual=res)
    assert got.dtype == np.float32 and got.shape == shape
    b_full = np.broadcast_to(b, batch + (K, N))
    want = np.stack([_dequantized(x, y, scale, zero_point, bias=bias_v, activation=act,
                                  residual=None if res is None else r)
                     for x, y, r in zip(a.reshape(-1, M, K), b_full.reshape(-1, K, N),
                                        (res if res is not None else got).reshape(-1, M, N))]).reshape(shape)
    np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-5 * (1 + np.abs(want).max()))


@pytest.mark.parametrize("batch", [6, None])
def test_batched_zero_points_on_several_threads(batch, monkeypatch):
    """The entries split over threads (forced): each run's zero-point rows start at its first entry."""
    import nanomm.compiler.api as api_module

    monkeypatch.setattr(api_module, "BATCH_PARALLEL_MIN_SECONDS", 0.0)
    monkeypatch.setattr(parallel_module, "BATCH_PARALLEL_MIN_SECONDS", 0.0)
    rng = np.random.default_rng(11)
    a = rng.integers(0, 256, (6, 9, 40)).astype(np.uint8)
    b = rng.integers(-128, 128, (6, 40, 24)).astype(np.int8)
    k = nanomm.compile_matmul(9, 24, 40, "u8s8", threads=2, batch=batch, epilogue=Epilogue(scale=True, zero_point=True))
    assert isinstance(k, BatchedKernel)
    got = k(a, b, scale=0.5, a_zero_point=77)
    want = np.stack([_dequantized(x, y, np.full(24, 0.5, np.float32), 77) for x, y in zip(a, b)])
    np.testing.assert_allclose(got, want, rtol=2e-5, atol=1e-5)


def test_dequantizing_keyword_errors():
    a, b = np.ones((4, 8), np.uint8), np.ones((8, 6), np.int8)
    with pytest.raises(ShapeError, match="scale has shape"):
        nanomm.matmul(a, b, scale=np.ones(5, np.float32))
    with pytest.raises(DTypeError, match="a_zero_point must be an int"):
        nanomm.matmul(a, b, scale=1.0, a_zero_point=0.5)
    with pytest.raises(ShapeError, match="outside A's uint8 range"):
        nanomm.matmul(a, b, scale=1.0, a_zero_point=256)
    with pytest.raises(DTypeError, match="a_zero_point is for int8 inputs"):
        nanomm.matmul(a.astype(np.float32), b.astype(np.float32), a_zero_point=3)
    with pytest.raises(DTypeError, match="out has dtype int32, expected float32"):
        nanomm.matmul(a, b, scale=1.0, out=np.empty((4, 6), np.int32))
    with pytest.raises(DTypeError, match="a_zero_point must be an int"):
        nanomm.matmul(np.ones((2, 4, 8), np.uint8), np.ones((2, 8, 6), np.int8), scale=1.0, a_zero_point=[1] * 6)
    with pytest.raises(ShapeError, match="outside A's uint8 range"):  # (an empty sum: no kernel runs)
        nanomm.matmul(np.ones((2, 4, 0), np.uint8), np.ones((2, 0, 6), np.int8), scale=1.0, a_zero_point=300)
    np.testing.assert_array_equal(nanomm.matmul(a[:, :0], b[:0], scale=3.0, a_zero_point=9,
                                                bias=np.arange(6, dtype=np.float32)),
                                  np.broadcast_to(np.arange(6, dtype=np.float32), (4, 6)))


def _bf16_bits(x: np.ndarray) -> np.ndarray:
    """bfloat16 bits of float32 x rounded to nearest even, as nanomm rounds (ml_dtypes' but denormals to
    zero of their sign, as vcvtneps2bf16 does)."""
    flushed = np.where(np.abs(x) < np.finfo(np.float32).tiny, np.copysign(np.float32(0), x), x).astype(np.float32)
    return flushed.astype(ml_dtypes.bfloat16).view(np.uint16)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from([(1, 5, 3), (37, 53, 70), (2, 3, 9, 33, 40)]), act=st.sampled_from([None, "gelu"]),
       bias=st.booleans(), dtype=st.sampled_from(["f32", "bf16", "u8s8"]), given_out=st.booleans(),
       threads=st.sampled_from([1, 2]), seed=st.integers(0, 2**16))
def test_out_dtype_bfloat16_is_the_float32_result_rounded(shape, act, bias, dtype, given_out, threads, seed):
    """out_dtype=bfloat16: the float32 result matmul gives, rounded to nearest even (bit for bit), in a new
    array or the bfloat16 out given; float, bf16 and dequantized int8 inputs, 2-D and N-D."""
    *batch, M, N, K = shape
    rng = np.random.default_rng(seed)
    if dtype == "u8s8":
        a = rng.integers(0, 256, (*batch, M, K)).astype(np.uint8)
        b = rng.integers(-128, 128, (K, N)).astype(np.int8)
        kw = dict(scale=np.float32(1e-3), a_zero_point=3)
    else:
        cast = np.float32 if dtype == "f32" else ml_dtypes.bfloat16
        a = rng.standard_normal((*batch, M, K)).astype(cast)
        b = rng.standard_normal((K, N)).astype(cast)
        kw = {}
    if bias:
        kw["bias"] = rng.standard_normal(N).astype(np.float32)
    want = nanomm.matmul(a, b, threads=threads, activation=act, **kw)
    assert want.dtype == np.float32
    out = np.empty(want.shape, ml_dtypes.bfloat16) if given_out else None
    got = nanomm.matmul(a, b, out=out, threads=threads, activation=act, out_dtype="bfloat16", **kw)
    assert got.dtype == ml_dtypes.bfloat16 and got.shape == want.shape and (out is None or got is out)
    np.testing.assert_array_equal(got.view(np.uint16), _bf16_bits(want))


def test_out_dtype_errors():
    a, b = np.ones((4, 8), np.float32), np.ones((8, 6), np.float32)
    bf16 = ml_dtypes.bfloat16
    assert nanomm.matmul(a, b, out_dtype=np.float32).dtype == np.float32
    with pytest.raises(DTypeError, match="out_dtype must be float32 or bfloat16"):
        nanomm.matmul(a, b, out_dtype=np.float16)
    with pytest.raises(DTypeError, match="out has dtype float32, expected bfloat16"):
        nanomm.matmul(a, b, out=np.empty((4, 6), np.float32), out_dtype="bf16")
    with pytest.raises(ShapeError, match=r"out has shape \(4, 5\), expected \(4, 6\)"):
        nanomm.matmul(a, b, out=np.empty((4, 5), bf16), out_dtype="bf16")
    with pytest.raises(LayoutError, match="C-contiguous"):
        nanomm.matmul(a, b, out=np.empty((6, 4), bf16).T, out_dtype="bf16")
    buf = np.zeros(64, np.float32)
    with pytest.raises(AliasError, match="out shares memory with a"):
        nanomm.matmul(buf[:32].reshape(4, 8), b, out=buf[16:28].view(bf16).reshape(4, 6), out_dtype="bf16")
    frozen = np.empty((4, 6), bf16)
    frozen.flags.writeable = False
    with pytest.raises(LayoutError, match="read-only"):
        nanomm.matmul(a, b, out=frozen, out_dtype="bf16")
    with pytest.raises(DTypeError, match="takes a float result; these inputs give int32 sums"):
        nanomm.matmul(np.ones((4, 8), np.uint8), np.ones((8, 6), np.int8), out_dtype="bf16")
