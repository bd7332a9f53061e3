#!/usr/bin/env python3
"""Reads xwd screenshots (and PNG files) for the viewer's end-to-end tests.

  xwdtool.py size SHOT.xwd                      -> "WIDTHxHEIGHT"
  xwdtool.py pixel SHOT.xwd X Y                 -> "rrggbb"
  xwdtool.py pixel-png FILE.png X Y             -> "rrggbb"
  xwdtool.py same A.xwd B.xwd [X Y W H]         -> exit 0 when the pixels (or that region, which may
                                                   lie in screenshots of different sizes) are equal
  xwdtool.py equals-png SHOT.xwd FILE.png [X Y W H]
                                                -> exit 0 when every pixel's RGB (or that region's)
                                                   matches the PNG
  xwdtool.py test-pattern SHOT.xwd T            -> exit 0 when SHOT is the viewer's test pattern at time T
"""
import struct
import sys
import zlib


def read_xwd(path):
    data = open(path, "rb").read()
    fields = struct.unpack(">25I", data[:100])
    header_size, _, _, depth, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    ncolors = fields[19]
    if bits_per_pixel != 32:
        raise SystemExit(f"{path}: {bits_per_pixel} bits per pixel, expected 32")
    offset = header_size + ncolors * 12
    fmt = "<I" if byte_order == 0 else ">I"
    rows = []
    for y in range(height):
        start = offset + y * bytes_per_line
        row = data[start:start + width * 4]
        rows.append([struct.unpack_from(fmt, row, 4 * x)[0] & 0xFFFFFF for x in range(width)])
    return width, height, rows


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, bit_depth, color_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if bit_depth != 8 or interlace != 0 or color_type not in (2, 6):
        raise SystemExit(f"{path}: only 8-bit non-interlaced RGB/RGBA PNGs are supported")
    channels = 4 if color_type == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    rows, pos = [], 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([(line[x * channels] << 16) | (line[x * channels + 1] << 8) | line[x * channels + 2]
                     for x in range(width)])
        previous = line
    return width, height, rows


def test_pattern(width, height, t):
    blue = int(t * 64) & 255
    bar = int(t * 120) % width
    rows = []
    for y in range(height):
        green = y * 255 // max(1, height - 1)
        row = [(x * 255 // max(1, width - 1)) << 16 | green << 8 | blue for x in range(width)]
        for x in range(bar, min(bar + 8, width)):
            row[x] = 0xFFFFFF
        rows.append(row)
    return width, height, rows


def differences(a, b, region=None):
    (wa, ha, ra), (wb, hb, rb) = a, b
    if region is None and (wa, ha) != (wb, hb):
        return f"sizes differ: {wa}x{ha} and {wb}x{hb}"
    x0, y0, w, h = region or (0, 0, wa, ha)
    if x0 + w > min(wa, wb) or y0 + h > min(ha, hb):
        return f"region {x0},{y0} {w}x{h} is outside {wa}x{ha} or {wb}x{hb}"
    count, first = 0, None
    for y in range(y0, min(y0 + h, ha)):
        for x in range(x0, min(x0 + w, wa)):
            if ra[y][x] != rb[y][x]:
                count += 1
                first = first or (x, y, ra[y][x], rb[y][x])
    if count:
        x, y, pa, pb = first
        return f"{count} pixels differ, first at {x},{y}: {pa:06x} vs {pb:06x}"
    return None


def report(problem):
    """Prints a check's problem, if it found one; the exit status: 1 for a problem, 0 for none."""
    if problem:
        print(problem)
        return 1
    return 0


def main(argv):
    command = argv[1]
    if command == "size":
        width, height, _ = read_xwd(argv[2])
        print(f"{width}x{height}")
        return 0
    if command == "pixel":
        _, _, rows = read_xwd(argv[2])
        print(f"{rows[int(argv[4])][int(argv[3])]:06x}")
        return 0
    if command == "pixel-png":
        _, _, rows = read_png(argv[2])
        print(f"{rows[int(argv[4])][int(argv[3])]:06x}")
        return 0
    if command == "same":
        region = tuple(int(v) for v in argv[4:8]) if len(argv) >= 8 else None
        problem = differences(read_xwd(argv[2]), read_xwd(argv[3]), region)
    elif command == "equals-png":
        region = tuple(int(v) for v in argv[4:8]) if len(argv) >= 8 else None
        problem = differences(read_xwd(argv[2]), read_png(argv[3]), region)
    elif command == "test-pattern":
        shot = read_xwd(argv[2])
        problem = differences(shot, test_pattern(shot[0], shot[1], float(argv[3])))
    else:
        raise SystemExit(f"unknown command {command}")
    return report(problem)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
