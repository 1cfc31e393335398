"""Lists of problems to tune in one run (`nanomm tune --shapes suite|FILE`): the benchmark suite, or a
file of lines `MxNxK [dtype]` (one number N for a cube; `#` starts a comment)."""

from __future__ import annotations

from pathlib import Path

from ...errors import NanommError

# The benchmark's shape suite (bench/run.py times the same list).
SUITE = ["64", "128", "256", "512", "1024", "2048", "1x4096x4096", "16x4096x4096", "128x4096x4096",
         "128x14336x4096", "127x255x511", "1000", "33x4096x33"]
DTYPES = ("f32", "bf16", "u8s8", "s8s8")


def parse_shape(text: str) -> tuple[int, int, int]:
    """'MxNxK' or one number N (a cube) -> (M, N, K); NanommError on anything else."""
    parts = text.lower().strip().split("x")
    try:
        dims = [int(p) for p in parts]
    except ValueError:
        raise NanommError(f"bad shape {text!r}: use MxNxK or one number for a cube") from None
    if len(dims) == 1:
        dims *= 3
    if len(dims) != 3 or min(dims) <= 0:
        raise NanommError(f"bad shape {text!r}: use MxNxK (positive) or one number for a cube")
    return dims[0], dims[1], dims[2]


def problems(source: str, dtypes: list[str]) -> list[tuple[int, int, int, str]]:
    """(M, N, K, dtype) for `source` ("suite", or a file's path): the suite in each of `dtypes`; a
    file's lines in their own dtype, else in each of `dtypes`. Duplicates are dropped, order kept."""
    bad = [d for d in dtypes if d not in DTYPES]
    if bad:
        raise NanommError(f"unknown dtype {bad[0]!r}; known: {', '.join(DTYPES)}")
    out: list[tuple[int, int, int, str]] = []
    if source == "suite":
        out = [(*parse_shape(s), d) for d in dtypes for s in SUITE]
    else:
        path = Path(source)
        try:
            text = path.read_text()
        except OSError as exc:
            raise NanommError(f"cannot read the shapes file {source!r}: {exc.strerror or exc}") from None
        for number, line in enumerate(text.splitlines(), 1):
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) > 2 or (len(words) == 2 and words[1] not in DTYPES):
                raise NanommError(f"{source}:{number}: expected 'MxNxK [dtype]' (dtype one of "
                                  f"{', '.join(DTYPES)}), got {line.strip()!r}")
            try:
                shape = parse_shape(words[0])
            except NanommError as exc:
                raise NanommError(f"{source}:{number}: {exc}") from None
            out += [(*shape, d) for d in ([words[1]] if len(words) == 2 else dtypes)]
        if not out:
            raise NanommError(f"{source}: no shapes in the file")
    return list(dict.fromkeys(out))
