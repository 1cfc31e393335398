"""nanomm's passes, by name: one registry that the pipeline, nanomm-opt and the lit tests share."""

from __future__ import annotations

from ..errors import ConfigError
from ..runtime.signals import import_module
from ._base import ModulePass

# name -> "module:Class", imported on first use so the CLI starts fast.
REGISTRY: dict[str, str] = {
    "static-shapes": "static_shapes:StaticShapes",
    "conv-to-matmul": "conv_matmul:ConvToMatmul",
    "expand-math": "expand_math:ExpandMath",
    "decompose-pads": "decompose_pads:DecomposePads",
    "depthwise-kernel": "depthwise:DepthwiseKernel",
    "distinct-results": "distinct_results:DistinctResults",
    "widen-bool": "widen_bool:WidenBool",
    "strided-copies": "strided_copies:StridedCopies",
    "vector-copies": "vector_copies:VectorCopies",
    "reassociate-reductions": "reassociate:ReassociateReductions",
    "tile-cache": "tile_cache:TileCache",
    "tile-register": "tile_register:TileRegister",
    "pack": "pack:Pack",
    "compose-amx": "compose_amx:ComposeAmx",
    "compose-microkernel": "compose_microkernel:ComposeMicrokernel",
    "lower-x86": "lower_x86:LowerX86",
    "lower-llvm": "lower_llvm:LowerLLVM",
}


def pass_class(name: str) -> type[ModulePass]:
    """The pass class registered as `name`."""
    target = REGISTRY.get(name)
    if target is None:
        raise ConfigError(f"unknown nanomm pass '{name}' (passes: {', '.join(REGISTRY)})")
    module, cls = target.split(":")
    return getattr(import_module(f"{__name__}.{module}"), cls)


def make_pass(name: str, options: dict[str, str] | None = None) -> ModulePass:
    """An instance of pass `name` built from textual options."""
    return pass_class(name).from_options(options or {})


__all__ = ["REGISTRY", "ModulePass", "make_pass", "pass_class"]
