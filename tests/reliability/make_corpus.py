"""Writes tests/reliability/corpus/: malformed or unsupported MLIR, one input per file.

Each input must make `nanomm-opt -p <full pipeline> FILE` exit 1 with a diagnostic (no
traceback, no crash) and make `nanomm.compile(text)` raise a NanommError; the expected
diagnostics are part of each input (see README.md in the corpus folder). The files are
checked in; this script documents how the generated ones were made and rewrites them
all (deterministically) when run: `python tests/reliability/make_corpus.py`.
"""

from __future__ import annotations

import random
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"


def matmul(ta: str = "memref<4x8xf32>", tb: str = "memref<8x5xf32>", tc: str = "memref<4x5xf32>",
           name: str = "mm") -> str:
    return (f"func.func @{name}(%A: {ta}, %B: {tb}, %C: {tc}) {{\n"
            f"  linalg.matmul ins(%A, %B : {ta}, {tb}) outs(%C : {tc})\n"
            f"  return\n"
            f"}}\n")


def tensor_matmul(ta: str, tb: str, tc: str) -> str:
    return (f"func.func @t(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{\n"
            f"  %0 = linalg.matmul ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) -> {tc}\n"
            f"  return %0 : {tc}\n"
            f"}}\n")


GOOD = matmul()


def header(*lines: str) -> str:
    return "".join(f"// {line}\n" for line in lines)


def text(name: str, expectations: tuple[str, ...], body: str) -> tuple[str, bytes, None]:
    return name, (header(*expectations) + body).encode("utf-8"), None


def raw(name: str, data: bytes, expectations: tuple[str, ...]) -> tuple[str, bytes, str]:
    """A file that cannot hold a comment (empty, binary, another encoding): expectations in a sidecar."""
    return name, data, "".join(f"{line}\n" for line in expectations)


