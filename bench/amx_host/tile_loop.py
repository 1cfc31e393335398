"""What an AMX microkernel can reach when its tiles come from memory: JIT-compiled tile loops.

bench/peak.py's AMX loop multiplies tiles that never leave the registers. A microkernel loads its
A and B tiles every K step, from an A block and a B panel laid out as nanomm lays them out:
- A: 32 rows (two 16-row tiles) x kc bf16, row stride an odd number of 64-byte lines (pack-a);
  the tiles of K step s are the 64 bytes at s*64 of each row;
- B: a VNNI panel of 32 columns, rows of 32 x 2 bf16 = 128 bytes (one per k pair); K step s
  reads panel rows 16s..16s+15, the left 64 bytes (B0) and the right 64 bytes (B1).
Each variant runs `panels` such microkernels of `kc` in turn on one A block and `panels` B
panels (tile-register's mn order: the A rows stay, the B panels change), over and over, so
the A block and the B panels stay wherever their size puts them (L1: 48 KiB, L2: 2 MiB on
Emerald Rapids). C stays in tiles (its traffic is not measured).

Tile orders (2x2 C tiles: C00 += A0 B0, C01 += A0 B1, C10 += A1 B0, C11 += A1 B1):
- grouped: per K step, load A0 A1 B0 B1, then the four products;
- nanomm: per K step, B0 A0 C00 A1 B1 C10 C01 C11 (what compose-amx emits: the next step's B0
  and A0 wait only for C10 and C01, not for the step's last product);
- interleaved: the products of step s, each operand tile reloaded for step s+1 as soon as its
  last product of step s has been issued (A0 after C01, B0 after C10, A1 and B1 after C11), so
  the loads of the next step overlap the products of this one;
- 2x1: two C tiles (C0 += A0 B, C1 += A1 B) with two sets of operand tiles (8 tiles in all),
  the loads of one step overlapping the products of the other;
- 4x1: four C tiles down a 16-column panel (C_i += A_i B, 64 rows of A), two A and two B tile
  registers in turn: each B tile (from L2 when B streams) serves four products instead of two, the
  A tiles (four a step) come from L1: half the B traffic of 2x2 for twice the A traffic;
- pipelined (always with C stored): nanomm's step order, but the microkernels overlap: after the
  last step's products of one panel, each C tile is stored, zeroed and given the next panel's
  first product at once, the next panel's operand tiles loaded as soon as the last products
  reading their registers were issued, so the stores run beside the TMUL work instead of
  between two microkernels.

    python3 bench/amx_host/tile_loop.py                     # the default grid, bf16
    python3 bench/amx_host/tile_loop.py --kc 256,1024 --panels 1,16 --orders grouped,interleaved
    python3 bench/amx_host/tile_loop.py --orders nanomm --dense-a   # A without pack-a's copy
    python3 bench/amx_host/tile_loop.py --orders nanomm --kc 512,1024 --panels 16 --stream-b --store-c
    python3 bench/amx_host/tile_loop.py --threads 16 --kc 1024 --panels 8 --torch 1024,4096
    python3 bench/amx_host/tile_loop.py --orders nanomm --kc 512 --panels 16 --stream-b --store-c --vector-fmas 0,64,128

--vector-fmas 0,64,128 adds the nanomm order's variant (with --stream-b / --store-c when given) with
that many 16-lane float32 FMAs after each K step's products, in 8 independent chains: AVX-512 work
the size of an epilogue's (bias + GELU is ~26 vector ops per 16 outputs; a 32 x 32 C tile has 64
rows of 16 lanes). If the vector pipes ran beside the tile unit, the loop's rate would hold until
the FMAs outlast the TMUL work (64 FMAs = 32 cycles on two pipes, a K step's four products 64).

--stream-b adds each variant with B tiles loaded with the non-temporal hint (tileloaddt1, as
compose-amx{stream-b}): the B panels pass without evicting the A block from L1. --store-c adds
each with C zeroed before and stored after every microkernel (into a 32-row C, each microkernel
its 32 columns), as a kernel does when its K block is the whole K: what C costs the loop.

Prints GFLOP/s of each variant beside the register-only loop (bench/peak.py) timed in the same
rounds, and their ratio. Needs AMX (exits with an error otherwise); numpy and llvmlite only.

--threads T runs each loop on T threads at once, one pinned to each of the first T allowed CPUs
(bench/peak.py's run_on_cpus: rounds started at a barrier, >= 3 rounds), all reading the same
A block and B panels (read-only: each core caches its own copy). Two figures a variant, from the
round whose slowest thread was fastest: 'static' = T x one thread's work / the slowest thread's
time (what a kernel that splits the work evenly could reach), 'each' = the sum of each thread's
own rate in that round (what perfect load balancing could reach). These loops have no packing and
no C traffic: they bound what nanomm's microkernels can do on T cores. --torch SHAPES times
torch.matmul on bf16 tensors at T threads for those shapes (MxNxK or a cube), before and after the
loops: the peer nanomm's AMX kernels are measured against.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _report  # noqa: E402
import _timing  # noqa: E402
from peak import PeakLoop, _aligned, _amx_tile_config, _bf16_bits, run_on_cpus  # noqa: E402

from nanomm.runtime.cpu import native_cpu  # noqa: E402
from nanomm.runtime.jit import JitModule  # noqa: E402

SYMBOL = "nanomm_tile_loop"
PRODUCT_FLOP = 16 * 16 * 32 * 2  # one tdpbf16ps
PANEL_ROW = 128  # bytes of a 32-column bf16 VNNI panel row
ORDERS = ("grouped", "nanomm", "interleaved", "2x1", "pipelined", "4x1")
ROWS = {"4x1": 64}  # rows of A (and C) a microkernel covers; 32 for the other orders
PANEL_COLS = {"4x1": 16}  # columns of a B panel; 32 for the other orders
VECTOR_CHAINS = 8  # --vector-fmas: independent FMA chains (8 x 4-cycle latency keeps two FMA pipes busy)


def _chain_length(fmas: int, chain: int) -> int:
    """FMAs a K step of chain `chain` when `fmas` are spread over VECTOR_CHAINS chains in turn."""
    return (fmas - chain + VECTOR_CHAINS - 1) // VECTOR_CHAINS


def _splat(x: float) -> str:
    """A <16 x float> constant of x."""
    return "<" + ", ".join([f"float {x:e}"] * 16) + ">"


def a_row_stride(kc: int, dense: bool = False) -> int:
    """pack-a's row stride in bytes: an odd number of 64-byte lines holding kc bf16 (dense: kc * 2,
    A's own row stride when K = kc, a power of two for the suite's cubes)."""
    return kc * 2 if dense else ((kc * 2 + 63) // 64 | 1) * 64


class _Ir:
    """A few helpers to write the loop's LLVM IR (stream_b: B tiles loaded with tileloaddt1)."""

    def __init__(self, stream_b: bool = False):
        self.lines: list[str] = []
        self.n = 0
        self.stream_b = stream_b

    def tmp(self) -> str:
        self.n += 1
        return f"%t{self.n}"

    def emit(self, line: str) -> None:
        self.lines.append("  " + line)

    def gep(self, base: str, offset: str) -> str:
        t = self.tmp()
        self.emit(f"{t} = getelementptr i8, ptr {base}, i64 {offset}")
        return t

    def load(self, tile: int, ptr: str, stride: int, hint: str = "") -> None:
        self.emit(f"call void @llvm.x86.tileloadd{hint}64(i8 {tile}, ptr {ptr}, i64 {stride})")

    def load_b(self, tile: int, ptr: str) -> None:
        """A B tile: 16 panel rows (with stream_b, the non-temporal hint, as compose-amx{stream-b})."""
        self.load(tile, ptr, PANEL_ROW, "t1" if self.stream_b else "")

    def product(self, c: int, a: int, b: int) -> None:
        self.emit(f"call void @llvm.x86.tdpbf16ps(i8 {c}, i8 {a}, i8 {b})")

    def zero(self, tiles: int) -> None:
        """tilezero of tiles 0 .. tiles-1 (the C tiles)."""
        for t in range(tiles):
            self.emit(f"call void @llvm.x86.tilezero(i8 {t})")

    def finish(self, c_tiles: int = 0) -> None:
        """The exit: the first c_tiles C tiles stored to `out` (so the loop's work is not dead), the
        tile state released."""
        for t in range(c_tiles):
            self.emit(f"%o{t} = getelementptr i8, ptr %out, i64 {t * 1024}")
            self.emit(f"call void @llvm.x86.tilestored64(i8 {t}, ptr %o{t}, i64 64)")
        self.emit("call void @llvm.x86.tilerelease()")
        self.emit("ret void")

    def module(self, entry: tuple[str, ...] = ()) -> str:
        """The whole module: declarations, SYMBOL's entry (ldtilecfg, then `entry` lines), the body."""
        head = [f"define void @{SYMBOL}(i64 %n, ptr %cfg, ptr %a, ptr %b, ptr %out) {{", "entry:",
                "  call void @llvm.x86.ldtilecfg(ptr %cfg)", *entry]
        return "\n".join(_HEAD + head + self.lines + ["}"]) + "\n"

    def panel_loop_head(self, panel_bytes: int) -> None:
        """The outer loop (%i < %n) and the panel loop (%p), %bp at panel %p's first byte."""
        self.emit("br label %outer")
        self.lines.append("outer:")
        self.emit("%i = phi i64 [ 0, %entry ], [ %i.next, %outer.end ]")
        self.emit("br label %panel")
        self.lines.append("panel:")
        self.emit("%p = phi i64 [ 0, %outer ], [ %p.next, %panel.end ]")
        self.emit(f"%poff = mul i64 %p, {panel_bytes}")
        self.emit("%bp = getelementptr i8, ptr %b, i64 %poff")

    def panel_loop_tail(self, panels: int) -> None:
        """The ends of panel_loop_head's loops, up to the exit block's label."""
        self.emit("%p.next = add i64 %p, 1")
        self.emit(f"%p.more = icmp ult i64 %p.next, {panels}")
        self.emit("br i1 %p.more, label %panel, label %outer.end")
        self.lines.append("outer.end:")
        self.emit("%i.next = add i64 %i, 1")
        self.emit("%i.more = icmp ult i64 %i.next, %n")
        self.emit("br i1 %i.more, label %outer, label %exit")
        self.lines.append("exit:")


