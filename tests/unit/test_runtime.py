"""Tests of nanomm.runtime: JIT, checked kernel calls, CPU detection, settings, AMX permission."""

from __future__ import annotations

import concurrent.futures
import ctypes
import math
import os
from pathlib import Path

import llvmlite.binding as llvm

import numpy as np
import pytest

from nanomm.errors import (
    AliasError,
    CpuFeatureError,
    DTypeError,
    JitError,
    LayoutError,
    NanommError,
    ShapeError,
    TargetError,
)
from nanomm.runtime.cpu import HOST_CPU_ENV, identify_cpu
from nanomm.runtime.reference import naive_matmul_ir as matmul_ir
from nanomm.runtime import (
    TARGETS,
    CompiledFunction,
    CpuInfo,
    JitModule,
    KernelABI,
    aligned_empty,
    compile_kernel,
    host_cpu,
    llvm_feature_string,
    missing_features,
    native_cpu,
    request_amx_permission,
    resolve_target,
    settings,
)

M, N, K = 3, 5, 4


def make_abi(**changes: object) -> KernelABI:
    fields = dict(symbol="k", M=M, N=N, K=K, a_dtype="float32", b_dtype="float32", c_dtype="float32")
    fields.update(changes)
    return KernelABI(**fields)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def module() -> JitModule:
    return JitModule(matmul_ir(), host_cpu().name, llvm_feature_string(host_cpu().features))


@pytest.fixture(scope="module")
def kernel(module: JitModule) -> CompiledFunction:
    return CompiledFunction(module.address("k"), make_abi(), owner=module)


def operands(seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)
    return a, b


# --- correct results -------------------------------------------------------------


def test_kernel_matches_numpy_and_allocates_out(kernel: CompiledFunction) -> None:
    a, b = operands()
    c = kernel(a, b)
    assert c.shape == (M, N) and c.dtype == np.float32 and c.flags.c_contiguous
    np.testing.assert_allclose(c, a @ b, rtol=1e-5, atol=1e-6)


def test_kernel_writes_given_out_and_returns_it(kernel: CompiledFunction) -> None:
    a, b = operands(1)
    out = np.full((M, N), 123.0, dtype=np.float32)
    result = kernel(a, b, out=out)
    assert result is out
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-6)


def test_inputs_are_not_modified(kernel: CompiledFunction) -> None:
    a, b = operands(2)
    a0, b0 = a.copy(), b.copy()
    kernel(a, b)
    kernel(a, b, out=np.empty((M, N), np.float32))
    np.testing.assert_array_equal(a, a0)
    np.testing.assert_array_equal(b, b0)


def test_a_and_b_may_alias_each_other(kernel: CompiledFunction) -> None:
    buf = np.arange(20, dtype=np.float32)
    a, b = buf[: M * K].reshape(M, K), buf.reshape(K, N)
    np.testing.assert_allclose(kernel(a, b), a @ b, rtol=1e-5)


def test_accumulating_kernel_adds_to_out() -> None:
    fn = compile_kernel(matmul_ir("acc", accumulate=True), make_abi(symbol="acc", accumulate=True))
    a, b = operands(3)
    c0 = np.random.default_rng(4).standard_normal((M, N), dtype=np.float32)
    out = c0.copy()
    fn(a, b, out=out)
    np.testing.assert_allclose(out, c0 + a @ b, rtol=1e-5, atol=1e-6)
    with pytest.raises(ShapeError, match="accumulates"):
        fn(a, b)


def test_opt_level_zero_compiles_and_runs() -> None:
    fn = compile_kernel(matmul_ir(), make_abi(), opt_level=0)
    a, b = operands(5)
    np.testing.assert_allclose(fn(a, b), a @ b, rtol=1e-5, atol=1e-6)


# --- argument checks -------------------------------------------------------------


def test_list_instead_of_array(kernel: CompiledFunction) -> None:
    a, b = operands()
    with pytest.raises(DTypeError, match="a must be a numpy.ndarray, got list"):
        kernel(a.tolist(), b)
    with pytest.raises(DTypeError, match="out must be a numpy.ndarray, got tuple"):
        kernel(a, b, out=(1, 2))


def test_one_dimensional_array(kernel: CompiledFunction) -> None:
    a, b = operands()
    with pytest.raises(ShapeError, match="b must be 2-D, got a 1-D"):
        kernel(a, b.ravel())


