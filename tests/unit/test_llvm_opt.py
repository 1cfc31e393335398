"""The LLVM optimiser worker (runtime/llvm_opt.py): same code as in-process, replaced, recovers."""

from __future__ import annotations

import os
import signal
import warnings

import numpy as np
import pytest

from nanomm.errors import ConfigError, JitError
from nanomm.runtime import CompiledFunction, JitModule, KernelABI, host_cpu, llvm_feature_string, llvm_opt, settings
from nanomm.runtime.reference import naive_matmul_ir


def jit(ir: str, **options) -> JitModule:
    """`ir` compiled for the host."""
    cpu = host_cpu()
    return JitModule(ir, cpu.name, llvm_feature_string(cpu.features), **options)


def compile_naive() -> JitModule:
    return jit(naive_matmul_ir())


def run_naive(module: JitModule) -> None:
    """Calls the naive 3x5x4 kernel (a checked CompiledFunction) and checks it against numpy."""
    fn = CompiledFunction(module.address("k"), KernelABI(symbol="k", M=3, N=5, K=4, a_dtype="float32",
                                                         b_dtype="float32", c_dtype="float32"), owner=module)
    rng = np.random.default_rng(0)
    a = rng.standard_normal((3, 4), dtype=np.float32)
    b = rng.standard_normal((4, 5), dtype=np.float32)
    np.testing.assert_allclose(fn(a, b), a @ b, rtol=1e-5, atol=1e-5)


@pytest.fixture
def in_worker(monkeypatch: pytest.MonkeyPatch):
    """Every optimisation of the test goes to the worker process."""
    monkeypatch.setenv("NANOMM_LLVM_IN_PROCESS", "0")
    yield


def test_worker_makes_the_same_machine_code_as_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NANOMM_LLVM_IN_PROCESS", "1000000")
    before = llvm_opt.in_process_runs()
    here = compile_naive()
    assert llvm_opt.in_process_runs() == before + 1
    monkeypatch.setenv("NANOMM_LLVM_IN_PROCESS", "0")
    there = compile_naive()
    assert llvm_opt.in_process_runs() == before + 1  # the second run was not done here
    assert llvm_opt.worker_pid() is not None
    assert here.asm() == there.asm()
    run_naive(there)


def test_worker_is_replaced_after_its_runs(in_worker, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(llvm_opt, "WORKER_RUNS", 2)
    pids = []
    for _ in range(5):
        run_naive(compile_naive())
        pids.append(llvm_opt.worker_pid())
    # runs 1-2 in one worker, 3-4 in the next, 5 in a third (the count may start mid-worker)
    assert len(set(pids)) >= 2
    assert all(pids.count(p) <= 2 for p in set(pids))


def test_a_killed_worker_is_an_error_then_replaced(in_worker) -> None:
    run_naive(compile_naive())
    pid = llvm_opt.worker_pid()
    os.kill(pid, signal.SIGKILL)
    # Either the dead worker is noticed before the request (replaced at once) or the request
    # fails with a clear error; in both cases the next compile works with a new worker.
    try:
        run_naive(compile_naive())
    except JitError as exc:
        assert "LLVM optimiser process failed" in str(exc)
    run_naive(compile_naive())
    assert llvm_opt.worker_pid() not in (None, pid)


def test_worker_reports_llvm_errors(in_worker) -> None:
    cpu = host_cpu()
    bad = "define void @k() {\nentry:\n  ret void\n}\n"
    worker = llvm_opt._Worker()
    try:
        with pytest.raises(JitError, match="LLVM could not optimise the module"):
            worker.optimize("this is not IR", cpu.name, llvm_feature_string(cpu.features), 3)
        assert "define void @k()" in worker.optimize(bad, cpu.name, llvm_feature_string(cpu.features), 3)
    finally:
        worker.close()


@pytest.mark.parametrize("value", ["-1", "many", "1.5"])
def test_bad_in_process_setting(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("NANOMM_LLVM_IN_PROCESS", value)
    with pytest.raises(ConfigError, match="NANOMM_LLVM_IN_PROCESS"):
        settings.llvm_in_process_runs()


def test_forked_child_starts_its_own_worker(in_worker) -> None:
    run_naive(compile_naive())
    parent_worker = llvm_opt.worker_pid()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: compile, report its worker's pid, exit without running atexit handlers
        try:
            run_naive(compile_naive())
            os.write(write, str(llvm_opt.worker_pid()).encode())
        finally:
            os._exit(0)
    os.close(write)
    child_worker = int(os.read(read, 64) or b"0")
    os.waitpid(pid, 0)
    os.close(read)
    assert child_worker not in (0, parent_worker)
    assert llvm_opt.worker_pid() == parent_worker
    run_naive(compile_naive())  # the parent's worker still answers


@pytest.mark.parametrize("executable", ["/nonexistent/python3", "/bin/false"])
def test_no_worker_means_a_warning_and_in_process_runs(in_worker, monkeypatch, executable):
    # An embedded interpreter's sys.executable may not be a Python that can run nanomm:
    # compiles keep working (in this process, leaking as before) after one warning.
    import sys

    if llvm_opt._worker is not None:
        llvm_opt._worker.close()
    monkeypatch.setattr(llvm_opt, "_worker", None)
    monkeypatch.setattr(llvm_opt, "_unavailable", None)
    monkeypatch.setattr(sys, "executable", executable)
    before = llvm_opt.in_process_runs()
    with pytest.warns(RuntimeWarning, match="LLVM optimiser process"):
        run_naive(compile_naive())
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no second warning, no second attempt
        run_naive(compile_naive())
    assert llvm_opt.in_process_runs() == before + 2
    assert llvm_opt.worker_pid() is None and llvm_opt._unavailable


_48_TRIPS = """
define void @k(ptr noalias %a, ptr noalias %out) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %n, %loop ]
  %s = phi float [ 0.0, %entry ], [ %t, %loop ]
  %p = getelementptr float, ptr %a, i64 %i
  %v = load float, ptr %p
  %t = fadd float %s, %v
  %n = add i64 %i, 1
  %c = icmp ult i64 %n, 48
  br i1 %c, label %loop, label %done
done:
  store float %t, ptr %out
  ret void
}
"""


@pytest.mark.parametrize("where", ["here", "worker"])
def test_full_unroll_limit_holds_for_its_module_only(where, monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop of 48 trips stays a loop under a limit of 8 (the segments' FULL_UNROLL_MAX; LLVM's partial
    unrolling still unrolls it by 24 here), in this process and in the worker alike, and is unrolled whole
    by the next module without one (the limit, a process-wide LLVM option, is put back)."""
    monkeypatch.setenv("NANOMM_LLVM_IN_PROCESS", "1000000" if where == "here" else "0")
    limited = jit(_48_TRIPS, full_unroll_max=8).optimized_ir()
    unlimited = jit(_48_TRIPS).optimized_ir()
    assert "phi" in limited  # still a loop
    assert "phi" not in unlimited and unlimited.count("fadd") == 48


@pytest.mark.parametrize("value", [-1, 2 ** 32, 8.0, "8"])
def test_bad_full_unroll_limit_is_an_error(value) -> None:
    with pytest.raises(JitError, match="full_unroll_max"):
        jit(_48_TRIPS, full_unroll_max=value)