def loop_ir(order: str, kc: int, panels: int, dense_a: bool = False, store_c: bool = False,
            stream_b: bool = False, vector_fmas: int = 0) -> str:
    """`void SYMBOL(i64 n, ptr cfg, ptr a, ptr b, ptr out)`: n x panels microkernels of kc / 32 steps
    (store_c: each starts from zeroed C tiles and stores them into its 32 x 32 block of a 32-row C
    at the end, as a kernel's microkernel does when its K block is the whole K; stream_b: B tiles
    loaded with tileloaddt1; vector_fmas, nanomm order only: that many 16-lane float32 FMAs a K
    step after its products, in VECTOR_CHAINS independent chains carried across the steps, their
    sum stored past C after each microkernel: AVX-512 work of the size of an epilogue, to see
    whether it runs beside the tile unit or adds its own time)."""
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r}; known: {', '.join(ORDERS)}")
    if vector_fmas and order != "nanomm":
        raise ValueError(f"vector FMAs go with the nanomm order only, not {order!r}")
    if order == "pipelined":
        return _pipelined_ir(kc, panels, dense_a, stream_b)
    if order == "4x1":
        return _four_by_one_ir(kc, panels, dense_a, store_c, stream_b)
    steps = kc // 32
    ra = a_row_stride(kc, dense_a)
    panel_bytes = steps * 16 * PANEL_ROW
    ir = _Ir(stream_b)
    c_tiles = 4 if order != "2x1" else 2
    ir.zero(c_tiles)
    ir.panel_loop_head(panel_bytes)
    if store_c:
        ir.zero(c_tiles)
    a1 = ir.gep("%a", str(16 * ra))

    def a_at(s: str, upper: bool) -> str:
        return ir.gep(a1 if upper else "%a", s)

    def b_at(s: str, right: bool) -> str:
        ptr = ir.gep("%bp", s)
        return ir.gep(ptr, "64") if right else ptr

    def offsets(step: str) -> tuple[str, str]:
        """(A's byte offset, B's byte offset) of K step `step` (an i64 SSA value)."""
        ao, bo = ir.tmp(), ir.tmp()
        ir.emit(f"{ao} = mul i64 {step}, 64")
        ir.emit(f"{bo} = mul i64 {step}, {16 * PANEL_ROW}")
        return ao, bo

    # Tiles: C 0-3 (2x2) or 0-1 (2x1); A0 4, A1 5, B0 6, B1 7; 2x1: set X = A 2,3 B 4, set Y = A 5,6 B 7.
    if order in ("grouped", "nanomm", "interleaved"):
        if order == "interleaved":  # step 0's operands, before the step loop
            for tile, ptr in ((4, a_at("0", False)), (5, a_at("0", True)), (6, b_at("0", False)), (7, b_at("0", True))):
                (ir.load(tile, ptr, ra) if tile < 6 else ir.load_b(tile, ptr))
        if vector_fmas:  # chains started from the outer trip (%n is the caller's): nothing LLVM can fold
            ir.emit("%ip = add i64 %i, %p")
            ir.emit("%pf = uitofp i64 %ip to float")
            ir.emit("%pv0 = insertelement <16 x float> poison, float %pf, i64 0")
            ir.emit("%pv = shufflevector <16 x float> %pv0, <16 x float> poison, <16 x i32> zeroinitializer")
        ir.emit("br label %step")
        ir.lines.append("step:")
        ir.emit("%s = phi i64 [ 0, %panel ], [ %s.next, %step ]")
        for q in range(min(vector_fmas, VECTOR_CHAINS)):
            ir.emit(f"%v{q}.0 = phi <16 x float> [ %pv, %panel ], [ %v{q}.{_chain_length(vector_fmas, q)}, %step ]")
        ir.emit("%s.next = add i64 %s, 1")
        if order == "grouped":
            ao, bo = offsets("%s")
            ir.load(4, a_at(ao, False), ra)
            ir.load(5, a_at(ao, True), ra)
            ir.load_b(6, b_at(bo, False))
            ir.load_b(7, b_at(bo, True))
            for c, (a, b) in enumerate([(4, 6), (4, 7), (5, 6), (5, 7)]):
                ir.product(c, a, b)
        elif order == "nanomm":
            ao, bo = offsets("%s")
            ir.load_b(6, b_at(bo, False))
            ir.load(4, a_at(ao, False), ra)
            ir.product(0, 4, 6)
            ir.load(5, a_at(ao, True), ra)
            ir.load_b(7, b_at(bo, True))
            ir.product(2, 5, 6)
            ir.product(1, 4, 7)
            ir.product(3, 5, 7)
            for q in range(vector_fmas):  # acc = acc * 0.5 + 1 (stays near 2: no overflow, no subnormals)
                chain, depth = q % VECTOR_CHAINS, q // VECTOR_CHAINS
                ir.emit(f"%v{chain}.{depth + 1} = call <16 x float> @llvm.fma.v16f32(<16 x float> %v{chain}.{depth}, "
                        f"<16 x float> {_splat(0.5)}, <16 x float> {_splat(1.0)})")
        else:
            nxt = ir.tmp()
            ir.emit(f"{nxt} = urem i64 %s.next, {steps}")  # the next step (this panel's first after its last)
            ao, bo = offsets(nxt)
            ir.product(0, 4, 6)
            ir.product(1, 4, 7)
            ir.load(4, a_at(ao, False), ra)
            ir.product(2, 5, 6)
            ir.load_b(6, b_at(bo, False))
            ir.product(3, 5, 7)
            ir.load(5, a_at(ao, True), ra)
            ir.load_b(7, b_at(bo, True))
        ir.emit(f"%s.more = icmp ult i64 %s.next, {steps}")
        ir.emit("br i1 %s.more, label %step, label %panel.end")
    else:  # 2x1, two K steps a trip: set X for even steps, set Y for odd ones
        sets = ((2, 3, 4), (5, 6, 7))
        ir.load(2, a_at("0", False), ra)
        ir.load(3, a_at("0", True), ra)
        ir.load_b(4, b_at("0", False))
        ir.emit("br label %step")
        ir.lines.append("step:")
        ir.emit("%s = phi i64 [ 0, %panel ], [ %s.next, %step ]")
        ir.emit("%s.next = add i64 %s, 2")
        for half, (xa0, xa1, xb) in enumerate(sets):
            ya0, ya1, yb = sets[1 - half]
            nxt = ir.tmp()
            ir.emit(f"{nxt} = add i64 %s, {half + 1}")
            wrapped = ir.tmp()
            ir.emit(f"{wrapped} = urem i64 {nxt}, {steps}")
            ao, bo = offsets(wrapped)
            ir.product(0, xa0, xb)
            ir.load(ya0, a_at(ao, False), ra)
            ir.load_b(yb, b_at(bo, False))
            ir.product(1, xa1, xb)
            ir.load(ya1, a_at(ao, True), ra)
        ir.emit(f"%s.more = icmp ult i64 %s.next, {steps}")
        ir.emit("br i1 %s.more, label %step, label %panel.end")
    ir.lines.append("panel.end:")
    if vector_fmas:  # the chains' sum, stored past C (so that their work is not dead)
        total = f"%v0.{_chain_length(vector_fmas, 0)}"
        for q in range(1, min(vector_fmas, VECTOR_CHAINS)):
            nxt = ir.tmp()
            ir.emit(f"{nxt} = fadd <16 x float> {total}, %v{q}.{_chain_length(vector_fmas, q)}")
            total = nxt
        ptr = ir.gep("%out", str(32 * panels * 128))
        ir.emit(f"store <16 x float> {total}, ptr {ptr}, align 64")
    if store_c:  # C row stride: the panels' 32 columns of f32 side by side
        ir.emit("%coff = mul i64 %p, 128")
        for t in range(c_tiles):
            row, col = divmod(t, 2) if c_tiles == 4 else (t, 0)
            ptr = ir.gep("%out", f"%coff")
            ptr = ir.gep(ptr, str(row * 16 * panels * 128 + col * 64))
            ir.emit(f"call void @llvm.x86.tilestored64(i8 {t}, ptr {ptr}, i64 {panels * 128})")
    ir.panel_loop_tail(panels)
    ir.finish(c_tiles)
    return ir.module()