def test_wrong_dtype(kernel: CompiledFunction) -> None:
    a, b = operands()
    with pytest.raises(DTypeError, match="a has dtype float64, this kernel takes float32"):
        kernel(a.astype(np.float64), b)
    with pytest.raises(DTypeError, match="out has dtype int32"):
        kernel(a, b, out=np.zeros((M, N), np.int32))
    with pytest.raises(DTypeError, match="b has dtype"):
        kernel(a, b.astype(b.dtype.newbyteorder()))  # same name, wrong byte order


def test_wrong_shape(kernel: CompiledFunction) -> None:
    a, b = operands()
    with pytest.raises(ShapeError, match=r"a has shape \(3, 5\), expected \(M, K\) = \(3, 4\)"):
        kernel(np.zeros((3, 5), np.float32), b)
    with pytest.raises(ShapeError, match=r"out has shape \(5, 3\), expected \(M, N\) = \(3, 5\)"):
        kernel(a, b, out=np.zeros((5, 3), np.float32))


def test_fortran_order_array(kernel: CompiledFunction) -> None:
    a, b = operands()
    with pytest.raises(LayoutError, match="np.ascontiguousarray"):
        kernel(np.asfortranarray(a), b)


def test_non_contiguous_slice(kernel: CompiledFunction) -> None:
    a, b = operands()
    wide = np.zeros((K, 2 * N), np.float32)
    with pytest.raises(LayoutError, match="b is not C-contiguous"):
        kernel(a, wide[:, ::2])


def test_read_only_out(kernel: CompiledFunction) -> None:
    a, b = operands()
    out = np.zeros((M, N), np.float32)
    out.flags.writeable = False
    with pytest.raises(LayoutError, match="read-only"):
        kernel(a, b, out=out)


def test_out_aliasing_a(kernel: CompiledFunction) -> None:
    buf = np.zeros(64, np.float32)
    a, b = buf[: M * K].reshape(M, K), operands()[1]
    with pytest.raises(AliasError, match="out shares memory with a"):
        kernel(a, b, out=buf[: M * N].reshape(M, N))


def test_out_overlapping_b_through_a_view(kernel: CompiledFunction) -> None:
    buf = np.zeros(64, np.float32)
    a, b = operands()[0], buf[: K * N].reshape(K, N)
    with pytest.raises(AliasError, match="out shares memory with b"):
        kernel(a, b, out=buf[10 : 10 + M * N].reshape(M, N))


def test_alignment_is_checked_and_allocated_out_is_aligned(module: JitModule) -> None:
    fn = CompiledFunction(module.address("k"), make_abi(alignment=64), owner=module)
    a, b = operands()
    a64, b64 = aligned_empty((M, K), np.float32, 64), aligned_empty((K, N), np.float32, 64)
    a64[...], b64[...] = a, b
    out = fn(a64, b64)
    assert out.ctypes.data % 64 == 0
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-6)
    raw = aligned_empty((M * K + 1,), np.float32, 64)
    with pytest.raises(LayoutError, match="not aligned to 64 bytes"):
        fn(raw[1:].reshape(M, K), b64)


def test_missing_cpu_feature_raises_at_every_call(module: JitModule) -> None:
    fn = CompiledFunction(module.address("k"), make_abi(required_features=("nanomm-fake-feature",)), owner=module)
    a, b = operands()
    for _ in range(2):
        with pytest.raises(CpuFeatureError, match="nanomm-fake-feature"):
            fn(a, b)


def test_missing_amx_raises_cpu_feature_error(module: JitModule, hardware_without_amx) -> None:
    fn = CompiledFunction(module.address("k"), make_abi(required_features=("avx2", "amx-tile")), owner=module)
    with pytest.raises(CpuFeatureError, match="amx-tile"):
        fn(*operands())


def test_errors_are_nanomm_errors(kernel: CompiledFunction) -> None:
    with pytest.raises(NanommError):
        kernel([[1.0]], [[1.0]])


# --- JIT ---------------------------------------------------------------------------


def test_malformed_ir_raises_jit_error() -> None:
    with pytest.raises(JitError, match="rejected the IR"):
        JitModule("define void @k( this is not LLVM IR")


def test_ir_failing_verification_raises_jit_error() -> None:
    bad = """
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = add i32 1, 2
  br label %b
b:
  ret i32 %x
}
"""
    with pytest.raises(JitError, match="verification"):
        JitModule(bad)


