"""Malformed and unsupported MLIR: nanomm-opt and nanomm.compile give diagnostics, never a crash.

Every input of tests/reliability/corpus/ (one file each; written by make_corpus.py) goes
through both front doors:

  * `nanomm-opt -p <the full pipeline> FILE` in a subprocess: exit status 1, each expected
    substring on stderr, no Python traceback (and no signal: a crash is a negative status);
  * `nanomm.compile(text)` in this process: MLIRInputError with each expected substring.

Expectations are the file's leading `// KEY: value` lines, or for a file that cannot hold
a comment (empty, binary, another encoding) the lines of `<file>.expect`:

    EXPECT: s            both diagnostics contain s
    EXPECT-OPT: s        nanomm-opt's stderr contains s
    EXPECT-COMPILE: s    the MLIRInputError's message contains s
    XFAIL-OPT: reason    a known bug outside the front end (strict xfail: fix it, then drop the line)
    XFAIL-COMPILE: reason

Below the corpus, generated inputs too large to keep in the repository (100,000-deep
nesting, long alias chains, a multi-megabyte file) and a derandomized Hypothesis fuzz of
mutated matmul modules.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import nanomm
from nanomm import MLIRInputError, NanommError
from nanomm.compiler import opt as opt_cli
from nanomm.compiler.frontend import check_source
from nanomm.runtime.cpu import host_cpu
from nanomm.runtime.reference import matmul_mismatch

CORPUS = Path(__file__).resolve().parents[1] / "reliability" / "corpus"
PIPELINE = "tile-cache,tile-register,compose-microkernel,lower-x86,lower-llvm"
KEYS = ("EXPECT", "EXPECT-OPT", "EXPECT-COMPILE", "XFAIL-OPT", "XFAIL-COMPILE")
FILES = sorted(p for p in CORPUS.glob("*.mlir"))


def expectations(path: Path) -> dict[str, list[str]]:
    sidecar = path.with_name(path.name + ".expect")
    if sidecar.exists():
        lines = sidecar.read_text().splitlines()
    else:
        lines = []
        for raw_line in path.read_bytes().splitlines():
            if not raw_line.startswith(b"// "):
                break
            lines.append(raw_line[3:].decode("latin-1"))
    found: dict[str, list[str]] = {k: [] for k in KEYS}
    for line in lines:
        key, sep, value = line.partition(": ")
        if sep and key in found:
            found[key].append(value)
    return found


def expected(path: Path, side: str) -> list[str]:
    e = expectations(path)
    return e["EXPECT"] + e[f"EXPECT-{side}"]


def xfail(path: Path, side: str, request: pytest.FixtureRequest) -> None:
    reasons = expectations(path)[f"XFAIL-{side}"]
    if reasons:
        request.applymarker(pytest.mark.xfail(reason=reasons[0], strict=True))


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """TMPDIR of the nanomm-opt runs: a failing pass writes its reproducer there, not in /tmp."""
    return tmp_path_factory.mktemp("reproducers")


def run_opt(args: list[str], scratch: Path, stdin: bytes | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nanomm.compiler.opt", *args], input=stdin,
                          capture_output=True, timeout=timeout, env={**os.environ, "TMPDIR": str(scratch)})


@pytest.fixture(scope="module")
def opt_results(scratch: Path) -> dict[Path, subprocess.CompletedProcess]:
    """nanomm-opt on every corpus file, run in parallel (each run is mostly interpreter start-up)."""
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1)) as pool:
        runs = pool.map(lambda p: run_opt(["-p", PIPELINE, str(p)], scratch), FILES)
        return dict(zip(FILES, runs))


def assert_diagnostic(proc: subprocess.CompletedProcess, substrings: list[str]) -> str:
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 1, f"exit status {proc.returncode} (negative: killed by a signal), stderr:\n{err}"
    assert "Traceback" not in err, err
    assert err.startswith("error: "), err
    for s in substrings:
        assert s in err, f"{s!r} not in stderr:\n{err}"
    return err


# --- the corpus -----------------------------------------------------------------------------------------------


def test_corpus_has_enough_inputs_each_with_expectations():
    assert len(FILES) >= 30
    for path in FILES:
        assert expected(path, "OPT") and expected(path, "COMPILE"), f"{path.name} has no expectation for a side"
    kinds = {p.name.split("-", 1)[1].removesuffix(".mlir") for p in FILES}
    for needed in ("empty", "binary-random", "latin1-comment", "unknown-custom-op", "dynamic-shape-memref",
                   "mismatched-shapes", "absurd-size", "deep-brackets", "alias-chain"):
        assert needed in kinds


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_nanomm_opt_rejects_with_a_diagnostic(path: Path, request: pytest.FixtureRequest, opt_results):
    xfail(path, "OPT", request)
    assert_diagnostic(opt_results[path], expected(path, "OPT"))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_nanomm_compile_raises_mlir_input_error(path: Path, request: pytest.FixtureRequest):
    xfail(path, "COMPILE", request)
    # Bytes that are not UTF-8 reach the API as lone surrogates (what open(..., errors="surrogateescape") gives).
    source = path.read_bytes().decode("utf-8", "surrogateescape")
    with pytest.raises(MLIRInputError) as info:
        nanomm.compile(source)
    for s in expected(path, "COMPILE"):
        assert s in str(info.value), f"{s!r} not in {str(info.value)[:2000]!r}"


@pytest.mark.parametrize("name", ["03-binary-random.mlir", "08-latin1-comment.mlir", "01-empty.mlir",
                                  "45-deep-brackets.mlir"])
def test_nanomm_opt_on_stdin(name: str, scratch: Path):
    path = CORPUS / name
    proc = run_opt(["-p", PIPELINE], scratch, stdin=path.read_bytes())
    err = assert_diagnostic(proc, expected(path, "OPT"))
    assert "<stdin>" in err


def test_bytes_are_refused_by_the_api():
    with pytest.raises(MLIRInputError, match=r"must be MLIR text \(str\), got bytes"):
        nanomm.compile((CORPUS / "03-binary-random.mlir").read_bytes())


# --- generated: too large to keep ---------------------------------------------------------------------------------

N = 100_000  # 10-30x the depth at which MLIR's parser overflows an 8 MiB stack
GENERATED = {
    "brackets": "module attributes {x = " + "[" * N + "]" * N + "} {}\n",
    "regions": "func.func @f() {\n" + "scf.execute_region{\n" * N + "scf.yield\n}\n" * N + "return\n}\n",
    "parentheses": "#m = affine_map<(d0) -> (" + "(" * N + "d0" + ")" * N + ")>\nmodule attributes {x = #m} {}\n",
    "types": "module attributes {x = " + "tuple<" * N + "i32" + ">" * N + "} {}\n",
    "attribute-aliases": "#a0 = [1]\n" + "".join(f"#a{i} = [#a{i - 1}]\n" for i in range(1, N))
                         + f"module attributes {{x = #a{N - 1}}} {{}}\n",
    "type-aliases": "!t0 = i32\n" + "".join(f"!t{i} = tuple<!t{i - 1}>\n" for i in range(1, N))
                    + f"module attributes {{x = !t{N - 1}}} {{}}\n",
    "aliases-value-on-next-line": "#a0 = [1]\n" + "".join(f"#a{i} =\n  [#a{i - 1}]\n" for i in range(1, N))
                                  + f"module attributes {{x = #a{N - 1}}} {{}}\n",
    "minus-signs": "#m = affine_map<(d0) -> (" + "-" * N + "d0)>\nmodule attributes {x = #m} {}\n",
    "opening-only": "{" * (10 * N),
}


@pytest.mark.parametrize("name", list(GENERATED))
def test_deep_nesting_is_refused_before_mlir_parses_it(name: str, tmp_path: Path, scratch: Path,
                                                       monkeypatch: pytest.MonkeyPatch):
    from mlir import ir

    source = GENERATED[name]
    parsed, real_parse = [], ir.Module.parse
    monkeypatch.setattr(ir.Module, "parse",
                        staticmethod(lambda *args, **kw: parsed.append(args) or real_parse(*args, **kw)))
    with pytest.raises(MLIRInputError, match="nesting deeper than|consecutive '-' signs"):
        nanomm.compile(source)
    assert not parsed  # the screen refused it: MLIR's parser never saw it
    path = tmp_path / f"{name}.mlir"
    path.write_text(source)
    assert_diagnostic(run_opt(["-p", PIPELINE, str(path)], scratch), [])


def test_legitimate_nesting_and_aliases_are_accepted():
    """The screening must not refuse real IR: nanomm's own lowered IR, aliases used many times."""
    kernel = nanomm.compile_matmul(37, 70, 45)
    for stage in kernel.stages:
        check_source(kernel.ir(stage))
    uses = "".join(f"  %r{i} = affine.apply #map(%i)\n" for i in range(2000))
    source = ("#map = affine_map<(d0) -> (d0 + 1)>\n"
              f"func.func private @f(%i: index) {{\n{uses}  return\n}}\n" + "// ((((( [[[[ {{{{ <<<<\n" * 300
              + 'module attributes {test.s = "' + "(" * 1000 + '"} {}\n')
    with pytest.raises(MLIRInputError, match="no public func.func holding a linalg.matmul"):
        nanomm.compile(source)  # parsed (more than MAX_NESTING brackets in comments and strings), not refused