def entries() -> list[tuple[str, bytes, str | None]]:
    rng = random.Random(9)
    INVALID = "EXPECT: invalid MLIR"
    return [
        # --- not text at all ------------------------------------------------------------------
        raw("empty", b"", ("EXPECT: empty input",)),
        raw("whitespace-only", b"  \n\t\n   \r\n", ("EXPECT: empty input",)),
        raw("binary-random", bytes(rng.randrange(256) for _ in range(4096)), ("EXPECT: not UTF-8 text",)),
        raw("binary-elf-header", b"\x7fELF\x02\x01\x01" + bytes(9) + bytes(rng.randrange(256) for _ in range(512)),
            ("EXPECT: not UTF-8 text",)),
        raw("utf16-with-bom", GOOD.encode("utf-16"), ("EXPECT: not UTF-8 text",)),
        raw("utf8-bom", b"\xef\xbb\xbf" + GOOD.encode(), (INVALID, "EXPECT: unexpected character")),
        text("nul-bytes", ("EXPECT: NUL character",), GOOD.replace("return", "\0return")),
        ("latin1-comment", (header("EXPECT: not UTF-8 text") + "// caf\xe9 cr\xe8me\n" + GOOD).encode("latin-1"), None),
        ("non-utf8-in-string", (header("EXPECT: not UTF-8 text").encode() + b'module attributes {x = "\xff\xfe"} {}\n'),
         None),
        text("control-characters", (INVALID,), "\x01\x02\x03\x1b[31m" + GOOD),
        # --- text, but not MLIR ----------------------------------------------------------------
        text("garbage-text", (INVALID,), "hello world, this is not MLIR\n"),
        text("unicode-lookalike", (INVALID,), GOOD.replace("func.func", "\u0192unc.func")),
        text("only-closing-brackets", (INVALID,), ")]}>" * 2500 + "\n"),
        text("truncated", (INVALID,), GOOD[: GOOD.index("memref<8x5xf32>) outs") + 9]),
        text("unbalanced-brace", (INVALID,), GOOD.rstrip().removesuffix("}")),
        text("unterminated-string", (INVALID, "expected '\"' in string literal"),
             'module attributes {x = "never closed} {}\n'),
        text("undefined-ssa-value", (INVALID, "use of undeclared SSA value"), GOOD.replace("ins(%A,", "ins(%Z,")),
        text("symbol-redefinition", (INVALID, "redefinition of symbol named 'mm'"), GOOD + GOOD),
        text("missing-terminator", (INVALID, "block with no terminator"), GOOD.replace("  return\n", "")),
        text("integer-out-of-range", (INVALID, "integer constant out of range"),
             "func.func @f() -> i32 {\n  %c = arith.constant 99999999999999999999999999 : i32\n"
             "  return %c : i32\n}\n"),
        text("generic-form-bad-attribute", (INVALID,),
             '"func.func"() ({\n}) {sym_name = 42 : i64, function_type = () -> ()} : () -> ()\n'),
        # --- MLIR, but ops/types nanomm or MLIR does not know ---------------------------------------------
        text("unregistered-op-generic", (INVALID, "foo.bar"),
             GOOD.replace("  return", '  "foo.bar"() : () -> ()\n  return')),
        text("unknown-custom-op", (INVALID, "custom op 'foo.bar' is unknown"),
             GOOD.replace("  return", "  foo.bar %A\n  return")),
        text("unknown-dialect-type", (INVALID,), matmul("memref<4x8x!foo.bar>")),
        text("unknown-dialect-attribute", (INVALID,), "module attributes {x = #foo.bar<1>} {}\n"),
        text("mismatched-shapes", (INVALID, "linalg.matmul"), matmul(tb="memref<9x5xf32>")),
        text("wrong-rank", (INVALID, "linalg.matmul"), matmul(ta="memref<4x8x2xf32>")),
        text("index-element-type", (INVALID, "got 'index'"),
             matmul("memref<4x8xindex>", "memref<8x5xindex>", "memref<4x5xindex>")),
        # --- valid MLIR that nanomm does not support --------------------------------------------------------
        # (a dynamic M, the rows of A and C, compiles: only the other dimensions must be static)
        text("dynamic-shape-memref", ("EXPECT: memref<4x?xf32>", "EXPECT-OPT: requires static-shape memrefs",
                                      "EXPECT-COMPILE: dynamic shape"),
             matmul("memref<4x?xf32>", "memref<?x5xf32>")),
        text("dynamic-shape-tensor", ("EXPECT: tensor<4x?xf32>", "EXPECT-OPT: requires buffer semantics",
                                      "EXPECT-COMPILE: dynamic shape"),
             tensor_matmul("tensor<4x?xf32>", "tensor<?x5xf32>", "tensor<4x5xf32>")),
        text("mixed-element-types", ("EXPECT-OPT: supports f32 x f32 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32; got",
                                     "EXPECT-COMPILE: element types f32, f64, f32 are not supported"),
             matmul(tb="memref<8x5xf64>")),
        text("f64", ("EXPECT-OPT: supports f32 x f32 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32; got", "EXPECT-COMPILE: element types f64"),
             matmul("memref<4x8xf64>", "memref<8x5xf64>", "memref<4x5xf64>")),
        text("i32", ("EXPECT-OPT: supports f32 x f32 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32; got",
                     "EXPECT-COMPILE: element types i32"),
             matmul("memref<4x8xi32>", "memref<8x5xi32>", "memref<4x5xi32>")),
        text("complex-f32", ("EXPECT-OPT: supports f32 x f32 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32; got", "EXPECT-COMPILE: element types complex<f32>",
                             ),
             matmul("memref<4x8xcomplex<f32>>", "memref<8x5xcomplex<f32>>", "memref<4x5xcomplex<f32>>")),
        text("f128", ("EXPECT-OPT: supports f32 x f32 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32; got", "EXPECT-COMPILE: element types f128",
                      ),
             matmul("memref<4x8xf128>", "memref<8x5xf128>", "memref<4x5xf128>")),
        text("zero-size", ("EXPECT-OPT: must be positive, got 0", "EXPECT-COMPILE: zero-size dimension"),
             matmul("memref<0x8xf32>", tc="memref<0x5xf32>")),
        text("zero-size-k", ("EXPECT-OPT: must be positive, got 0", "EXPECT-COMPILE: zero-size dimension"),
             matmul("memref<4x0xf32>", "memref<0x5xf32>")),
        text("transposed-indexing-maps", ("EXPECT-OPT: pass 'tile-cache' failed", "EXPECT-COMPILE: custom indexing_maps"),
             GOOD.replace("memref<4x8xf32>", "memref<8x4xf32>").replace(
                 "linalg.matmul ins",
                 "linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, "
                 "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]\n      ins")),
        # --- absurd sizes: refused before MLIR computes strides (an assertion aborts the process) ------------
        text("absurd-size", ("EXPECT: larger than a 64-bit address space",),
             matmul("memref<100000000000x100000000000xf32>", "memref<100000000000x100000000000xf32>",
                    "memref<100000000000x100000000000xf32>")),
        text("size-overflows-int64", ("EXPECT: larger than a 64-bit address space",),
             matmul("memref<9223372036854775807x8xf32>", tc="memref<9223372036854775807x5xf32>")),
        text("dimension-beyond-int64", ("EXPECT: larger than a 64-bit address space",),
             matmul("memref<18446744073709551616x8xf32>", tc="memref<18446744073709551616x5xf32>")),
        text("huge-splat-constant", ("EXPECT: larger than a 64-bit address space",),
             "func.func @f() -> tensor<100000000000x100000000000xf32> {\n"
             "  %c = arith.constant dense<1.0> : tensor<100000000000x100000000000xf32>\n"
             "  return %c : tensor<100000000000x100000000000xf32>\n}\n"),
        text("huge-vector", ("EXPECT: larger than a 64-bit address space",),
             "func.func private @f(vector<1000000000000x100000000xf32>)\n"),
        text("huge-declaration-only", ("EXPECT: larger than a 64-bit address space",),
             "func.func private @ext(memref<3037000500x3037000500xf32>)\n"),
        # --- deep nesting: refused before MLIR's recursive parser overflows its stack (SIGSEGV) -----------------
        text("deep-brackets", ("EXPECT: nesting deeper than",),
             "module attributes {x = " + "[" * 10000 + "]" * 10000 + "} {}\n"),
        text("deep-dictionaries", ("EXPECT: nesting deeper than",),
             "module attributes {x = " + "{a = " * 3000 + "1" + "}" * 3000 + "} {}\n"),
        text("deep-regions", ("EXPECT: nesting deeper than",),
             "func.func @f() {\n" + "scf.execute_region{\n" * 1000 + "scf.yield\n}\n" * 1000 + "return\n}\n"),
        text("deep-parentheses", ("EXPECT: nesting deeper than",),
             "#m = affine_map<(d0) -> (" + "(" * 2000 + "d0" + ")" * 2000 + ")>\nmodule attributes {x = #m} {}\n"),
        text("deep-types", ("EXPECT: nesting deeper than",),
             "module attributes {x = " + "tuple<" * 1000 + "i32" + ">" * 1000 + "} {}\n"),
        text("deep-mixed-junk", ("EXPECT: nesting deeper than",), "[{(<" * 2000 + "\n"),
        text("alias-chain", ("EXPECT: nesting deeper than",),
             "#a0 = [1]\n" + "".join(f"#a{i} = [#a{i - 1}]\n" for i in range(1, 2000))
             + "module attributes {x = #a1999} {}\n"),
        text("type-alias-chain", ("EXPECT: nesting deeper than",),
             "!t0 = i32\n" + "".join(f"!t{i} = tuple<!t{i - 1}>\n" for i in range(1, 2000))
             + "module attributes {x = !t1999} {}\n"),
        text("unary-minus-chain", ("EXPECT: consecutive '-' signs",),
             "#m = affine_map<(d0) -> (" + "-" * 1000 + "d0)>\nmodule attributes {x = #m} {}\n"),
    ]


def main() -> None:
    CORPUS.mkdir(exist_ok=True)
    for old in CORPUS.glob("[0-9][0-9]-*"):
        old.unlink()
    for i, (name, data, sidecar) in enumerate(entries(), 1):
        path = CORPUS / f"{i:02d}-{name}.mlir"
        path.write_bytes(data)
        if sidecar is not None:
            path.with_name(path.name + ".expect").write_text(sidecar)
    print(f"wrote {len(entries())} inputs to {CORPUS}")


if __name__ == "__main__":
    main()
