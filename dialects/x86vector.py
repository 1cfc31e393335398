"""Builders for the x86vector dialect ops nanomm's passes emit (AVX-512 BF16 dot products)."""

from __future__ import annotations

from mlir import ir

from ..errors import ConfigError
from ._create import create_op


def avx512_dot(acc: ir.Value, a: ir.Value, b: ir.Value) -> ir.Value:
    """`x86vector.avx512.dot`: acc (vector<Nxf32>) += pairwise dot of a, b (vector<2Nxbf16>).

    Lowers (convert-vector-to-llvm{enable-x86vector}) to `vdpbf16ps`; N is 4, 8 or 16.
    """
    acc_t, a_t, b_t = (ir.VectorType(v.type) for v in (acc, a, b))
    lanes = acc_t.shape[0]
    if lanes not in (4, 8, 16) or not isinstance(acc_t.element_type, ir.F32Type):
        raise ConfigError(f"avx512.dot accumulates into vector<4|8|16xf32>, got {acc_t}")
    for t in (a_t, b_t):
        if t.shape[0] != 2 * lanes or not isinstance(t.element_type, ir.BF16Type):
            raise ConfigError(f"avx512.dot with {acc_t} takes vector<{2 * lanes}xbf16> operands, got {t}")
    return create_op("x86vector.avx512.dot", [acc, a, b], [acc_t]).result
