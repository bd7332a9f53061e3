#!/usr/bin/env python3
"""Writes the tiny PNG and JPEG files the ImageFiles tests decode.

PNGs are written byte by byte here (Python standard library and zlib only), so every colour type,
bit depth, tRNS and Adam7 interlacing case is exactly the one named; rows use all five filter types
in turn. The pixel values follow the formulas below, which FixturePatterns.swift repeats.
JPEGs are made with ImageMagick's `convert` from a PPM written here.

Run from anywhere:  python3 Tests/ImageFilesTests/Fixtures/make_fixtures.py
"""

import os
import struct
import subprocess
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTH, HEIGHT = 9, 7
ALPHAS = [0, 255, 1, 128, 254, 60, 200, 17, 99]
PALETTE_ALPHAS = [0, 64, 128, 192, 255, 10]


def sample8(x, y, c):
    return (x * 37 + y * 71 + c * 97 + x * y * 13) % 256


def alpha8(x, y):
    return ALPHAS[(x + 2 * y) % 9]


def sample16(x, y, c):
    return (x * 7919 + y * 4099 + c * 28657 + x * y * 613) % 65536


def alpha16(x, y):
    return alpha8(x, y) * 257 if (x + y) % 3 else sample16(x, y, 3)


def low_bits(x, y, depth):
    return (x * 3 + y * 5) % (1 << depth)


