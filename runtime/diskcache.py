"""An on-disk cache of compiled kernels: verified object files keyed by a content hash.

Layout under the root (default `settings.cache_dir() / "kernels"`):

    <root>/<key[:2]>/<key>.o      the object file (JitModule.jit_object())
    <root>/<key[:2]>/<key>.json   its manifest {format, key, sha256, size, meta}, written last

Safety rules:
  * Writes are atomic: each file is written to a temporary file in the same directory,
    fsync'ed and moved into place with os.replace; the manifest goes last. A reader in
    another process sees a whole entry, an older whole entry, or no entry, never half a file.
  * `get` trusts nothing: the manifest must parse, name this format and this key, and the
    object's size and sha256 must match it. Anything else is a miss (the entry is removed
    best-effort); `get` never raises for what it finds on disk.
  * `put` never raises for the file system (read-only or full disk, permissions): the cache
    is then skipped, with one RuntimeWarning per DiskCache.
  * Only the verified object bytes come out of the cache; nothing is unpickled or executed,
    and the manifest is plain JSON.
  * NANOMM_DISK_CACHE=0 (settings.disk_cache_enabled()) turns `get` into a miss and `put`
    into a no-op.
  * Size: after a put, when the files add up to more than `max_bytes`, the least recently
    used entries (by file mtime; a hit touches its entry) are removed.

The key is the caller's: a hex digest of everything that changes the machine code
(`kernel_key` for LLVM IR; `content_key` for any strings, e.g. a key computed before
compiling; `source_fingerprint` hashes the compiler's own source for such a key).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import threading
import time
import warnings
from pathlib import Path
from typing import Any, Iterable

import llvmlite
import llvmlite.binding as llvm

from nanomm.runtime import settings

FORMAT = "nanomm-kernel-cache-1"  # bump when the layout, manifest or object contents change
DEFAULT_MAX_BYTES = 512 * 1024 * 1024
_MAX_MANIFEST_BYTES = 64 * 1024 * 1024  # a larger "manifest" is garbage, not read
_STALE_TEMP_SECONDS = 3600.0  # temporary files older than this are left over from a crash
_KEY = re.compile(r"[0-9a-f]{16,128}")


def _hash_parts(parts: Iterable[str | bytes]) -> str:
    """sha256 of a sequence of strings, each length-prefixed so that no two sequences collide."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def toolchain_fingerprint() -> str:
    """What, besides the caller's inputs, decides the machine code: this cache format, the
    llvmlite and LLVM versions, and the process triple."""
    llvm_version = ".".join(map(str, llvm.llvm_version_info))
    return f"{FORMAT};llvmlite={llvmlite.__version__};llvm={llvm_version};triple={llvm.get_process_triple()}"


def kernel_key(llvm_ir: str, cpu: str, features: str, opt_level: int, extra: str = "") -> str:
    """The cache key of the object MCJIT makes from `llvm_ir` for `cpu`/`features` at `opt_level`
    (sha256 hex of these, `extra`, the llvmlite/LLVM versions and the cache format)."""
    return _hash_parts(("kernel_key", toolchain_fingerprint(), cpu, features, str(opt_level), extra, llvm_ir))


def content_key(*parts: str) -> str:
    """A cache key from any strings that together decide the machine code (sha256 hex of them,
    length-prefixed, and of `toolchain_fingerprint()`): e.g. a key computed before compiling,
    from the compiler's source fingerprint, the spec, the config, the CPU and the opt level."""
    return _hash_parts(("content_key", toolchain_fingerprint(), *parts))


