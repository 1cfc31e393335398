"""Builders for the amx dialect ops nanomm's passes emit (MLIR 22 has no Python classes for them)."""

from __future__ import annotations

from typing import Sequence

from mlir import ir

from ..errors import ConfigError
from ._create import create_op


# A tile load carrying this unit attribute becomes tileloaddt1 (the non-temporal hint: lines filled
# for the tile need not stay in L1) where lower-llvm turns the load into its LLVM intrinsic.
STREAM = "nanomm.tile_stream"
STREAMING_LOAD = "llvm.x86.tileloaddt164.internal"


def tile_type(rows: int, cols: int, elt: ir.Type) -> ir.Type:
    """`!amx.tile<rows x cols x elt>`: at most 16 rows of at most 64 bytes."""
    if not 1 <= rows <= 16:
        raise ConfigError(f"an AMX tile has 1 to 16 rows, got {rows}")
    return ir.Type.parse(f"!amx.tile<{rows}x{cols}x{elt}>")


def _segments(*sizes: int) -> ir.Attribute:
    return ir.DenseI32ArrayAttr.get(list(sizes))


def tile_zero(tile: ir.Type) -> ir.Value:
    """`amx.tile_zero` (tilezero)."""
    return create_op("amx.tile_zero", [], [tile]).result


def tile_load(base: ir.Value, indices: Sequence[ir.Value], tile: ir.Type) -> ir.Value:
    """`amx.tile_load` (tileloadd) of a tile whose row (i, j..) starts at base[indices]; the row
    stride is the memref's."""
    return create_op("amx.tile_load", [base, *indices], [tile],
                     {"operandSegmentSizes": _segments(1, len(indices), 0)}).result


def tile_store(base: ir.Value, indices: Sequence[ir.Value], value: ir.Value) -> None:
    """`amx.tile_store` (tilestored) of `value` at base[indices]."""
    create_op("amx.tile_store", [base, *indices, value], [],
              {"operandSegmentSizes": _segments(1, len(indices), 1, 0)})


def tile_mulf(a: ir.Value, b: ir.Value, acc: ir.Value) -> ir.Value:
    """`amx.tile_mulf` (tdpbf16ps): acc (MxN f32) += a (Mx2K bf16) . b (Kx2N bf16, VNNI pairs)."""
    return create_op("amx.tile_mulf", [a, b, acc], [acc.type]).result


def tile_muli(a: ir.Value, b: ir.Value, acc: ir.Value, a_unsigned: bool, b_unsigned: bool) -> ir.Value:
    """`amx.tile_muli` (tdpb{s,u}{s,u}d): acc (MxN i32) += a (Mx4K i8) . b (Kx4N i8, VNNI quads);
    each operand is signed unless marked zero-extended (`zext`)."""
    attrs = {}
    if a_unsigned:
        attrs["isZextLhs"] = ir.UnitAttr.get()
    if b_unsigned:
        attrs["isZextRhs"] = ir.UnitAttr.get()
    return create_op("amx.tile_muli", [a, b, acc], [acc.type], attrs).result
