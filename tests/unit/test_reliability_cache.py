"""The kernel caches under stress: other CPUs and versions, a full disk, Ctrl-C at any moment.

What tests/unit/test_diskcache.py and test_kernel_cache.py already cover (corrupt, truncated
and foreign entries, concurrent writers, read-only directories) is not repeated here.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from nanomm.compiler import build
from nanomm.compiler.build import build_kernel
from nanomm.compiler.payload import MatmulSpec
from nanomm.runtime import DiskCache, diskcache
from nanomm.runtime.cpu import native_cpu
from nanomm.runtime.reference import matmul_mismatch

pytestmark = pytest.mark.kernels

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("NANOMM_DISK_CACHE", raising=False)
    return tmp_path


def manifests(root: Path) -> dict[str, dict]:
    """The kernel cache's manifests (under kernels/; the root also holds tuning records and the CPU probe)."""
    return {p.stem: json.loads(p.read_text()) for p in (root / "kernels").rglob("*.json")}


def assert_consistent(root: Path) -> int:
    """Every manifest in the cache names an entry that verifies; no temporary file is left. Returns the count."""
    cache = DiskCache(root / "kernels")
    keys = sorted(manifests(root))
    bad = [k for k in keys if cache.get(k) is None]
    assert not bad, f"entries that do not verify: {bad}"
    temps = [p.name for p in root.rglob("*.tmp")]
    assert not temps, f"temporary files left: {temps}"
    return len(keys)


def check_kernel(kernel, seed: int = 0) -> None:
    s = kernel.spec
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((s.M, s.K), dtype=np.float32)
    b = rng.standard_normal((s.K, s.N), dtype=np.float32)
    problem = matmul_mismatch(kernel(a, b), a, b)
    assert problem is None, problem


# --- entries of another CPU or another nanomm are never used -----------------------------------------------------


def test_another_target_gets_its_own_entry(cache_dir: Path):
    spec = MatmulSpec(29, 70, 33)
    other = "skylake-avx512" if native_cpu().has("avx512f") else "x86-64-v3"  # a target that runs here
    host = build_kernel(spec, "host")
    skx = build_kernel(spec, other)
    assert not host.from_disk_cache and not skx.from_disk_cache  # the host's entry did not serve the other
    entries = manifests(cache_dir)
    assert len(entries) == 2
    metas = sorted((m["meta"]["cpu"], m["meta"]["features"]) for m in entries.values())
    assert metas[0] != metas[1] and {m[0] for m in metas} == {build.target_cpu("host").name, other}
    again_host, again_skx = build_kernel(spec, "host"), build_kernel(spec, other)
    assert again_host.from_disk_cache and again_skx.from_disk_cache
    assert again_skx._function.abi.required_features != again_host._function.abi.required_features
    for k in (host, skx, again_host, again_skx):
        check_kernel(k)


def test_an_entry_moved_under_another_key_is_not_served(cache_dir: Path):
    spec = MatmulSpec(31, 40, 17)
    build_kernel(spec, "skylake-avx512")
    (skx_key,) = manifests(cache_dir)
    build_kernel(spec, "host")
    host_key = next(k for k in manifests(cache_dir) if k != skx_key)
    # A skylake entry copied over the host's (a botched sync of two machines' caches, say).
    src, dst = DiskCache(cache_dir / "kernels"), DiskCache(cache_dir / "kernels")
    for s, d in zip(src._paths(skx_key), dst._paths(host_key)):
        shutil.copyfile(s, d)
    assert dst.get(host_key) is None  # the manifest names another key: a miss (and removed)
    rebuilt = build_kernel(spec, "host")
    assert not rebuilt.from_disk_cache
    assert manifests(cache_dir)[host_key]["meta"]["cpu"] == build.target_cpu("host").name
    assert manifests(cache_dir)[host_key]["key"] == host_key
    check_kernel(rebuilt)


def test_another_nanomm_version_misses(cache_dir: Path, monkeypatch: pytest.MonkeyPatch):
    spec = MatmulSpec(19, 23, 27)
    assert not build_kernel(spec).from_disk_cache
    assert build_kernel(spec).from_disk_cache
    with monkeypatch.context() as m:
        m.setattr(build, "__version__", "0.0.0+another")
        build._compiler_fingerprint.cache_clear()
        try:
            other = build_kernel(spec)
        finally:
            build._compiler_fingerprint.cache_clear()
    assert not other.from_disk_cache
    assert len(manifests(cache_dir)) == 2
    assert build_kernel(spec).from_disk_cache  # the original version's entry is still there and used


def test_another_compiler_source_misses(cache_dir: Path, monkeypatch: pytest.MonkeyPatch):
    """A change to any pass (here: a forged source fingerprint) gives new keys, so old code is never reused."""
    spec = MatmulSpec(21, 22, 23)
    build_kernel(spec)
    real = build.source_fingerprint
    with monkeypatch.context() as m:
        m.setattr(build, "source_fingerprint", lambda paths: "edited-" + real(paths))
        build._compiler_fingerprint.cache_clear()
        try:
            assert not build_kernel(spec).from_disk_cache
        finally:
            build._compiler_fingerprint.cache_clear()
    assert build_kernel(spec).from_disk_cache