_HEAD = ["declare void @llvm.x86.ldtilecfg(ptr)", "declare void @llvm.x86.tilerelease()",
         "declare void @llvm.x86.tilezero(i8 immarg)", "declare void @llvm.x86.tileloadd64(i8 immarg, ptr, i64)",
         "declare void @llvm.x86.tileloaddt164(i8 immarg, ptr, i64)",
         "declare void @llvm.x86.tilestored64(i8 immarg, ptr, i64)",
         "declare void @llvm.x86.tdpbf16ps(i8 immarg, i8 immarg, i8 immarg)",
         "declare <16 x float> @llvm.fma.v16f32(<16 x float>, <16 x float>, <16 x float>)", ""]


def _pipelined_ir(kc: int, panels: int, dense_a: bool, stream_b: bool) -> str:
    """loop_ir's `pipelined` order: one flat loop over n x panels microkernels, each running K steps
    1 .. steps-1 of its panel and then, overlapped with its last step's products, the stores of its
    C tiles and step 0 of the next panel (cyclically: panel 0 after the last; the entry runs panel
    0's step 0), so the flop per microkernel is the same as the other orders'."""
    steps = kc // 32
    if steps < 3:
        raise ValueError(f"the pipelined order needs three K steps at least (kc >= 128), got kc={kc}")
    ra = a_row_stride(kc, dense_a)
    panel_bytes = steps * 16 * PANEL_ROW
    ir = _Ir(stream_b)
    a1 = "%a1"

    def step(ao: str, bp: str, bo: str) -> None:
        """nanomm's order: B0 A0 C00 A1 B1 C10 C01 C11."""
        b0 = ir.gep(bp, bo)
        ir.load_b(6, b0)
        ir.load(4, ir.gep("%a", ao), ra)
        ir.product(0, 4, 6)
        ir.load(5, ir.gep(a1, ao), ra)
        ir.load_b(7, ir.gep(b0, "64"))
        ir.product(2, 5, 6)
        ir.product(1, 4, 7)
        ir.product(3, 5, 7)

    ir.zero(4)
    step("0", "%b", "0")
    ir.emit("br label %mk")
    ir.lines.append("mk:")
    ir.emit("%j = phi i64 [ 0, %entry ], [ %j.next, %last ]")
    ir.emit(f"%p = urem i64 %j, {panels}")
    ir.emit(f"%poff = mul i64 %p, {panel_bytes}")
    ir.emit("%bp = getelementptr i8, ptr %b, i64 %poff")
    ir.emit("br label %step")
    ir.lines.append("step:")
    ir.emit("%s = phi i64 [ 1, %mk ], [ %s.next, %step ]")
    ir.emit("%s.next = add i64 %s, 1")
    ao, bo = ir.tmp(), ir.tmp()
    ir.emit(f"{ao} = mul i64 %s, 64")
    ir.emit(f"{bo} = mul i64 %s, {16 * PANEL_ROW}")
    step(ao, "%bp", bo)
    ir.emit(f"%s.more = icmp ult i64 %s.next, {steps - 1}")
    ir.emit("br i1 %s.more, label %step, label %last")
    ir.lines.append("last:")
    step(str((steps - 1) * 64), "%bp", str((steps - 1) * 16 * PANEL_ROW))
    # the next panel's step 0, each operand loaded once the products reading its register are issued
    ir.emit("%pn.raw = add i64 %p, 1")
    ir.emit(f"%pn.wrap = icmp eq i64 %pn.raw, {panels}")
    ir.emit("%pn = select i1 %pn.wrap, i64 0, i64 %pn.raw")
    ir.emit(f"%pnoff = mul i64 %pn, {panel_bytes}")
    ir.emit("%bn = getelementptr i8, ptr %b, i64 %pnoff")
    ir.emit("%coff = mul i64 %p, 128")
    ir.emit("%cp = getelementptr i8, ptr %out, i64 %coff")

    def store_and_restart(c: int, a: int, b: int) -> None:
        row, col = divmod(c, 2)
        ptr = ir.gep("%cp", str(row * 16 * panels * 128 + col * 64))
        ir.emit(f"call void @llvm.x86.tilestored64(i8 {c}, ptr {ptr}, i64 {panels * 128})")
        ir.emit(f"call void @llvm.x86.tilezero(i8 {c})")
        ir.product(c, a, b)

    ir.load_b(6, "%bn")
    ir.load(4, "%a", ra)
    store_and_restart(0, 4, 6)
    ir.load(5, a1, ra)
    store_and_restart(2, 5, 6)
    ir.load_b(7, ir.gep("%bn", "64"))
    store_and_restart(1, 4, 7)
    store_and_restart(3, 5, 7)
    ir.emit("%j.next = add i64 %j, 1")
    ir.emit("%j.more = icmp ult i64 %j.next, %total")
    ir.emit("br i1 %j.more, label %mk, label %exit")
    ir.lines.append("exit:")
    ir.finish()
    return ir.module((f"  %a1 = getelementptr i8, ptr %a, i64 {16 * ra}", f"  %total = mul i64 %n, {panels}"))


