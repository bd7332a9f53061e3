#!/usr/bin/env python3
"""Reads screenshots for the curve-panel end-to-end tests (Tests/e2e/curves.sh).

  curves_tool.py same A.xwd B.xwd X Y W H          -> exit 0 when the region is equal in both
  curves_tool.py equals-png SHOT.xwd FILE.png X Y W H
                                                   -> exit 0 when the region's RGB equals the PNG's
  curves_tool.py golden SHOT.xwd GOLDEN.png X Y W H
                                                   -> exit 0 when the region matches the golden: every
                                                      channel within 3, except at most 0.05 % of the
                                                      pixels within 32 (FreeType and anti-aliasing
                                                      levels); with RECORD_GOLDENS=1 writes the golden
  curves_tool.py golden-png FILE.png GOLDEN.png    -> the same comparison for a whole PNG (e.g. `curve` output)
  curves_tool.py count SHOT.xwd RRGGBB X Y W H     -> prints how many pixels of the region have that colour
  curves_tool.py pixel SHOT.xwd X Y                -> prints "rrggbb"
"""
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xwdtool import read_png, read_xwd, report  # noqa: E402


def region(image, x0, y0, w, h):
    width, height, rows = image
    if x0 + w > width or y0 + h > height:
        raise SystemExit(f"region {x0},{y0} {w}x{h} is outside {width}x{height}")
    return [row[x0:x0 + w] for row in rows[y0:y0 + h]]


def write_png(path, rows):
    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\0" + b"".join(struct.pack(">I", p)[1:] for p in row) for row in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as file:
        file.write(data)


def channel_difference(a, b):
    return max(abs(((a >> s) & 255) - ((b >> s) & 255)) for s in (0, 8, 16))


def compare(a, b, tolerance=0, edge_tolerance=0, edge_allowance=0.0):
    over, worst = 0, 0
    for row_a, row_b in zip(a, b):
        for pa, pb in zip(row_a, row_b):
            if pa != pb:
                d = channel_difference(pa, pb)
                worst = max(worst, d)
                if d > tolerance:
                    over += 1
    allowed = int(len(a) * len(a[0]) * edge_allowance)
    if worst > max(tolerance, edge_tolerance) or over > allowed:
        return f"{over} pixels differ by more than {tolerance} ({allowed} allowed), worst {worst}"
    return None


def against_golden(rows, golden_path, what):
    """Compares rows of pixels with the golden PNG at golden_path (3 levels a channel, 32 on 0.05 % of
    the pixels for edges), or writes them there when RECORD_GOLDENS=1; the problem found, if any."""
    if os.environ.get("RECORD_GOLDENS") == "1":
        write_png(golden_path, rows)
        return None
    golden = read_png(golden_path)[2]
    if (len(golden), len(golden[0])) != (len(rows), len(rows[0])):
        return f"golden is {len(golden[0])}x{len(golden)}, {what} is {len(rows[0])}x{len(rows)}"
    return compare(rows, golden, tolerance=3, edge_tolerance=32, edge_allowance=0.0005)


def main(argv):
    command = argv[1]
    box = tuple(int(v) for v in argv[-4:]) if command not in ("pixel", "golden-png") else None
    if command == "same":
        problem = compare(region(read_xwd(argv[2]), *box), region(read_xwd(argv[3]), *box))
    elif command == "equals-png":
        problem = compare(region(read_xwd(argv[2]), *box), region(read_png(argv[3]), *box))
    elif command == "golden":
        problem = against_golden(region(read_xwd(argv[2]), *box), argv[3], "region")
    elif command == "golden-png":
        problem = against_golden(read_png(argv[2])[2], argv[3], "image")
    elif command == "count":
        colour = int(argv[3], 16)
        print(sum(row.count(colour) for row in region(read_xwd(argv[2]), *box)))
        return 0
    elif command == "pixel":
        _, _, rows = read_xwd(argv[2])
        print(f"{rows[int(argv[4])][int(argv[3])]:06x}")
        return 0
    else:
        raise SystemExit(f"unknown command {command}")
    return report(problem)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
