"""oneDNN's matmul primitive with post-ops as a peer (what PyTorch runs), through the onednn wheel's C API.

    layer = OneDNNMatmul().layer(x, w, out, bias=b, activation="gelu", residual=r)
    layer()   # out = act(x @ w + b) + r, weights reordered once into the layout oneDNN picked

Weights are described with `dnnl_format_tag_any` and reordered once into the layout the primitive
chose (its blocked layouts: what a framework does with frozen weights); the bias is the primitive's
bias argument, the activation an eltwise post-op (relu, gelu_erf, gelu_tanh, swish with alpha 1 for
SiLU, logistic for sigmoid), the residual a binary-add post-op. Source, output and residual stay
the caller's row-major arrays, bound once. The wheel's two traps: its SYCL runtime
needs OCL_ICD_FILENAMES pointing at the venv's libintelocl.so before the engine is made, and its
speed depends on 64-byte alignment (give it aligned arrays). Enum values: oneDNN 3.x's
include/oneapi/dnnl/dnnl_types.h and dnnl_common_types.h.
"""

from __future__ import annotations

import ctypes
import os
import numpy as np

import peer_onednn
from peers import Peer, check_operands

# dnnl_data_type_t, dnnl_format_tag_t, dnnl_engine_kind_t, dnnl_alg_kind_t, dnnl_query_t, args
_DT = {"float32": 3, "bfloat16": 2, "int8": 5, "uint8": 6, "int32": 4}
TAG_ANY, TAG_AB, TAG_ABC, TAG_ACB = 1, 3, 4, 15
ENGINE_CPU = 1
ELTWISE = {"relu": 0x20, "sigmoid": 0x20 + 9, "gelu_tanh": 0x20 + 11, "silu": 0x20 + 12, "gelu": 0x20 + 17}
BINARY_ADD = 0x1FFF0
QUERY_WEIGHTS_MD, QUERY_IMPL_INFO_STR = 131, 8
ARG_SRC, ARG_SRC_1, ARG_DST, ARG_WEIGHTS, ARG_BIAS = 1, 2, 17, 33, 41
ARG_POST_OP_BASE = 32768  # DNNL_ARG_ATTR_MULTIPLE_POST_OP(i) = base * (i + 1)
_DIMS = ctypes.c_int64 * 12


class _ExecArg(ctypes.Structure):
    _fields_ = [("arg", ctypes.c_int), ("memory", ctypes.c_void_p)]