def palette_rgb(i):
    return ((i * 67) % 256, (i * 131 + 29) % 256, (i * 29 + 200) % 256)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(kind, row, prior, bpp):
    out = bytearray([kind])
    for i, value in enumerate(row):
        left = row[i - bpp] if i >= bpp else 0
        up = prior[i] if prior else 0
        upper_left = prior[i - bpp] if prior and i >= bpp else 0
        predictor = [0, left, up, (left + up) // 2, paeth(left, up, upper_left)][kind]
        out.append((value - predictor) % 256)
    return out


def pack_row(samples, depth):
    if depth == 8:
        return bytearray(samples)
    if depth == 16:
        return bytearray(b"".join(struct.pack(">H", s) for s in samples))
    out, bits, used = bytearray(), 0, 0
    for s in samples:
        bits = (bits << depth) | s
        used += depth
        if used == 8:
            out.append(bits)
            bits, used = 0, 0
    if used:
        out.append(bits << (8 - used))
    return out


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def image_data(pixel, channels, depth, interlaced):
    """Filtered scanlines; `pixel(x, y)` gives one pixel's samples."""
    bpp = max(1, channels * depth // 8)
    passes = ADAM7 if interlaced else [(0, 0, 1, 1)]
    data, row_number = bytearray(), 0
    for x0, y0, dx, dy in passes:
        xs = range(x0, WIDTH, dx)
        if not xs:
            continue
        prior = None
        for y in range(y0, HEIGHT, dy):
            samples = [s for x in xs for s in pixel(x, y)]
            row = pack_row(samples, depth)
            data += filter_row(row_number % 5, row, prior, bpp)
            prior = row
            row_number += 1
    return bytes(data)


def write_png(name, color_type, depth, pixel, interlaced=False, extra=b""):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, depth, color_type, 0, 0, 1 if interlaced else 0)
    data = zlib.compress(image_data(pixel, channels, depth, interlaced), 9)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(png)


def palette_chunks(count, alphas):
    plte = chunk(b"PLTE", bytes(v for i in range(count) for v in palette_rgb(i)))
    return plte + (chunk(b"tRNS", bytes(alphas)) if alphas else b"")


def write_pngs():
    write_png("gray1.png", 0, 1, lambda x, y: [low_bits(x, y, 1)])
    write_png("gray2_interlaced.png", 0, 2, lambda x, y: [low_bits(x, y, 2)], interlaced=True)
    write_png("gray4.png", 0, 4, lambda x, y: [low_bits(x, y, 4)])
    key = sample8(2, 1, 0)
    write_png("gray8_trns.png", 0, 8, lambda x, y: [sample8(x, y, 0)], extra=chunk(b"tRNS", struct.pack(">H", key)))
    write_png("gray16.png", 0, 16, lambda x, y: [sample16(x, y, 0)])
    write_png("grayalpha8.png", 4, 8, lambda x, y: [sample8(x, y, 0), alpha8(x, y)])
    write_png("grayalpha16_interlaced.png", 4, 16, lambda x, y: [sample16(x, y, 0), alpha16(x, y)], interlaced=True)
    write_png("palette1.png", 3, 1, lambda x, y: [low_bits(x, y, 1)], extra=palette_chunks(2, None))
    write_png("palette4_trns.png", 3, 4, lambda x, y: [low_bits(x, y, 4)], extra=palette_chunks(16, PALETTE_ALPHAS))
    write_png(
        "palette8_interlaced.png", 3, 8, lambda x, y: [low_bits(x, y, 4)], interlaced=True,
        extra=palette_chunks(16, None))
    rgb8 = lambda x, y: [sample8(x, y, c) for c in range(3)]
    write_png("rgb8.png", 2, 8, rgb8)
    key = struct.pack(">HHH", *rgb8(3, 2))
    write_png("rgb8_trns.png", 2, 8, rgb8, extra=chunk(b"tRNS", key))
    write_png("rgb16.png", 2, 16, lambda x, y: [sample16(x, y, c) for c in range(3)])
    rgba8 = lambda x, y: [sample8(x, y, c) for c in range(3)] + [alpha8(x, y)]
    write_png("rgba8.png", 6, 8, rgba8)
    write_png("rgba8_interlaced.png", 6, 8, rgba8, interlaced=True)
    write_png("rgba16.png", 6, 16, lambda x, y: [sample16(x, y, c) for c in range(3)] + [alpha16(x, y)])


QUADRANTS = [(220, 40, 30), (40, 180, 60), (30, 60, 200), (240, 230, 210)]
GRAY_LEVELS = [30, 100, 170, 240]


def write_jpegs():
    """32x32 pictures of four flat 16x16 quadrants (one JPEG MCU each): top-left, top-right,
    bottom-left, bottom-right."""
    side = 32
    quadrant = lambda x, y: (y // 16) * 2 + x // 16
    colour = b"".join(bytes(QUADRANTS[quadrant(x, y)]) for y in range(side) for x in range(side))
    gray = bytes(GRAY_LEVELS[quadrant(x, y)] for y in range(side) for x in range(side))
    with tempfile.TemporaryDirectory() as tmp:
        colour_source = os.path.join(tmp, "quadrants.ppm")
        gray_source = os.path.join(tmp, "quadrants.pgm")
        with open(colour_source, "wb") as f:
            f.write(b"P6 %d %d 255\n" % (side, side) + colour)
        with open(gray_source, "wb") as f:
            f.write(b"P5 %d %d 255\n" % (side, side) + gray)
        common = ["-strip", "-quality", "95"]
        variants = {
            "baseline420.jpg": (colour_source, ["-sampling-factor", "2x2"]),
            "progressive.jpg": (colour_source, ["-sampling-factor", "1x1", "-interlace", "JPEG"]),
            "gray.jpg": (gray_source, []),
            "cmyk.jpg": (colour_source, ["-colorspace", "CMYK"]),
        }
        for name, (source, options) in variants.items():
            subprocess.run(["convert", source] + options + common + [os.path.join(HERE, name)], check=True)
        write_exif_rotated_jpeg(tmp, common)


def write_exif_rotated_jpeg(tmp, common):
    """A 48x16 strip of three 16x16 blocks (the first three quadrant colours, left to right) whose
    little-endian Exif segment says orientation 6: turn 90 degrees clockwise to view it."""
    strip = b"".join(bytes(QUADRANTS[x // 16]) for y in range(16) for x in range(48))
    source = os.path.join(tmp, "strip.ppm")
    plain = os.path.join(tmp, "strip.jpg")
    with open(source, "wb") as f:
        f.write(b"P6 48 16 255\n" + strip)
    subprocess.run(["convert", source] + common + [plain], check=True)
    with open(plain, "rb") as f:
        jpeg = f.read()
    entry = struct.pack("<HHIHH", 0x0112, 3, 1, 6, 0)
    tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1) + entry + struct.pack("<I", 0)
    payload = b"Exif\x00\x00" + tiff
    app1 = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    with open(os.path.join(HERE, "exif_orientation6.jpg"), "wb") as f:
        f.write(jpeg[:2] + app1 + jpeg[2:])


if __name__ == "__main__":
    write_pngs()
    write_jpegs()