def test_call_to_a_function_defined_nowhere_raises_jit_error() -> None:
    """A declared function that neither the module nor the process defines (MLIR's `memrefCopy` of its
    runner library) is refused at compile time, not called at a null address; libm's are linked."""
    ir = ("declare void @memrefCopy(i64, ptr, ptr)\n"
          "define void @f() {\n  call void @memrefCopy(i64 4, ptr null, ptr null)\n  ret void\n}\n")
    with pytest.raises(JitError, match="memrefCopy, defined neither in it nor in this process"):
        JitModule(ir)
    libm = ("declare double @erf(double)\n"
            "define double @f(double %x) {\n  %y = call double @erf(double %x)\n  ret double %y\n}\n")
    jit = JitModule(libm)
    f = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_double)(jit.address("f"))
    assert f(0.5) == pytest.approx(math.erf(0.5), rel=1e-15)


def test_missing_symbol_raises_jit_error(module: JitModule) -> None:
    with pytest.raises(JitError, match="no function named 'nope'"):
        module.address("nope")


def test_asm_ir_and_object(module: JitModule) -> None:
    asm = module.asm()
    assert "k:" in asm and "ret" in asm
    assert "define void @k" in module.optimized_ir()
    assert module.emit_object()[:4] == b"\x7fELF"


def test_closed_module_refuses_calls() -> None:
    fn = compile_kernel(matmul_ir(), make_abi())
    a, b = operands()
    assert fn(a, b) is not None  # the native call (where the host has it) before the close
    fn._owner.close()  # type: ignore[attr-defined]
    with pytest.raises(JitError, match="closed"):
        fn(a, b)
    with pytest.raises(JitError, match="closed"):
        fn(a, b, np.empty((M, N), np.float32))
    with pytest.raises(JitError, match="closed"):
        fn._owner.address("k")  # type: ignore[attr-defined]


def test_many_modules_in_one_process() -> None:
    for i in range(40):
        with JitModule(matmul_ir(f"k{i}")) as mod:
            assert mod.address(f"k{i}")


def test_concurrent_compilation_from_threads() -> None:
    a, b = operands(6)

    def build_and_run(i: int) -> np.ndarray:
        return compile_kernel(matmul_ir(f"t{i}"), make_abi(symbol=f"t{i}"))(a, b)

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(build_and_run, range(12)))
    for c in results:
        np.testing.assert_allclose(c, a @ b, rtol=1e-5, atol=1e-6)


def test_unknown_cpu_name_does_not_abort_the_process(capfd: pytest.CaptureFixture[str]) -> None:
    # Without an explicit +64bit, LLVM 22 aborts the whole process on an unknown x86-64 CPU.
    fn = compile_kernel(matmul_ir(), make_abi(), cpu=CpuInfo("no-such-cpu", frozenset()))
    a, b = operands(7)
    np.testing.assert_allclose(fn(a, b), a @ b, rtol=1e-5, atol=1e-6)
    assert "not a recognized processor" in capfd.readouterr().err


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_every_target_cpu_is_known_to_llvm(name: str, capfd: pytest.CaptureFixture[str]) -> None:
    cpu = resolve_target(name)
    asm = JitModule(matmul_ir(), cpu.name, llvm_feature_string(cpu.features)).asm()
    assert "k:" in asm
    assert "not a recognized" not in capfd.readouterr().err


# --- CPU ---------------------------------------------------------------------------


def test_native_cpu() -> None:
    cpu = native_cpu()
    assert cpu.name
    assert cpu.l1d > 0 and cpu.l2 >= cpu.l1d and cpu.l3 > 0 and cpu.cores >= 1
    assert "64bit" in cpu.features or "sse2" in cpu.features
    assert native_cpu() is cpu and host_cpu() is (cpu if not os.environ.get(HOST_CPU_ENV) else host_cpu())


# LLVM features of the two developer machines' hosts, as LLVM reports them (abridged to what matters).
_ZEN = frozenset({"avx512f", "avx512bw", "avx512vl", "avx512bf16", "avx512vnni"})
_SPR = _ZEN | {"avx512fp16", "amx-tile", "amx-bf16", "amx-int8"}


@pytest.mark.parametrize("llvm_name,features,vendor,family,model,expected", [
    ("rocketlake", _SPR, "GenuineIntel", 6, 167, "sapphirerapids"),   # the Intel AMX VM: a hidden model
    ("rocketlake", _SPR | {"amx-fp16"}, "GenuineIntel", 6, 167, "graniterapids"),
    ("sapphirerapids", _SPR, "GenuineIntel", 6, 207, "emeraldrapids"),  # a visible model decides
    ("emeraldrapids", _SPR, "GenuineIntel", None, None, "emeraldrapids"),
    ("znver4", _ZEN, "AuthenticAMD", 25, 0x11, "znver4"),
    ("znver5", _ZEN | {"avx512vp2intersect"}, "AuthenticAMD", 26, 2, "znver5"),
    ("x86-64", _ZEN | {"avx512vp2intersect"}, "AuthenticAMD", None, None, "znver5"),
    ("x86-64", _ZEN, "AuthenticAMD", None, None, "znver4"),
    ("skylake-avx512", _ZEN - {"avx512bf16"}, "GenuineIntel", 6, 85, "skylake-avx512"),
    ("haswell", frozenset({"avx2", "fma"}), "AuthenticAMD", 25, 0x11, "haswell"),  # no AVX-512: as LLVM says
])
def test_identify_cpu(llvm_name, features, vendor, family, model, expected) -> None:
    assert identify_cpu(llvm_name, features, vendor, family, model) == expected


