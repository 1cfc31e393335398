"""The project's structure rules: pass registry, lit coverage, one-way dependencies."""

import ast
import importlib.util
import json
import pathlib
import subprocess
import sys

import pytest

from nanomm.errors import ConfigError
from nanomm.passes import REGISTRY, make_pass, pass_class

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_registry_key_is_the_pass_name(name):
    assert pass_class(name).name == name


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_pass_has_a_lit_test_named_after_it(name):
    path = ROOT / "tests" / "lit" / "passes" / f"{name}.mlir"
    assert path.exists(), f"missing lit test {path}"
    assert f"nanomm-opt -p '{name}" in path.read_text() or f",{name}" in path.read_text()


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_pass_spec_round_trips(name):
    p = make_pass(name)
    text = p.spec()
    options = {}
    if "{" in text:
        for item in text[text.index("{") + 1:-1].split():
            k, v = item.split("=")
            options[k] = v
    assert make_pass(name, options) == p


def test_unknown_option_is_rejected():
    with pytest.raises(ConfigError, match="has no option 'bogus'"):
        make_pass("tile-cache", {"bogus": "1"})


def _imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            found.add("." * node.level + mod)
    return found


@pytest.mark.parametrize("folder,forbidden", [
    ("runtime", ("mlir", "nanomm.compiler", "nanomm.passes", "nanomm.dialects", "..compiler", "..passes",
                 "..dialects")),
    ("passes", ("nanomm.compiler", "..compiler")),
    ("dialects", ("nanomm.compiler", "nanomm.passes", "..compiler", "..passes")),
])
def test_dependencies_point_one_way(folder, forbidden):
    for path in (ROOT / folder).glob("*.py"):
        for name in _imports(path):
            assert not any(name == f or name.startswith(f + ".") for f in forbidden), \
                f"{path.relative_to(ROOT)} imports {name}"


def test_runtime_loads_without_mlir():
    code = ("import sys, nanomm.runtime; "
            "bad = [m for m in sys.modules if m == 'mlir' or m.startswith('mlir.')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_float32_work_does_not_load_ml_dtypes_and_bfloat16_arrays_still_dispatch():
    """ml_dtypes is imported where bfloat16 is first needed: loading it costs most of a second on
    some hosts, which float32 work (a compiled function's cached compile, say) need not pay."""
    code = ("import sys, numpy as np, nanomm; from nanomm.compiler import api, graph; "
            "a = np.ones((3, 4), np.float32); c = nanomm.matmul(a, a.T); assert (c == 4).all(); "
            "assert 'ml_dtypes' not in sys.modules, 'float32 work loaded ml_dtypes'; "
            "import ml_dtypes; x = a.astype(ml_dtypes.bfloat16); "
            "assert api._dtype_kind(x.dtype, x.dtype) == 'bf16'; "
            "assert api._dtype_kind(np.dtype(np.float32), np.dtype(np.float32)) == 'f32'; "
            "assert api._dtype_kind(x.dtype, np.dtype(np.float32)) is None; "
            "assert graph._numpy_type('bf16') == x.dtype")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_environment_is_read_in_one_module():
    offenders = []
    for folder in ("compiler", "dialects", "passes", "runtime"):
        for path in (ROOT / folder).glob("*.py"):
            if path.name == "settings.py":
                continue
            text = path.read_text()
            if "os.environ" in text or "os.getenv" in text:
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def _mlir_modules_named(path: pathlib.Path) -> set[str]:
    """The `mlir` modules a file imports (`from mlir import ir` names mlir.ir)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "mlir")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "mlir":
            for alias in node.names:
                try:
                    is_module = importlib.util.find_spec(f"{node.module}.{alias.name}") is not None
                except ModuleNotFoundError:  # a name inside a module (PassManager), not a submodule
                    is_module = False
                found.add(f"{node.module}.{alias.name}" if is_module else node.module)
    return found


def test_mlir_is_first_imported_in_one_place():
    """compiler/mlir_import.py loads (with Ctrl-C held back) every native extension of the mlir modules
    nanomm imports, when `import nanomm.compiler` starts: importing any of them later initialises no
    native code (the part a Ctrl-C cannot safely interrupt)."""
    named = set()
    for folder in ("compiler", "dialects", "passes"):
        for path in (ROOT / folder).rglob("*.py"):
            named |= _mlir_modules_named(path)
    assert "mlir.ir" in named
    code = ("import importlib, json, sys, nanomm.compiler; "
            "native = lambda: {m for m, x in list(sys.modules.items()) if m.split('.')[0] == 'mlir' "
            "and str(getattr(x, '__file__', '')).endswith('.so')}; "
            "before = native(); [importlib.import_module(m) for m in json.loads(sys.argv[1])]; "
            "print(json.dumps(sorted(native() - before)))")
    proc = subprocess.run([sys.executable, "-c", code, json.dumps(sorted(named))], capture_output=True, text=True,
                          check=True)
    assert json.loads(proc.stdout) == [], "add these to compiler/mlir_import.py's MODULES"
