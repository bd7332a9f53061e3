#!/usr/bin/env python3
"""Seeded mutational fuzzer for Layerscope scene files.

Each input is a seed scene (assets/scenes/*.json and Tests/fuzz/seeds/*.json) with a few hostile
mutations, structural (values, types, keys, nesting, sizes, strings) and sometimes byte-level. It is run
through `render` and `eval`; a run is fine when it exits 0, or 1/64 with one clean line on stderr that
names the scene file (or, for a usage error, the option). Crashes, hangs, memory blow-ups, bad messages
and wrong exit codes are saved, one input per distinct defect, in the results folder.

    python3 Tests/fuzz/scene_fuzz.py --binary .build/release/layerscope --seed 1 --count 2000
    python3 Tests/fuzz/scene_fuzz.py --seconds 3600 --seed 7          # a long run

Input k of seed s is the same on every run (it depends on s and k only), whatever --jobs is.
"""

import copy
import glob
import json
import os
import random
import sys

sys.dont_write_bytecode = True   # no __pycache__ beside the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzlib  # noqa: E402

sys.setrecursionlimit(5000)   # documents are encoded recursively (deep ones as Raw text)


# --- JSON with the things the standard encoder will not write ---------------------------------

class Raw:
    """Text written verbatim: invalid numbers, invalid UTF-8, raw control characters."""
    def __init__(self, text):
        self.text = text if isinstance(text, bytes) else text.encode()


class Pairs:
    """An object that may repeat keys."""
    def __init__(self, pairs):
        self.pairs = pairs


def encode(v):
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, (dict, Pairs)):
        items = v.pairs if isinstance(v, Pairs) else list(v.items())
        return b"{" + b", ".join(encode(k) + b": " + encode(x) for k, x in items) + b"}"
    if isinstance(v, list):
        return b"[" + b", ".join(encode(x) for x in v) + b"]"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False).encode("utf-8", "surrogatepass")
    if isinstance(v, bool) or v is None:
        return json.dumps(v).encode()
    if isinstance(v, float) and v != v:
        return b"NaN"
    if isinstance(v, float) and v in (float("inf"), float("-inf")):
        return b"1e999" if v > 0 else b"-1e999"
    return json.dumps(v).encode()


# --- seeds ---------------------------------------------------------------------------------------

def load_seeds():
    """The seed documents, their image paths made absolute (inputs are written elsewhere)."""
    files = sorted(glob.glob(os.path.join(fuzzlib.REPO, "assets", "scenes", "*.json")))
    files += sorted(glob.glob(os.path.join(fuzzlib.HERE, "seeds", "*.json")))
    seeds = []
    for path in files:
        with open(path) as f:
            doc = json.load(f)
        for k, v in doc.get("images", {}).items():
            doc["images"][k] = os.path.normpath(os.path.join(os.path.dirname(path), v))
        seeds.append(doc)
    return seeds


SEEDS = load_seeds()

# The keys come from the binary's own property registry (`layerscope properties --json`, read by
# load_registry before any input is made): every layer key of every layer class, every animatable key
# path, each with its value type and valid range.
STRUCTURAL_KEYS = ["name", "kind", "mask", "sublayers"]
PROPERTIES = []        # the registry's entries, as the JSON gives them
LAYER_CLASSES = []     # the layer `kind`s
LAYER_KEYS = []        # STRUCTURAL_KEYS and every property a layer object may set
KEY_PATHS = []         # every animatable key path
ANIMATION_KEYS = ["kind", "keyPath", "fromValue", "toValue", "byValue", "duration", "beginTime", "speed",
                  "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode", "additive",
                  "cumulative", "removedOnCompletion", "timingFunction", "values", "keyTimes", "timingFunctions",
                  "calculationMode", "animations"]


