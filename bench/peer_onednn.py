"""oneDNN as a peer: dnnl_sgemm, dnnl_gemm_bf16bf16f32, dnnl_gemm_u8s8s32 and dnnl_gemm_s8s8s32 through ctypes.

PyPI `onednn` ships libdnnl.so (SYCL CPU runtime, TBB underneath) without an rpath: its Intel
runtime libraries are loaded first, with RTLD_GLOBAL. OMP_NUM_THREADS does nothing:
oneDNN's thread count follows the CPU affinity mask at its first call, which the constructor
makes (4x4x4, verbose mode on, output captured) to record the `nthr` it chose. Pin the process
before constructing OneDNN(). All calls are row-major 'N', 'N'; int8 calls have zero offsets
('F' offsetc, co = 0).
"""

from __future__ import annotations

import ctypes
import importlib.metadata
import os
import sys
import tempfile
from pathlib import Path

import numpy as np

from peers import Peer, check_operands, dist_version as _dist_version, os_threads as _os_threads

# --- oneDNN --------------------------------------------------------------------------------------

# Loaded with RTLD_GLOBAL in this order before libdnnl (it has no rpath). Each entry
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


# dtype key -> oneDNN's C entry point
_ENTRY = {"f32": "dnnl_sgemm", "bf16": "dnnl_gemm_bf16bf16f32", "u8s8": "dnnl_gemm_u8s8s32",
          "s8s8": "dnnl_gemm_s8s8s32"}


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
    """oneDNN's gemm entry points (row-major, 'N', 'N') through ctypes: f32, bf16, u8s8, s8s8.

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
        self.dtypes = frozenset()
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
        self._lib, self._sgemm = lib, checked
        # A second function object per entry point, without argtypes: bind() prebuilds the arguments.
        self._raw = {}
        for key, symbol in _ENTRY.items():
            try:
                self._raw[key] = lib[symbol]
            except AttributeError:
                self.notes.append(f"{symbol} not exported: no {key}")
                continue
            self._raw[key].restype = ctypes.c_int
        self.dtypes = frozenset(self._raw)

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
    def _raise(status: int, key: str = "f32") -> None:
        raise RuntimeError(f"{_ENTRY[key]} failed: status {status} ({_DNNL_STATUS.get(status, '?')})")

    def sgemm(self, a, b, c):
        M, N, K = check_operands(a, b, c, "f32")
        status = self._sgemm(b"N", b"N", M, N, K, 1.0, a.ctypes.data, K, b.ctypes.data, N, 0.0, c.ctypes.data, N)
        if status != 0:
            self._raise(status)
        return c

    def bind(self, a, b, c):
        """The dtype's entry point (row-major 'N', 'N', alpha 1, beta 0) with prebuilt ctypes arguments."""
        key = self.dtype_of(a, b, c)
        M, N, K = check_operands(a, b, c, key)
        i64, f32, ptr, char = ctypes.c_int64, ctypes.c_float, ctypes.c_void_p, ctypes.c_char
        pa, pb, pc = (ptr(x.ctypes.data) for x in (a, b, c))
        n, alpha, beta = char(b"N"), f32(1.0), f32(0.0)
        if key in ("f32", "bf16"):
            args = (n, n, i64(M), i64(N), i64(K), alpha, pa, i64(K), pb, i64(N), beta, pc, i64(N))
        else:  # int8: zero offsets for A, B and C ('F': one offset for the whole of C)
            ao = ctypes.c_uint8(0) if key == "u8s8" else ctypes.c_int8(0)
            co = ctypes.c_int32(0)
            args = (n, n, char(b"F"), i64(M), i64(N), i64(K), alpha, pa, i64(K), ao, pb, i64(N),
                    ctypes.c_int8(0), beta, pc, i64(N), ctypes.byref(co))
        raw, fail = self._raw[key], self._raise
        keep = (a, b, c, args)  # the arrays (and co) outlive the callable

        def call():
            status = raw(*args)
            if status:
                fail(status, key)
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


