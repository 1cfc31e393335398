"""torch-mlir's export for the bench scripts, with a guard against a defect of torch-mlir 20261001.

Its fx importer (torch_mlir/extras/fx_importer.py) imports a bool constant through a temporary uint8
copy (`_import_literal`) and remembers the literal it made for a tensor by the tensor's id()
(`RefTracker.track`), holding the tensor only weakly. Once the copy is freed, the next bool
constant's copy can get the same id, and the importer gives it the first constant's data. GPT-Neo's
two attention masks (its global and its local layer's) came out as one `dense_resource` in about one
export in six on the Zen 4 VM: a function that computes something other than the model, which
nanomm then compiled faithfully (`python bench/check_hf_models.py --calls=100 gpt_neo` called it
WRONG; bench/results/zen4-vm/2026-12-07-torch-mlir-bool-literals.txt). `guard()` lets a remembered
literal count only while the tensor it was made for is alive.
"""

from __future__ import annotations


def guard() -> None:
    """Patches torch-mlir's RefTracker.track (once): a mapping found under a tensor's id() is reused only
    when it was made for that very tensor."""
    from torch_mlir.extras import fx_importer

    tracker = fx_importer.RefTracker
    if getattr(tracker, "_nanomm_guard", False):
        return

    def track(self, referrent):
        found = self._refs.get(id(referrent))
        if found is not None:
            made_for = getattr(found, "_referrent", None)  # (a weak reference; unset for Empty)
            if referrent is fx_importer.Empty or (made_for is not None and made_for() is referrent):
                return found
        mapping = fx_importer.RefMapping(referrent)
        self._refs[id(referrent)] = mapping
        return mapping

    tracker.track = track
    tracker._nanomm_guard = True


def export(module, *inputs, **kwargs) -> str:
    """`torch_mlir.fx.export_and_import(module, *inputs, output_type="linalg-on-tensors", func_name="forward",
    **kwargs)` printed, with guard() in place."""
    from torch_mlir import fx

    guard()
    return str(fx.export_and_import(module, *inputs, output_type="linalg-on-tensors", func_name="forward", **kwargs))
