#!/usr/bin/env python3
"""Lists the public symbols without a doc comment in symbol graphs (written by symbolgraphs.sh).

  undocumented.py SG_DIR MODULE...      prints FILE:LINE: MODULE.SYMBOL (KIND), one a line; exit 1 if any

Symbols the compiler made (no source location: synthesized conformances, inherited members) are not
counted; every other public or open symbol needs a `///` comment.
"""
import glob
import json
import os
import sys

graphs, modules = sys.argv[1], sys.argv[2:]
missing = []
for module in modules:
    for path in sorted(glob.glob(os.path.join(graphs, f"{module}.symbols.json"))
                       + glob.glob(os.path.join(graphs, f"{module}@*.symbols.json"))):
        for symbol in json.load(open(path))["symbols"]:
            if symbol.get("docComment") or "location" not in symbol:
                continue
            if symbol["accessLevel"] not in ("public", "open"):
                continue
            uri = symbol["location"]["uri"]
            file = uri.split("/Sources/", 1)[-1] if "/Sources/" in uri else os.path.basename(uri)
            line = symbol["location"]["position"]["line"] + 1
            missing.append(f"Sources/{file}:{line}: {module}.{'.'.join(symbol['pathComponents'])} "
                           f"({symbol['kind']['displayName'].lower()})")
for line in sorted(set(missing)):
    print(line)
sys.exit(1 if missing else 0)
