"""Generic op construction for dialects without generated Python classes."""

from __future__ import annotations

from typing import Sequence

from mlir import ir


def create_op(name: str, operands: Sequence[ir.Value], result_types: Sequence[ir.Type],
              attributes: dict[str, ir.Attribute] | None = None) -> ir.Operation:
    """Creates `name` at the current insertion point; the context must have the dialect loaded."""
    op = ir.Operation.create(name, results=list(result_types), operands=list(operands),
                             attributes=attributes or {})
    return op
