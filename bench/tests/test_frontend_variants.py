"""bench/bench_frontend.py's --variant: compiler constants parsed with their types, bad ones refused by
name, and put back after the variant's compile (also when it fails). Needs neither torch nor a compile."""

from __future__ import annotations

import pytest

from nanomm.compiler import graph
from nanomm.passes import conv_matmul


@pytest.fixture(scope="module")
def bf(bench_script):
    return bench_script("bench_frontend")


def test_variants_parse_each_constant_with_its_type(bf):
    got = bf._variants(["f2at7:WINOGRAD_F4_MIN_TILES=5", "off:WINOGRAD=0,ENTRY_KERNELS_MAX=8"])
    assert got == {"f2at7": {(conv_matmul, "WINOGRAD_F4_MIN_TILES"): 5},
                   "off": {(conv_matmul, "WINOGRAD"): False, (graph, "ENTRY_KERNELS_MAX"): 8}}


@pytest.mark.parametrize("spec, says", [
    ("x:NO_SUCH_KNOB=1", "NO_SUCH_KNOB"),
    ("x:winograd=1", "winograd"),  # (only upper-case constants)
    ("x:WINOGRAD_MIN_TILES=", "has no value"),
    ("x:WINOGRAD_MIN_TILES=many", "takes int values"),
    (":WINOGRAD_MIN_TILES=4", "NAME"),
    ("x", "NAME"),
])
def test_a_bad_variant_is_refused_by_name(bf, spec, says):
    with pytest.raises(SystemExit, match=says):
        bf._variants([spec])


def test_the_same_name_twice_is_refused(bf):
    with pytest.raises(SystemExit, match="new NAME"):
        bf._variants(["a:WINOGRAD_MIN_TILES=4", "a:WINOGRAD_MIN_TILES=8"])


def test_a_variant_puts_the_constants_back_even_when_its_compile_fails(bf):
    before = conv_matmul.WINOGRAD_F4_MIN_TILES
    seen = []

    class Failing:
        @staticmethod
        def compile(text):
            seen.append(conv_matmul.WINOGRAD_F4_MIN_TILES)
            raise RuntimeError("no compile here")

    knobs = bf._variants([f"v:WINOGRAD_F4_MIN_TILES={before + 7}"])["v"]
    with pytest.raises(RuntimeError):
        bf._variant(Failing, "text", knobs, [], None, "layer [v]")
    assert seen == [before + 7] and conv_matmul.WINOGRAD_F4_MIN_TILES == before