class OneDNNMatmul:
    """The matmul primitive; `layer(...)` builds one layer's primitive and returns its call."""

    def __init__(self):
        self.available, self.why_not = False, ""
        lib_dirs = peer_onednn._onednn_lib_dirs()
        ocl = next((d / "libintelocl.so" for d in lib_dirs if (d / "libintelocl.so").exists()), None)
        if ocl is not None and "OCL_ICD_FILENAMES" not in os.environ:
            os.environ["OCL_ICD_FILENAMES"] = str(ocl)
        self._onednn = peer_onednn.OneDNN(probe=False)
        if not self._onednn.available:
            self.why_not = self._onednn.why_not
            return
        self._lib = lib = self._onednn._lib
        for name in ("dnnl_engine_create", "dnnl_stream_create", "dnnl_memory_desc_create_with_tag",
                     "dnnl_primitive_attr_create", "dnnl_post_ops_create", "dnnl_post_ops_append_eltwise",
                     "dnnl_post_ops_append_binary", "dnnl_primitive_attr_set_post_ops",
                     "dnnl_matmul_primitive_desc_create", "dnnl_memory_create", "dnnl_reorder_primitive_desc_create",
                     "dnnl_primitive_create", "dnnl_primitive_execute", "dnnl_stream_wait",
                     "dnnl_primitive_desc_query"):
            getattr(lib, name).restype = ctypes.c_int
        lib.dnnl_primitive_desc_query_md.restype = ctypes.c_void_p
        lib.dnnl_memory_desc_get_size.restype = ctypes.c_size_t
        lib.dnnl_post_ops_append_eltwise.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_float, ctypes.c_float]
        self._engine, self._stream = ctypes.c_void_p(), ctypes.c_void_p()
        try:
            self._ok(lib.dnnl_engine_create(ctypes.byref(self._engine), ENGINE_CPU, ctypes.c_size_t(0)), "engine")
            self._ok(lib.dnnl_stream_create(ctypes.byref(self._stream), self._engine, ctypes.c_uint(1)), "stream")
        except RuntimeError as exc:
            self.why_not = str(exc)
            return
        self.available = True

    @staticmethod
    def _ok(status: int, what: str) -> None:
        if status != 0:
            raise RuntimeError(f"oneDNN {what} failed: status {status} ({peer_onednn._DNNL_STATUS.get(status, '?')})")

    def _md(self, shape: tuple[int, ...], dtype, tag: int) -> ctypes.c_void_p:
        md = ctypes.c_void_p()
        dims = _DIMS(*shape)
        self._ok(self._lib.dnnl_memory_desc_create_with_tag(ctypes.byref(md), len(shape), dims,
                                                            _DT[np.dtype(dtype).name], tag), "memory desc")
        return md

    def _memory(self, md, data: np.ndarray | None) -> ctypes.c_void_p:
        mem = ctypes.c_void_p()
        handle = ctypes.c_void_p(data.ctypes.data) if data is not None else ctypes.c_void_p(-1)  # ALLOCATE
        self._ok(self._lib.dnnl_memory_create(ctypes.byref(mem), md, self._engine, handle), "memory")
        return mem

    def layer(self, x: np.ndarray, w: np.ndarray, out: np.ndarray, bias: np.ndarray | None = None,
              activation: str | None = None, residual: np.ndarray | None = None, alpha: float = 1.0):
        """out = act(alpha * x @ w + bias) + residual as one primitive call (x: M x K, w: K x N)."""
        lib = self._lib
        (M, K), N = x.shape, w.shape[1]
        attr, post = ctypes.c_void_p(), ctypes.c_void_p()
        self._ok(lib.dnnl_primitive_attr_create(ctypes.byref(attr)), "attr")
        self._ok(lib.dnnl_post_ops_create(ctypes.byref(post)), "post-ops")
        if alpha != 1.0:  # eltwise linear: alpha * x + 0 (bias is added after: alpha = 1 in every bench layer)
            raise ValueError("the bench's layers use alpha = 1")
        index = 0
        if activation is not None:
            self._ok(lib.dnnl_post_ops_append_eltwise(post, ELTWISE[activation], 1.0 if activation == "silu" else 0.0,
                                                      0.0), "eltwise post-op")
            index += 1
        residual_index = None
        if residual is not None:
            self._ok(lib.dnnl_post_ops_append_binary(post, BINARY_ADD, self._md((M, N), np.float32, TAG_AB)),
                     "binary post-op")
            residual_index, index = index, index + 1
        self._ok(lib.dnnl_primitive_attr_set_post_ops(attr, post), "set post-ops")
        src_md, dst_md = self._md((M, K), x.dtype, TAG_AB), self._md((M, N), out.dtype, TAG_AB)
        w_any = self._md((K, N), w.dtype, TAG_ANY)
        bias_md = self._md((1, N), np.float32, TAG_AB) if bias is not None else None
        pd = ctypes.c_void_p()
        self._ok(lib.dnnl_matmul_primitive_desc_create(ctypes.byref(pd), self._engine, src_md, w_any, bias_md,
                                                       dst_md, attr), "matmul primitive desc")
        impl = ctypes.c_char_p()
        lib.dnnl_primitive_desc_query(pd, QUERY_IMPL_INFO_STR, 0, ctypes.byref(impl))
        self.impl = impl.value.decode() if impl.value else "?"
        w_md = ctypes.c_void_p(lib.dnnl_primitive_desc_query_md(pd, QUERY_WEIGHTS_MD, 0))
        # the weights, reordered once from row-major into the primitive's layout (memory it owns)
        w_plain = self._memory(self._md((K, N), w.dtype, TAG_AB), w)
        w_mem = self._memory(w_md, None)
        rpd, reorder = ctypes.c_void_p(), ctypes.c_void_p()
        self._ok(lib.dnnl_reorder_primitive_desc_create(ctypes.byref(rpd), self._md((K, N), w.dtype, TAG_AB),
                                                        self._engine, w_md, self._engine, None), "reorder desc")
        self._ok(lib.dnnl_primitive_create(ctypes.byref(reorder), rpd), "reorder")
        args = (_ExecArg * 2)(_ExecArg(ARG_SRC, w_plain), _ExecArg(ARG_DST, w_mem))
        self._ok(lib.dnnl_primitive_execute(reorder, self._stream, 2, args), "reorder execute")
        self._ok(lib.dnnl_stream_wait(self._stream), "stream wait")
        prim = ctypes.c_void_p()
        self._ok(lib.dnnl_primitive_create(ctypes.byref(prim), pd), "matmul primitive")
        exec_args = [_ExecArg(ARG_SRC, self._memory(src_md, x)), _ExecArg(ARG_WEIGHTS, w_mem),
                     _ExecArg(ARG_DST, self._memory(dst_md, out))]
        if bias is not None:
            exec_args.append(_ExecArg(ARG_BIAS, self._memory(bias_md, bias)))
        if residual is not None:
            exec_args.append(_ExecArg(ARG_POST_OP_BASE * (residual_index + 1) | ARG_SRC_1,
                                      self._memory(self._md((M, N), np.float32, TAG_AB), residual)))
        packed = (_ExecArg * len(exec_args))(*exec_args)
        execute, wait, stream, n = lib.dnnl_primitive_execute, lib.dnnl_stream_wait, self._stream, len(exec_args)
        keep = (x, w, out, bias, residual, packed, prim, w_mem)  # alive as long as the call

        def call():
            status = execute(prim, stream, n, packed)
            if status:
                self._ok(status, "matmul execute")
            wait(stream)
            return keep[2]

        return call


    def batched(self, x: np.ndarray, w: np.ndarray, out: np.ndarray, w_transposed: bool = False):
        """out[i] = x[i] @ w[i] over a batch of activations (no reorder: both operands change every
        call): x (n, M, K), w (n, K, N) row-major, or with `w_transposed` given as (n, N, K) row-major
        (oneDNN's `acb` layout: K @ V^T without a copy)."""
        lib = self._lib
        n, M, K = x.shape
        N = w.shape[1] if w_transposed else w.shape[2]
        src_md, dst_md = self._md((n, M, K), x.dtype, TAG_ABC), self._md((n, M, N), out.dtype, TAG_ABC)
        w_md = self._md((n, K, N), w.dtype, TAG_ACB if w_transposed else TAG_ABC)
        pd, prim = ctypes.c_void_p(), ctypes.c_void_p()
        self._ok(lib.dnnl_matmul_primitive_desc_create(ctypes.byref(pd), self._engine, src_md, w_md, None, dst_md,
                                                       None), "batched matmul primitive desc")
        impl = ctypes.c_char_p()
        lib.dnnl_primitive_desc_query(pd, QUERY_IMPL_INFO_STR, 0, ctypes.byref(impl))
        self.impl = impl.value.decode() if impl.value else "?"
        self._ok(lib.dnnl_primitive_create(ctypes.byref(prim), pd), "batched matmul primitive")
        args = (_ExecArg * 3)(_ExecArg(ARG_SRC, self._memory(src_md, x)), _ExecArg(ARG_WEIGHTS, self._memory(w_md, w)),
                              _ExecArg(ARG_DST, self._memory(dst_md, out)))
        execute, wait, stream = lib.dnnl_primitive_execute, lib.dnnl_stream_wait, self._stream
        keep = (x, w, out, args, prim)

        def call():
            status = execute(prim, stream, 3, args)
            if status:
                self._ok(status, "batched matmul execute")
            wait(stream)
            return keep[2]

        return call