def test_native_cpu_names_a_cpu_consistent_with_its_features() -> None:
    cpu = native_cpu()
    if cpu.has("amx-tile"):
        assert cpu.name in ("sapphirerapids", "emeraldrapids", "graniterapids", "graniterapids-d", "diamondrapids")
    assert (cpu.llvm_host_name != "") == (cpu.name != llvm.get_host_cpu_name())
    assert cpu.name in cpu.describe() and not (cpu.absent & cpu.features)
    minus = [f[1:] for f in cpu.feature_string().split(",") if f.startswith("-")]
    assert set(minus) == set(cpu.absent)


def test_nanomm_host_cpu_picks_the_compile_target(monkeypatch: pytest.MonkeyPatch) -> None:
    import nanomm.runtime.cpu as cpu_module

    try:
        monkeypatch.setenv(HOST_CPU_ENV, "sapphirerapids")
        cpu_module.host_cpu.cache_clear()
        host = host_cpu()
        assert host.name == "sapphirerapids" and host.has("amx-tile") and host.cores == native_cpu().cores
        assert resolve_target("host") is host
        # what may run is still decided by the hardware
        assert missing_features(["amx-tile"]) == ([] if native_cpu().has("amx-tile") else ["amx-tile"])
        monkeypatch.setenv(HOST_CPU_ENV, "pentium")
        cpu_module.host_cpu.cache_clear()
        with pytest.raises(TargetError, match="NANOMM_HOST_CPU='pentium' is not a known target"):
            host_cpu()
    finally:
        monkeypatch.undo()  # the suite's own NANOMM_HOST_CPU, if it has one, comes back
        cpu_module.host_cpu.cache_clear()


def test_missing_features_and_feature_string() -> None:
    cpu = resolve_target("skylake-avx512")
    assert missing_features(["avx512f", "amx-tile", "avx512f"], cpu) == ["amx-tile"]
    assert missing_features(["nanomm-fake-feature"]) == ["nanomm-fake-feature"]
    assert llvm_feature_string(["fma", "avx2", "fma"]) == "+avx2,+fma"


def test_targets() -> None:
    assert resolve_target("host") is host_cpu()
    assert {"amx-tile", "amx-bf16", "avx512fp16"} <= resolve_target("sapphirerapids").features
    assert "amx-tile" not in resolve_target("znver4").features
    assert resolve_target("ZNVER4").name == "znver4"
    with pytest.raises(TargetError, match="known targets: host, znver4"):
        resolve_target("bogus")


# --- settings and AMX ------------------------------------------------------------


def test_settings_honour_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    assert settings.cache_dir() == tmp_path
    monkeypatch.delenv("NANOMM_CACHE_DIR")
    assert settings.cache_dir() == Path.home() / ".cache" / "nanomm"
    monkeypatch.delenv("NANOMM_OPT_LEVEL", raising=False)
    assert settings.opt_level() == 3
    monkeypatch.setenv("NANOMM_OPT_LEVEL", "1")
    assert settings.opt_level() == 1
    monkeypatch.setenv("NANOMM_OPT_LEVEL", "fast")
    with pytest.raises(ValueError, match="NANOMM_OPT_LEVEL"):
        settings.opt_level()
    monkeypatch.delenv("NANOMM_DISK_CACHE", raising=False)
    assert settings.disk_cache_enabled()
    monkeypatch.setenv("NANOMM_DISK_CACHE", "0")
    assert not settings.disk_cache_enabled()
    monkeypatch.setenv("NANOMM_DISK_CACHE", "1")
    assert settings.disk_cache_enabled()


@pytest.mark.skipif("amx-tile" in native_cpu().features,
                    reason="Linux grants AMX on this CPU: the refusal comes from the OS, so it needs a CPU without AMX")
def test_amx_permission_refused_without_amx() -> None:
    with pytest.raises(CpuFeatureError, match="AMX"):
        request_amx_permission()
