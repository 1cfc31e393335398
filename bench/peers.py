"""Matmul libraries that nanomm's benchmarks measure against, behind one small interface.

Each peer has `name` (a short key for JSON), `label` (for tables), `available` (bool),
`why_not` (why it is not available, "" when it is), `sgemm(a, b, c)` (c = a @ b for
C-contiguous float32 arrays, checked), `bind(a, b, c)` (a zero-argument callable doing the same
with everything precomputed, for timing) and `info()` (what ran, for the JSON report).

    numpy   np.matmul(a, b, out=c), i.e. numpy's BLAS (OpenBLAS in numpy's wheels)
    onednn  dnnl_sgemm from PyPI `onednn` (libdnnl.so in the venv's lib/), through ctypes
    torch   torch.matmul(a, b, out=c) with torch.set_num_threads(threads) (default 1), when torch is importable

oneDNN's CPU runtime here is SYCL (TBB underneath): OMP_NUM_THREADS does nothing, and its thread
count follows the CPU affinity mask when it first runs. Pin the process (os.sched_setaffinity)
BEFORE constructing OneDNN(): the constructor loads the library and makes the first call, with
oneDNN's verbose output captured, so `info()["verbose_info"]` records the `nthr` it chose.
"""

from __future__ import annotations

import ctypes
import importlib.metadata
import os
import sys
import tempfile
from pathlib import Path

import numpy as np

__all__ = ["Peer", "NumpyBLAS", "OneDNN", "Torch", "all_peers"]


