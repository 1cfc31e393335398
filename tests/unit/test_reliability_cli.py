"""The `nanomm` and `nanomm-opt` commands on bad arguments: a diagnostic and exit status 1 (2 for
argparse's usage errors), never a traceback."""

from __future__ import annotations

import pytest

from nanomm.compiler import cli, opt

pytestmark = pytest.mark.kernels

CLI_CASES = [
    ("run 0 5 5", 1, "M must be positive"),
    ("run -1 5 5", 1, "must be positive"),
    ("compile 3000000000 1 1", 1, "too large"),
    ("compile 4 4 4 --target foo", 1, "unknown target CPU 'foo'"),
    ("compile 4 4 4 --mr 0", 1, "mr must be a positive int"),
    ("compile 4 4 4 --kc -5", 1, "kc must be a positive int"),
    ("compile 4 4 4 --order zz", 1, "order must be"),
    ("compile 4 4 4 --dtype f64", 1, "unsupported dtype 'f64'"),
    ("compile 4 4 4 --emit mlir --stage nope", 1, "no stage 'nope'"),
    ("compile 4 4 4 --outline maybe", 2, "expected 0/1/true/false"),
    ("compile 4 4", 2, "the following arguments are required"),
    ("compile x 4 4", 2, "invalid int value"),
    ("frobnicate 1 2 3", 2, "invalid choice"),
    ("compile 100000 100000 100000 --emit config", 0, ""),  # a parallel kernel: was an AttributeError
    ("compile 2000 3000 1000 --emit asm", 0, ""),
    ("compile 7 9 11 --emit llvm", 0, ""),
]


@pytest.mark.parametrize("args,status,message", CLI_CASES, ids=[c[0] for c in CLI_CASES])
def test_nanomm_cli(args: str, status: int, message: str, capsys: pytest.CaptureFixture[str]):
    try:
        got = cli.main(args.split())
    except SystemExit as exc:  # argparse
        got = exc.code
    err = capsys.readouterr().err
    assert got == status, err
    assert message in err
    assert "Traceback" not in err
    if status == 1:
        assert err.startswith("error: ")


OPT_CASES = [
    ("-p no-such-pass", "unknown pass 'no-such-pass'"),
    ("-p canonicalize{bogus=1}", "MLIR pass 'canonicalize' rejected its options"),
    ("-p tile-cache{mc=-1}", "mc must be positive"),
    ("-p tile-cache{mc}", "needs the form key=value"),
    ("-p tile-cache}", "unbalanced '}'"),
    ("-p tile-register{mr=0}", "mr and nr must be positive"),
    ("-p lower-x86{vector-bits=3}", "vector-bits must be 128, 256 or 512"),
    ("/nonexistent/in.mlir", "No such file or directory"),
    ("/", "Is a directory"),
]


@pytest.mark.parametrize("args,message", OPT_CASES, ids=[c[0] for c in OPT_CASES])
def test_nanomm_opt_arguments(args: str, message: str, capsys: pytest.CaptureFixture[str], tmp_path):
    source = tmp_path / "in.mlir"
    source.write_text("func.func private @f(memref<4x4xf32>)\n")
    argv = args.split() + ([] if args.startswith("/") else [str(source)])
    assert opt.main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and err.startswith("error: ") and "Traceback" not in err


def test_nanomm_opt_output_errors(capsys: pytest.CaptureFixture[str], tmp_path):
    source = tmp_path / "in.mlir"
    source.write_text("func.func private @f(memref<4x4xf32>)\n")
    for target, message in (("/nonexistent/out.mlir", "No such file or directory"), (str(tmp_path), "Is a directory"),
                            ("/dev/full", "No space left on device")):
        assert opt.main([str(source), "-o", target]) == 1
        err = capsys.readouterr().err
        assert message in err and "Traceback" not in err


@pytest.mark.parametrize("setting,message", [("outline=maybe", "--set outline=maybe: expected 0/1/true/false"),
                                             ("kc=big", "--set kc=big: invalid literal for int()")])
def test_aot_set_rejects_values_of_the_wrong_type(setting: str, message: str, capsys: pytest.CaptureFixture[str],
                                                  tmp_path):
    from nanomm.compiler import aot

    assert aot.main(["64", "--set", setting, "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err
    assert not any(tmp_path.iterdir())  # nothing compiled
