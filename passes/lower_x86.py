"""lower-x86: selects AVX-512 forms for the microkernels (plain/masked vector memory ops, register budget)."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import vector

from ..errors import ConfigError
from ..runtime.dtypes import ceil_div
from ._base import ModulePass
from ._ir import erase, walk
from .compose_microkernel import DOT_TILE, MICROKERNEL


@dataclasses.dataclass(frozen=True)
class LowerX86(ModulePass):
    """x86 instruction selection at the vector level.

    Expects: microkernels from compose-microkernel (1-D `vector.transfer_read/write` of
    whole registers, possibly with constant lane masks; `vector.broadcast`; `vector.fma`).

    Produces: each 1-D in-bounds transfer becomes `vector.load`/`vector.store` (vmovups) or,
    with a lane mask, `vector.maskedload`/`vector.maskedstore` (vmovups with a k-mask), so
    edge tiles stay in registers without touching memory outside the tile. `vector.fma`
    stays (vfmadd231ps; the broadcast of A folds into its memory operand or vbroadcastss).
    Checks that every vector fits a register of `vector-bits`, or a pair of them (a 16-lane
    float32 vector is two ymm on AVX2, which LLVM splits) and that each microkernel's live registers
    (accumulators + B vectors + one broadcast, in registers of `vector-bits`) fit in
    `num-vregs`; a register tile that would spill is an error, not a slow kernel.

    Options: vector-bits (512 for AVX-512, 256 for AVX2), num-vregs (32 zmm, 16 ymm registers).
    """

    name = "lower-x86"
    vector_bits: int = 512
    num_vregs: int = 32

    def __post_init__(self):
        if self.vector_bits not in (128, 256, 512):
            raise ConfigError(f"lower-x86: vector-bits must be 128, 256 or 512, got {self.vector_bits}")

    def run(self, module: ir.Module) -> None:
        for loop in walk(module.operation, "scf.for"):
            if MICROKERNEL in loop.attributes:
                self._check_registers(loop)
        for op in list(walk(module.operation, "vector.transfer_read")):
            self._lower_read(op)
        for op in list(walk(module.operation, "vector.transfer_write")):
            self._lower_write(op)
        for op in walk(module.operation, "vector.fma"):
            vt = ir.VectorType(op.results[0].type)
            bits = vt.shape[0] * _bits(vt.element_type)
            # The kernels' vectors are 512 bits: one zmm, or a pair of ymm on AVX2.
            if vt.rank != 1 or bits > max(self.vector_bits, 512) or bits > self.vector_bits and bits % self.vector_bits:
                pair = " (or a pair of them)" if self.vector_bits < 512 else ""
                raise self.fail(f"{vt} does not fit a {self.vector_bits}-bit vector register{pair}", op)

    def _check_registers(self, loop: ir.Operation) -> None:
        accs = len(loop.results)
        split = 1
        if accs and isinstance(loop.results[0].type, ir.VectorType):
            vt = ir.VectorType(loop.results[0].type)  # the accumulators' vectors, in registers of vector-bits
            split = max(1, ceil_div(vt.shape[0] * _bits(vt.element_type), self.vector_bits))
        if DOT_TILE in loop.attributes:  # MR x NR accumulators, A's MR rows and one W row live
            mr, nr = ir.DenseI64ArrayAttr(loop.attributes[DOT_TILE])
            need = split * (mr * nr + (0 if nr == 1 else mr) + (0 if mr == 1 else 1))
            if need > self.num_vregs:
                raise self.fail(f"row-dot tile {mr}x{nr} needs {need} vector registers ({mr * nr} accumulators, "
                                f"{mr} rows of A, 1 of W), the target has {self.num_vregs}; choose a smaller mr or nr",
                                loop)
            return
        body = loop.regions[0].blocks[0]
        # The B vectors of one k step: the distinct B operands of its FMAs / dot products.
        b_vectors: list[ir.Value] = []
        for o in body.operations:
            o = o.operation
            if o.name in _COMPUTE:
                b = o.operands[_COMPUTE[o.name]]
                if b in b_vectors:
                    break  # the next k step (unrolled) reuses nothing of this one's B
                b_vectors.append(b)
            elif o.name == "vector.transfer_read" and b_vectors:
                break  # the loads of the next (unrolled) k step
        b_loads = len(b_vectors)
        # One row: each B vector feeds one FMA as its memory operand and is never held. The
        # broadcast of A is one register whatever the split.
        need = split * accs + 1 if accs == b_loads else split * (accs + b_loads) + 1
        if need > self.num_vregs:
            each = f" of {split} registers each" if split > 1 else ""
            raise self.fail(
                f"register tile needs {need} vector registers ({accs} accumulators, {b_loads} B vectors{each}, "
                f"1 broadcast), the target has {self.num_vregs}; choose a smaller mr or nr", loop)

    def _lower_read(self, op: ir.Operation) -> None:
        vt = ir.VectorType(op.results[0].type)
        if vt.rank != 1:
            raise self.fail(f"expects 1-D vector transfers (run compose-microkernel first), got {vt}", op)
        source, indices, pad, mask = _transfer_parts(op, is_write=False)
        with ir.InsertionPoint(op), op.location:
            if mask is None:
                new = vector.load(vt, source, indices)
            else:
                passthru = vector.broadcast(vt, pad)
                new = vector.maskedload(vt, source, indices, mask, passthru)
        op.results[0].replace_all_uses_with(new)
        erase(op)

    def _lower_write(self, op: ir.Operation) -> None:
        value = op.operands[0]
        vt = ir.VectorType(value.type)
        if vt.rank != 1:
            raise self.fail(f"expects 1-D vector transfers (run compose-microkernel first), got {vt}", op)
        dest, indices, _, mask = _transfer_parts(op, is_write=True)
        with ir.InsertionPoint(op), op.location:
            if mask is None:
                vector.store(value, dest, indices)
            else:
                vector.maskedstore(dest, indices, mask, value)
        erase(op)


# The ops of a microkernel's FMA / dot chain, and which of their operands is the B vector.
_COMPUTE = {"vector.fma": 1, "x86vector.avx512.dot": 2, "llvm.call_intrinsic": 2}


def _transfer_parts(op: ir.Operation, is_write: bool):
    """(memref, indices, padding or None, mask or None) of a transfer op (operandSegmentSizes)."""
    seg = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    operands = list(op.operands)
    pos = 0
    groups = []
    for n in seg:
        groups.append(operands[pos:pos + n])
        pos += n
    if is_write:
        _value, (base,), indices, mask = groups
        pad = None
    else:
        (base,), indices, (pad,), mask = groups
    return base, indices, pad, (mask[0] if mask else None)


def _bits(elt: ir.Type) -> int:
    if isinstance(elt, (ir.F32Type,)):
        return 32
    if isinstance(elt, (ir.F16Type, ir.BF16Type)):
        return 16
    if isinstance(elt, ir.IntegerType):
        return elt.width
    return 64
