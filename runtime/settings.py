"""The one place nanomm reads environment variables (all prefixed NANOMM_)."""

from __future__ import annotations

import os
from pathlib import Path

from nanomm.errors import ConfigError

_PREFIX = "NANOMM_"


def _env(name: str) -> str | None:
    value = os.environ.get(_PREFIX + name)
    return value if value not in (None, "") else None


def cache_dir() -> Path:
    """Directory for the on-disk kernel cache: $NANOMM_CACHE_DIR or ~/.cache/nanomm."""
    value = _env("CACHE_DIR")
    return Path(value).expanduser() if value else Path.home() / ".cache" / "nanomm"


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
    """Whether compiled kernels are cached on disk: off only when $NANOMM_DISK_CACHE is "0"."""
    return _env("DISK_CACHE") != "0"


def cache_max_bytes() -> int:
    """Size limit of the on-disk kernel cache: $NANOMM_CACHE_MAX_MB (default 512) MiB."""
    value = _env("CACHE_MAX_MB")
    if value is None:
        return 512 << 20
    try:
        mb = int(value)
    except ValueError:
        raise ConfigError(f"NANOMM_CACHE_MAX_MB must be an integer >= 0, got {value!r}") from None
    if mb < 0:
        raise ConfigError(f"NANOMM_CACHE_MAX_MB must be an integer >= 0, got {value!r}")
    return mb << 20


def llvm_in_process_runs() -> int:
    """How many LLVM optimisation runs a process does itself before it hands them to a worker
    process (runtime/llvm_opt.py: llvmlite leaks ~100 KiB a run): $NANOMM_LLVM_IN_PROCESS, default 64."""
    value = _env("LLVM_IN_PROCESS")
    if value is None:
        return 64
    try:
        runs = int(value)
    except ValueError:
        raise ConfigError(f"NANOMM_LLVM_IN_PROCESS must be an integer >= 0, got {value!r}") from None
    if runs < 0:
        raise ConfigError(f"NANOMM_LLVM_IN_PROCESS must be an integer >= 0, got {value!r}")
    return runs


def thread_pool() -> str:
    """Which pool runs parallel kernels: $NANOMM_THREAD_POOL "native" (default; runtime/native_pool.py)
    or "python" (runtime/threads.py's semaphore pool)."""
    value = _env("THREAD_POOL") or "native"
    if value not in ("native", "python"):
        raise ConfigError(f"NANOMM_THREAD_POOL must be 'native' or 'python', got {value!r}")
    return value
