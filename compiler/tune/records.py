"""Tuning records: the best configuration found for one problem on one machine, on disk.

One JSON file per key under `settings.cache_dir() / "tuning"` ($NANOMM_CACHE_DIR moves it):

    <root>/<key>.json     {"format", "key", "fields", "status", "best", "default", "candidates",
                           "search", "created", "updated", "run", "provenance", "checksum"}
    <root>/<key>.lock     an flock'ed file serialising read-merge-write between processes

The key is the sha256 of `fields`, everything that decides whether a record applies: the CPU
(LLVM name, model name, sorted features, L1d/L2/L3 sizes), the compiler (`compiler_fingerprint`:
the key the kernel disk cache files kernels under, from nanomm's source files, the MLIR, llvmlite
and LLVM versions, so any change to the code or the toolchain leaves
earlier records unused rather than wrong) and the problem (M, N, K, dtype, the effective thread
count, accumulate, pre-packed B). A record is trusted only after checks:
it parses, names this format, its checksum (sha256 of the rest of the record, canonical JSON)
matches, its key is the hash of its own fields and the name of its file, and, for `lookup`,
its fields are this machine's and this problem's; its best config must build a KernelConfig.
Anything else is ignored (a miss), so adding configurations, editing a file, or copying the
directory to another machine never yields a foreign or corrupt record.

Writes are atomic (a temporary file in the same directory, fsync, os.replace) and made under
the key's lock, merging with what another tuner may have written meanwhile (candidates by
config; the newest best wins). A reader never needs the lock: it sees a whole old file or a
whole new one. The records add up to at most settings.tuning_max_bytes() ($NANOMM_TUNING_MAX_MB,
default 256 MiB): after a write, the least recently updated other records are deleted until
they fit (their empty lock files stay: deleting a lock file another process holds would let
two writers in at once).

A record's `provenance` says where its timings were made: {"machine", "commit", "date"} (the
host name or the remote timing host, nanomm's git commit if a checkout, ISO 8601 UTC). It is
covered by the checksum but optional: records written before it verify and load as before.

`export_records` / `import_records` move records between machines as JSON files: import
verifies each record as above (its own key and checksum) and stores it under its key; it
applies on a machine whose fields match (the same CPU, and the same source and toolchain: a
checkout of the same commit elsewhere has the same fingerprint), and nowhere else. Records
made by another compiler are not imported: import counts them apart (`other_compiler`).
Importing several files merges them: per key (problem, CPU kind, compiler) the fastest
complete record with a verified best wins, the local record included (it stays on a tie; with
`overwrite` the fastest imported one replaces it regardless). The winner is stored whole, its
checksum and provenance intact; its candidates are not merged with the others'.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import math
import os
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Iterator

from ...runtime import settings
from ...runtime.diskcache import content_key, write_atomic
from ...runtime.cpu import CpuInfo
from ..config import KernelConfig

FORMAT = "nanomm-tuning-record-1"
EXPORT_FORMAT = "nanomm-tuning-export-1"
MAX_RECORD_BYTES = 64 << 20
MAX_CANDIDATES = 20000

try:  # POSIX advisory locks; elsewhere writes are still atomic, merges best-effort
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None


def root() -> Path:
    """The records directory: settings.cache_dir() / "tuning"."""
    return settings.cache_dir() / "tuning"


@functools.cache
def compiler_fingerprint() -> str:
    """The compiler that made this process's kernels, as the disk cache keys them (compiler/build.py):
    a hash of nanomm's source files (by content and relative name, so another checkout of the
    same source has the same one), the MLIR, llvmlite and LLVM versions."""
    from ..build import _compiler_fingerprint

    return content_key(_compiler_fingerprint())


def cpu_fields(cpu: CpuInfo) -> dict[str, Any]:
    return {"name": cpu.name, "model_name": cpu.model_name, "features": sorted(cpu.features),
            "l1d": cpu.l1d, "l2": cpu.l2, "l3": cpu.l3}


def machine_fields(cpu: CpuInfo) -> dict[str, Any]:
    """The key fields that are not the problem's: the CPU and the compiler."""
    return {"cpu": cpu_fields(cpu), "compiler": compiler_fingerprint()}