def test_a_multi_megabyte_file_gets_its_diagnostic(tmp_path: Path, scratch: Path):
    body = "".join(f"func.func private @f{i}(memref<4x{i % 97 + 1}xf32>) -> tensor<{i % 13 + 1}xi8>\n"
                   for i in range(60_000))  # ~3.6 MB, 60,000 declarations
    with pytest.raises(MLIRInputError, match="no public func.func"):
        nanomm.compile(body)
    path = tmp_path / "big.mlir"
    path.write_text(body + "}\n")  # one stray brace: a syntax error at the very end
    assert_diagnostic(run_opt(["-p", PIPELINE, str(path)], scratch), ["invalid MLIR"])


# --- fuzzing: mutations of a valid module --------------------------------------------------------------------------

SEED = """func.func @mm(%A: memref<3x7xf32>, %B: memref<7x5xf32>, %C: memref<3x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x5xf32>)
  linalg.matmul ins(%A, %B : memref<3x7xf32>, memref<7x5xf32>) outs(%C : memref<3x5xf32>)
  return
}
"""
_TOKENS = ["memref<", "tensor<", "x", "?", "0", "1", "9", "99999999999", "f32", "f64", "i32", "<", ">", "(", ")",
           "{", "}", "[", "]", ",", ":", "%A", "%C", "@mm", "linalg.matmul", "linalg.fill", "return", "\n", " ",
           "-", "#map", "\u00e9", "\"", "//", "\\", "\x00"]

