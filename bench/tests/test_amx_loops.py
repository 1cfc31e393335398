"""The AMX tile-loop variants (bench/amx_host/tile_loop.py) as LLVM IR text, and amx_shares.py's
arithmetic: checked on any CPU (nothing here runs a tile instruction; the figures are made up)."""

from __future__ import annotations

import re

import pytest


@pytest.fixture()
def tile_loop(amx_host_script):
    return amx_host_script("tile_loop")


def _loads(ir: str) -> list[tuple[str, int, int]]:
    """(intrinsic, tile, stride) of every tile load."""
    return [(m[0], int(m[1]), int(m[2])) for m in
            re.findall(r"@llvm\.x86\.(tileloadd(?:t1)?64)\(i8 (\d+), ptr \S+, i64 (\d+)\)", ir)]


@pytest.mark.parametrize("order", ["grouped", "nanomm", "interleaved", "2x1"])
def test_stream_b_marks_the_b_loads_only(tile_loop, order):
    plain = _loads(tile_loop.loop_ir(order, 512, 4))
    streamed = _loads(tile_loop.loop_ir(order, 512, 4, stream_b=True))
    assert plain and all(kind == "tileloadd64" for kind, _, _ in plain)
    assert [(tile, stride) for _, tile, stride in plain] == [(tile, stride) for _, tile, stride in streamed]
    for kind, _, stride in streamed:  # B tiles: panel rows of 128 bytes; A rows: pack-a's odd-line stride
        assert (kind == "tileloaddt164") == (stride == tile_loop.PANEL_ROW)
    assert any(kind == "tileloaddt164" for kind, _, _ in streamed)


def test_store_c_zeroes_and_stores_each_microkernel(tile_loop):
    ir = tile_loop.loop_ir("nanomm", 512, 4, store_c=True)
    panel = ir[ir.index("panel:"):ir.index("outer.end:")]
    assert panel.count("tilezero") == 4 and panel.count("tilestored64") == 4
    assert "i64 512)" in panel  # C's row: 4 panels of 32 float32 columns
    assert tile_loop.loop_ir("nanomm", 512, 4).count("call void @llvm.x86.tilestored64") == 4  # at exit only


def test_shares_add_up_to_the_kernel_time(amx_host_script):
    shares = amx_host_script("amx_shares")
    p = {"products": 1000}
    timed = {"loop": 2e-9, "loop_c": 3e-9, "pre": 5e-6, "full": 6e-6}
    s = shares.shares(p, timed, peak_s_per_product=1e-9)
    assert s["parts_s"] == pytest.approx([1e-6, 1e-6, 1e-6, 2e-6, 1e-6])
    assert sum(s["parts_s"]) == pytest.approx(s["kernel_s"]) and len(s["parts_s"]) == len(shares.PARTS)
