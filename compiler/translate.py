"""MLIR (LLVM dialect) module -> LLVM IR text, through the C API of MLIR's Python bindings."""

from __future__ import annotations

import ctypes
import functools
import os

from mlir import ir

from ..errors import PassError


class _MlirOperation(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


@functools.cache
def _capi() -> tuple[ctypes._CFuncPtr, ctypes._CFuncPtr]:
    import mlir._mlir_libs as libs

    lib = ctypes.CDLL(os.path.join(libs.__path__[0], "libMLIRPythonCAPI.so"))
    translate = lib.mlirTranslateModuleToLLVMIRToString
    translate.argtypes = [_MlirOperation]
    translate.restype = ctypes.c_void_p
    libc = ctypes.CDLL(None)
    libc.free.argtypes = [ctypes.c_void_p]
    return translate, libc.free


def to_llvm_ir(module: ir.Module) -> str:
    """The LLVM IR text of a module in the LLVM dialect (run lower-llvm first)."""
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype = ctypes.c_void_p
    get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    ptr = get_pointer(module.operation._CAPIPtr, b"mlir.ir.Operation._CAPIPtr")
    translate, free = _capi()
    raw = translate(_MlirOperation(ptr))
    if not raw:
        raise PassError("translation to LLVM IR failed: the module is not entirely in the LLVM dialect")
    try:
        return ctypes.string_at(raw).decode()
    finally:
        free(raw)