def _four_by_one_ir(kc: int, panels: int, dense_a: bool, store_c: bool, stream_b: bool) -> str:
    """loop_ir's `4x1` order: 64 rows of A (four 16-row tiles) against 16-column VNNI panels (rows of
    64 bytes); per K step B (tile 6 on even steps, 7 on odd ones) then A_i into tile 4 + i % 2 and
    C_i += A_i B, two K steps a trip (kc / 32 steps, even)."""
    steps = kc // 32
    ra = a_row_stride(kc, dense_a)
    row_b = 64  # a 16-column bf16 VNNI panel row
    panel_bytes = steps * 16 * row_b
    ir = _Ir(stream_b)
    ir.zero(4)
    ir.panel_loop_head(panel_bytes)
    if store_c:
        ir.zero(4)
    ir.emit("br label %step")
    ir.lines.append("step:")
    ir.emit("%s = phi i64 [ 0, %panel ], [ %s.next, %step ]")
    ir.emit("%s.next = add i64 %s, 2")
    for half in range(2):
        k = ir.tmp()
        ir.emit(f"{k} = add i64 %s, {half}")
        ao, bo = ir.tmp(), ir.tmp()
        ir.emit(f"{ao} = mul i64 {k}, 64")
        ir.emit(f"{bo} = mul i64 {k}, {16 * row_b}")
        b_tile = 6 + half
        ir.load(b_tile, ir.gep("%bp", bo), row_b, "t1" if stream_b else "")
        for i in range(4):
            ir.load(4 + i % 2, ir.gep(ir.gep("%a", str(16 * i * ra)), ao), ra)
            ir.product(i, 4 + i % 2, b_tile)
    ir.emit(f"%s.more = icmp ult i64 %s.next, {steps}")
    ir.emit("br i1 %s.more, label %step, label %panel.end")
    ir.lines.append("panel.end:")
    if store_c:  # C: 64 rows, the panels' 16 columns of f32 side by side
        ir.emit("%coff = mul i64 %p, 64")
        for t in range(4):
            ptr = ir.gep(ir.gep("%out", "%coff"), str(t * 16 * panels * 64))
            ir.emit(f"call void @llvm.x86.tilestored64(i8 {t}, ptr {ptr}, i64 {panels * 64})")
    ir.panel_loop_tail(panels)
    ir.finish(4)
    return ir.module()


