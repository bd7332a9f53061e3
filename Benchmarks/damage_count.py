#!/usr/bin/env python3
"""Damage against the full frame, in instructions: callgrind counts of `layerscope bench` with and
without `--damage` for layers_bench.py's scenes, as Tests/perf_gate.py counts (frames 2…N, every thread).

usage: python3 Benchmarks/damage_count.py --binary LAYERSCOPE [--scenes squares:1000,discs:10000:repeating]
       [--frames 4]

Each scene is KIND:COUNT[:repeating] (KIND squares, discs or pictures; pictures draw an opaque 40×40
PNG written here). Prints one line per scene: the full
frame's and the damage frame's instructions per frame and their ratio. Needs valgrind.
"""
import argparse
import concurrent.futures
import json
import os
import struct
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Tests"))

import layers_bench  # noqa: E402
import perf_gate  # noqa: E402


def write_picture(path, size=40):
    """An opaque `size`×`size` RGB PNG (a diagonal ramp), the pictures scenes' `picture.png`."""
    rows = b"".join(b"\0" + bytes(v for x in range(size) for v in (x * 6, y * 6, 160)) for y in range(size))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--scenes", default="squares:1000,discs:1000,squares:1000:repeating,"
                        "discs:1000:repeating,squares:10000,discs:10000,squares:10000:repeating")
    parser.add_argument("--frames", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        write_picture(os.path.join(folder, "picture.png"))
        jobs = []
        for spec in args.scenes.split(","):
            kind, count, *rest = spec.split(":")
            repeating = rest == ["repeating"]
            name = f"{kind}-{count}" + ("-repeating" if repeating else "")
            path = os.path.join(folder, name + ".json")
            with open(path, "w") as f:
                json.dump(layers_bench.scene(kind, int(count), 1920, 1080, repeating), f)
            jobs.append((name, path))
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            counts = {(name, damage): pool.submit(perf_gate.count, args.binary, path, args.frames, folder,
                                                  name + ("-damage" if damage else ""), ["--damage"] if damage else [])
                      for name, path in jobs for damage in (False, True)}
            for name, _ in jobs:
                full, damage = counts[(name, False)].result(), counts[(name, True)].result()
                print(f"{name:28} full {full / 1e6:10.2f} M  damage {damage / 1e6:10.2f} M  ratio {damage / full:.3f}",
                      flush=True)


if __name__ == "__main__":
    main()
