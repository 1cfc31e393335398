"""CPU safety: machine code never runs on a CPU that lacks one of its instructions.

A kernel compiled for a named target may use any instruction of that target, so it
requires all of the target's features; calling it on a host without one of them raises
CpuFeatureError naming the missing features, before any machine code runs. The guarded
code here is a trap (`ud2`): if a check were missing, the test process would die of SIGILL
rather than fail politely.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import nanomm
from nanomm import CpuFeatureError
from nanomm.compiler.build import REQUIRED_FEATURES
from nanomm.runtime import TARGETS, CompiledFunction, JitModule, KernelABI, llvm_feature_string, native_cpu
from nanomm.runtime.reference import matmul_mismatch

HOST = native_cpu()  # the hardware: what decides whether code may run

TRAP_IR = """
declare void @llvm.trap()
define void @k(ptr %a, ptr %b, ptr %c) {
  call void @llvm.trap()
  unreachable
}
define void @k_pack_b(ptr %b, ptr %bp) {
  call void @llvm.trap()
  unreachable
}
"""


@pytest.fixture(scope="module")
def trap() -> JitModule:
    return JitModule(TRAP_IR, HOST.name, llvm_feature_string(HOST.features))


def abi(**changes) -> KernelABI:
    fields = dict(symbol="k", M=2, N=3, K=4, a_dtype="float32", b_dtype="float32", c_dtype="float32")
    fields.update(changes)
    return KernelABI(**fields)


def operands():
    return np.ones((2, 4), np.float32), np.ones((4, 3), np.float32), np.zeros((2, 3), np.float32)


def test_forged_kernel_needing_amx_never_runs(trap: JitModule, hardware_without_amx):
    fn = CompiledFunction(trap.address("k"), abi(required_features=("amx-tile",)), owner=trap)
    for _ in range(3):  # every call, not only the first
        with pytest.raises(CpuFeatureError, match="amx-tile"):
            fn(*operands())
    with pytest.raises(CpuFeatureError, match="amx-tile"):
        fn(*operands()[:2])  # out allocated by the call: still checked first


def test_feature_check_comes_before_argument_checks(trap: JitModule):
    fn = CompiledFunction(trap.address("k"), abi(required_features=("nanomm-no-such-feature",)), owner=trap)
    with pytest.raises(CpuFeatureError, match="nanomm-no-such-feature"):
        fn("not an array", None)


def test_every_missing_feature_is_named(trap: JitModule):
    wanted = ("avx512f", "nanomm-fake-1", "nanomm-fake-2")
    fn = CompiledFunction(trap.address("k"), abi(required_features=wanted), owner=trap)
    with pytest.raises(CpuFeatureError) as info:
        fn(*operands())
    message = str(info.value)
    assert "nanomm-fake-1" in message and "nanomm-fake-2" in message
    assert ("avx512f" in message) == (not HOST.has("avx512f"))


def test_dtype_requirements_are_known():
    for dtype, features in REQUIRED_FEATURES.items():
        assert features and all(isinstance(f, str) and f == f.lower() for f in features), dtype


@pytest.mark.kernels
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_kernel_for_a_named_target_requires_all_its_features(target: str):
    cpu = TARGETS[target]
    kernel = nanomm.compile_matmul(19, 37, 23, target=target, threads=1)
    required = set(kernel._function.abi.required_features)
    assert required >= set(cpu.features) | set(REQUIRED_FEATURES["f32"])
    missing = sorted(f for f in required if not HOST.has(f))
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((19, 23), dtype=np.float32), rng.standard_normal((23, 37), dtype=np.float32)
    if missing:
        with pytest.raises(CpuFeatureError) as info:
            kernel(a, b)
        for feature in missing:
            assert feature in str(info.value)
    else:
        assert matmul_mismatch(kernel(a, b), a, b) is None


@pytest.mark.kernels
def test_parallel_kernel_for_sapphirerapids_refuses_a_cpu_without_amx(hardware_without_amx):
    # A shape of its own: a kernel cached by another test would have been checked against the real CPU.
    kernel = nanomm.compile_matmul(256, 256, 257, target="sapphirerapids", threads=2)
    a, b = np.ones((256, 257), np.float32), np.ones((257, 256), np.float32)
    with pytest.raises(CpuFeatureError, match="amx-tile"):
        kernel(a, b)


_PACK_FOR_SPR = """
import sys
import numpy as np
import nanomm
import nanomm.runtime.cpu as cpu
from nanomm import CpuFeatureError
# On a CPU with AMX the refusal is checked against the hardware seen without it.
real = cpu.native_cpu()
cpu.native_cpu = lambda: cpu.without_amx(real)
kernel = nanomm.compile_matmul(64, 256, 600, target="sapphirerapids", threads=1)
try:
    kernel.prepack(np.ones((600, 256), np.float32))
except CpuFeatureError as exc:
    print("refused:", exc)
    sys.exit(0)
print("the pack code ran")
sys.exit(1)
"""


@pytest.mark.kernels
def test_pack_code_for_another_target_never_runs():
    # In a child process: were the pack code to use an instruction this host lacks, SIGILL would kill it.
    proc = subprocess.run([sys.executable, "-c", _PACK_FOR_SPR], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, f"exit status {proc.returncode}: {proc.stdout}{proc.stderr[-2000:]}"
    assert "amx-tile" in proc.stdout
