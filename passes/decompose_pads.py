"""decompose-pads: a tensor.pad as fills of its border and its source inserted, so that no byte is written twice."""

from __future__ import annotations

import dataclasses

from mlir import ir

from ._base import ModulePass
from ._ir import constant_pad, splice, walk


def _tensor(shape, element) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{element}>"


def _slice(offsets, sizes) -> str:
    return f"[{', '.join(map(str, offsets))}] [{', '.join(map(str, sizes))}] [{', '.join(['1'] * len(sizes))}]"


def decomposition(source: list[int], low: list[int], high: list[int], element: str) -> str:
    """The text of a function of (source, padding value) that pads: an empty tensor, each border slab
    filled (for dimension i: the interior along the dimensions before i, all of those after, so that
    slabs do not overlap), the source inserted into the interior. Negative pads crop the source first
    (F.fold's padding taken back off)."""
    rank = len(source)
    crop = [max(-lo, 0) for lo in low]
    cropped = [n - a - max(-hi, 0) for n, a, hi in zip(source, crop, high)]
    low, high = [max(lo, 0) for lo in low], [max(hi, 0) for hi in high]
    padded = [n + lo + hi for n, lo, hi in zip(cropped, low, high)]
    t = _tensor(padded, element)
    lines = [f"func.func @pad(%x: {_tensor(source, element)}, %v: {element}) -> {t} {{",
             f"  %d0 = tensor.empty() : {t}"]
    x = "%x"
    if cropped != source:
        x = "%cropped"
        lines.append(f"  {x} = tensor.extract_slice %x{_slice(crop, cropped)} : {_tensor(source, element)} to "
                     f"{_tensor(cropped, element)}")
    source = cropped
    k = 0
    for i in range(rank):
        for start, size in ((0, low[i]), (low[i] + source[i], high[i])):
            if size == 0:
                continue
            offsets = [low[j] if j < i else 0 for j in range(rank)]
            sizes = [source[j] if j < i else padded[j] for j in range(rank)]
            offsets[i], sizes[i] = start, size
            s = _tensor(sizes, element)
            lines += [f"  %s{k} = tensor.extract_slice %d{k}{_slice(offsets, sizes)} : {t} to {s}",
                      f"  %f{k} = linalg.fill ins(%v : {element}) outs(%s{k} : {s}) -> {s}",
                      f"  %d{k + 1} = tensor.insert_slice %f{k} into %d{k}{_slice(offsets, sizes)} : {s} into {t}"]
            k += 1
    lines += [f"  %r = tensor.insert_slice {x} into %d{k}{_slice(low, source)} : {_tensor(source, element)} into {t}",
              f"  return %r : {t}", "}"]
    return "\n".join(lines)


@dataclasses.dataclass(frozen=True)
class DecomposePads(ModulePass):
    """Writes each border element of a padded tensor once and each interior element once.

    Bufferization lowers a tensor.pad to a buffer filled whole with the padding value and the source
    copied into its interior: every interior byte is written twice (a convolution's padded input,
    MobileNetV2's 112 x 112 x 96 one: 4.8 MB filled, then copied over).

    Expects: tensor functions.
    Produces: each tensor.pad of static sizes and a padding value that does not depend on the position
    is tensor.empty, a linalg.fill of each border slab (extract_slice / insert_slice of the tensor),
    and a tensor.insert_slice of the source (cropped first by an extract_slice where a pad is negative)
    into the interior; other pads stay.
    """

    name = "decompose-pads"

    def run(self, module: ir.Module) -> None:
        for pad in walk(module.operation, "tensor.pad"):
            found = constant_pad(pad.results[0])
            source_t, result_t = ir.RankedTensorType(pad.operands[0].type), ir.RankedTensorType(pad.results[0].type)
            if found is None or not (source_t.has_static_shape and result_t.has_static_shape):
                continue  # (dynamic sizes or pads; a value computed from the position or in the region)
            value = found[1]
            low, high = (list(ir.DenseI64ArrayAttr(pad.attributes[k])) for k in ("static_low", "static_high"))
            if any(n + min(lo, 0) + min(hi, 0) <= 0 for n, lo, hi in zip(source_t.shape, low, high)):
                continue  # (cropped to nothing: left to MLIR's verifier)
            text = decomposition(list(source_t.shape), low, high, str(source_t.element_type))
            result = splice(text, pad, [pad.operands[0], value])
            pad.results[0].replace_all_uses_with(result)
            pad.erase()
