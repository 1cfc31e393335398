"""The data types nanomm compiles, in one table: what each is in MLIR, in numpy and in the kernels.

runtime/ imports no MLIR, so the MLIR names are text; numpy names are text too, so that float32
work never loads ml_dtypes (bfloat16 is resolved where it is first needed).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import DTypeError


@dataclass(frozen=True)
class DType:
    """One of nanomm's kernel data types (A x B -> C)."""

    name: str      # nanomm's name: "f32", "bf16", "u8s8", "s8s8"
    mlir_ab: str   # the MLIR element type of A and B
    mlir_c: str    # ... and of C (the accumulator)
    numpy_a: str   # numpy dtype names of A, B and C
    numpy_b: str
    numpy_c: str
    vnni: int      # k per 32-bit lane of the dot-product instruction (vdpbf16ps, vpdpbusd)
    ab_bytes: int  # bytes of an A or B element

    @property
    def integer(self) -> bool:
        return self.mlir_c != "f32"


DTYPES: dict[str, DType] = {d.name: d for d in (
    DType("f32", "f32", "f32", "float32", "float32", "float32", vnni=1, ab_bytes=4),
    DType("bf16", "bf16", "f32", "bfloat16", "bfloat16", "float32", vnni=2, ab_bytes=2),
    DType("u8s8", "i8", "i32", "uint8", "int8", "int32", vnni=4, ab_bytes=1),
    DType("s8s8", "i8", "i32", "int8", "int8", "int32", vnni=4, ab_bytes=1),
)}


# (A, B, C) MLIR element types -> the dtype of a linalg.matmul on them. i8 x i8 -> i32 is signed
# (linalg.matmul's default cast); u8s8 is the same types with A marked unsigned (nanomm.a_unsigned).
MLIR_DTYPES = {(d.mlir_ab, d.mlir_ab, d.mlir_c): d.name for d in DTYPES.values() if d.name != "u8s8"}


def dtype_of(name: str) -> DType:
    """The DTYPES record of `name`, or a DTypeError naming the supported ones."""
    try:
        return DTYPES[name]
    except (KeyError, TypeError):
        raise DTypeError(f"unsupported dtype '{name}' (supported: {', '.join(DTYPES)})") from None


def ceil_div(x: int, m: int) -> int:
    """The number of m-sized pieces that cover x."""
    return -(-x // m)


def round_up(x: int, m: int) -> int:
    """x rounded up to a multiple of m."""
    return ceil_div(x, m) * m


def packed_panel_rows(kc: int, v: int, pad_k: bool = False) -> int:
    """Rows of a packed B panel for a K block of kc (v k a row, zeros past kc): ceil(kc / v), with
    pad-k rounded up to whole AMX tile products (16 rows), the zero rows being the padding."""
    return ceil_div(round_up(kc, 16 * v) if pad_k else kc, v)


def parse_bool(text: str) -> bool:
    """'1' / 'true' / 'yes' / 'on' and their opposites (any case); anything else is a ValueError."""
    low = text.strip().lower()
    if low in ("1", "true", "yes", "on"):
        return True
    if low in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"expected 0/1/true/false/yes/no/on/off, got {text!r}")
