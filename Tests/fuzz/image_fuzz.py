#!/usr/bin/env python3
"""Seeded mutational fuzzer for the images Layerscope reads (PNG and JPEG).

Inputs are the bundled assets (assets/*.png, assets/*.jpg) and a few tiny generated PNGs, corrupted
knowing their structure (PNG chunks and CRCs, IHDR sizes such as 16384x16384 or 0xN, JPEG segment
lengths, frame sizes, Huffman and quantization tables, Exif orientation) or byte by byte. Each is run as
`render --scene wipe --image-a FILE --at 0.5 --out X.png --size 64x36`. A run is fine when it exits 0,
or 1 with one clean line on stderr naming the image file, and peaks under 300 MB of memory.

    python3 Tests/fuzz/image_fuzz.py --binary .build/release/layerscope --seed 1 --count 1000
    python3 Tests/fuzz/image_fuzz.py --seconds 3600 --seed 7          # a long run
"""

import glob
import os
import random
import struct
import sys
import zlib

sys.dont_write_bytecode = True   # no __pycache__ beside the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzlib  # noqa: E402


# --- PNG ---------------------------------------------------------------------------------------

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data, crc=None):
    if crc is None:
        crc = zlib.crc32(kind + data)
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc & 0xffffffff)


def make_png(width, height, color_type=6, depth=8, interlace=0, rows=None):
    """A small valid PNG (filter 0 rows of pattern bytes)."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    row_bytes = (width * channels * depth + 7) // 8
    raw = rows if rows is not None else b"".join(
        b"\x00" + bytes((x * 37 + y * 11) & 0xff for x in range(row_bytes)) for y in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, interlace)
    body = chunk(b"IHDR", ihdr)
    if color_type == 3:
        body += chunk(b"PLTE", bytes(range(48)))
    return PNG_SIGNATURE + body + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def png_chunks(data):
    """[(kind, payload)] of a PNG, or None when it does not parse."""
    if not data.startswith(PNG_SIGNATURE):
        return None
    out, i = [], 8
    while i + 8 <= len(data):
        length = struct.unpack(">I", data[i:i + 4])[0]
        out.append((data[i + 4:i + 8], data[i + 8:i + 8 + length]))
        i += 12 + length
    return out


def join_png(chunks, bad_crc=False, rng=None):
    body = b"".join(chunk(k, d, crc=(rng.getrandbits(32) if bad_crc and rng.random() < 0.5 else None))
                    for k, d in chunks)
    return PNG_SIGNATURE + body


SIDES = [0, 1, 2, 16384, 16385, 65535, 65536, 1 << 24, (1 << 31) - 1, 1 << 31, 0xffffffff]


def mutate_png(rng, data):
    chunks = png_chunks(data)
    if not chunks:
        return mutate_bytes(rng, data)
    op = rng.randrange(9)
    fix_crc = rng.random() < 0.8
    if op <= 2:
        # IHDR sizes: huge, zero, one of each; the pixel data left as it is (too short).
        k, d = chunks[0]
        w, h = struct.unpack(">II", d[:8])
        pick = rng.choice([(16384, 16384), (65535, 65535), (0, h), (w, 0), (16384, 1), (1, 16384),
                           (rng.choice(SIDES), rng.choice(SIDES))])
        chunks[0] = (k, struct.pack(">II", *pick) + d[8:])
    elif op == 3:
        # Bit depth, colour type, compression, filter, interlace: any byte.
        k, d = chunks[0]
        d = bytearray(d)
        d[8 + rng.randrange(5)] = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 16, 255])
        chunks[0] = (k, bytes(d))
    elif op == 4:
        # Corrupt the compressed data (zlib header, deflate blocks, Adler checksum).
        i = next((n for n, (k, _) in enumerate(chunks) if k == b"IDAT"), None)
        if i is not None:
            d = bytearray(chunks[i][1])
            for _ in range(rng.randint(1, 6)):
                if d:
                    d[rng.randrange(len(d))] = rng.randrange(256)
            chunks[i] = (b"IDAT", bytes(d))
    elif op == 5:
        # Drop, repeat or reorder chunks (no IEND, two IHDRs, IDAT before IHDR, …).
        i = rng.randrange(len(chunks))
        choice = rng.randrange(3)
        if choice == 0:
            del chunks[i]
        elif choice == 1:
            chunks.insert(i, chunks[i])
        else:
            rng.shuffle(chunks)
    elif op == 6:
        # Truncate the pixel data or split it into many tiny IDATs.
        i = next((n for n, (k, _) in enumerate(chunks) if k == b"IDAT"), None)
        if i is not None:
            d = chunks[i][1]
            if rng.random() < 0.5:
                chunks[i] = (b"IDAT", d[:rng.randrange(len(d) + 1)])
            else:
                chunks[i:i + 1] = [(b"IDAT", d[j:j + 1]) for j in range(len(d))]
    elif op == 7:
        # Ancillary chunks with garbage: eXIf orientation, a palette that is too long, unknown critical.
        chunks.insert(1, rng.choice([(b"eXIf", exif(rng)), (b"PLTE", bytes(rng.randrange(256) for _ in range(
            rng.choice([0, 3, 769])))), (b"ABCD", b"x" * 10), (b"tRNS", b"\xff" * 300), (b"gAMA", b"")]))
    else:
        # A chunk length field that points far past the end of the file.
        raw = join_png(chunks)
        i = 8 + 12 + len(chunks[0][1])
        return raw[:i] + struct.pack(">I", rng.choice([0x7fffffff, 0xffffffff, 1 << 30])) + raw[i + 4:]
    return join_png(chunks, bad_crc=not fix_crc, rng=rng)


# --- JPEG ---------------------------------------------------------------------------------------

def jpeg_segments(data):
    """[(marker, payload)] up to and including SOS, and the entropy-coded rest; or None."""
    if not data.startswith(b"\xff\xd8"):
        return None
    segments, i = [], 2
    while i + 4 <= len(data) and data[i] == 0xff:
        marker = data[i + 1]
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        segments.append((marker, data[i + 4:i + 2 + length]))
        i += 2 + length
        if marker == 0xda:
            return segments, data[i:]
    return None


def join_jpeg(segments, rest):
    return b"\xff\xd8" + b"".join(b"\xff" + bytes([m]) + struct.pack(">H", (len(p) + 2) & 0xffff) + p
                                  for m, p in segments) + rest


def exif(rng):
    """An Exif payload (TIFF structure) with an orientation tag of any value, count and type, and
    sometimes offsets that point outside it."""
    order = rng.choice([b"MM", b"II", b"XX"])
    fmt = ">" if order != b"II" else "<"
    value = rng.choice([0, 1, 6, 8, 9, 255, 65535, rng.randrange(1 << 16)])
    count = rng.choice([1, 0, 2, 0xffffffff])
    kind = rng.choice([3, 3, 4, 1, 7, 0, 99])
    ifd = rng.choice([8, 8, 0, 0xfffffff0, 2])
    entries = rng.choice([1, 1, 0, 0xffff])
    tiff = order + struct.pack(fmt + "HI", 42, ifd) + struct.pack(fmt + "H", entries)
    tiff += struct.pack(fmt + "HHIHH", 0x0112, kind, count, value, 0) + struct.pack(fmt + "I", 0)
    return tiff[:rng.choice([len(tiff), len(tiff), 10, 6])]


def mutate_jpeg(rng, data):
    parsed = jpeg_segments(data)
    if not parsed:
        return mutate_bytes(rng, data)
    segments, rest = parsed
    op = rng.randrange(8)
    sof = next((n for n, (m, _) in enumerate(segments) if m in (0xc0, 0xc1, 0xc2)), None)
    if op <= 1 and sof is not None:
        # Frame size: huge, zero; or the component count and sampling factors.
        m, p = segments[sof]
        p = bytearray(p)
        if op == 0:
            h, w = rng.choice([(16384, 16384), (65535, 65535), (0, 100), (100, 0), (1, 65535), (65535, 1)])
            p[1:5] = struct.pack(">HH", h, w)
        else:
            p[rng.choice([0, 5, 7, 8, 9])] = rng.choice([0, 1, 3, 4, 0x44, 0xff, 16])
        segments[sof] = (m, bytes(p))
    elif op == 2:
        # Huffman tables: counts that add up to more than 256 codes, garbage symbols, a bad table id.
        dhts = [n for n, (m, _) in enumerate(segments) if m == 0xc4]
        if dhts:
            n = rng.choice(dhts)
            p = bytearray(segments[n][1])
            for _ in range(rng.randint(1, 8)):
                p[rng.randrange(min(len(p), 17))] = rng.choice([0, 0xff, 0x13, 200, 16])
            segments[n] = (0xc4, bytes(p))
    elif op == 3:
        # Quantization tables of zeros or a bad precision.
        dqts = [n for n, (m, _) in enumerate(segments) if m == 0xdb]
        if dqts:
            n = rng.choice(dqts)
            p = segments[n][1]
            segments[n] = (0xdb, rng.choice([p[:1] + bytes(len(p) - 1), b"\xf0" + p[1:], p[:10]]))
    elif op == 4:
        segments.insert(1, (0xe1, b"Exif\x00\x00" + exif(rng)))
    elif op == 5:
        # Truncate the scan, or damage it, or drop the EOI.
        cut = rng.randrange(len(rest) + 1)
        rest = rng.choice([rest[:cut], rest[:cut] + bytes(rng.randrange(256) for _ in range(32)) + rest[cut:],
                           rest[:-2]])
    elif op == 6:
        # Drop or repeat a segment (no SOF, two SOFs, SOS before DHT …).
        n = rng.randrange(len(segments))
        if rng.random() < 0.5 and len(segments) > 1:
            del segments[n]
        else:
            segments.insert(n, segments[n])
    else:
        # A segment length field that lies.
        raw = join_jpeg(segments, rest)
        i = 4 + rng.randrange(min(200, len(raw) - 6))
        i = raw.find(b"\xff", i)
        if 0 <= i < len(raw) - 4:
            return raw[:i + 2] + struct.pack(">H", rng.choice([0, 1, 2, 0xffff])) + raw[i + 4:]
        return raw
    return join_jpeg(segments, rest)


# --- bytes ----------------------------------------------------------------------------------------

def mutate_bytes(rng, data):
    if not data:
        return b"\x89PNG"
    op = rng.randrange(4)
    i = rng.randrange(len(data))
    if op == 0:
        b = bytearray(data)
        for _ in range(rng.randint(1, 16)):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        return bytes(b)
    if op == 1:
        return data[:i]
    if op == 2:
        return data[:i] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 64))) + data[i:]
    return data[:i] + data[i + rng.randint(1, 256):]


# --- one input ------------------------------------------------------------------------------------

def load_sources():
    files = sorted(glob.glob(os.path.join(fuzzlib.REPO, "assets", "*.png")))
    files += sorted(glob.glob(os.path.join(fuzzlib.REPO, "assets", "*.jpg")))
    sources = []
    for path in files:
        with open(path, "rb") as f:
            sources.append((os.path.splitext(path)[1], f.read()))
    for png in (make_png(1, 1), make_png(3, 2, color_type=0), make_png(5, 4, color_type=2, depth=16),
                make_png(4, 4, color_type=3), make_png(7, 7, interlace=1), make_png(2, 9, color_type=4)):
        sources.append((".png", png))
    return sources


SOURCES = load_sources()


def make_case(seed, index):
    rng = random.Random("image:%d:%d" % (seed, index))
    ext, data = rng.choice(SOURCES)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        kind = rng.random()
        if kind < 0.75:
            try:
                data = mutate_png(rng, data) if data.startswith(PNG_SIGNATURE) else mutate_jpeg(rng, data)
            except (IndexError, ValueError, struct.error):   # structure already too damaged to edit
                data = mutate_bytes(rng, data)
        else:
            data = mutate_bytes(rng, data)
    if rng.random() < 0.1:
        ext = rng.choice([".png", ".jpg", ".jpeg", ".PNG", ""])
    name = "image-%d-%d%s" % (seed, index, ext)
    option = "--image-a" if rng.random() < 0.7 else "--image-b"
    render = ["render", "--scene", "wipe", option, "{file}", "--at", "0.5", "--out", "{out}", "--size", "64x36"]
    return data, name, [render], [name]


if __name__ == "__main__":
    fuzzlib.main(__doc__, "image", lambda: fuzzlib.corpus_entries((".png", ".jpg", ".jpeg")), make_case)