def key_fields(M: int, N: int, K: int, dtype: str, threads: int, cpu: CpuInfo, *, accumulate: bool = False,
               prepacked_b: bool = False) -> dict[str, Any]:
    """Everything a record's key covers (see the module doc)."""
    return {"format": FORMAT, **machine_fields(cpu),
            "problem": {"M": int(M), "N": int(N), "K": int(K), "dtype": str(dtype), "threads": int(threads),
                        "accumulate": bool(accumulate), "prepacked_b": bool(prepacked_b)}}


def _canonical(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), allow_nan=False).encode("utf-8")


def record_key(fields: dict) -> str:
    return hashlib.sha256(b"nanomm-tuning-key\0" + _canonical(fields)).hexdigest()


def checksum(record: dict) -> str:
    body = {k: v for k, v in record.items() if k != "checksum"}
    return hashlib.sha256(b"nanomm-tuning-record\0" + _canonical(body)).hexdigest()


def path_for(key: str, directory: Path | None = None) -> Path:
    return (directory or root()) / f"{key}.json"


# --- verification ----------------------------------------------------------------------------

class RecordError(ValueError):
    """A record that fails verification (never raised by lookup: it returns None)."""


def verify(record: Any, key: str | None = None, fields: dict | None = None) -> dict:
    """The record if it is sound (and, when given, has this key and these fields); else RecordError."""
    if not isinstance(record, dict):
        raise RecordError("not a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format {record.get('format')!r}, expected {FORMAT!r}")
    if record.get("checksum") != checksum(record):
        raise RecordError("checksum mismatch (corrupt or edited)")
    rfields = record.get("fields")
    if not isinstance(rfields, dict) or record.get("key") != record_key(rfields):
        raise RecordError("the key is not the hash of the record's fields")
    if key is not None and record["key"] != key:
        raise RecordError("the record belongs to another key")
    if fields is not None and rfields != fields:
        raise RecordError("the record is for another CPU, compiler or problem")
    best = record.get("best")
    if best is not None:
        config_of(best)
    return record


def config_of(entry: dict) -> KernelConfig:
    try:
        return KernelConfig(**entry["config"])
    except Exception as exc:  # noqa: BLE001 - unknown fields, bad values
        raise RecordError(f"bad config in record: {exc}") from None


def read(key: str, fields: dict | None = None, directory: Path | None = None) -> dict | None:
    """The verified record stored under `key`, or None (missing, unreadable or unsound)."""
    path = path_for(key, directory)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_RECORD_BYTES + 1)
        if len(raw) > MAX_RECORD_BYTES:
            return None
        return verify(json.loads(raw), key=key, fields=fields)
    except (OSError, ValueError, TypeError, KeyError, RecursionError):
        return None


# --- writing ---------------------------------------------------------------------------------

def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, data)


@contextlib.contextmanager
def locked(key: str, directory: Path | None = None) -> Iterator[None]:
    """Holds the key's lock file (flock) for a read-merge-write."""
    d = directory or root()
    d.mkdir(parents=True, exist_ok=True)
    with open(d / f"{key}.lock", "a+b") as f:
        if fcntl is not None:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(f.fileno(), fcntl.LOCK_UN)