# --- a full disk -------------------------------------------------------------------------------------------------------


_FULL_DISK = """
import resource, signal, sys, warnings
import numpy as np
import nanomm
from nanomm.runtime.reference import matmul_mismatch
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead of killing us
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    k = nanomm.compile_matmul(37, 65, 29, threads=1)
rng = np.random.default_rng(0)
a, b = rng.standard_normal((37, 29), dtype=np.float32), rng.standard_normal((29, 65), dtype=np.float32)
assert matmul_mismatch(k(a, b), a, b) is None
print("|".join(str(w.message) for w in caught))
"""


@pytest.mark.parametrize("limit", [0, 100, 3000])
def test_full_disk_compiles_without_the_cache_and_leaves_it_consistent(limit: int, tmp_path: Path):
    """RLIMIT_FSIZE makes the kernel refuse writes past `limit` bytes (EFBIG), as a full disk would
    (ENOSPC): nothing can be written (0), or the object's write fails part way (100, 3000 bytes)."""
    env = {**os.environ, "NANOMM_CACHE_DIR": str(tmp_path)}
    env.pop("NANOMM_DISK_CACHE", None)
    proc = subprocess.run([sys.executable, "-c", _FULL_DISK, str(limit)], capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "cannot write the kernel disk cache" in proc.stdout
    assert "Traceback" not in proc.stderr
    assert_consistent(tmp_path)  # no temporary file left, the CPU probe's included
    # what was stored fitted whole (a runtime module's object of a few KB may, under 3000 bytes); the kernel did not
    stored = {k: m["size"] for k, m in manifests(tmp_path).items()}
    assert all(size <= limit for size in stored.values()), stored
    assert not [m for m in manifests(tmp_path).values() if "spec" in m["meta"]]


# --- Ctrl-C ----------------------------------------------------------------------------------------------------------


class Interrupt:
    """Raises KeyboardInterrupt at the n-th call of the functions it wraps (what a Ctrl-C does there)."""

    def __init__(self, n: int):
        self.n, self.calls = n, 0

    def wrap(self, fn):
        def wrapped(*args, **kwargs):
            self.calls += 1
            if self.calls == self.n:
                raise KeyboardInterrupt
            return fn(*args, **kwargs)
        return wrapped


def test_ctrl_c_at_every_step_of_a_put_leaves_the_cache_consistent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("NANOMM_DISK_CACHE", raising=False)
    key = diskcache.content_key("ctrl-c")
    steps = 0
    for n in range(1, 40):
        root = tmp_path / f"run{n}"
        cache = DiskCache(root)
        interrupt = Interrupt(n)
        with monkeypatch.context() as m:
            for name in ("fsync", "replace", "write", "fdopen", "unlink", "utime", "scandir"):
                m.setattr(diskcache.os, name, interrupt.wrap(getattr(os, name)))
            m.setattr(diskcache.tempfile, "mkstemp", interrupt.wrap(tempfile.mkstemp))
            try:
                cache.put(key, b"\x7fELF object bytes" * 100, {"n": n})
            except KeyboardInterrupt:
                steps += 1
            else:
                break  # n is past the last step: the put completed
        entry = cache.get(key)
        assert entry is None or entry == b"\x7fELF object bytes" * 100
        assert not list(root.rglob("*.tmp")), f"temporary file left after Ctrl-C at step {n}"
    assert steps >= 5


_COMPILE_LOOP = """
import sys
import nanomm, nanomm.compiler  # MLIR loaded before "ready": see test_ctrl_c_while_importing_mlir
print("ready", flush=True)
for i in range(10_000):
    nanomm.compile_matmul(17 + i, 33, 29, threads=1)
"""


def test_ctrl_c_during_compiles_leaves_the_cache_consistent(tmp_path: Path):
    """SIGINT at various moments of a process compiling kernel after kernel into the disk cache:
    it dies of the KeyboardInterrupt (not of a crash, not "MCJIT did not report the object", a
    Ctrl-C that MLIR or llvmlite swallowed), and every entry it wrote verifies."""
    env = {**os.environ, "NANOMM_CACHE_DIR": str(tmp_path)}
    env.pop("NANOMM_DISK_CACHE", None)
    for delay in (0.05, 0.17, 0.31, 0.6, 0.93, 1.4):
        proc = subprocess.Popen([sys.executable, "-c", _COMPILE_LOOP], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=env, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
            pytest.fail(f"the process ignored Ctrl-C (sent {delay} s after start):\n{err[-3000:]}")
        assert proc.returncode == -signal.SIGINT, f"status {proc.returncode} after Ctrl-C at {delay} s:\n{err[-3000:]}"
        assert err.rstrip().endswith("KeyboardInterrupt"), err[-3000:]
    assert assert_consistent(tmp_path) > 0


_IMPORT_WITH_CTRL_C = """
import os, signal, sys, threading
import numpy  # as user code does first; its BLAS threads now run, and SIGINT can land in them
def profile(frame, event, arg):  # Ctrl-C at the first Python call the extension's C++ init makes
    if event == "call" and frame.f_code.co_filename.endswith("enum.py") and frame.f_back is not None \\
            and frame.f_back.f_code.co_filename.startswith("<frozen importlib"):
        sys.setprofile(None)
        print("sent", flush=True)
        if sys.argv[1] == "process":  # as a terminal sends it: any thread that does not block SIGINT
            os.kill(os.getpid(), signal.SIGINT)
        else:
            signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
sys.setprofile(profile)
try:
    import nanomm.compiler
except KeyboardInterrupt:
    print("interrupted, and alive", flush=True)
from nanomm.compiler import compile_matmul  # MLIR finished loading: importing again works
print("usable", flush=True)
"""


@pytest.mark.parametrize("to", ["process", "main-thread"])
def test_ctrl_c_while_importing_mlir(to: str):
    """Deterministic: a real SIGINT, sent where one landed when the crash was found (the extension's
    initialisation creating Python enums), during `import nanomm.compiler`. It used to abort or crash
    the process (SIGABRT/SIGSEGV); compiler/mlir_import.py holds it back until MLIR is loaded, then
    raises it. "process" reaches whichever thread does not block SIGINT (numpy's BLAS threads),
    "main-thread" the thread that imports."""
    proc = subprocess.run([sys.executable, "-c", _IMPORT_WITH_CTRL_C, to], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, f"status {proc.returncode}: {proc.stderr[-2000:]}"
    assert proc.stdout.split() == ["sent", "interrupted,", "and", "alive", "usable"], proc.stdout + proc.stderr[-2000:]


def test_sigint_deferred_raises_after_the_block():
    from nanomm.runtime.signals import sigint_deferred

    finished, handler = False, signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        with sigint_deferred():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # without the deferral, the KeyboardInterrupt would be raised here
            finished = True
    assert finished
    assert signal.getsignal(signal.SIGINT) is handler
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())


def _interrupt_when_ready(args: list[str], delay: float, stdin: int = subprocess.DEVNULL) -> tuple[int, str]:
    """Starts `args`, waits for it to print "ready" on stderr (after its imports), sends SIGINT `delay` s later."""
    proc = subprocess.Popen(args, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert proc.stderr.readline().strip() == "ready"
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return proc.returncode, err


_READY = "print('ready', file=sys.stderr, flush=True); "


@pytest.mark.parametrize("as_command", [True, False], ids=["command", "main-argv"])
@pytest.mark.parametrize("delay", [0.05, 0.3])
def test_nanomm_opt_exits_130_on_ctrl_c(delay: float, as_command: bool):
    args = "['nanomm-opt', '-p', 'tile-cache']"
    call = f"sys.argv = {args}; sys.exit(opt.main())" if as_command else f"sys.exit(opt.main({args}[1:]))"
    code = "import sys; from nanomm.compiler import opt; " + _READY + call
    status, err = _interrupt_when_ready([sys.executable, "-c", code], delay, stdin=subprocess.PIPE)  # waits on stdin
    assert status == 130, err
    assert "interrupted" in err and "Traceback" not in err


@pytest.mark.parametrize("delay", [0.05, 0.4, 1.5])
def test_nanomm_cli_exits_130_on_ctrl_c(delay: float):
    """During the compilation (early) or the check and timing loops (later, on all cores) of `nanomm run`.

    (Only as the command: cli.main([...]) called from Python returns 130 and lets the interpreter shut
    down, which can crash while an interrupted parallel kernel still runs; see the xfail below.)
    """
    code = ("import sys; from nanomm.compiler import cli; " + _READY
            + "sys.argv = ['nanomm', 'run', '700', '900', '800', '--repeat', '100000']; sys.exit(cli.main())")
    status, err = _interrupt_when_ready([sys.executable, "-c", code], delay)
    assert status == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert_consistent(Path(os.environ["NANOMM_CACHE_DIR"]))  # the cache it was compiling into


# --- known bug: Ctrl-C while the main thread waits for the pool's workers --------------------------------------


def test_ctrl_c_does_not_return_before_the_workers_finish():
    from nanomm.runtime.threads import CallPool

    libc = __import__("ctypes").CDLL(None)
    finished = threading.Event()

    def slow_c_call():
        libc.usleep(600_000)  # a long kernel: C code, GIL released
        finished.set()

    pool = CallPool()
    timer = threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        pool.run([(lambda: None, ()), (slow_c_call, ())])
    except KeyboardInterrupt:
        pass
    finally:
        timer.join()
    was_finished = finished.is_set()
    finished.wait(2)
    assert was_finished, "run() returned (KeyboardInterrupt) while a worker was still running its call"
