"""The base of every nanomm pass: a frozen dataclass with a kebab-case name and typed options."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from mlir import ir

from ..errors import ConfigError, PassError
from ..runtime.dtypes import parse_bool


@dataclasses.dataclass(frozen=True)
class ModulePass:
    """A pass over a `builtin.module`. Subclasses set `name` and declare options as fields.

    An option `tile-m=8` on the command line sets the field `tile_m`.
    """

    name: ClassVar[str] = ""

    def run(self, module: ir.Module) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def fail(self, message: str, op: ir.Operation | None = None) -> PassError:
        """A PassError that names this pass and, when given, the op's location."""
        where = f" at {op.location}" if op is not None else ""
        return PassError(f"{self.name}: {message}{where}")

    @classmethod
    def option_names(cls) -> list[str]:
        return [f.name.replace("_", "-") for f in dataclasses.fields(cls)]

    @classmethod
    def from_options(cls, options: dict[str, str]) -> "ModulePass":
        """Builds the pass from textual options (`{"tile-m": "8"}`), checking names and types."""
        fields = {f.name: f for f in dataclasses.fields(cls)}
        kwargs = {}
        for key, text in options.items():
            field = fields.get(key.replace("-", "_"))
            if field is None:
                known = ", ".join(cls.option_names()) or "none"
                raise ConfigError(f"pass '{cls.name}' has no option '{key}' (options: {known})")
            kwargs[field.name] = _parse_value(cls.name, key, text, field.type)
        return cls(**kwargs)

    def spec(self) -> str:
        """The textual form `name{opt=value ...}` that `from_options` reads back."""
        parts = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool):
                value = int(value)
            parts.append(f"{f.name.replace('_', '-')}={value}")
        return f"{self.name}{{{' '.join(parts)}}}" if parts else self.name


def _parse_value(pass_name: str, key: str, text: str, type_name) -> object:
    type_name = type_name if isinstance(type_name, str) else type_name.__name__
    try:
        if type_name == "int":
            return int(text, 0)
        if type_name == "bool":
            return parse_bool(text)
        if type_name == "float":
            return float(text)
        return text
    except ValueError:
        raise ConfigError(f"pass '{pass_name}': option '{key}' expects {type_name}, got '{text}'") from None