def load_registry(args):
    """Fills PROPERTIES, LAYER_CLASSES, LAYER_KEYS and KEY_PATHS from `BINARY properties --json`."""
    import subprocess
    out = subprocess.run([args.binary, "properties", "--json"], capture_output=True, check=True, timeout=60).stdout
    registry = json.loads(out)
    PROPERTIES[:] = registry["properties"]
    LAYER_CLASSES[:] = registry["layerClasses"]
    LAYER_KEYS[:] = STRUCTURAL_KEYS + [p["keyPath"] for p in PROPERTIES if p["layerKey"]]
    KEY_PATHS[:] = [p["keyPath"] for p in PROPERTIES if p["animatable"]]


# Values a hostile user types.
NUMBERS = [0, -0.0, -1, 1, 1e308, -1e308, 1e-308, 5e-324, 1e20, -1e20, 2 ** 63, 2 ** 64, -(2 ** 63) - 1,
           10 ** 40, 0.5, 3, 16384, 16385, 65535, 2 ** 31, 1e9, Raw("1e999"), Raw("-1e999"), Raw("NaN"),
           Raw("Infinity"), Raw("-0"), Raw("1E400"), Raw("0.0000000000000000000000000000001e-300"),
           Raw("123456789012345678901234567890")]
NUMBER_STRINGS = ["inf", "-inf", "+inf", "infinity", "nan", "NaN", "-nan", "1e999", "Infinity", "0x10", "1,5"]
STRINGS = ["", " ", "x", "\x1b[31mRED\r\nFAKE: ok", "\r\n", "a\nb", "\t", "\x00", "\x7f", "\u202e", "\ud800",
           "é", "☃" * 3, "#", "#fff", "#gggggg", "#ff000000ff", "M", "M 0 0 Z", "Z Z Z", "A 1 1 0 1 1",
           "M 0 0 L 1e308 1e308", "M 0 0 A 1e308 1e308 0 1 1 1 1", "M nan nan", "M 1 1 L inf 0",
           "../../../../../etc/passwd", "/dev/zero", "/dev/stdin", ".", "inf", "linear", "removed"]
TYPE_SWAPS = [None, True, False, 0, "", "x", [], {}, [0], [0, 0], [0, 0, 0, 0], {"oval": [0, 0, 1, 1]},
              {"a": 1}, [[]], [None], "inf"]


def random_string(rng):
    pick = rng.random()
    if pick < 0.5:
        return rng.choice(STRINGS)
    if pick < 0.7:
        return "".join(chr(rng.choice([0x1b, 0x0d, 0x0a, 0x07, 0x08, 0x00, 0x7f, 0x9b, 0x41, 0x20]))
                       for _ in range(rng.randint(1, 20)))
    if pick < 0.85:
        return rng.choice(["a", "\x1b", "é", "M 1 2 "]) * rng.choice([1000, 70000, 300000])
    return Raw(b'"' + bytes(rng.choice([0xff, 0xfe, 0xc0, 0x80, 0xed, 0x01, 0x1b, 0x0a, 0x41]) for _ in
                            range(rng.randint(1, 12))) + b'"')


def edge_number(rng, prop):
    """A number at, or just past, an end of the property's valid range (any number when it has none)."""
    valid = prop.get("validRange")
    if not valid or rng.random() < 0.2:
        return rng.choice(NUMBERS)
    low, high = [float(v) if isinstance(v, str) else v for v in valid]
    picks = [low, low - 1e-9, (low + high) / 2 if high != float("inf") else low + 1]
    if high != float("inf"):
        picks += [high, high + 1e-9, high * 2 + 1]
    if prop.get("allowsInfinity"):
        picks += ["inf", "-inf"]
    pick = rng.choice(picks)
    return pick if isinstance(pick, str) or pick == pick and abs(pick) != float("inf") else Raw("1e999")


