"""The disk cache of built functions of several ops (compiler/function_cache.py): a second compile of a
model's text restores its plan instead of reading its MLIR, with the same results."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import nanomm
from nanomm.compiler import function_cache, graph, upstream
from nanomm.compiler.payload import Epilogue

pytestmark = pytest.mark.kernels

SAMPLES = Path(__file__).parent / "data" / "torch_mlir"


def _sample(name):
    z = np.load(SAMPLES / f"{name}.npz")
    return (SAMPLES / f"{name}.mlir").read_text(), [z[f"arr_{i}"] for i in range(len(z.files) - 1)], z["out"]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    return tmp_path


def _entries(root: Path) -> list[Path]:
    return sorted((root / "functions").glob("*/*.json"))


@pytest.mark.parametrize("name", ["encoder", "mlp", "convnet", "llama_block"])
def test_a_second_compile_restores_the_function_without_reading_its_mlir(cache, monkeypatch, name):
    source, args, want = _sample(name)
    first = nanomm.compile(source)[name]
    assert len(_entries(cache)) == 1
    expected = first(*args)

    def no_reading(*_a, **_k):
        raise AssertionError("the text was read again")
    monkeypatch.setattr(graph, "read_function", no_reading)
    monkeypatch.setattr(graph, "needs_graph", no_reading)
    again = nanomm.compile(source)[name]
    assert again is not first and again.describe() == first.describe()
    got = again(*args)
    np.testing.assert_array_equal(got, expected)  # (the same kernels on the same plan)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-5 * float(np.abs(want).max()))
    for a, z in zip(args, _sample(name)[1]):
        np.testing.assert_array_equal(a, z)  # inputs not modified


def test_a_function_compiled_per_shape_and_each_of_its_shapes_come_from_the_cache(cache, monkeypatch):
    from nanomm.compiler.per_shape import PerShapeFunction
    source, args, want = _sample("encoder_dynamic_tokens")
    first = nanomm.compile(source).encoder_dynamic_tokens
    assert isinstance(first, PerShapeFunction)
    expected = first(*args)  # (compiles its specialization for these shapes: stored under an entry of its own)
    assert len(_entries(cache)) == 2
    read = []
    real = graph.read_function
    monkeypatch.setattr(graph, "read_function", lambda *a, **k: read.append(a[0]) or real(*a, **k))
    again = nanomm.compile(source).encoder_dynamic_tokens
    assert isinstance(again, PerShapeFunction) and "0 compiled" in again.describe()
    np.testing.assert_array_equal(again(*args), expected)
    assert not read  # (neither the function nor its specialization read from MLIR)
    shorter = [a[:, :4] if a.ndim == 3 else a for a in args]  # (4 tokens: not stored; compiled from the text)
    np.testing.assert_allclose(again(*shorter), first(*shorter), rtol=0, atol=1e-6 * float(np.abs(want).max()))
    assert read == ["encoder_dynamic_tokens"] and "2 compiled" in again.describe()


def test_a_new_process_compiles_a_model_from_the_cache_with_no_kernel_compiled(cache):
    code = ("import sys, numpy as np, nanomm\n"
            "from nanomm.compiler.build import build_counts\n"
            "z = np.load(sys.argv[2])\n"
            "f = nanomm.compile(open(sys.argv[1]).read()).encoder\n"
            "got = f(*[z[f'arr_{i}'] for i in range(len(z.files) - 1)])\n"
            "print(float(np.abs(got - z['out']).max() / np.abs(z['out']).max()), build_counts()['compiled'])\n")
    env = {"NANOMM_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin"}
    runs = [subprocess.run([sys.executable, "-c", code, str(SAMPLES / "encoder.mlir"), str(SAMPLES / "encoder.npz")],
                           capture_output=True, text=True, env=env, check=True).stdout.split() for _ in range(2)]
    assert float(runs[0][0]) < 1e-5 and int(runs[0][1]) > 0
    assert float(runs[1][0]) < 1e-5 and runs[1][1] == "0"


def test_what_decides_the_function_gives_another_entry(cache, monkeypatch):
    source, args, want = _sample("encoder")
    digest = function_cache.digest(source)
    keys = {function_cache.key(digest, None), function_cache.key(digest, 1e-3),
            function_cache.key(function_cache.digest(source + "\n"), None)}
    monkeypatch.setattr(graph, "SLICE_BYTES", 256)  # (a partition threshold, as tests and bench scripts set them)
    keys.add(function_cache.key(digest, None))
    assert len(keys) == 4
    sliced = nanomm.compile(source).encoder
    monkeypatch.setattr(graph, "SLICE_BYTES", 1 << 40)
    whole = nanomm.compile(source).encoder
    assert sliced.sliced and not whole.sliced and len(_entries(cache)) == 2


def test_a_damaged_or_foreign_entry_is_dropped_and_the_text_compiled(cache):
    source, args, want = _sample("mlp")
    nanomm.compile(source)
    manifest = _entries(cache)[0]
    data = json.loads(manifest.read_text())
    data["meta"]["functions"] = {"d": [["mlp", {"o": ["Popen", {}]}]]}  # (no such class is made)
    manifest.write_text(json.dumps(data))
    f = nanomm.compile(source).mlp
    np.testing.assert_allclose(f(*args), want, rtol=0, atol=1e-5 * float(np.abs(want).max()))
    assert json.loads(_entries(cache)[0].read_text())["meta"]["functions"] != data["meta"]["functions"]
    obj = manifest.with_suffix(".o")
    obj.write_bytes(obj.read_bytes()[:-1] + b"\x01")  # (its checksum no longer matches: a miss)
    f = nanomm.compile(source).mlp
    np.testing.assert_allclose(f(*args), want, rtol=0, atol=1e-5 * float(np.abs(want).max()))


def test_nothing_is_stored_with_the_disk_cache_off(cache, monkeypatch):
    monkeypatch.setenv("NANOMM_DISK_CACHE", "0")
    source, args, want = _sample("mlp")
    nanomm.compile(source)
    assert not _entries(cache)


def test_single_matmul_modules_are_not_stored(cache):
    source = ("func.func @mm(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {\n"
              "  %c0 = arith.constant 0.0 : f32\n  %e = tensor.empty() : tensor<4x16xf32>\n"
              "  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>\n"
              "  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%z : tensor<4x16xf32>) "
              "-> tensor<4x16xf32>\n  return %r : tensor<4x16xf32>\n}\n")
    nanomm.compile(source)
    assert not _entries(cache)


def _round_trip(value):
    encoder = function_cache._Encoder()
    state = json.loads(json.dumps(encoder.value(value)))
    blob, spans = encoder.blob()
    return function_cache._Decoder(blob, spans).value(state)


def test_values_round_trip_with_views_and_shared_objects_kept():
    base = np.arange(24, dtype=np.float32).reshape(4, 6)
    view = base.T[1:, ::2]
    e = graph._E("col", value=np.float32(0.5))
    node = ("view", 3, graph._View("slice", (slice(0, 4, 2), slice(None, None, None)), (2, 6)))
    value = {1: (base, view), "e": [e, e], "s": {2, 3}, "f": [math.inf, -0.0], "n": np.int64(7),
             "dt": [np.dtype(np.float32), np.float32, graph._numpy_type("bf16")], "node": node,
             "ep": Epilogue(alpha=0.5, bias=True, activation="gelu")}
    got = _round_trip(value)
    b, v = got[1]
    np.testing.assert_array_equal(b, base)
    np.testing.assert_array_equal(v, view)
    assert np.shares_memory(b, v) and not b.flags.writeable  # (a view of the one stored array)
    assert got["e"][0] is got["e"][1] and got["e"][0].op == "col" and got["e"][0].value == np.float32(0.5)
    assert got["s"] == {2, 3} and got["f"][0] == math.inf and math.copysign(1, got["f"][1]) == -1
    assert got["n"] == 7 and type(got["n"]) is np.int64
    assert got["dt"] == [np.dtype(np.float32), np.float32, graph._numpy_type("bf16")] and got["dt"][1] is np.float32
    np.testing.assert_array_equal(got["node"][2](base), node[2](base))
    assert got["ep"] == value["ep"]


def test_a_value_the_format_does_not_hold_is_refused_when_stored():
    with pytest.raises(function_cache._Unstorable):
        function_cache._Encoder().value({"f": lambda x: x})
    with pytest.raises(function_cache._Unstorable):
        function_cache._Encoder().value(np.array([object()]))


def test_the_cut_a_segment_found_is_seeded_not_analysed_again(monkeypatch):
    text = "func.func @segment() { return }  // a text no segment has"
    upstream.seed_cut(text, 2, (["half"], [0], [0]))
    assert (text, 2, (["half"], [0], [0])) in upstream.known_cuts({text})
    with pytest.raises(ValueError):
        upstream.seed_cut(text, 4, ("not a list of texts", [0], [0]))