@functools.cache
def _commit() -> str | None:
    """nanomm's git commit (short hash), or None where this source is not a git checkout's."""
    src = Path(__file__).resolve().parents[2]
    try:
        tracked = subprocess.run(["git", "-C", str(src), "ls-files", "--error-unmatch",
                                  str(Path(__file__).resolve().relative_to(src))],
                                 capture_output=True, timeout=10)
        if tracked.returncode != 0:  # e.g. an installed copy inside some other repository
            return None
        head = subprocess.run(["git", "-C", str(src), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, timeout=10)
        return (head.stdout.strip() or None) if head.returncode == 0 else None
    except Exception:  # noqa: BLE001 - no git, a timeout: provenance never breaks tuning
        return None


def provenance(machine: str | None = None) -> dict:
    """Where a record's timings are made: the machine (default: this host), the commit, the date."""
    return {"machine": machine or socket.gethostname(), "commit": _commit(),
            "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


_provenance = provenance  # new_record's argument shadows the name


def new_record(fields: dict, provenance: dict | None = None) -> dict:
    """An empty record for these key fields; `provenance` defaults to this machine's, now."""
    now = time.time()
    return {"format": FORMAT, "key": record_key(fields), "fields": fields, "status": "partial", "best": None,
            "default": None, "candidates": [], "search": {}, "created": now, "updated": now, "run": None,
            "provenance": dict(provenance) if provenance else _provenance()}


def merge(old: dict | None, new: dict) -> dict:
    """`new` with the candidates of `old` it does not have; old's best when new has none."""
    if old is None:
        return new
    merged = dict(new)
    mine = {_ckey(c) for c in new.get("candidates", [])}
    merged["candidates"] = list(new.get("candidates", [])) + [
        c for c in old.get("candidates", []) if _ckey(c) not in mine]
    merged["candidates"] = merged["candidates"][:MAX_CANDIDATES]
    if merged.get("best") is None and old.get("best") is not None:
        merged["best"], merged["status"] = old["best"], old.get("status", "complete")
        merged["default"] = merged.get("default") or old.get("default")
    merged["created"] = min(old.get("created", new["created"]), new["created"])
    return merged


def _ckey(entry: dict) -> str:
    return json.dumps(entry.get("config"), sort_keys=True)


def write(record: dict, directory: Path | None = None, merge_existing: bool = True) -> Path:
    """Stores `record` atomically under its key (merged with the stored one, under the lock)."""
    key = record["key"]
    if key != record_key(record["fields"]):
        raise RecordError("the record's key is not the hash of its fields")
    path = path_for(key, directory)
    with locked(key, directory):
        old = read(key, record["fields"], directory) if merge_existing else None
        out = merge(old, record)
        out["updated"] = time.time()
        out["checksum"] = checksum(out)
        _write_atomic(path, _canonical(out))
    evict(keep=path, directory=directory)
    forget()
    return path


def evict(keep: Path | None = None, directory: Path | None = None, max_bytes: int | None = None) -> int:
    """Deletes the least recently updated records (never `keep`) until the records add up to at
    most `max_bytes` (default settings.tuning_max_bytes()); returns how many it deleted."""
    limit = settings.tuning_max_bytes() if max_bytes is None else max_bytes
    d = directory or root()
    entries = []
    try:
        for path in d.glob("*.json"):
            try:
                st = path.stat()
            except OSError:  # deleted meanwhile
                continue
            entries.append((st.st_mtime, st.st_size, path))
    except OSError:
        return 0
    total = sum(size for _, size, _ in entries)
    deleted = 0
    for _, size, path in sorted(entries, key=lambda e: e[0]):
        if total <= limit:
            break
        if keep is not None and path == keep:
            continue
        try:
            path.unlink()
        except OSError:
            continue
        total -= size
        deleted += 1
    return deleted


# --- lookup ----------------------------------------------------------------------------------

_memo: dict[tuple, KernelConfig | None] = {}
_memo_lock = threading.Lock()


def forget() -> None:
    """Drops the in-process memo of lookups (after a record is written or imported)."""
    with _memo_lock:
        _memo.clear()


def lookup(M: int, N: int, K: int, dtype: str = "f32", threads: int = 1, cpu: CpuInfo | None = None, *,
           accumulate: bool = False, prepacked_b: bool = False) -> KernelConfig | None:
    """The tuned configuration for this problem on `cpu` (default: the host), or None.

    `threads` is the effective thread count: the number of per-thread kernels
    (len(compiler.parallel.partition(spec, threads))). Never raises: a missing, unreadable,
    corrupt or foreign record is None. Answers are memoised per process (a record written
    by another process is seen by the next process); `forget()` clears the memo.
    """
    try:
        if cpu is None:
            from ...runtime.cpu import host_cpu

            cpu = host_cpu()
        memo_key = (M, N, K, dtype, threads, accumulate, prepacked_b, cpu, str(settings.cache_dir()))
        with _memo_lock:
            if memo_key in _memo:
                return _memo[memo_key]
        fields = key_fields(M, N, K, dtype, threads, cpu, accumulate=accumulate, prepacked_b=prepacked_b)
        record = read(record_key(fields), fields)
        config = None
        if record is not None and record.get("best") is not None:
            config = config_of(record["best"])
            try:  # a config the pipeline refuses for this dtype (kc vs v, register budget): no record
                config.pipeline(prepacked_b, dtype, vector_bits=cpu.vector_bits or 512)
            except Exception:  # noqa: BLE001
                config = None
        with _memo_lock:
            _memo[memo_key] = config
        return config
    except Exception:  # noqa: BLE001 - a lookup never breaks compiling
        return None


def find(fields: dict, directory: Path | None = None) -> dict | None:
    """The verified record for these key fields, or None."""
    return read(record_key(fields), fields, directory)


def all_records(directory: Path | None = None) -> list[dict]:
    """Every sound record in the directory (any machine)."""
    d = directory or root()
    out = []
    try:
        paths = sorted(d.glob("*.json"))
    except OSError:
        return []
    for path in paths:
        rec = read(path.stem, None, d)
        if rec is not None:
            out.append(rec)
    return out


# --- export / import -------------------------------------------------------------------------

def export_records(path: Path | str, records: list[dict]) -> int:
    data = {"format": EXPORT_FORMAT, "exported": time.time(), "records": records}
    _write_atomic(Path(path), json.dumps(data, sort_keys=True, indent=1).encode("utf-8"))
    return len(records)


def import_records(paths: Path | str | list[Path | str], overwrite: bool = False, cpu: CpuInfo | None = None,
                   directory: Path | None = None) -> dict[str, int]:
    """Merges export files into the local records (see the module doc); returns counts:
    imported (records written), kept (local records as fast as every imported one, or faster;
    without overwrite), replaced (local records an imported one replaced: part of imported),
    invalid (unsound, or without a verified best), other_compiler (sound records made by other
    source or another toolchain: never used here, so not stored), this_machine (imported records
    whose CPU is this machine's too) and files. Every file is read and checked before anything
    is written: an unreadable one is a RecordError naming it."""
    paths = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    exported = [_read_export(path) for path in paths]
    if cpu is None:
        from ...runtime.cpu import host_cpu

        cpu = host_cpu()
    here = machine_fields(cpu)
    counts = {"imported": 0, "kept": 0, "replaced": 0, "invalid": 0, "other_compiler": 0, "this_machine": 0,
              "files": len(paths)}
    chosen: dict[str, dict] = {}
    for recs in exported:
        for rec in recs:
            try:
                _check_complete(verify(rec))
            except (ValueError, TypeError, KeyError, RecursionError):  # RecordError; NaN or odd JSON in a hash
                counts["invalid"] += 1
                continue
            if rec["fields"].get("compiler") != here["compiler"]:
                counts["other_compiler"] += 1
                continue
            if rec["key"] not in chosen or _rank(rec) < _rank(chosen[rec["key"]]):
                chosen[rec["key"]] = rec
    for key, rec in chosen.items():
        with locked(key, directory):
            local = read(key, None, directory)
            if local is not None and not overwrite and _rank(local) <= _rank(rec):
                counts["kept"] += 1
                continue
            _write_atomic(path_for(key, directory), _canonical(rec))
        counts["imported"] += 1
        counts["replaced"] += local is not None
        if all(rec["fields"].get(k) == v for k, v in here.items()):
            counts["this_machine"] += 1
    forget()
    return counts


def _read_export(path: Path | str) -> list[dict]:
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read())
    except OSError as exc:
        raise RecordError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"{path} is not a nanomm tuning export ({EXPORT_FORMAT}): not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT or not isinstance(data.get("records"), list):
        raise RecordError(f"{path} is not a nanomm tuning export ({EXPORT_FORMAT})")
    return data["records"]


def _check_complete(record: dict) -> dict:
    """The record if its best is there and was checked against numpy (both tuners mark it so)."""
    best = record.get("best")
    if not isinstance(best, dict) or record.get("status") != "complete" or best.get("verified") is not True:
        raise RecordError("no verified best configuration")
    return record


def _seconds(record: dict) -> float:
    """The best entry's time (its final, interleaved re-timing if any); infinity if it has none."""
    best = record["best"]
    s = best.get("final_seconds")
    if s is None:
        s = best.get("seconds")
    if isinstance(s, bool) or not isinstance(s, (int, float)) or not math.isfinite(s) or s <= 0:
        return math.inf
    return float(s)


def _rank(record: dict) -> tuple[bool, float]:
    """Lower is better: a record with a verified best before one without, then the faster."""
    try:
        return False, _seconds(_check_complete(record))
    except RecordError:
        return True, math.inf