mutations = st.lists(
    st.tuples(st.sampled_from(["insert", "delete", "replace"]), st.integers(0, len(SEED)), st.integers(1, 8),
              st.sampled_from(_TOKENS)),
    min_size=1, max_size=4)


def mutate(ops) -> str:
    text = SEED
    for kind, pos, length, token in ops:
        pos = min(pos, len(text))
        if kind == "insert":
            text = text[:pos] + token + text[pos:]
        elif kind == "delete":
            text = text[:pos] + text[pos + length:]
        else:
            text = text[:pos] + token + text[pos + length:]
    return text


@pytest.mark.skipif(not host_cpu().has("avx512f"), reason="runs the kernels it compiles: needs AVX-512F")
@settings(max_examples=150)
@given(ops=mutations)
def test_fuzzed_modules_compile_correctly_or_raise(ops):
    source = mutate(ops)
    try:
        module = nanomm.compile(source)
    except NanommError as exc:
        event(f"refused: {type(exc).__name__}")
        return
    event("compiled")
    rng = np.random.default_rng(0)
    for f in module.functions.values():  # whatever survived mutation and compiled must compute a matmul
        spec = f.kernel.spec
        if spec.M * spec.N * spec.K > 10**8:
            continue  # compiled, but too large to run here
        a = rng.standard_normal((spec.M, spec.K), dtype=np.float32)
        b = rng.standard_normal((spec.K, spec.N), dtype=np.float32)
        c0 = rng.standard_normal((spec.M, spec.N), dtype=np.float32)
        if f.form == "memref":
            c = c0.copy()
            assert f(a, b, c) is c
        else:
            c = f(a, b, c0) if f.arity == 3 else f(a, b)
        problem = matmul_mismatch(c, a, b, c0 if spec.accumulate else None)
        assert problem is None, f"{problem}\n{source}"


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=mutations)
def test_fuzzed_modules_through_nanomm_opt(ops, capsys: pytest.CaptureFixture[str], scratch: Path):
    path = scratch / "fuzzed.mlir"
    path.write_text(mutate(ops), encoding="utf-8")
    saved, tempfile.tempdir = tempfile.tempdir, str(scratch)  # reproducers of failing passes go there
    try:
        status = opt_cli.main(["-p", PIPELINE, str(path)])
    finally:
        tempfile.tempdir = saved
    err = capsys.readouterr().err
    event(f"exit status {status}")
    assert status in (0, 1), err
    assert "Traceback" not in err
    if status == 1:
        assert err.startswith("error: "), err