def source_fingerprint(paths: Iterable[Path | str]) -> str:
    """sha256 hex of the contents of source files, for cache keys computed before compiling.

    Each path is a file, or a directory standing for every `*.py` file below it (sorted,
    `__pycache__` excluded). A file is hashed with its name relative to the path given, so
    moving the package elsewhere does not change the fingerprint; a missing path is hashed
    as missing rather than raising.
    """
    parts: list[str | bytes] = ["source_fingerprint"]
    for item in sorted(Path(p) for p in paths):
        if item.is_dir():
            files = sorted(f for f in item.rglob("*.py") if "__pycache__" not in f.parts)
            labels = [f"{item.name}/{f.relative_to(item).as_posix()}" for f in files]
        else:
            files, labels = [item], [item.name]
        if not files:
            parts += [f"{item.name}:<empty>"]
        for f, label in zip(files, labels):
            try:
                parts += [label, f.read_bytes()]
            except OSError:
                parts += [label, "<missing>"]
    return _hash_parts(parts)


def write_atomic(path: Path, data: bytes) -> None:
    """Writes a file so that readers see the old content or the new, never a part: a temporary
    file in the same directory, fsync, then os.replace (removed again if anything fails)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class DiskCache:
    """Object files of compiled kernels under `root`, at most `max_bytes` in all (see the module doc).

    `get(key)` -> the object bytes or None; `get_with_meta(key)` -> (bytes, meta) or None;
    `put(key, obj, meta)` stores them. Keys are lowercase hex strings of 16-128 digits (a
    ValueError otherwise: that is a bug in the caller, not a cache problem); `meta` must be
    JSON-serialisable (TypeError/ValueError otherwise).
    """

    def __init__(self, root: Path | str | None = None, max_bytes: int | None = None) -> None:
        self.root = Path(root) if root is not None else settings.cache_dir() / "kernels"
        self.max_bytes = settings.cache_max_bytes() if max_bytes is None else int(max_bytes)
        self._warned = False
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"DiskCache({str(self.root)!r}, max_bytes={self.max_bytes})"

    @property
    def enabled(self) -> bool:
        """False when NANOMM_DISK_CACHE=0 (read at every call)."""
        return settings.disk_cache_enabled()

    # --- paths ---------------------------------------------------------------------------

    def _paths(self, key: str) -> tuple[Path, Path]:
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise ValueError(f"a disk cache key is 16-128 lowercase hex digits, got {key!r}")
        shard = self.root / key[:2]
        return shard / f"{key}.o", shard / f"{key}.json"

    # --- reading -------------------------------------------------------------------------

    def get(self, key: str) -> bytes | None:
        """The verified object stored under `key`, or None (a miss, a bad entry, or disabled)."""
        entry = self.get_with_meta(key)
        return None if entry is None else entry[0]

    def get_with_meta(self, key: str) -> tuple[bytes, dict[str, Any]] | None:
        """(object bytes, meta) stored under `key` once verified, or None."""
        obj_path, manifest_path = self._paths(key)
        if not self.enabled:
            return None
        try:
            with open(manifest_path, "rb") as f:
                raw = f.read(_MAX_MANIFEST_BYTES + 1)
        except FileNotFoundError:
            return None  # a miss (or a writer that has not finished: its manifest comes last)
        except OSError:
            return None
        try:
            manifest = json.loads(raw)
            if len(raw) > _MAX_MANIFEST_BYTES or not isinstance(manifest, dict):
                raise ValueError("not a manifest")
            size, digest, meta = manifest["size"], manifest["sha256"], manifest["meta"]
            if manifest["format"] != FORMAT or manifest["key"] != key:
                raise ValueError("another format or key")
            if not isinstance(size, int) or not isinstance(digest, str) or not isinstance(meta, dict):
                raise ValueError("bad manifest fields")
            with open(obj_path, "rb") as f:
                obj = f.read(size + 1)
            if len(obj) != size or hashlib.sha256(obj).hexdigest() != digest:
                raise ValueError("the object does not match its manifest")
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            # json.JSONDecodeError and UnicodeDecodeError are ValueErrors.
            self.remove(key)
            return None
        now = time.time()
        for path in (obj_path, manifest_path):  # least recently used = oldest mtime
            try:
                os.utime(path, (now, now))
            except OSError:
                pass
        return obj, meta

    def __contains__(self, key: str) -> bool:
        return self.get_with_meta(key) is not None

    # --- writing -------------------------------------------------------------------------

    def put(self, key: str, obj: bytes, meta: dict[str, Any] | None = None) -> None:
        """Store `obj` (with the JSON-serialisable `meta`) under `key`; then evict down to max_bytes.

        Never raises for the file system: when the cache cannot be written, nothing is stored.
        """
        obj_path, manifest_path = self._paths(key)
        if not isinstance(obj, (bytes, bytearray, memoryview)):
            raise TypeError(f"the object must be bytes, got {type(obj).__name__}")
        obj = bytes(obj)
        manifest = json.dumps(
            {"format": FORMAT, "key": key, "sha256": hashlib.sha256(obj).hexdigest(), "size": len(obj),
             "meta": dict(meta or {})},
            sort_keys=True,
        ).encode("utf-8")
        if not self.enabled or len(obj) + len(manifest) > self.max_bytes:
            return
        try:
            obj_path.parent.mkdir(parents=True, exist_ok=True)
            self._write_atomic(obj_path, obj)
            self._write_atomic(manifest_path, manifest)  # last: it makes the entry visible
        except OSError as exc:
            self._warn_once(f"nanomm: cannot write the kernel disk cache at {self.root} ({exc}); "
                            "kernels are compiled without it")
            return
        try:
            self.evict()
        except OSError:
            pass

    @staticmethod
    def _write_atomic(path: Path, data: bytes) -> None:
        write_atomic(path, data)

    def _warn_once(self, message: str) -> None:
        with self._lock:
            if self._warned:
                return
            self._warned = True
        warnings.warn(message, RuntimeWarning, stacklevel=3)

    # --- removing ------------------------------------------------------------------------

    def remove(self, key: str) -> None:
        """Delete the entry for `key` if there is one (best-effort, never raises for the file system)."""
        for path in self._paths(key):
            try:
                path.unlink()
            except OSError:
                pass

    def clear(self) -> None:
        """Delete every entry (best-effort)."""
        for _, _, files in self._scan():
            for path, _, _ in files:
                try:
                    path.unlink()
                except OSError:
                    pass

    def _scan(self) -> list[tuple[float, int, list[tuple[Path, float, int]]]]:
        """[(last use, bytes, [(path, mtime, size)...]) per key]; stale temporary files are deleted."""
        groups: dict[str, list[tuple[Path, float, int]]] = {}
        now = time.time()
        try:
            shards = [d for d in os.scandir(self.root) if len(d.name) == 2 and d.is_dir(follow_symlinks=False)]
        except OSError:
            return []
        for shard in shards:
            try:
                entries = list(os.scandir(shard.path))
            except OSError:
                continue
            for entry in entries:
                try:
                    st = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                name = entry.name
                if name.startswith(".") and name.endswith(".tmp"):
                    if now - st.st_mtime > _STALE_TEMP_SECONDS:  # left by a writer that crashed
                        try:
                            os.unlink(entry.path)
                        except OSError:
                            pass
                    continue
                stem, dot, ext = name.rpartition(".")
                if dot and ext in ("o", "json") and _KEY.fullmatch(stem):
                    groups.setdefault(stem, []).append((Path(entry.path), st.st_mtime, st.st_size))
        return [(max(m for _, m, _ in files), sum(s for _, _, s in files), files) for files in groups.values()]

    def total_bytes(self) -> int:
        """Bytes held by the entries now."""
        return sum(size for _, size, _ in self._scan())

    def evict(self, max_bytes: int | None = None) -> None:
        """Delete least recently used entries until the entries add up to at most `max_bytes`
        (default self.max_bytes)."""
        limit = self.max_bytes if max_bytes is None else max_bytes
        groups = self._scan()
        total = sum(size for _, size, _ in groups)
        if total <= limit:
            return
        for _, size, files in sorted(groups, key=lambda g: g[0]):
            if total <= limit:
                break
            # The manifest first, so that no reader sees a manifest whose object is gone.
            for path, _, _ in sorted(files, key=lambda f: f[0].suffix != ".json"):
                try:
                    path.unlink()
                except OSError:
                    pass
            total -= size
