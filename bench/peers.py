"""Matmul libraries that nanomm's benchmarks measure against, behind one small interface.

Each peer has `name` (a short key for JSON), `label` (for tables), `available` (bool),
`why_not` (why it is not available, "" when it is), `dtypes` (the dtype keys it computes, of
f32, bf16, u8s8, s8s8), `bind(a, b, c)` (a zero-argument callable computing c = a @ b for
C-contiguous arrays of one of its dtypes, with everything precomputed, for timing),
`sgemm(a, b, c)` (float32, checked) and `info()` (what ran, for the JSON report).

    numpy   np.matmul(a, b, out=c): numpy's BLAS (OpenBLAS in numpy's wheels); f32
    onednn  peer_onednn.OneDNN: dnnl_sgemm / dnnl_gemm_bf16bf16f32 / dnnl_gemm_u8s8s32 / _s8s8s32
    mkl     libmkl_rt from PyPI `mkl`, through ctypes: cblas_sgemm, cblas_gemm_bf16bf16f32 and
            cblas_gemm_s8u8s32 (row-major: A uint8, B int8), each checked on a small problem first
    blis    cython-blis (PyPI `blis`): blis.py.gemm(a, b, out=c, beta=0); f32
    torch   torch.matmul on tensors sharing the arrays' memory, torch.set_num_threads(threads); f32,
            bf16 (bf16 result, converted into the float32 C inside the timed call)

dtype keys: f32 (float32 -> float32), bf16 (ml_dtypes.bfloat16 -> float32), u8s8 (uint8 x int8
-> int32), s8s8 (int8 x int8 -> int32). Pin the process and limit numpy's BLAS before
constructing the peers: oneDNN takes its thread count from the affinity mask at its first call.
"""

from __future__ import annotations

import ctypes
import importlib.metadata
import os
import sys
from pathlib import Path

import numpy as np

__all__ = ["Peer", "NumpyBLAS", "MKL", "BLIS", "Torch", "all_peers", "dtype_key", "check_operands"]

_DTYPE_NAMES = {("float32", "float32", "float32"): "f32", ("bfloat16", "bfloat16", "float32"): "bf16",
                ("uint8", "int8", "int32"): "u8s8", ("int8", "int8", "int32"): "s8s8"}