# --- known bug: a transposed linalg.matmul is miscompiled by the passes when the shapes allow it ------------------

_TRANSPOSED_SQUARE = """func.func @mm(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
"""


@pytest.mark.skipif(not host_cpu().has("avx512f"), reason="runs the code it compiles: needs AVX-512F")
def test_nanomm_opt_never_miscompiles_a_transposed_matmul():
    from mlir import ir

    from nanomm.compiler.frontend import parse_module
    from nanomm.compiler.pipeline import parse_pipeline, run_pipeline
    from nanomm.compiler.translate import to_llvm_ir
    from nanomm.runtime import CompiledFunction, JitModule, KernelABI, llvm_feature_string

    try:
        with ir.Context(), ir.Location.unknown():
            module = parse_module(_TRANSPOSED_SQUARE)
            run_pipeline(module, parse_pipeline(PIPELINE), snapshots=False)
            llvm_ir = to_llvm_ir(module)
    except NanommError:
        return  # refused: fine
    cpu = host_cpu()
    jit = JitModule(llvm_ir, cpu.name, llvm_feature_string(cpu.features))
    fn = CompiledFunction(jit.address("mm"), KernelABI(symbol="mm", M=8, N=8, K=8, a_dtype="float32",
                                                       b_dtype="float32", c_dtype="float32", accumulate=True),
                          owner=jit)
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((8, 8), dtype=np.float32), rng.standard_normal((8, 8), dtype=np.float32)
    c = np.zeros((8, 8), np.float32)
    fn(a, b, c)
    problem = matmul_mismatch(c, a.T, b)
    assert problem is None, f"nanomm-opt compiled C = A^T @ B into something else: {problem}"