def kind_value(rng, prop):
    """A value of the property's own value type (often at the edge of its range), or a hostile one."""
    kind = prop["valueType"]
    if rng.random() < 0.15:
        return random_value(rng)
    if kind == "number":
        return edge_number(rng, prop)
    if kind == "bool":
        return rng.choice([True, False])
    if kind in ("point", "size"):
        return [edge_number(rng, prop), edge_number(rng, prop)]
    if kind == "rect":
        return [edge_number(rng, prop) for _ in range(4)]
    if kind == "transform":
        return rng.choice([[rng.choice(NUMBERS) for _ in range(16)], {"rotation": rng.choice(NUMBERS)},
                           {"scale": [rng.choice(NUMBERS), 1], "translation": [0, rng.choice(NUMBERS)]}])
    if kind == "color":
        return rng.choice([None, "#%06x" % rng.randrange(1 << 24), "#%08x" % rng.randrange(1 << 32)])
    if kind == "path":
        return rng.choice([None, "M 0 0 L 10 10 Z", {"oval": [0, 0, 10, rng.choice(NUMBERS)]},
                           [{"rect": [0, 0, 5, 5]}, "M 1 1 L 2 2"]])
    if kind == "choice":
        return rng.choice(prop["choices"] + [random_string(rng)])
    if kind == "colorList":
        return rng.choice([None, [], ["#ff0000"] * rng.choice([1, 2, 300])])
    if kind in ("numberList", "dashPattern"):
        return rng.choice([None, [], [edge_number(rng, prop) for _ in range(rng.choice([1, 2, 5]))]])
    if kind == "emitterCells":
        return [{"birthRate": rng.choice(NUMBERS), "lifetime": rng.choice(NUMBERS)}]
    if kind == "image":
        return rng.choice(["a", "b", random_string(rng)])
    return random_string(rng)


def set_registry_key(rng, container):
    """A key of the registry on an object, with a value of its type; sometimes the layer's kind
    becomes the key's class (or another one)."""
    prop = rng.choice([p for p in PROPERTIES if p["layerKey"]])
    container[prop["keyPath"]] = kind_value(rng, prop)
    if rng.random() < 0.5:
        container["kind"] = prop["layerClass"] if rng.random() < 0.8 else rng.choice(LAYER_CLASSES)


# The extremes every numeric registry key is tried at, and structures whose cost multiplies.
EXTREMES = [0, -0.0, 5e-324, 1e-308, 1e-19, 1e-6, -1e-6, 1e6, -1e6, 1e19, -1e19, 1e308, -1e308, "inf", "-inf",
            Raw("NaN")]
NUMERIC_TYPES = ("number", "point", "size", "rect")


def set_extreme_key(rng, container):
    """A numeric key of the registry set to an extreme in one component (the others sensible), on a
    layer of the key's class."""
    prop = rng.choice([p for p in PROPERTIES if p["layerKey"] and p["valueType"] in NUMERIC_TYPES])
    extreme = rng.choice(EXTREMES)
    count = {"number": 1, "point": 2, "size": 2, "rect": 4}[prop["valueType"]]
    value = [rng.choice([0, 1, 10, 80]) for _ in range(count)]
    value[rng.randrange(count)] = extreme
    container[prop["keyPath"]] = value[0] if count == 1 else value
    container["kind"] = prop["layerClass"]


def multiplying_structure(rng):
    """A subtree whose cost is a product: replicators nested depth deep of count copies each, emitter
    cells times birth rate, or glyphs times font size."""
    pick = rng.randrange(3)
    if pick == 0:
        depth, count = rng.choice([(2, 10000), (3, 100), (4, 50), (20, 2), (12, 3), (2, 400)])
        layer = {"name": "leaf", "frame": [0, 0, 4, 4], "backgroundColor": "#00ff00",
                 "shadowOpacity": rng.choice([0, 1]), "shadowRadius": rng.choice([0, 3, 1e4])}
        for level in range(depth):
            layer = {"name": "r%d" % level, "kind": "replicator", "frame": [0, 0, 40, 40], "instanceCount": count,
                     "instanceDelay": rng.choice([0, 0.01]), "instanceTransform": {"translation": [1, 1]},
                     "sublayers": [layer]}
        return layer
    if pick == 1:
        cells, rate = rng.choice([(50, 1e6), (1000, 1e3), (2, 1e19), (300, 300)])
        return {"name": "fountain", "kind": "emitter", "frame": [0, 0, 40, 40], "emitterPosition": [20, 20],
                "emitterCells": [{"name": "c%d" % i, "birthRate": rate, "lifetime": rng.choice([1, 1e6]),
                                  "velocity": 10, "color": "#ffcc00"} for i in range(cells)]}
    glyphs, size = rng.choice([(1000, 1e6), (20000, 100), (10, 1e19), (300, 1e4)])
    return {"name": "words", "kind": "text", "frame": [0, 0, 40, 40], "string": rng.choice(["W", "\U0001F600"]) * glyphs,
            "fontSize": size, "isWrapped": rng.choice([True, False])}


