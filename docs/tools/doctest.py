#!/usr/bin/env python3
"""Takes the examples out of Markdown files for Tests/docs.sh.

  doctest.py OUT_DIR FILE.md...

Writes into OUT_DIR one file per example, named after its page and line:
  PAGE-LINE.sh          a ```sh block preceded by the line <!-- runnable -->
  PAGE-LINE.scene.swift a ```swift block that declares a SceneScript class (rendered as a Swift scene)
  PAGE-LINE.main.swift  any other ```swift block (type-checked as a program's main.swift)
A ```swift block preceded by <!-- fragment --> is left out. Prints, one a line, each file's name and,
after a tab, where the example is (FILE.md:LINE).
"""
import os
import re
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for path in sys.argv[2:]:
    page = os.path.splitext(os.path.basename(path))[0]
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w+)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        language, start = fence.group(1), i
        marker = lines[i - 1].strip() if i > 0 else ""
        j = i + 1
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        body = "\n".join(lines[i + 1:j]) + "\n"
        i = j + 1
        name = None
        if language == "sh" and marker == "<!-- runnable -->":
            name = f"{page}-{start + 1}.sh"
        elif language == "swift" and marker != "<!-- fragment -->":
            kind = "scene" if re.search(r"class \w+\s*:\s*SceneScript", body) and "runViewer" not in body else "main"
            name = f"{page}-{start + 1}.{kind}.swift"
        if name:
            with open(os.path.join(out, name), "w", encoding="utf-8") as f:
                f.write(body)
            print(f"{name}\t{path}:{start + 1}")