_RUN_STRIDED = r'''
import ctypes, sys
import numpy as np
from mlir import ir
from nanomm import NanommError
from nanomm.compiler.frontend import parse_module
from nanomm.compiler.pipeline import parse_pipeline, run_pipeline
from nanomm.compiler.translate import to_llvm_ir
from nanomm.runtime import JitModule, host_cpu, llvm_feature_string
layout, pipeline = sys.argv[1], sys.argv[2]
ta = f"memref<4x8xf32, {layout}>"
src = f"""func.func @mm(%A: {ta}, %B: memref<8x5xf32>, %C: memref<4x5xf32>) {{
  linalg.matmul ins(%A, %B : {ta}, memref<8x5xf32>) outs(%C : memref<4x5xf32>)
  return
}}"""
try:
    with ir.Context(), ir.Location.unknown():
        module = parse_module(src)
        run_pipeline(module, parse_pipeline(pipeline), snapshots=False)
        llvm_ir = to_llvm_ir(module)
except NanommError as exc:
    print("refused:", str(exc).splitlines()[0])
    sys.exit(0)
cpu = host_cpu()
jit = JitModule(llvm_ir, cpu.name, llvm_feature_string(cpu.features))
signature = next(line for line in llvm_ir.splitlines() if line.startswith("define void @mm("))
descriptors = signature.count("i64") == 15  # a non-identity layout: MLIR's memref descriptors, not bare pointers
rng = np.random.default_rng(0)
a, b = rng.standard_normal((4, 8), dtype=np.float32), rng.standard_normal((8, 5), dtype=np.float32)
strided = np.lib.stride_tricks.as_strided
if layout == "strided<[1, 4]>":
    buf = np.asfortranarray(a).ravel(order="K").copy()      # A[i, k] at i + 4k
elif layout == "strided<[16, 1]>":
    buf = np.zeros((4, 16), np.float32); buf[:, :8] = a      # A[i, k] at 16i + k
else:
    buf = np.zeros(35, np.float32); buf[3:] = a.ravel()      # A[i, k] at 3 + 8i + k
c = np.zeros((4, 5), np.float32)
if descriptors:  # (allocated, aligned, offset, sizes..., strides...) per memref
    P, I = ctypes.c_void_p, ctypes.c_int64
    fn = ctypes.CFUNCTYPE(None, *([P, P, I, I, I, I, I] * 3))(jit.address("mm"))
    offset, strides = {"strided<[1, 4]>": (0, (1, 4)), "strided<[16, 1]>": (0, (16, 1))}.get(layout, (3, (8, 1)))
    fn(buf.ctypes.data, buf.ctypes.data, offset, 4, 8, *strides,
       b.ctypes.data, b.ctypes.data, 0, 8, 5, 5, 1, c.ctypes.data, c.ctypes.data, 0, 4, 5, 5, 1)
else:
    fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)(jit.address("mm"))
    fn(buf.ctypes.data, b.ctypes.data, c.ctypes.data)
print("ABI:", "descriptors" if descriptors else "bare pointers", "result:",
      "correct" if np.allclose(c, a @ b, atol=1e-4) else "WRONG")
sys.exit(0 if np.allclose(c, a @ b, atol=1e-4) else 1)
'''