def random_value(rng, depth=0):
    pick = rng.random()
    if pick < 0.35:
        return rng.choice(NUMBERS)
    if pick < 0.5:
        return rng.choice(NUMBER_STRINGS)
    if pick < 0.65:
        return random_string(rng)
    if pick < 0.8 or depth > 2:
        return copy.deepcopy(rng.choice(TYPE_SWAPS))
    return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]


# --- structural mutations -----------------------------------------------------------------------

def slots(doc):
    """Every (container, key) in the document, outermost first."""
    found = []
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for k, v in node.items():
                found.append((node, k))
                stack.append(v)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                found.append((node, i))
                stack.append(v)
    return found


def deep(rng, inner):
    levels = rng.choice([64, 500, 5000, 100000])
    if rng.random() < 0.5:
        return Raw(b"[" * levels + encode(inner) + b"]" * levels)
    return Raw(b'{"a": ' * levels + encode(inner) + b"}" * levels)


def deep_layers(rng):
    """Sublayers nested hundreds or thousands deep: a valid tree, just deep."""
    n = rng.choice([100, 1000, 3000])
    leaf = b'{"name": "leaf", "frame": [0, 0, 4, 4], "backgroundColor": "#ff0000"}'
    return Raw(b'{"frame": [1, 1, 40, 40], "sublayers": [' * n + leaf + b"]}" * n)


