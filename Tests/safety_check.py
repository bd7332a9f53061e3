#!/usr/bin/env python3
"""The safety policy's check (docs/safety.md): raw pointers only in the modules it lists, and every
`@unchecked Sendable` or `nonisolated(unsafe)` declaration with a comment above it saying why it is
sound. Prints one line per problem and "N problems"; exits 1 when there is any."""
import os, re, sys
root = sys.argv[1]
policy = open(os.path.join(root, "docs/safety.md"), encoding="utf-8").read()
allowed = set(re.findall(r"^\| `(\w+)` \|", policy, re.M))
pointer = re.compile(r"Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|OpaquePointer|unsafeBitCast|Unmanaged")
unchecked = re.compile(r"@unchecked Sendable|nonisolated\(unsafe\)")
reason = re.compile(r"Sendable|[Ii]mmutable|lock|thread|signal|only read|never changes|owner", re.I)
problems = []
for dirpath, _, files in os.walk(os.path.join(root, "Sources")):
    for name in files:
        if not name.endswith(".swift"):
            continue
        path = os.path.join(dirpath, name)
        module = os.path.relpath(path, os.path.join(root, "Sources")).split(os.sep)[0]
        lines = open(path, encoding="utf-8").read().split("\n")
        text = "\n".join(lines)
        rel = os.path.relpath(path, root)
        if pointer.search(text) and module not in allowed:
            problems.append(f"{rel}: raw pointers in module {module}, which docs/safety.md does not list")
        for index, line in enumerate(lines):
            if not unchecked.search(line) or line.strip().startswith("//"):
                continue
            comments = []
            j = index - 1
            while j >= 0 and (lines[j].strip().startswith("//") or unchecked.search(lines[j])):
                comments.append(lines[j])
                j -= 1
            trailing = line.split("//", 1)[1] if "//" in line else ""
            if not reason.search(" ".join(comments) + trailing):
                problems.append(f"{rel}:{index + 1}: {line.strip()[:60]} without a stated reason in the comment above it")
for problem in problems:
    print(problem)
print(f"{len(problems)} problems")
sys.exit(1 if problems else 0)