class TileLoop:
    """One compiled variant: `run(n)` returns seconds; `ops_per_iter` its work per outer iteration (flop)."""

    def __init__(self, order: str, kc: int, panels: int, dense_a: bool = False, store_c: bool = False,
                 stream_b: bool = False, vector_fmas: int = 0):
        if kc % 64 or kc < 64:
            raise ValueError(f"kc must be a multiple of 64 (two K steps), got {kc}")
        cpu = native_cpu()
        if "amx-bf16" not in cpu.features:
            raise RuntimeError(f"this CPU ({cpu.name}) lacks amx-bf16: no tile loops")
        from nanomm.runtime.amx import request_amx_permission

        request_amx_permission()
        self.order, self.kc, self.panels = order, kc, panels
        self.module = JitModule(loop_ir(order, kc, panels, dense_a, store_c, stream_b, vector_fmas), cpu.name,
                                cpu.feature_string(), opt_level=2)
        steps = kc // 32
        self.cfg = _aligned(64)
        self.cfg[:] = _amx_tile_config()
        self.a = _aligned(ROWS.get(order, 32) * a_row_stride(kc, dense_a))
        self.a[:] = np.resize(_bf16_bits(0.01, 1024).view(np.uint8), self.a.size)
        self.b = _aligned(panels * steps * 16 * PANEL_COLS.get(order, 32) * 4)  # bf16 VNNI rows: 4 bytes a column
        self.b[:] = np.resize(_bf16_bits(0.01, 1024).view(np.uint8), self.b.size)
        self.out = _aligned(max(4096, 32 * panels * 128 + 64))  # C, then the vector FMAs' sum
        self.ops_per_iter = panels * steps * (2 if order == "2x1" else 4) * PRODUCT_FLOP
        self._fn = ctypes.CFUNCTYPE(None, ctypes.c_int64, *[ctypes.c_void_p] * 4)(self.module.address(SYMBOL))

    @property
    def footprint(self) -> tuple[int, int]:
        """Bytes of the A block and of the B panels."""
        return self.a.size, self.b.size

    def run(self, n: int) -> float:
        import time

        t0 = time.perf_counter()
        self._fn(max(1, int(n)), self.cfg.ctypes.data, self.a.ctypes.data, self.b.ctypes.data, self.out.ctypes.data)
        return time.perf_counter() - t0