def aligned(shape, dtype, alignment: int = 64) -> np.ndarray:
    """An empty array whose data is `alignment`-byte aligned (oneDNN's AMX speed depends on it)."""
    from nanomm.runtime.kernel import aligned_empty

    return aligned_empty(tuple(shape), np.dtype(dtype), alignment)


class OneDNNMatmulPeer(Peer):
    """oneDNN's matmul primitive as a bench/run.py peer (`onednn_matmul`): C = A @ B with B reordered
    once, at bind time, into the layout the primitive picks (what PyTorch does with frozen weights);
    no post-ops. The BLAS-like `onednn` peer (bench/peer_onednn.py) packs B on every call, like
    nanomm without pre-packed B: compare this one with nanomm's pre-packed rows."""

    name = "onednn_matmul"
    label = "oneDNN matmul"

    def __init__(self):
        self._primitive = OneDNNMatmul()
        self.available, self.why_not = self._primitive.available, self._primitive.why_not
        self.dtypes = frozenset({"f32", "bf16", "u8s8", "s8s8"} if self.available else ())
        self.notes: list[str] = []  # the primitive's implementations, as bound

    def bind(self, a: np.ndarray, b: np.ndarray, c: np.ndarray):
        """The primitive's call computing c = a @ b (B reordered now, not per call)."""
        check_operands(a, b, c)
        call = self._primitive.layer(a, b, c)
        if self._primitive.impl not in self.notes:
            self.notes.append(self._primitive.impl)
        return call

    def info(self) -> dict:
        return {**super().info(), "implementations": self.notes}


__all__ = ["OneDNNMatmul", "OneDNNMatmulPeer", "aligned"]