def huge_array(rng, like):
    """A long array, written out at once (Raw) so later mutations do not walk it; at most ~4 MB."""
    n = rng.choice([1000, 20000, 200000])
    if isinstance(like, list) and like and isinstance(like[0], dict):
        item = encode(like[0])
    else:
        item = encode(rng.choice([0, 1, 0.5, 1e-300, 1e308, [0, 0], "#000000"]))
    n = max(1, min(n, (4 << 20) // (len(item) + 2)))
    return Raw(b"[" + b", ".join([item] * n) + b"]")


def add_to_first_layer(doc, subtree):
    """Appends `subtree` to the sublayers of the document's first layer; False when it has none."""
    layers = doc.get("layers") if isinstance(doc, dict) else None
    if not (isinstance(layers, list) and layers and isinstance(layers[0], dict)):
        return False
    subs = layers[0].setdefault("sublayers", [])
    if isinstance(subs, list):
        subs.append(subtree)
    return True


def mutate_tree(rng, doc):
    """One structural mutation, in place; returns the (possibly new) root."""
    all_slots = slots(doc)
    if not all_slots:
        return random_value(rng)
    container, key = rng.choice(all_slots)
    value = container[key]
    op = rng.randrange(18)
    if op == 0 or (op == 1 and isinstance(value, (int, float))):
        container[key] = rng.choice(NUMBERS)
    elif op == 1:
        container[key] = rng.choice(NUMBER_STRINGS)
    elif op == 2:
        container[key] = copy.deepcopy(rng.choice(TYPE_SWAPS))
    elif op == 3:
        del container[key]
    elif op == 4 and isinstance(container, dict):
        # The same key twice, the second with another value.
        items = list(container.items())
        i = [k for k, _ in items].index(key)
        items.insert(i + 1, (key, random_value(rng)))
        parent = [(c, k) for c, k in all_slots if c[k] is container]
        if parent:
            parent[0][0][parent[0][1]] = Pairs(items)
        else:
            return Pairs(items)
    elif op == 4:
        container.insert(key, value)
    elif op == 5:
        container[key] = deep(rng, value if rng.random() < 0.3 else 0)
    elif op == 6:
        container[key] = huge_array(rng, value)
    elif op == 7:
        container[key] = random_string(rng)
    elif op == 8 and isinstance(container, dict):
        # A key renamed to something hostile (unknown keys are echoed in messages).
        new = rng.choice([random_string(rng), key + "x", key.upper(), "", " " + key])
        if isinstance(new, Raw):
            new = "\x1b[31mRED\r\nFAKE: ok"
        container[new] = container.pop(key)
    elif op == 9 and isinstance(container, dict):
        container[rng.choice(LAYER_KEYS + ANIMATION_KEYS)] = random_value(rng)
    elif op == 10:
        # Splice a value of the same key from another seed.
        donor = rng.choice(SEEDS)
        same = [c[k] for c, k in slots(donor) if k == key]
        container[key] = json.loads(json.dumps(rng.choice(same))) if same else random_value(rng)
    elif op == 11 and isinstance(value, (int, float)) and not isinstance(value, bool):
        container[key] = value * rng.choice([-1, 10, 1e6, 1e100, 1e-6, 1e300]) + rng.choice([0, 1e-9])
    elif op == 12:
        if not add_to_first_layer(doc, deep_layers(rng)):
            container[key] = deep_layers(rng)
    elif op == 13:
        add_hostile_animation(rng, doc)
    elif op == 14 and isinstance(container, dict):
        set_registry_key(rng, container)
    elif op == 16 and isinstance(container, dict):
        set_extreme_key(rng, container)
    elif op == 17:
        add_to_first_layer(doc, multiplying_structure(rng))
    else:
        container[key] = random_value(rng)
    return doc


def layer_names(doc):
    names = []
    for c, k in slots(doc):
        if k == "name" and isinstance(c[k], str) and isinstance(c, dict):
            names.append(c[k])
    return names


def add_hostile_animation(rng, doc):
    """A timeline entry with extreme timing, on a layer of the file."""
    if not isinstance(doc, dict):
        return
    names = layer_names(doc) or ["root"]
    key_path = rng.choice(KEY_PATHS)
    prop = next(p for p in PROPERTIES if p["keyPath"] == key_path)
    animation = rng.choice([
        {"kind": rng.choice(["basic", "spring"]), "keyPath": key_path, "fromValue": kind_value(rng, prop),
         "toValue": kind_value(rng, prop), "duration": rng.choice([1, 1e-9, 1e9])},
        {"kind": "keyframe", "keyPath": key_path, "values": [kind_value(rng, prop) for _ in range(3)],
         "duration": 1, "calculationMode": rng.choice(["linear", "cubic", "paced", "cubicPaced", "discrete"])},
        {"kind": "keyframe", "keyPath": "transform", "values": [{"rotation": 0}, {"rotation": 1}],
         "duration": 1, "cumulative": True, "repeatCount": rng.choice([1e300, 1e20, "inf", 2 ** 62])},
        {"kind": "basic", "keyPath": key_path, "byValue": rng.choice(NUMBERS), "duration": rng.choice(NUMBERS),
         "repeatCount": rng.choice(NUMBERS), "cumulative": rng.random() < 0.5},
        {"kind": "basic", "keyPath": key_path, "toValue": 1, "duration": rng.choice([1e-308, 5e-324, 1e308]),
         "speed": rng.choice([1e308, 1e-308, -1, 0]), "timeOffset": rng.choice([1e308, -1e308, 1e20])},
        {"kind": "group", "duration": 1, "repeatCount": 1e15,
         "animations": [{"kind": "basic", "keyPath": key_path, "toValue": 1, "duration": 1e-300}]},
        {"kind": "keyframe", "keyPath": key_path, "values": [0] * rng.choice([1, 2, 5000]),
         "keyTimes": rng.choice([[], [0], [1, 0], [0, 1e308]]), "duration": 1, "calculationMode": "paced"},
    ])
    entry = {"at": rng.choice([0, 0.5, 1, 1e9]), "add": {"layer": rng.choice(names), "key": "hostile",
                                                        "animation": animation}}
    if not isinstance(doc.get("timeline"), list):
        doc["timeline"] = []
    doc["timeline"].append(entry)


# --- byte-level mutations -----------------------------------------------------------------------

def mutate_bytes(rng, data):
    if not data:
        return data
    op = rng.randrange(6)
    i = rng.randrange(len(data))
    if op == 0:
        b = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            j = rng.randrange(len(b))
            b[j] ^= 1 << rng.randrange(8)
        return bytes(b)
    if op == 1:
        return data[:i]
    if op == 2:
        junk = rng.choice([b"\x00", b"\xff\xfe", b"\x1b[2J", b"\r\n", b"{", b"[", b"]", b"}", b'"', b",", b":",
                           b"\\u0000", b"\\ud800", b"\\", b"-", b"1e999", b"\xef\xbb\xbf", bytes(rng.randrange(256)
                                                                                               for _ in range(8))])
        return data[:i] + junk + data[i:]
    if op == 3:
        j = min(len(data), i + rng.randint(1, 64))
        return data[:i] + data[j:]
    if op == 4:
        j = min(len(data), i + rng.randint(1, 256))
        return data[:j] + data[i:j] * rng.randint(1, 4) + data[j:]
    return b"\xef\xbb\xbf" + data if rng.random() < 0.5 else data + rng.choice([b"\x00", b" x", b"}", b"\n{}"])


# --- one input ------------------------------------------------------------------------------------

TIMES = ["0", "0.5", "1", "4", "1e9", "1e20", "-1"]
SIZES = ["48x27", "1x1", "3x200", "200x3", "64x36", "640x360"]


def make_case(seed, index):
    """The input and commands for input `index` of `seed`: (bytes, file name, commands, names)."""
    rng = random.Random("scene:%d:%d" % (seed, index))
    doc = json.loads(json.dumps(rng.choice(SEEDS)))
    for _ in range(rng.choice([1, 1, 2, 3, 5])):
        try:
            doc = mutate_tree(rng, doc)
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            pass   # a mutation that does not apply to what earlier ones left
    data = encode(doc)
    if rng.random() < 0.15:
        for _ in range(rng.randint(1, 3)):
            data = mutate_bytes(rng, data)
    name = "scene-%d-%d.json" % (seed, index)
    names = layer_names(doc) if isinstance(doc, (dict, list)) else []
    keys = [c[k] for c, k in slots(doc) if k == "keyPath" and isinstance(c[k], str)] if isinstance(doc, (dict, list)) else []
    times = rng.choice(TIMES) if rng.random() < 0.8 else ",".join(rng.sample(TIMES[:-1], 3))
    render = ["render", "--scene", "{file}", "--at", times, "--out", "{dir}" if "," in times else "{out}",
              "--size", rng.choice(SIZES)]
    layer = rng.choice(names) if names and rng.random() < 0.9 else rng.choice(["root", "nobody", "\x1b[31mX"])
    key = rng.choice(keys) if keys and rng.random() < 0.5 else rng.choice(KEY_PATHS + ["opacty", "transform.q"])
    # A command line cannot carry NUL bytes, nor arguments of over 128 KiB: such names are tried
    # without the NULs and cut to their first 10 000 characters.
    layer, key = layer.replace("\0", "")[:10000], key.replace("\0", "")[:10000]
    evaluate = ["eval", "--scene", "{file}", "--layer", layer, "--key", key, "--at", rng.choice(TIMES)]
    if rng.random() < 0.5:
        evaluate.append("--events")
    return data, name, [render, evaluate], [name]


# --- generated regressions (too big to commit) ------------------------------------------------------

def write_big_scene(path):
    """A valid small scene followed by 200 MB of spaces: it must be refused or read without holding
    the whole file (peak RSS under the limit)."""
    head = b'{ "size": [8, 8], "layers": [ { "name": "root", "backgroundColor": "#ff0000" } ] }'
    with open(path, "wb") as f:
        f.write(head)
        block = b" " * (1 << 20)
        for _ in range(200):
            f.write(block)


def write_escaped_scene(path):
    """A layer name of 400 000 \\u escapes (2.4 MB): parsing takes quadratic time (8 s, where a
    linear parser needs a few milliseconds), so this case has a 3 s limit."""
    with open(path, "wb") as f:
        f.write(b'{ "size": [8, 8], "layers": [ { "name": "' + b"\\u00e9" * 400000 + b'" } ] }')


GENERATED = [("big-scene-200MB.json", write_big_scene,
              [["render", "--scene", "{file}", "--at", "0", "--out", "{out}", "--size", "8x8"]]),
             ("escapes-400000.json", write_escaped_scene,
              [["render", "--scene", "{file}", "--at", "0", "--out", "{out}", "--size", "8x8"]], 3.0)]


# --- minimization ---------------------------------------------------------------------------------

def minimize(args, folder, log):
    """Delta-reduces the saved input of one defect (structurally when it is JSON, else by bytes),
    keeping the same signature; writes it beside the original as minimized.*"""
    import shlex
    files = [f for f in os.listdir(folder) if f.endswith(".json")]
    if not files:
        return
    with open(os.path.join(folder, files[0]), "rb") as f:
        data = f.read()
    with open(os.path.join(folder, "command.txt")) as f:
        words = shlex.split(f.read())
    sig_wanted = None
    import tempfile
    work = tempfile.mkdtemp(prefix="layerscope-fuzz-min-")
    path = os.path.join(work, files[0])
    argv = [args.binary] + [w if files[0] not in w else path for w in words[1:]]
    argv = [w if not w.endswith("/o.png") else os.path.join(work, "o.png") for w in argv]
    timeout = min(args.timeout, 3.0)

    def signature_of(candidate):
        with open(path, "wb") as f:
            f.write(candidate)
        r = fuzzlib.run(argv, work, timeout=timeout)
        cls, detail = fuzzlib.verdict(r, [files[0]])
        return fuzzlib.signature(cls, r, detail) if cls else None

    sig_wanted = signature_of(data)
    if sig_wanted is None:
        log("  %s: does not reproduce" % os.path.basename(folder))
        return
    try:
        doc = json.loads(data)
        structural = True
    except ValueError:
        structural = False
    tries = [0]

    def fails(candidate):
        tries[0] += 1
        return signature_of(candidate) == sig_wanted

    if structural:
        budget = 300
        changed = True
        while changed and tries[0] < budget:
            changed = False
            for c, k in slots(doc):
                if tries[0] >= budget:
                    break
                original = c[k]
                # Remove the value; or replace a container by one of its items.
                options = ["delete"]
                if isinstance(original, list) and len(original) > 1:
                    options.append(original[:len(original) // 2])
                for option in options:
                    trial = json.loads(json.dumps(doc))
                    node = find_slot(trial, doc, c, k)
                    if node is None:
                        continue
                    tc, tk = node
                    if option == "delete":
                        del tc[tk]
                    else:
                        tc[tk] = option
                    if fails(json.dumps(trial).encode()):
                        doc, changed = trial, True
                        break
                if changed:
                    break
        data = json.dumps(doc).encode()
    else:
        data = fuzzlib.ddmin_bytes(data, fails)
    with open(os.path.join(folder, "minimized.json"), "wb") as f:
        f.write(data)
    log("  %s: minimized to %d bytes in %d runs" % (os.path.basename(folder), len(data), tries[0]))
    import shutil
    shutil.rmtree(work, ignore_errors=True)


def find_slot(copy, original, container, key):
    """The (container, key) in `copy` at the place of (container, key) in `original`."""
    def walk(a, b):
        if b is container:
            return (a, key)
        if isinstance(b, dict):
            for k in b:
                hit = walk(a[k], b[k])
                if hit:
                    return hit
        elif isinstance(b, list):
            for i in range(len(b)):
                hit = walk(a[i], b[i])
                if hit:
                    return hit
        return None
    return walk(copy, original)


def minimize_all(args, findings, log):
    """With --minimize, delta-reduces each distinct defect's input."""
    if args.minimize:
        for sig, e in sorted(findings.table.items()):
            minimize(args, e["folder"], log)


if __name__ == "__main__":
    # Each case runs render and eval.
    fuzzlib.main(__doc__, "scene", lambda: fuzzlib.corpus_entries((".json",)) + GENERATED, make_case,
                 runs_per_case=2, finish=minimize_all, prepare=load_registry)