def parse_shape(text: str) -> tuple[int, int, int]:
    """'MxNxK' or one number for a cube."""
    parts = [int(x) for x in text.lower().split("x")]
    if len(parts) == 1:
        parts *= 3
    if len(parts) != 3 or min(parts) < 1:
        raise ValueError(f"shape {text!r}: want MxNxK or one positive number")
    return parts[0], parts[1], parts[2]


def torch_rates(shapes: list[tuple[int, int, int]], threads: int, seconds: float) -> dict[str, float]:
    """GFLOP/s of torch.matmul on bf16 tensors at `threads` threads (bench/_timing.interleaved's best
    round median, 5 rounds)."""
    import torch

    torch.set_num_threads(threads)
    rates = {}
    for M, N, K in shapes:
        a = torch.rand(M, K).to(torch.bfloat16)
        b = torch.rand(K, N).to(torch.bfloat16)
        timed = _timing.interleaved({"torch": lambda: torch.matmul(a, b)}, rounds=5, target=seconds, warmup=seconds)
        rates[f"{M}x{N}x{K}"] = 2 * M * N * K / timed["torch"]["best_median_s"] / 1e9
    return rates


def _iterations(loop, target: float) -> int:
    """Outer iterations that take about `target` seconds at 2 TFLOP/s a thread."""
    return max(1, int(target * 2e12 / loop.ops_per_iter))