@pytest.mark.skipif(not host_cpu().has("avx512f"), reason="runs the code it compiles: needs AVX-512F")
@pytest.mark.parametrize("layout", ["strided<[16, 1]>", "strided<[1, 4]>", "strided<[8, 1], offset: 3>"])
def test_nanomm_opt_code_for_strided_memrefs_is_right_or_refused(layout: str):
    """nanomm.compile refuses non-identity layouts; nanomm-opt compiles them, correctly. (Note the ABI: a
    row stride keeps lower-llvm's bare pointers, a column-major or offset layout gives MLIR's memref
    descriptors, 7 arguments per memref.)"""
    proc = subprocess.run([sys.executable, "-c", _RUN_STRIDED, layout, PIPELINE], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, f"status {proc.returncode} (-11: SIGSEGV): {proc.stdout}{proc.stderr[-1500:]}"


# --- generated valid modules: the right answer whatever the spelling -----------------------------------------------


def _module_text(form: str, M: int, N: int, K: int, wrap: bool, comments: bool, locations: bool,
                 helper: bool, names: tuple[str, str, str]) -> str:
    ta, tb, tc = (f"{'memref' if form.startswith('buffer') else 'tensor'}<{r}x{c}xf32>"
                  for r, c in ((M, K), (K, N), (M, N)))
    a, b, c = (f"%{n}" for n in names)
    loc = ' loc("gen.mlir":3:5)' if locations else ""
    note = "  // a comment with brackets ((( [[[ {{{ and a \"quote\"\n" if comments else ""
    if form == "buffer-acc":
        body = f"  linalg.matmul ins({a}, {b} : {ta}, {tb}) outs({c} : {tc}){loc}\n  return\n"
        sig = f"({a}: {ta}, {b}: {tb}, {c}: {tc})"
    elif form == "buffer-fill":
        body = (f"  %zero = arith.constant 0.0 : f32\n  linalg.fill ins(%zero : f32) outs({c} : {tc})\n"
                f"  linalg.matmul ins({a}, {b} : {ta}, {tb}) outs({c} : {tc}){loc}\n  return\n")
        sig = f"({a}: {ta}, {b}: {tb}, {c}: {tc})"
    elif form == "tensor-acc":
        body = (f"  %r = linalg.matmul ins({a}, {b} : {ta}, {tb}) outs({c} : {tc}) -> {tc}{loc}\n"
                f"  return %r : {tc}\n")
        sig = f"({a}: {ta}, {b}: {tb}, {c}: {tc}) -> {tc}"
    else:  # tensor-new
        body = (f"  %zero = arith.constant 0.0 : f32\n  %e = tensor.empty() : {tc}\n"
                f"  %z = linalg.fill ins(%zero : f32) outs(%e : {tc}) -> {tc}\n"
                f"  %r = linalg.matmul ins({a}, {b} : {ta}, {tb}) outs(%z : {tc}) -> {tc}{loc}\n"
                f"  return %r : {tc}\n")
        sig = f"({a}: {ta}, {b}: {tb}) -> {tc}"
    text = f"func.func @mm{sig} {{\n{note}{body}}}\n"
    if helper:
        text = "func.func private @helper(memref<4xf32>)\n" + text
    if wrap:
        text = "module attributes {test.tag = \"(\"} {\n" + text + "}\n"
    return text


@settings(max_examples=60)
@given(form=st.sampled_from(["buffer-acc", "buffer-fill", "tensor-acc", "tensor-new"]),
       M=st.integers(1, 40), N=st.integers(1, 70), K=st.integers(1, 40), wrap=st.booleans(),
       comments=st.booleans(), locations=st.booleans(), helper=st.booleans(),
       names=st.sampled_from([("A", "B", "C"), ("arg0", "arg1", "arg2"), ("lhs", "rhs", "acc"), ("x_1", "y.2", "z$3")]))
def test_generated_modules_compute_the_right_result(form, M, N, K, wrap, comments, locations, helper, names):
    if not host_cpu().has("avx512f"):
        pytest.skip("runs the kernels it compiles: needs AVX-512F")
    module = nanomm.compile(_module_text(form, M, N, K, wrap, comments, locations, helper, names))
    f = module.mm
    rng = np.random.default_rng(M * 10000 + N * 100 + K)
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)
    c0 = rng.standard_normal((M, N), dtype=np.float32)
    if form.startswith("buffer"):
        c = c0.copy()
        assert f(a, b, c) is c
        problem = matmul_mismatch(c, a, b, c0 if form == "buffer-acc" else None)
    elif form == "tensor-acc":
        c_in = c0.copy()
        problem = matmul_mismatch(f(a, b, c_in), a, b, c0)
        np.testing.assert_array_equal(c_in, c0)  # a tensor argument is never modified
    else:
        problem = matmul_mismatch(f(a, b), a, b)
    assert problem is None, problem