def dtype_key(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> str:
    """The dtype key of (A, B, C) arrays; TypeError for any other combination."""
    names = tuple(str(x.dtype) for x in (a, b, c))
    try:
        return _DTYPE_NAMES[names]
    except KeyError:
        raise TypeError(f"unsupported operand dtypes {names}; supported: "
                        + ", ".join(f"{k} {v}" for v, k in _DTYPE_NAMES.items())) from None


def check_operands(a: np.ndarray, b: np.ndarray, c: np.ndarray, key: str | None = None) -> tuple[int, int, int]:
    """(M, N, K) after checking 2-D, C-contiguous, matching shapes, writable c, and the dtype key."""
    for name, x in (("a", a), ("b", b), ("c", c)):
        if not isinstance(x, np.ndarray) or x.ndim != 2:
            raise TypeError(f"{name} must be a 2-D numpy array")
        if not x.flags.c_contiguous:
            raise ValueError(f"{name} must be C-contiguous")
    found = dtype_key(a, b, c)
    if key is not None and found != key:
        raise TypeError(f"operands are {found}, expected {key}")
    (M, K), (K2, N) = a.shape, b.shape
    if K != K2 or c.shape != (M, N):
        raise ValueError(f"shapes do not match: a {a.shape}, b {b.shape}, c {c.shape}")
    if not c.flags.writeable:
        raise ValueError("c is read-only")
    return M, N, K


_check_operands = check_operands  # older name


def os_threads() -> int | None:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return None


_os_threads = os_threads


def dist_version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


class Peer:
    name = "?"
    label = "?"
    available = False
    why_not = "not implemented"
    dtypes: frozenset = frozenset()

    def dtype_of(self, a, b, c) -> str:
        key = dtype_key(a, b, c)
        if key not in self.dtypes:
            raise TypeError(f"{self.label} has no {key} kernel here")
        return key

    def sgemm(self, a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
        self.bind(a, b, c)()
        return c

    def bind(self, a: np.ndarray, b: np.ndarray, c: np.ndarray):
        """A zero-argument callable computing c = a @ b, with the arguments prepared once."""
        raise NotImplementedError

    def info(self) -> dict:
        return {"name": self.name, "label": self.label, "available": self.available, "why_not": self.why_not,
                "dtypes": sorted(self.dtypes)}

    def __repr__(self) -> str:
        state = "available" if self.available else f"unavailable: {self.why_not}"
        return f"<peer {self.name} ({state})>"


def _self_test(peer: Peer, key: str) -> str | None:
    """None when peer computes a small `key` problem exactly as numpy does (int8 exact, else close)."""
    rng = np.random.default_rng(1)
    M, N, K = 7, 35, 19
    if key in ("u8s8", "s8s8"):
        a = rng.integers(0 if key == "u8s8" else -128, 256 if key == "u8s8" else 128, (M, K),
                         dtype=np.int64).astype(np.uint8 if key == "u8s8" else np.int8)
        b = rng.integers(-128, 128, (K, N), dtype=np.int64).astype(np.int8)
        c = np.zeros((M, N), np.int32)
        ref = a.astype(np.int64) @ b.astype(np.int64)
    else:
        x_dtype = np.float32 if key == "f32" else _bf16()
        a = rng.uniform(-1, 1, (M, K)).astype(x_dtype)
        b = rng.uniform(-1, 1, (K, N)).astype(x_dtype)
        c = np.zeros((M, N), np.float32)
        ref = a.astype(np.float64) @ b.astype(np.float64)
    try:
        peer.bind(a, b, c)()
    except Exception as exc:  # noqa: BLE001
        return f"{type(exc).__name__}: {exc}"
    err = np.max(np.abs(c.astype(np.float64) - ref))
    limit = 0 if key in ("u8s8", "s8s8") else 1e-4 * K
    return None if err <= limit else f"wrong result on a {M}x{N}x{K} {key} test (max error {err:g})"


def _bf16():
    import ml_dtypes
    return ml_dtypes.bfloat16


# --- numpy ---------------------------------------------------------------------------------------

class NumpyBLAS(Peer):
    """np.matmul(a, b, out=c), float32 only (numpy's bf16 and int8 matmuls are not BLAS).
    Limit its BLAS to the benchmark's threads yourself (threadpoolctl)."""

    name = "numpy"
    dtypes = frozenset({"f32"})

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

    def bind(self, a, b, c):
        check_operands(a, b, c, "f32")
        matmul = np.matmul
        return lambda: matmul(a, b, out=c)

    def info(self) -> dict:
        return {**super().info(), "numpy": np.__version__, "blas": self._blas()}


# --- MKL (optional) ------------------------------------------------------------------------------

_ROW_MAJOR, _NO_TRANS, _FIX_OFFSET = 101, 111, 171


class MKL(Peer):
    """MKL's CBLAS through ctypes from the `mkl` wheel's libmkl_rt (LP64: 32-bit MKL_INT).

    mkl_set_num_threads(threads) sets its threads. Each dtype's entry point is checked on a small
    problem when the peer is made; one that fails (or is missing) is left out of `dtypes`, with the
    reason in `notes`. On AMD CPUs MKL takes its generic code paths: not a fair anchor there.
    """

    name = "mkl"
    label = "MKL"

    def __init__(self, threads: int = 1):
        self.notes: list[str] = []
        self.dtypes = frozenset()
        try:
            self._load(threads)
        except Exception as exc:  # noqa: BLE001
            self.available, self.why_not = False, f"{type(exc).__name__}: {exc}"
            return
        self.available, self.why_not = True, ""
        good = set()
        for key in ("f32", "bf16", "u8s8"):
            self.dtypes = frozenset({key})
            problem = _self_test(self, key) if key in self._fn else "entry point not exported"
            if problem:
                self.notes.append(f"no {key}: {problem}")
            else:
                good.add(key)
        self.dtypes = frozenset(good)
        if not good:
            self.available, self.why_not = False, "; ".join(self.notes)

    def _load(self, threads: int) -> None:
        dirs = [Path(sys.prefix) / "lib", Path(sys.base_prefix) / "lib"]
        path = next((d / n for d in dirs for n in ("libmkl_rt.so.3", "libmkl_rt.so.2", "libmkl_rt.so")
                     if (d / n).exists()), None)
        if path is None:
            raise FileNotFoundError(f"libmkl_rt.so not in {', '.join(map(str, dirs))} (pip install mkl)")
        lib = ctypes.CDLL(str(path), mode=ctypes.RTLD_GLOBAL)
        self.lib_path = str(path)
        setter = getattr(lib, "MKL_Set_Num_Threads", None)
        if setter is not None:
            setter.argtypes = [ctypes.c_int]
            setter(threads)
        self._fn = {}
        for key, symbol in (("f32", "cblas_sgemm"), ("bf16", "cblas_gemm_bf16bf16f32"),
                            ("u8s8", "cblas_gemm_s8u8s32")):
            try:
                self._fn[key] = lib[symbol]
                self._fn[key].restype = None
            except AttributeError:
                pass
        self._lib = lib

    def bind(self, a, b, c):
        key = self.dtype_of(a, b, c)
        M, N, K = check_operands(a, b, c, key)
        i32, f32, ptr = ctypes.c_int, ctypes.c_float, ctypes.c_void_p
        pa, pb, pc = (ptr(x.ctypes.data) for x in (a, b, c))
        lay, nt, one, zero = i32(_ROW_MAJOR), i32(_NO_TRANS), f32(1.0), f32(0.0)
        if key in ("f32", "bf16"):
            args = (lay, nt, nt, i32(M), i32(N), i32(K), one, pa, i32(K), pb, i32(N), zero, pc, i32(N))
        else:
            co = ctypes.c_int32(0)
            args = (lay, nt, nt, i32(_FIX_OFFSET), i32(M), i32(N), i32(K), one, pa, i32(K), ctypes.c_int8(0),
                    pb, i32(N), ctypes.c_int8(0), zero, pc, i32(N), ctypes.byref(co))
        fn, keep = self._fn[key], (a, b, c, args)
        return lambda: (fn(*args), keep)[1][2]

    def info(self) -> dict:
        out = {**super().info(), "wheel": dist_version("mkl"), "notes": getattr(self, "notes", [])}
        if self.available:
            get = getattr(self._lib, "MKL_Get_Max_Threads", None)
            out.update(lib=self.lib_path, threads=get() if get else None)
        return out


# --- BLIS (optional) -----------------------------------------------------------------------------

class BLIS(Peer):
    """cython-blis: blis.py.gemm(a, b, out=c, beta=0.0), float32. Its threads: BLIS_NUM_THREADS."""

    name = "blis"
    label = "BLIS"

    def __init__(self):
        try:
            import blis.py
        except Exception as exc:  # noqa: BLE001
            self.available, self.why_not = False, f"blis not importable ({type(exc).__name__}: {exc})"
            return
        self._gemm = blis.py.gemm
        self.available, self.why_not, self.dtypes = True, "", frozenset({"f32"})

    def bind(self, a, b, c):
        check_operands(a, b, c, "f32")
        gemm = self._gemm
        return lambda: gemm(a, b, out=c, beta=0.0)

    def info(self) -> dict:
        return {**super().info(), "wheel": dist_version("blis"),
                "BLIS_NUM_THREADS": os.environ.get("BLIS_NUM_THREADS")}


# --- torch (optional) ----------------------------------------------------------------------------

class Torch(Peer):
    """torch.matmul on CPU tensors sharing the numpy arrays' memory, on `threads` threads: f32
    (out=c) and bf16 (a bf16 result converted into the float32 c inside the timed call)."""

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
        self.available, self.why_not, self.dtypes = True, "", frozenset({"f32", "bf16"})

    def bind(self, a, b, c):
        key = self.dtype_of(a, b, c)
        check_operands(a, b, c, key)
        torch = self._torch
        matmul = torch.matmul
        tc = torch.from_numpy(c)
        if key == "f32":
            ta, tb = torch.from_numpy(a), torch.from_numpy(b)
            return lambda: matmul(ta, tb, out=tc)
        # bf16: numpy has no bf16 torch can read; reinterpret the bits (int16) as bfloat16.
        ta, tb = (torch.from_numpy(x.view(np.int16)).view(torch.bfloat16) for x in (a, b))
        out = torch.empty(c.shape, dtype=torch.bfloat16)
        return lambda: (matmul(ta, tb, out=out), tc.copy_(out))

    def info(self) -> dict:
        out = super().info()
        if self.available:
            out.update(version=self._torch.__version__, threads=self._torch.get_num_threads(),
                       config=self._torch.__config__.show())
        return out


def __getattr__(name: str):
    if name == "OneDNN":  # in its own module, which imports this one
        from peer_onednn import OneDNN
        return OneDNN
    raise AttributeError(name)


def all_peers(torch: bool = True, threads: int = 1, extra: bool = False) -> list[Peer]:
    """numpy, oneDNN (its BLAS-like gemm and its matmul primitive with B reordered once), (with extra)
    MKL and BLIS, and (when asked) torch: available or not, with why_not.

    Call after pinning the process (os.sched_setaffinity) to `threads` CPUs and limiting numpy's
    BLAS to `threads` threads: oneDNN takes its thread count from the affinity mask at its first
    call (made here), MKL gets mkl_set_num_threads(threads), torch torch.set_num_threads(threads).
    BLIS reads BLIS_NUM_THREADS when it starts: set it before.
    """
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from peer_onednn import OneDNN
    from peer_onednn_matmul import OneDNNMatmulPeer

    primitive = OneDNNMatmulPeer()  # first: its engine needs OCL_ICD_FILENAMES set before oneDNN loads
    peers: list[Peer] = [NumpyBLAS(), OneDNN(), primitive]
    if extra:
        peers += [MKL(threads), BLIS()]
    if torch:
        peers.append(Torch(threads))
    return peers


if __name__ == "__main__":  # python bench/peers.py: what is available, and a check of every dtype
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    for p in all_peers(extra=True):
        line = f"{p.name:7s} {p.label:10s} "
        if not p.available:
            print(line + f"unavailable: {p.why_not}")
            continue
        checks = ", ".join(f"{k} {_self_test(p, k) or 'ok'}" for k in sorted(p.dtypes))
        print(line + checks + "".join(f"; {n}" for n in getattr(p, "notes", [])))