def run_threads(loops: dict, threads: int, target: float) -> dict[str, tuple[float, float]]:
    """{name: (static GFLOP/s, each GFLOP/s)} of every loop on `threads` pinned threads (see the module doc)."""
    allowed = sorted(os.sched_getaffinity(0))
    if threads > len(allowed):
        raise RuntimeError(f"--threads {threads}: this process may run on {len(allowed)} CPUs only")
    cpus = allowed[:threads]
    out = {}
    for name, loop in loops.items():
        n = _iterations(loop, target)
        _, times = run_on_cpus([lambda lp=loop, k=n: lp.run(k)] * threads, cpus, target * 3)
        best = min(zip(*times), key=max)
        work = n * loop.ops_per_iter
        out[name] = (threads * work / max(best) / 1e9, sum(work / t for t in best) / 1e9)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kc", default="128,256,512,1024", help="K block lengths (multiples of 64)")
    p.add_argument("--panels", default="1,8", help="B panels a microkernel sweep cycles through")
    p.add_argument("--orders", default=",".join(ORDERS))
    p.add_argument("--dense-a", action="store_true",
                   help="also each variant with A at row stride kc * 2 (no pack-a copy; a power of two)")
    p.add_argument("--store-c", action="store_true",
                   help="also each variant with C zeroed and stored per microkernel (a kernel's C traffic "
                        "when K is one block)")
    p.add_argument("--stream-b", action="store_true",
                   help="also each variant with B tiles loaded with the non-temporal hint (tileloaddt1)")
    p.add_argument("--vector-fmas", default="", metavar="COUNTS",
                   help="also the nanomm order's variants with that many float32 FMAs (16 lanes) a K step "
                        "(comma-separated): does AVX-512 work, such as an epilogue's, run beside the tiles?")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--target", type=float, default=0.05, help="seconds per measurement")
    p.add_argument("--threads", type=int, default=1, help="run each loop on this many threads at once")
    p.add_argument("--torch", default="", metavar="SHAPES",
                   help="with --threads: also time torch bf16 matmul of these shapes (comma-separated)")
    args = p.parse_args(argv)
    try:
        shapes = [parse_shape(x) for x in args.torch.split(",") if x]
        if args.threads < 1:
            raise ValueError(f"--threads must be >= 1, got {args.threads}")
        loops = {"registers only (peak.py)": PeakLoop("amx-bf16")}
        for kc in (int(x) for x in args.kc.split(",")):
            for panels in (int(x) for x in args.panels.split(",")):
                for order in args.orders.split(","):
                    if order == "pipelined":  # C stored always
                        loops[f"{order} kc={kc} panels={panels} store C"] = TileLoop(order, kc, panels)
                        if args.stream_b:
                            loops[f"{order} kc={kc} panels={panels} stream B, store C"] = TileLoop(
                                order, kc, panels, stream_b=True)
                        continue
                    loops[f"{order} kc={kc} panels={panels}"] = TileLoop(order, kc, panels)
                    if args.dense_a:
                        loops[f"{order} kc={kc} panels={panels} dense A"] = TileLoop(order, kc, panels, True)
                    if args.store_c:
                        loops[f"{order} kc={kc} panels={panels} store C"] = TileLoop(order, kc, panels, store_c=True)
                    if args.stream_b:
                        loops[f"{order} kc={kc} panels={panels} stream B"] = TileLoop(order, kc, panels, stream_b=True)
                    if args.stream_b and args.store_c:
                        loops[f"{order} kc={kc} panels={panels} stream B, store C"] = TileLoop(
                            order, kc, panels, store_c=True, stream_b=True)
                    for fmas in (int(x) for x in args.vector_fmas.split(",") if x and order == "nanomm"):
                        loops[f"{order} kc={kc} panels={panels} {_options(args)}+{fmas} FMAs"] = TileLoop(
                            order, kc, panels, store_c=args.store_c, stream_b=args.stream_b, vector_fmas=fmas)
    except (RuntimeError, ValueError) as e:
        print(f"Error: {e}", file=sys.stderr)
        return 2
    print(_report.provenance_line(_report.provenance(_report.argv_of(__file__, argv))))
    if args.threads > 1:
        return _main_threads(loops, args.threads, args.target, shapes)
    calls, work = {}, {}
    for name, loop in loops.items():
        n = _iterations(loop, args.target)
        calls[name] = (lambda lp=loop, k=n: lp.run(k))
        work[name] = n * loop.ops_per_iter
    timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=args.target)
    ref = work["registers only (peak.py)"] / timed["registers only (peak.py)"]["best_median_s"]
    print(f"AMX bf16 tile loops on {native_cpu().name}, one thread; GFLOP/s of the best round's median")
    for name, loop in loops.items():
        rate = work[name] / timed[name]["best_median_s"]
        print(f"  {name:42s} {rate / 1e9:8.1f}  {rate / ref:6.1%} of registers only  "
              f"spread {timed[name]['spread']:.1%}{_footprint(loop)}")
    return 0


