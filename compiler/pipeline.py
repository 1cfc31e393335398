"""The one place that runs pass pipelines: parses pipeline text, runs passes, keeps IR snapshots."""

from __future__ import annotations

import functools
import os
import tempfile
from dataclasses import dataclass, field

from mlir import ir
from mlir.passmanager import PassManager

from ..errors import ConfigError, NanommError, PassError
from ..passes import REGISTRY, ModulePass, make_pass


@dataclass(frozen=True)
class UpstreamPass:
    """An MLIR pass (e.g. `canonicalize`) run by MLIR's own PassManager."""

    text: str

    @property
    def name(self) -> str:
        return self.text.split("{", 1)[0]

    def spec(self) -> str:
        return self.text

    def run(self, module: ir.Module) -> None:
        PassManager.parse(f"builtin.module({self.text})").run(module.operation)


Step = ModulePass | UpstreamPass


def split_pipeline(text: str) -> list[str]:
    """Splits `a{x=1 y=2},b` at top-level commas."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                raise ConfigError(f"unbalanced '}}' in pipeline '{text}'")
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if depth:
        raise ConfigError(f"unbalanced '{{' in pipeline '{text}'")
    parts.append(cur.strip())
    return [p for p in parts if p]


def parse_step(text: str) -> Step:
    """One pipeline element: a nanomm pass `name{opt=v ...}` or, failing that, an MLIR pass."""
    name, _, rest = text.partition("{")
    name = name.strip()
    if name in REGISTRY:
        options = {}
        body = rest.rstrip().removesuffix("}") if rest else ""
        for item in body.split():
            key, eq, value = item.partition("=")
            if not eq:
                raise ConfigError(f"option '{item}' of pass '{name}' needs the form key=value")
            options[key] = value
        return make_pass(name, options)
    return _upstream_step(text)


@functools.lru_cache(maxsize=1024)
def _upstream_step(text: str) -> UpstreamPass:
    """An MLIR pass, checked once per text in the process (a context to parse it in costs ~5 ms: a
    segment's pipeline of a dozen MLIR passes paid a third of its compile for them)."""
    name, _, rest = text.partition("{")
    name = name.strip()
    with ir.Context():
        try:
            PassManager.parse(f"builtin.module({text})")
        except Exception as exc:  # noqa: BLE001 - the bindings raise ValueError; anything else is still bad text
            if rest and _is_mlir_pass(name):
                detail = "; ".join(line.strip() for line in str(exc).splitlines() if line.strip())
                raise ConfigError(f"MLIR pass '{name}' rejected its options '{{{rest}': {detail}") from None
            raise ConfigError(
                f"unknown pass '{name}': not a nanomm pass ({', '.join(REGISTRY)}) nor an MLIR pass") from None
    return UpstreamPass(text)


def _is_mlir_pass(name: str) -> bool:
    try:
        PassManager.parse(f"builtin.module({name})")
    except Exception:  # noqa: BLE001
        return False
    return True


def parse_pipeline(text: str) -> list[Step]:
    return [parse_step(p) for p in split_pipeline(text)]


@dataclass
class PipelineResult:
    """IR text after each step, keyed by step name (plus "input")."""

    snapshots: dict[str, str] = field(default_factory=dict)


def run_pipeline(module: ir.Module, steps: list[Step], *, snapshots: bool = True, cleanup: bool = True) -> PipelineResult:
    """Runs `steps` in order on `module`, verifying after each.

    On failure the input of the failing step is written to a file and the PassError names
    the step, the diagnostics and a `nanomm-opt` command that reproduces it.
    """
    result = PipelineResult()
    if snapshots:
        result.snapshots["input"] = str(module)
    for step in steps:
        before = str(module)
        try:
            step.run(module)
            module.operation.verify()
            if cleanup and isinstance(step, ModulePass):
                PassManager.parse("builtin.module(cse)").run(module.operation)
        except (NanommError, ir.MLIRError) as exc:
            raise _failure(step, before, exc) from None
        except Exception as exc:  # noqa: BLE001 - a bug in a pass still gets a reproducer, not a traceback
            if _interrupted(exc):
                raise KeyboardInterrupt from None  # Ctrl-C in a Python callback of MLIR (op.walk), not a pass bug
            raise _failure(step, before, exc, internal=True) from exc
        if snapshots:
            result.snapshots[step.name] = str(module)
    return result


def _interrupted(exc: BaseException) -> bool:
    """Whether `exc` is a KeyboardInterrupt that MLIR's bindings wrapped on its way out of a Python
    callback: they re-raise it as RuntimeError("Exception raised in callback: <traceback>")."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, KeyboardInterrupt):
            return True
        text = str(exc)
        if isinstance(exc, RuntimeError) and text.startswith("Exception raised in callback") and \
                text.rstrip().endswith(("KeyboardInterrupt", "KeyboardInterrupt:")):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def _failure(step: Step, before: str, exc: Exception, internal: bool = False) -> PassError:
    fd, path = tempfile.mkstemp(prefix=f"nanomm-{step.name}-", suffix=".mlir")
    with os.fdopen(fd, "w") as f:
        f.write(before)
    detail = _diagnostics(exc)
    if internal:
        detail = f"internal error ({type(exc).__name__}: {exc}); please report it with the reproducer"
    return PassError(f"pass '{step.name}' failed: {detail}\n"
                     f"  reproduce with: nanomm-opt -p '{step.spec()}' {path}")


def _diagnostics(exc: Exception) -> str:
    if isinstance(exc, ir.MLIRError):
        lines = [str(exc).splitlines()[0]] if str(exc) else []
        for d in exc.error_diagnostics:
            lines.append(f"{d.location}: {d.message}")
            lines.extend(f"  {n.location}: {n.message}" for n in d.notes)
        return "\n".join(lines)
    return str(exc)
