"""One shape, one dtype, one thread count: nanomm and the peers checked, then timed in interleaved rounds.

Used by bench/run.py's worker process after it has pinned itself (importing this loads nanomm).
`measure()` returns one report entry in the format of bench/_report.py.
"""

from __future__ import annotations

import traceback

import ml_dtypes
import numpy as np

import nanomm
from nanomm.compiler.build import tuned_config
from nanomm.compiler.config import default_config
from nanomm.compiler.parallel import partition
from nanomm.compiler.payload import MatmulSpec
from nanomm.runtime.cpu import host_cpu

import _timing
from _report import shape_name
from cpuload import CpuAccount
import peers as peer_lib

NP_DTYPES = {"float32": np.float32, "bfloat16": ml_dtypes.bfloat16, "uint8": np.uint8, "int8": np.int8,
             "int32": np.int32}
INT_DTYPES = ("u8s8", "s8s8")
SENTINEL = -0x21524111  # what an unwritten int32 element of C holds


def make_peers(threads: int, torch: bool = True) -> list:
    """Every peer library, available or not (call after pinning: see peers.all_peers)."""
    return peer_lib.all_peers(torch=torch, threads=threads, extra=True)


def inputs(M: int, N: int, K: int, dtype: str, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    from _report import DTYPES
    d = DTYPES[dtype]
    if dtype in INT_DTYPES:
        lo = 0 if d["a"] == "uint8" else -128
        A = rng.integers(lo, lo + 256, (M, K), dtype=np.int16).astype(NP_DTYPES[d["a"]])
        B = rng.integers(-128, 128, (K, N), dtype=np.int16).astype(np.int8)
    else:
        A = rng.uniform(-1, 1, (M, K)).astype(np.float32).astype(NP_DTYPES[d["a"]])
        B = rng.uniform(-1, 1, (K, N)).astype(np.float32).astype(NP_DTYPES[d["b"]])
    return A, B


def reference(A: np.ndarray, B: np.ndarray, chunk: int = 2048) -> tuple[np.ndarray, np.ndarray]:
    """(A @ B, |A| @ |B|) in float64 over column blocks of B. Exact for int8: every partial sum is an
    integer below 2^53 (|a b| <= 2^15, K < 2^31 / 2^15 for nanomm's int8 kernels)."""
    A64 = A.astype(np.float64)
    absA = np.abs(A64)
    M, N = A.shape[0], B.shape[1]
    ref, mag = np.empty((M, N)), np.empty((M, N))
    for j in range(0, N, chunk):
        Bj = B[:, j:j + chunk].astype(np.float64)
        np.matmul(A64, Bj, out=ref[:, j:j + chunk])
        np.abs(Bj, out=Bj)
        np.matmul(absA, Bj, out=mag[:, j:j + chunk])
    return ref, mag


def check(C: np.ndarray, ref: np.ndarray, mag: np.ndarray, K: int, dtype: str, bf16_result: bool = False) -> dict:
    """f32: |C - ref| <= K eps_f32 (|A|@|B|); bf16: twice that (+ eps_bf16 |ref| for a bf16 result);
    int8: exactly equal. NaN (float) or the sentinel left where nothing was written fails."""
    if dtype in INT_DTYPES:
        diff = C.astype(np.int64) - ref.astype(np.int64)
        wrong = int(np.count_nonzero(diff))
        return {"ok": wrong == 0, "wrong_elements": wrong, "max_abs_err": int(np.max(np.abs(diff))) if diff.size else 0}
    eps = np.finfo(np.float32).eps
    bound = (K if dtype == "f32" else 2 * K) * eps * mag + np.finfo(np.float32).tiny
    if bf16_result:
        bound = bound + float(ml_dtypes.finfo(ml_dtypes.bfloat16).eps) * np.abs(ref)
    err = np.abs(C.astype(np.float64) - ref)
    finite = bool(np.isfinite(C).all())
    ratio = float(np.max(err / bound)) if finite and C.size else (0.0 if finite else float("inf"))
    return {"ok": finite and ratio <= 1.0, "finite": finite,
            "max_abs_err": float(np.max(err)) if finite and C.size else (0.0 if finite else float("inf")),
            "max_err_over_bound": ratio}


def _compile(progress, what: str, make):
    progress(f"compiling {what}")
    try:
        return make(), None
    except nanomm.DTypeError as exc:
        return None, f"not available: DTypeError: {exc}"
    except Exception as exc:  # noqa: BLE001 - reported, the run goes on
        return None, f"compile failed: {type(exc).__name__}: {exc}\n{traceback.format_exc()}"


def measure(M: int, N: int, K: int, dtype: str, T: int, peers: list, args, rng, *, prepacked: bool = False,
            front_door: bool = False, progress=lambda msg: None) -> dict:
    """One report entry: every library's timing, checks and why any library was not measured."""
    entry: dict = {"dtype": dtype, "threads": T, "shape": shape_name(M, N, K), "M": M, "N": N, "K": K,
                   "ops": 2.0 * M * N * K, "libs": {}, "missing": {}, "nanomm": {}}
    account = CpuAccount()
    A, B = inputs(M, N, K, dtype, rng)
    c_dtype = np.int32 if dtype in INT_DTYPES else np.float32
    calls: dict = {}
    outs: dict[str, np.ndarray] = {}

    def add(name: str, make_call):
        outs[name] = np.empty((M, N), c_dtype)
        calls[name] = make_call(outs[name])

    kernel, why = _compile(progress, "nanomm", lambda: nanomm.compile_matmul(M, N, K, dtype, threads=T))
    if kernel is None:
        entry["missing"]["nanomm"] = why.splitlines()[0]
        entry["nanomm"]["error"] = why
        entry["failed"] = why.startswith("compile failed")
    else:
        entry["nanomm"] = {"config": _config_text(kernel.config), "config_full": kernel.config.as_dict(),
                           "compile_seconds": getattr(kernel, "compile_seconds", None),
                           "split": _split(kernel)}
        add("nanomm", lambda C: (lambda: kernel(A, B, C)))
        spec = MatmulSpec(M, N, K, dtype)
        cpu = host_cpu()
        eff = len(partition(spec, T))
        tuned = tuned_config(spec, eff, cpu) if eff == 1 else None
        entry["nanomm"]["tuned"] = tuned is not None
        if tuned is not None:
            base = default_config(M, N, K, cpu, dtype=dtype)
            k0, why0 = _compile(progress, "nanomm untuned", lambda: nanomm.compile_matmul(
                M, N, K, dtype, threads=T, config=base))
            if k0 is not None:
                entry["nanomm"]["untuned_config"] = _config_text(k0.config)
                add("nanomm_untuned", lambda C: (lambda: k0(A, B, C)))
            else:
                entry["missing"]["nanomm_untuned"] = why0.splitlines()[0]
        if front_door:  # the call users make: nanomm.matmul, its kernel found by the front door
            add("nanomm_matmul", lambda C: (lambda: nanomm.matmul(A, B, out=C, threads=T)))
        if prepacked:
            kp, whyp = _compile(progress, "nanomm with pre-packed B", lambda: nanomm.compile_matmul(
                M, N, K, dtype, threads=T, b=B))
            if kp is not None:
                add("nanomm_prepacked", lambda C: (lambda: kp(A, out=C)))
            else:
                entry["missing"]["nanomm_prepacked"] = whyp.splitlines()[0]
    for p in peers:
        if not p.available:
            entry["missing"][p.name] = p.why_not
        elif dtype not in p.dtypes:
            entry["missing"][p.name] = f"no {dtype} kernel"
        else:
            add(p.name, lambda C, p=p: p.bind(A, B, C))

    progress("checking every library against the reference")
    ref, mag = reference(A, B)
    checks = {}
    for name, fn in list(calls.items()):
        out = outs[name]
        out.fill(SENTINEL if dtype in INT_DTYPES else np.nan)
        try:
            fn()
        except Exception as exc:  # noqa: BLE001
            entry["missing"][name] = f"call failed: {type(exc).__name__}: {exc}"
            entry["failed"] = entry.get("failed") or name.startswith("nanomm")
            del calls[name]
            continue
        checks[name] = check(out, ref, mag, K, dtype, bf16_result=(name == "torch" and dtype == "bf16"))
        if not checks[name]["ok"]:
            progress(f"*** {name}: WRONG RESULT *** {checks[name]}")
            if name.startswith("nanomm"):
                entry["failed"] = True
    del ref, mag
    timing = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=args.warmup,
                                 gap=args.gap if args.gap is not None else (0.05 if T > 1 else 0.0),
                                 progress=progress)
    for name, r in timing.items():
        entry["libs"][name] = {**r, "gflops": entry["ops"] / r["best_median_s"] / 1e9,
                               "ok": checks[name]["ok"], "check": checks[name]}
    entry["other_cpus"] = account.other_cpus()
    return entry


def _config_text(cfg) -> str:
    text = f"{cfg.mr}x{cfg.nr} mc{cfg.mc} nc{cfg.nc} kc{cfg.kc}"
    if getattr(cfg, "unroll_k", 1) != 1:
        text += f" u{cfg.unroll_k}"
    return text + (" packB" if getattr(cfg, "pack_b", False) else "")


def _split(kernel) -> str:
    chunks = getattr(kernel, "chunks", None)
    if not chunks or len(chunks) < 2:
        return "1"
    return f"{len(chunks)}x{'N' if any(c.n0 for c in chunks) else 'M'}"