def _options(args) -> str:
    """The --stream-b / --store-c part of a variant's name, as the variants without FMAs spell it."""
    named = [x for x, on in (("stream B", args.stream_b), ("store C", args.store_c)) if on]
    return ", ".join(named) + " " if named else ""


def _footprint(loop) -> str:
    if not isinstance(loop, TileLoop):
        return ""
    a, b = loop.footprint
    return f"  A block {a // 1024} KiB, B panels {b // 1024} KiB"


def _main_threads(loops: dict, threads: int, target: float, shapes: list) -> int:
    try:
        before = torch_rates(shapes, threads, target) if shapes else {}
        rates = run_threads(loops, threads, target)
        after = torch_rates(shapes, threads, target) if shapes else {}
    except RuntimeError as e:
        print(f"Error: {e}", file=sys.stderr)
        return 2
    ref = rates["registers only (peak.py)"][0]
    print(f"AMX bf16 tile loops on {native_cpu().name}, {threads} threads at once; GFLOP/s of all threads, "
          "best round ('static': T x work / slowest thread; 'each': sum of each thread's rate)")
    for name, loop in loops.items():
        static, each = rates[name]
        print(f"  {name:42s} static {static:9.1f} ({static / ref:6.1%} of registers only)  each {each:9.1f}"
              f"{_footprint(loop)}")
    for shape in before:
        best = max(before[shape], after[shape])
        print(f"  torch bf16 matmul {shape:>16s} {threads} threads: {before[shape]:8.1f} before, {after[shape]:8.1f} after"
              f" the loops; registers-only static / best torch {ref / best:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
