#!/usr/bin/env python3
"""Writes an animated PNG from raw RGB frames, each frame after the first stored as the rectangle
that changed, its unchanged pixels transparent and blended over the last frame (so a screen capture
where little moves stays small). Standard library only.

  ffmpeg -i frames/%02d.png -f rawvideo -pix_fmt rgb24 - | python3 docs/tools/apng.py W H FPS OUT.png
"""
import struct
import sys
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def compress(rows):
    # RGBA rows, filter type 0: the runs of unchanged (transparent) pixels compress to almost nothing.
    return zlib.compress(b"".join(b"\0" + row for row in rows), 9)


def rgba(row, old):
    """`row` (RGB) as RGBA, opaque, with the pixels equal to `old`'s (when given) fully transparent."""
    out = bytearray()
    for x in range(0, len(row), 3):
        pixel = row[x:x + 3]
        out += b"\0\0\0\0" if old is not None and old[x:x + 3] == pixel else pixel + b"\xff"
    return bytes(out)


def main():
    width, height, fps, path = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    data = sys.stdin.buffer.read()
    size = width * height * 3
    frames = [data[i:i + size] for i in range(0, len(data) - size + 1, size)]
    if not frames:
        raise SystemExit("apng.py: no frames on stdin")
    stride = width * 3
    png = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)),
           chunk(b"acTL", struct.pack(">II", len(frames), 0))]
    sequence = 0
    previous = None
    for index, frame in enumerate(frames):
        rows = [frame[y * stride:(y + 1) * stride] for y in range(height)]
        if previous is None:
            x0, y0, x1, y1 = 0, 0, width, height
        else:
            changed = [y for y in range(height) if rows[y] != previous[y]]
            if not changed:
                x0, y0, x1, y1 = 0, 0, 1, 1
            else:
                y0, y1 = changed[0], changed[-1] + 1
                x0, x1 = width, 0
                for y in changed:
                    a, b = rows[y], previous[y]
                    left = next(x for x in range(width) if a[3 * x:3 * x + 3] != b[3 * x:3 * x + 3])
                    right = next(x for x in range(width - 1, -1, -1) if a[3 * x:3 * x + 3] != b[3 * x:3 * x + 3])
                    x0, x1 = min(x0, left), max(x1, right + 1)
        sub = [rgba(row[3 * x0:3 * x1], None if previous is None else previous[y0 + i][3 * x0:3 * x1])
               for i, row in enumerate(rows[y0:y1])]
        blend = 0 if previous is None else 1
        png.append(chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, x1 - x0, y1 - y0, x0, y0, 1, fps, 0, blend)))
        sequence += 1
        image = compress(sub)
        if index == 0:
            png.append(chunk(b"IDAT", image))
        else:
            png.append(chunk(b"fdAT", struct.pack(">I", sequence) + image))
            sequence += 1
        previous = rows
    png.append(chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(b"".join(png))


main()
