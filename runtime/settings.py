"""The one place nanomm reads environment variables (all prefixed NANOMM_)."""

from __future__ import annotations

import os
from pathlib import Path

from nanomm.errors import ConfigError
from nanomm.runtime.dtypes import parse_bool

_PREFIX = "NANOMM_"


def _env(name: str) -> str | None:
    value = os.environ.get(_PREFIX + name)
    return value if value not in (None, "") else None


def _int(name: str, default: int, minimum: int) -> int:
    """$NANOMM_<name> as an integer >= minimum (default when unset); ConfigError otherwise."""
    value = _env(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        number = minimum - 1
    if number < minimum:
        raise ConfigError(f"NANOMM_{name} must be an integer >= {minimum}, got {value!r}")
    return number


def _flag(name: str, default: bool) -> bool:
    """$NANOMM_<name> as a bool (parse_bool's words: 0/1, true/false, yes/no, on/off; default when
    unset); ConfigError otherwise."""
    value = _env(name)
    if value is None:
        return default
    try:
        return parse_bool(value)
    except ValueError as exc:
        raise ConfigError(f"NANOMM_{name}: {exc}") from None


def cache_dir() -> Path:
    """Directory for the on-disk kernel cache: $NANOMM_CACHE_DIR or ~/.cache/nanomm."""
    value = _env("CACHE_DIR")
    return Path(value).expanduser() if value else Path.home() / ".cache" / "nanomm"


def host_cpu_override() -> str | None:
    """$NANOMM_HOST_CPU: a target name target="host" compiles for instead of this CPU (runtime/cpu.py)."""
    value = _env("HOST_CPU")
    return value.strip().lower() if value and value.strip() else None


def probe_enabled() -> bool:
    """Whether this machine's instruction rates are measured (runtime/probe.py): off when $NANOMM_PROBE is "0"."""
    return _flag("PROBE", True)


def opt_level() -> int:
    """LLVM optimisation level 0-3: $NANOMM_OPT_LEVEL, default 3."""
    value = _env("OPT_LEVEL")
    if value is None:
        return 3
    try:
        level = int(value)
    except ValueError:
        raise ConfigError(f"NANOMM_OPT_LEVEL must be an integer 0-3, got {value!r}") from None
    if not 0 <= level <= 3:
        raise ConfigError(f"NANOMM_OPT_LEVEL must be an integer 0-3, got {value!r}")
    return level


def disk_cache_enabled() -> bool:
    """Whether compiled kernels are cached on disk: off when $NANOMM_DISK_CACHE is "0"."""
    return _flag("DISK_CACHE", True)


def cache_max_bytes() -> int:
    """Size limit of the on-disk kernel cache: $NANOMM_CACHE_MAX_MB (default 512) MiB."""
    return _int("CACHE_MAX_MB", 512, 0) << 20


def function_cache_max_bytes() -> int:
    """Size limit of the on-disk cache of built functions of several ops (compiler/function_cache.py, a
    model's plan and constants): $NANOMM_FUNCTION_CACHE_MAX_MB (default 2048) MiB."""
    return _int("FUNCTION_CACHE_MAX_MB", 2048, 0) << 20


def tuning_max_bytes() -> int:
    """Size limit of the tuning records (compiler/tune/records.py): $NANOMM_TUNING_MAX_MB
    (default 256) MiB; the least recently updated records go first."""
    return _int("TUNING_MAX_MB", 256, 0) << 20


def memory_cache_entries() -> int:
    """How many compiled kernels the in-memory cache keeps (least recently used go first):
    $NANOMM_MEMORY_CACHE_ENTRIES, default 256, at least 1."""
    return _int("MEMORY_CACHE_ENTRIES", 256, 1)


def llvm_in_process_runs() -> int:
    """How many LLVM optimisation runs a process does itself before it hands them to a worker
    process (runtime/llvm_opt.py: llvmlite leaks ~100 KiB a run): $NANOMM_LLVM_IN_PROCESS, default 64."""
    return _int("LLVM_IN_PROCESS", 64, 0)


def thread_pool() -> str:
    """Which pool runs parallel kernels: $NANOMM_THREAD_POOL "native" (default; runtime/native_pool.py)
    or "python" (runtime/threads.py's semaphore pool)."""
    value = _env("THREAD_POOL") or "native"
    if value not in ("native", "python"):
        raise ConfigError(f"NANOMM_THREAD_POOL must be 'native' or 'python', got {value!r}")
    return value


def dynamic_m() -> bool:
    """Whether nanomm.matmul serves a new M of a known (N, K) with a dynamic-M kernel instead of
    compiling one for that M (compiler/api.py): off when $NANOMM_DYNAMIC_M is "0"."""
    return _flag("DYNAMIC_M", True)


def trim_oldest(table: dict, limit: int | None = None) -> None:
    """Drops a dict's oldest entries past `limit` (default memory_cache_entries()): the bound of
    nanomm's in-memory tables. Safe while other threads add or drop entries (a race only skips one)."""
    limit = memory_cache_entries() if limit is None else limit
    while len(table) > limit:
        try:
            table.pop(next(iter(table)), None)
        except (RuntimeError, StopIteration):  # changed size under the iterator, or emptied meanwhile
            pass
