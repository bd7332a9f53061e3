#!/usr/bin/env python3
"""Damage against the full frame, in instructions: callgrind counts of `layerscope bench` with and
without `--damage` for layers_bench.py's scenes, as Tests/perf_gate.py counts (frames 2…N, every thread).

usage: python3 Benchmarks/damage_count.py --binary LAYERSCOPE [--scenes squares:1000,discs:10000:repeating]
       [--frames 4]

Each scene is KIND:COUNT[:repeating] (KIND squares, discs or pictures). Prints one line per scene: the full
frame's and the damage frame's instructions per frame and their ratio. Needs valgrind.
"""
import argparse
import concurrent.futures
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Tests"))

import layers_bench  # noqa: E402
import perf_gate  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--scenes", default="squares:1000,discs:1000,squares:1000:repeating,"
                        "discs:1000:repeating,squares:10000,discs:10000,squares:10000:repeating")
    parser.add_argument("--frames", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
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