def _check_operands(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> tuple[int, int, int]:
    for name, x in (("a", a), ("b", b), ("c", c)):
        if not isinstance(x, np.ndarray) or x.dtype != np.float32 or x.ndim != 2:
            raise TypeError(f"{name} must be a 2-D float32 numpy array")
        if not x.flags.c_contiguous:
            raise ValueError(f"{name} must be C-contiguous")
    (M, K), (K2, N) = a.shape, b.shape
    if K != K2 or c.shape != (M, N):
        raise ValueError(f"shapes do not match: a {a.shape}, b {b.shape}, c {c.shape}")
    if not c.flags.writeable:
        raise ValueError("c is read-only")
    return M, N, K


def _os_threads() -> int | None:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return None


class Peer:
    name = "?"
    label = "?"
    available = False
    why_not = "not implemented"

    def sgemm(self, a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def bind(self, a: np.ndarray, b: np.ndarray, c: np.ndarray):
        """A zero-argument callable computing c = a @ b, with the arguments prepared once."""
        _check_operands(a, b, c)
        return lambda: self.sgemm(a, b, c)

    def info(self) -> dict:
        return {"name": self.name, "label": self.label, "available": self.available, "why_not": self.why_not}

    def __repr__(self) -> str:
        state = "available" if self.available else f"unavailable: {self.why_not}"
        return f"<peer {self.name} ({state})>"


# --- numpy ---------------------------------------------------------------------------------------

class NumpyBLAS(Peer):
    """np.matmul(a, b, out=c). Limit its BLAS to one thread yourself (threadpoolctl)."""

    name = "numpy"

    def __init__(self):
        self.available = True
        self.why_not = ""
        self.blas = self._blas()
        internal = {d.get("internal_api") for d in self.blas}
        self.label = "OpenBLAS" if "openblas" in internal else "numpy BLAS"

    @staticmethod
    def _blas() -> list[dict]:
        try:
            import threadpoolctl
        except ImportError:
            return []
        keys = ("internal_api", "version", "architecture", "num_threads", "filepath")
        return [{k: d.get(k) for k in keys} for d in threadpoolctl.threadpool_info() if d.get("user_api") == "blas"]

    def sgemm(self, a, b, c):
        _check_operands(a, b, c)
        return np.matmul(a, b, out=c)

    def bind(self, a, b, c):
        _check_operands(a, b, c)
        matmul = np.matmul
        return lambda: matmul(a, b, out=c)

    def info(self) -> dict:
        return {**super().info(), "numpy": np.__version__, "blas": self._blas()}


# --- oneDNN --------------------------------------------------------------------------------------

# Loaded with RTLD_GLOBAL in this order before libdnnl (it has no rpath; DESIGN.md). Each entry
# lists the file names tried, the soname first.
_ONEDNN_RUNTIME = (
    ("libintlc.so.5", "libintlc.so"),
    ("libimf.so",),
    ("libsvml.so",),
    ("libirng.so",),
    ("libtbb.so.12", "libtbb.so"),
    ("libsycl.so.9", "libsycl.so"),
)
_ONEDNN_LIB = ("libdnnl.so.3", "libdnnl.so")

# When set, oneDNN prints its own verbose lines; the probe then does not turn verbose on and off.
ONEDNN_VERBOSE_SET = bool(os.environ.get("ONEDNN_VERBOSE") or os.environ.get("DNNL_VERBOSE"))
_DNNL_STATUS = {0: "success", 1: "out_of_memory", 2: "invalid_arguments", 3: "unimplemented",
                4: "last_impl_reached", 5: "runtime_error", 6: "not_required", 7: "invalid_graph",
                8: "invalid_graph_op", 9: "invalid_shape", 10: "invalid_data_type"}
_DNNL_RUNTIME = {0: "none", 1: "seq", 2: "omp", 4: "tbb", 8: "threadpool", 0x100: "ocl", 0x200: "sycl"}
_DNNL_ISA = {0x0: "default", 0x1: "sse41", 0x3: "avx", 0x7: "avx2", 0xF: "avx2_vnni", 0x1F: "avx2_vnni_2",
             0x27: "avx512_core", 0x67: "avx512_core_vnni", 0xE7: "avx512_core_bf16",
             0x1EF: "avx10_1_512 (avx512_core_fp16)", 0xFE7: "avx512_core_amx",
             0x1FEF: "avx10_1_512_amx_fp16"}


class _DnnlVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
                ("hash", ctypes.c_char_p), ("cpu_runtime", ctypes.c_uint), ("gpu_runtime", ctypes.c_uint)]


def _onednn_lib_dirs() -> list[Path]:
    """Where to look for libdnnl: $NANOMM_ONEDNN_LIBDIR, the `onednn` wheel's files, <prefix>/lib."""
    dirs: list[Path] = []
    if os.environ.get("NANOMM_ONEDNN_LIBDIR"):
        dirs.append(Path(os.environ["NANOMM_ONEDNN_LIBDIR"]))
    try:
        dist = importlib.metadata.distribution("onednn")
        for f in dist.files or []:
            if f.name in _ONEDNN_LIB:
                dirs.append(Path(os.path.normpath(dist.locate_file(f))).parent)
    except importlib.metadata.PackageNotFoundError:
        pass
    dirs += [Path(sys.prefix) / "lib", Path(sys.base_prefix) / "lib"]
    seen, out = set(), []
    for d in dirs:
        if d not in seen:
            seen.add(d)
            out.append(d)
    return out


def _find(names: tuple[str, ...], dirs: list[Path]) -> Path | None:
    for d in dirs:
        for n in names:
            if (d / n).exists():
                return d / n
    return None


class OneDNN(Peer):
    """oneDNN's dnnl_sgemm (row-major, 'N', 'N') through ctypes.

    The constructor loads the library and makes a first, tiny call with oneDNN's verbose mode on
    (output captured) to record its CPU runtime, ISA and thread count. Pin the process to its CPUs
    before constructing it: oneDNN's thread count follows the affinity mask at that first call.
    """

    name = "onednn"
    label = "oneDNN"

    def __init__(self, probe: bool = True):
        self.available = False
        self.why_not = ""
        self.loaded: list[str] = []
        self.affinity_at_load = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
        self.os_threads_before_load = _os_threads()
        self.verbose_info: list[str] = []
        self.notes: list[str] = []
        self._lib = None
        try:
            self._load()
        except Exception as exc:  # noqa: BLE001 - reported as why_not
            self.why_not = f"{type(exc).__name__}: {exc}"
            return
        self.available = True
        if self.affinity_at_load is not None and len(self.affinity_at_load) > 1:
            self.notes.append(f"loaded with {len(self.affinity_at_load)} CPUs in the affinity mask: "
                              "oneDNN may use as many threads")
        if probe:
            self._probe()
        self.os_threads_after_first_call = _os_threads()

    def _load(self) -> None:
        dirs = _onednn_lib_dirs()
        lib_path = _find(_ONEDNN_LIB, dirs)
        if lib_path is None:
            raise FileNotFoundError(f"libdnnl.so not found in {', '.join(map(str, dirs))} "
                                    "(pip install onednn==2026.1.0, or set NANOMM_ONEDNN_LIBDIR)")
        dirs = [lib_path.parent] + [d for d in dirs if d != lib_path.parent]
        for names in _ONEDNN_RUNTIME:
            path = _find(names, dirs)
            if path is None:  # maybe found by the loader anyway; libdnnl's dlopen says if not
                self.loaded.append(f"{names[0]} (not found; left to the dynamic loader)")
                continue
            ctypes.CDLL(str(path), mode=ctypes.RTLD_GLOBAL)
            self.loaded.append(str(path))
        lib = ctypes.CDLL(str(lib_path), mode=ctypes.RTLD_GLOBAL)
        self.loaded.append(str(lib_path))
        self.lib_path = str(lib_path)

        lib.dnnl_version.restype = ctypes.POINTER(_DnnlVersion)
        lib.dnnl_version.argtypes = []
        i64, f32, ptr, char = ctypes.c_int64, ctypes.c_float, ctypes.c_void_p, ctypes.c_char
        checked = lib.dnnl_sgemm
        checked.argtypes = [char, char, i64, i64, i64, f32, ptr, i64, ptr, i64, f32, ptr, i64]
        checked.restype = ctypes.c_int
        raw = lib["dnnl_sgemm"]  # a second function object, no argtypes: prebuilt ctypes arguments
        raw.restype = ctypes.c_int
        self._lib, self._sgemm, self._raw = lib, checked, raw

    def version(self) -> dict:
        """dnnl_version(): {major, minor, patch, hash, cpu_runtime, gpu_runtime, string}."""
        if self._lib is None:
            raise RuntimeError(f"oneDNN is not available: {self.why_not}")
        v = self._lib.dnnl_version().contents
        out = {"major": v.major, "minor": v.minor, "patch": v.patch,
               "hash": v.hash.decode() if v.hash else None,
               "cpu_runtime": _DNNL_RUNTIME.get(v.cpu_runtime, hex(v.cpu_runtime)),
               "gpu_runtime": _DNNL_RUNTIME.get(v.gpu_runtime, hex(v.gpu_runtime))}
        out["string"] = f"{v.major}.{v.minor}.{v.patch}"
        return out

    def effective_isa(self) -> str | None:
        fn = getattr(self._lib, "dnnl_get_effective_cpu_isa", None)
        if fn is None:
            return None
        fn.restype = ctypes.c_int
        isa = fn()
        return _DNNL_ISA.get(isa, hex(isa))

    @staticmethod
    def _raise(status: int) -> None:
        raise RuntimeError(f"dnnl_sgemm failed: status {status} ({_DNNL_STATUS.get(status, '?')})")

    def sgemm(self, a, b, c):
        M, N, K = _check_operands(a, b, c)
        status = self._sgemm(b"N", b"N", M, N, K, 1.0, a.ctypes.data, K, b.ctypes.data, N, 0.0, c.ctypes.data, N)
        if status != 0:
            self._raise(status)
        return c

    def bind(self, a, b, c):
        M, N, K = _check_operands(a, b, c)
        i64, f32, ptr, char = ctypes.c_int64, ctypes.c_float, ctypes.c_void_p, ctypes.c_char
        args = (char(b"N"), char(b"N"), i64(M), i64(N), i64(K), f32(1.0), ptr(a.ctypes.data), i64(K),
                ptr(b.ctypes.data), i64(N), f32(0.0), ptr(c.ctypes.data), i64(N))
        raw, fail = self._raw, self._raise
        keep = (a, b, c)  # the arrays outlive the callable

        def call():
            status = raw(*args)
            if status:
                fail(status)
            return keep[2]
        return call

    def _probe(self) -> None:
        """First call, 4x4x4, with verbose on and fd 1 captured: records oneDNN's info lines."""
        a = np.ones((4, 4), np.float32)
        c = np.empty((4, 4), np.float32)
        set_verbose = getattr(self._lib, "dnnl_set_verbose", None)
        if set_verbose is None or ONEDNN_VERBOSE_SET:
            self.sgemm(a, a, c)
            return
        libc = ctypes.CDLL(None)
        sys.stdout.flush()
        with tempfile.TemporaryFile() as tmp:
            saved = os.dup(1)
            try:
                os.dup2(tmp.fileno(), 1)
                try:
                    set_verbose(1)
                    self.sgemm(a, a, c)
                finally:
                    set_verbose(0)
                    libc.fflush(None)
            finally:
                os.dup2(saved, 1)
                os.close(saved)
            tmp.seek(0)
            lines = tmp.read().decode(errors="replace").splitlines()
        self.verbose_info = [ln for ln in lines if ",info," in ln and "template:" not in ln]
        if not np.all(c == 4.0):
            raise RuntimeError("oneDNN's first sgemm (4x4x4 of ones) gave a wrong result")

    @property
    def threads(self) -> int | None:
        """oneDNN's thread count as its verbose header reported it (nthr:N), when captured."""
        for ln in self.verbose_info:
            if "nthr:" in ln:
                try:
                    return int(ln.split("nthr:")[1].split(",")[0])
                except ValueError:
                    return None
        return None

    def info(self) -> dict:
        out = {**super().info(), "wheel": _dist_version("onednn"), "loaded": self.loaded}
        if self.available:
            out.update(version=self.version(), effective_isa=self.effective_isa(), threads=self.threads,
                       verbose_info=self.verbose_info, affinity_at_load=self.affinity_at_load,
                       os_threads_before_load=self.os_threads_before_load,
                       os_threads_after_first_call=self.os_threads_after_first_call,
                       notes=self.notes,
                       runtime_wheels={d: _dist_version(d) for d in
                                       ("tbb", "intel-cmplr-lib-rt", "intel-sycl-rt", "dpcpp-cpp-rt",
                                        "intel-openmp", "umf")})
        return out


def _dist_version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


# --- torch (optional) ----------------------------------------------------------------------------

class Torch(Peer):
    """torch.matmul(a, b, out=c) on CPU tensors sharing the numpy arrays' memory, on `threads` threads."""

    name = "torch"
    label = "torch"

    def __init__(self, threads: int = 1):
        self.available = False
        try:
            import torch
        except Exception as exc:  # noqa: BLE001
            self.why_not = f"torch not importable ({type(exc).__name__}: {exc})"
            return
        torch.set_num_threads(threads)
        self._torch = torch
        self.available = True
        self.why_not = ""

    def sgemm(self, a, b, c):
        _check_operands(a, b, c)
        t = self._torch.from_numpy
        self._torch.matmul(t(a), t(b), out=t(c))
        return c

    def bind(self, a, b, c):
        _check_operands(a, b, c)
        t = self._torch.from_numpy
        ta, tb, tc = t(a), t(b), t(c)
        matmul = self._torch.matmul
        return lambda: matmul(ta, tb, out=tc)

    def info(self) -> dict:
        out = super().info()
        if self.available:
            out.update(version=self._torch.__version__, threads=self._torch.get_num_threads(),
                       config=self._torch.__config__.show())
        return out


def all_peers(torch: bool = True, threads: int = 1) -> list[Peer]:
    """numpy, oneDNN and (when asked) torch: the available ones and the others, with why_not.

    Call after pinning the process (os.sched_setaffinity) to `threads` CPUs and limiting numpy's
    BLAS to `threads` threads: oneDNN takes its thread count from the affinity mask at its first
    call (made here), torch gets torch.set_num_threads(threads).
    """
    peers: list[Peer] = [NumpyBLAS(), OneDNN()]
    if torch:
        peers.append(Torch(threads))
    return peers


if __name__ == "__main__":  # python bench/peers.py: what is available, and a quick check
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rng = np.random.default_rng(0)
    A = rng.standard_normal((127, 511), dtype=np.float32)
    B = rng.standard_normal((511, 255), dtype=np.float32)
    ref = A.astype(np.float64) @ B.astype(np.float64)
    for p in all_peers():
        line = f"{p.name:7s} {p.label:10s} "
        if not p.available:
            print(line + f"unavailable: {p.why_not}")
            continue
        C = np.full((127, 255), np.nan, np.float32)
        p.bind(A, B, C)()
        extra = ""
        if isinstance(p, OneDNN):
            extra = f" v{p.version()['string']} threads={p.threads} isa={p.effective_isa()}"
        print(line + f"max |C - ref| = {np.max(np.abs(C - ref)):.2e}{extra}")
