"""Ask Linux for permission to use the AMX tile registers (needed once per process)."""

from __future__ import annotations

import ctypes
import os
import platform
import sys
import threading

from nanomm.errors import CpuFeatureError

_SYS_ARCH_PRCTL = 158  # x86-64 syscall number
_ARCH_REQ_XCOMP_PERM = 0x1023
_XFEATURE_XTILEDATA = 18

_lock = threading.Lock()
_granted = False


def request_amx_permission() -> None:
    """Enable AMX tile data for this process; CpuFeatureError (with the OS reason) if refused."""
    global _granted
    if _granted:
        return
    if not sys.platform.startswith("linux") or platform.machine().lower() not in ("x86_64", "amd64"):
        raise CpuFeatureError(f"AMX needs Linux on x86-64, this is {sys.platform} on {platform.machine()}")
    with _lock:
        if _granted:
            return
        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        rc = libc.syscall(
            ctypes.c_long(_SYS_ARCH_PRCTL), ctypes.c_long(_ARCH_REQ_XCOMP_PERM), ctypes.c_ulong(_XFEATURE_XTILEDATA)
        )
        if rc != 0:
            err = ctypes.get_errno()
            raise CpuFeatureError(
                f"the kernel refused AMX tile data (arch_prctl ARCH_REQ_XCOMP_PERM): {os.strerror(err)} "
                f"[errno {err}]; AMX needs Linux >= 5.16 and a CPU with AMX"
            )
        _granted = True
