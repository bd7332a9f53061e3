#!/usr/bin/env python3
"""Draws Layerscope's bundled pictures from nothing but arithmetic.

  a.jpg     1280x720  a warm sunset over mountains and a lake (the wipe's image A)
  b.jpg     1280x720  a cool moonlit night over the sea, with an aurora (image B)
  ship.png  128x128   an RGBA rocket, nose up, inside a 6-pixel transparent margin
  spark.png 32x32     an RGBA soft white dot (the emitter scene's particle)

Needs Python 3 (standard library and zlib only) for the drawing and the PNG, and ImageMagick's
`convert` to encode the two JPEGs (quality 85, metadata stripped). The output is the same on every run.

    python3 assets/make_assets.py            # writes into the folder of this script
    python3 assets/make_assets.py OUT_DIR
"""

import math
import os
import random
import struct
import subprocess
import sys
import tempfile
import zlib

WIDTH, HEIGHT = 1280, 720


# --- small helpers -------------------------------------------------------------------------------

def clamp(v, lo=0.0, hi=1.0):
    return lo if v < lo else hi if v > hi else v


def smoothstep(e0, e1, x):
    t = clamp((x - e0) / (e1 - e0))
    return t * t * (3 - 2 * t)


def mix(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def gradient(stops, t):
    """The colour at `t` along `stops`, a list of (position, colour) sorted by position."""
    if t <= stops[0][0]:
        return stops[0][1]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if t <= p1:
            return mix(c0, c1, (t - p0) / (p1 - p0))
    return stops[-1][1]


class Noise1D:
    """Fractal value noise on a line: smooth, deterministic for a seed, values in about [0, 1]."""

    def __init__(self, seed, size=1024):
        rng = random.Random(seed)
        self.values = [rng.random() for _ in range(size)]
        self.size = size

    def value(self, x):
        i = math.floor(x)
        f = x - i
        f = f * f * (3 - 2 * f)
        a = self.values[i % self.size]
        b = self.values[(i + 1) % self.size]
        return a + (b - a) * f

    def fbm(self, x, octaves=5):
        total, amplitude, norm = 0.0, 1.0, 0.0
        for o in range(octaves):
            total += amplitude * self.value(x * (1 << o) + o * 17.31)
            norm += amplitude
            amplitude *= 0.5
        return total / norm


class Noise2D:
    """Fractal value noise on the plane, for clouds."""

    def __init__(self, seed, size=256):
        rng = random.Random(seed)
        self.values = [rng.random() for _ in range(size * size)]
        self.size = size

    def value(self, x, y):
        xi, yi = math.floor(x), math.floor(y)
        fx, fy = x - xi, y - yi
        fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
        s, v = self.size, self.values
        x0, x1, y0, y1 = xi % s, (xi + 1) % s, (yi % s) * s, ((yi + 1) % s) * s
        top = v[y0 + x0] + (v[y0 + x1] - v[y0 + x0]) * fx
        bottom = v[y1 + x0] + (v[y1 + x1] - v[y1 + x0]) * fx
        return top + (bottom - top) * fy

    def fbm(self, x, y, octaves=4):
        total, amplitude, norm = 0.0, 1.0, 0.0
        for o in range(octaves):
            scale = 1 << o
            total += amplitude * self.value(x * scale + o * 5.1, y * scale + o * 9.7)
            norm += amplitude
            amplitude *= 0.5
        return total / norm


class Canvas:
    """A float RGB picture, rows of [r, g, b, r, g, b, ...] in 0...255."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.rows = [[0.0] * (width * 3) for _ in range(height)]

    def get(self, x, y):
        row, i = self.rows[y], x * 3
        return (row[i], row[i + 1], row[i + 2])

    def set(self, x, y, colour):
        row, i = self.rows[y], x * 3
        row[i], row[i + 1], row[i + 2] = colour

    def blend(self, x, y, colour, coverage):
        if coverage <= 0:
            return
        row, i = self.rows[y], x * 3
        for c in range(3):
            row[i + c] += (colour[c] - row[i + c]) * coverage

    def add(self, x, y, colour, amount):
        row, i = self.rows[y], x * 3
        for c in range(3):
            row[i + c] += colour[c] * amount

    def ppm(self):
        out = bytearray(b"P6 %d %d 255\n" % (self.width, self.height))
        for row in self.rows:
            out += bytes(int(clamp(v, 0, 255) + 0.5) if v < 255 else 255 for v in row)
        return bytes(out)


def draw_segment(canvas, p, q, colour, width):
    """An anti-aliased line from p to q, `width` pixels thick."""
    (x0, y0), (x1, y1) = p, q
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    half = width / 2
    for y in range(int(min(y0, y1) - half - 1), int(max(y0, y1) + half + 2)):
        for x in range(int(min(x0, x1) - half - 1), int(max(x0, x1) + half + 2)):
            px, py = x + 0.5, y + 0.5
            t = clamp(((px - x0) * dx + (py - y0) * dy) / length2)
            d = math.hypot(px - (x0 + t * dx), py - (y0 + t * dy))
            if 0 <= x < canvas.width and 0 <= y < canvas.height:
                canvas.blend(x, y, colour, clamp(half + 0.5 - d))


def ridge_line(noise, base, amplitude, scale, sharpness=0.0):
    """Heights of a mountain ridge for every column: smaller y is higher."""
    heights = []
    for x in range(WIDTH):
        n = noise.fbm(x / scale)
        if sharpness:
            n = (1 - sharpness) * n + sharpness * (1 - abs(2 * n - 1))
        heights.append(base - amplitude * n)
    return heights


def fill_below(canvas, heights, colour_at, bottom):
    """Fills each column from its ridge height down to `bottom`, anti-aliasing the ridge."""
    for x in range(canvas.width):
        top = heights[x]
        for y in range(max(0, int(top)), bottom):
            canvas.blend(x, y, colour_at(x, y, top), clamp(y + 1 - top))


def pine_tree(canvas, cx, base, height, colour):
    """A pine silhouette: stacked tiers that widen downwards, anti-aliased at the sides."""
    top = base - height
    for y in range(int(top), int(base) + 1):
        t = (y + 0.5 - top) / height
        if t <= 0:
            continue
        tier = (t * 5) % 1
        half = height * 0.2 * t * (0.6 + 0.4 * tier) + 1.2
        for x in range(int(cx - half - 1), int(cx + half + 2)):
            if 0 <= x < canvas.width and 0 <= y < canvas.height:
                canvas.blend(x, y, colour, clamp(half + 0.5 - abs(x + 0.5 - cx)))


# --- image A: sunset -----------------------------------------------------------------------------

def sunset():
    canvas = Canvas(WIDTH, HEIGHT)
    horizon = 470
    sky_stops = [
        (0.0, (34, 26, 78)),
        (0.32, (104, 48, 118)),
        (0.58, (208, 84, 100)),
        (0.8, (248, 146, 82)),
        (1.0, (255, 206, 132)),
    ]
    sun_x, sun_y, sun_r = 808.0, 318.0, 50.0
    clouds = Noise2D(7)
    for y in range(horizon):
        base = gradient(sky_stops, y / horizon)
        for x in range(WIDTH):
            d = math.hypot(x + 0.5 - sun_x, y + 0.5 - sun_y)
            glow = 0.55 * math.exp(-((d / 330) ** 2)) + 0.45 * math.exp(-((d / 110) ** 2))
            colour = mix(base, (255, 214, 150), clamp(glow))
            # Long thin clouds, lit pink and gold from below, darker on top.
            if 70 < y < 360:
                band = math.exp(-(((y - 250) / 95) ** 2))
                n = clouds.fbm(x / 260, y / 26)
                density = smoothstep(0.44, 0.72, n) * band
                if density > 0:
                    light = smoothstep(60, 360, y)
                    lit = mix((120, 54, 110), (255, 170, 150), light)
                    lit = mix(lit, (255, 226, 180), 0.6 * math.exp(-((d / 260) ** 2)))
                    colour = mix(colour, lit, density * 0.85)
            sun = clamp(sun_r + 0.5 - d)
            colour = mix(colour, (255, 244, 214), sun)
            canvas.set(x, y, colour)

    haze = (236, 138, 112)
    layers = [
        (Noise1D(11), horizon - 92, 120, 260, 0.5, (168, 86, 118), 0.55),
        (Noise1D(12), horizon - 40, 95, 200, 0.6, (112, 52, 98), 0.3),
        (Noise1D(13), horizon - 4, 60, 150, 0.4, (64, 30, 72), 0.12),
    ]
    for noise, base, amplitude, scale, sharpness, colour, haziness in layers:
        heights = ridge_line(noise, base, amplitude, scale, sharpness)

        def colour_at(x, y, top, colour=colour, haziness=haziness):
            fade = haziness * (1 - smoothstep(0, 140, y - top)) + haziness * 0.4
            rim = 0.35 * math.exp(-((x - sun_x) / 260) ** 2) * clamp(1 - (y - top) / 6)
            return mix(mix(colour, haze, clamp(fade)), (255, 200, 150), rim)

        fill_below(canvas, heights, colour_at, horizon)

    # The lake mirrors everything above the horizon, darker and bluer, broken by ripples.
    for y in range(horizon, HEIGHT):
        depth = y - horizon
        for x in range(WIDTH):
            ripple = math.sin(depth * 0.8 + math.sin(x * 0.013 + depth * 0.05) * 2.5) * (1.5 + depth * 0.03)
            sy = int(clamp(horizon - 1 - depth * 0.96 + ripple, 0, horizon - 1))
            colour = canvas.get(x, sy)
            colour = mix(colour, (40, 30, 80), 0.25 + 0.35 * smoothstep(0, 250, depth))
            canvas.set(x, y, colour)
    glitter = Noise2D(21)
    for y in range(horizon, HEIGHT):
        depth = y - horizon
        half_width = 30 + depth * 0.55
        for x in range(int(sun_x - half_width * 2.5), int(sun_x + half_width * 2.5)):
            across = math.exp(-(((x - sun_x) / half_width) ** 2))
            sparkle = smoothstep(0.55, 0.8, glitter.fbm(x / 18, y / 2.2, 3))
            canvas.blend(x, y, (255, 226, 170), across * sparkle * (1 - 0.5 * smoothstep(0, 250, depth)))

    # A dark shore with pines in front.
    shore = Noise1D(31)
    shore_heights = [HEIGHT - 52 - 46 * shore.fbm(x / 240) - 70 * smoothstep(900, 1280, x) for x in range(WIDTH)]
    fill_below(canvas, shore_heights, lambda x, y, top: (26, 14, 34), HEIGHT)
    trees = random.Random(41)
    for cx in [30, 70, 118, 150, 205, 1000, 1050, 1090, 1150, 1190, 1240]:
        cx += trees.uniform(-8, 8)
        base = shore_heights[int(clamp(cx, 0, WIDTH - 1))] + 6
        pine_tree(canvas, cx, base, trees.uniform(90, 190), (24, 12, 32))

    # A few birds crossing the glow.
    for bx, by, span in [(640, 300, 11), (668, 286, 8), (690, 310, 9), (612, 322, 7), (720, 272, 6)]:
        draw_segment(canvas, (bx - span, by - span * 0.35), (bx, by), (48, 22, 52), 1.6)
        draw_segment(canvas, (bx, by), (bx + span, by - span * 0.45), (48, 22, 52), 1.6)
    return canvas


# --- image B: night sea --------------------------------------------------------------------------

def night():
    canvas = Canvas(WIDTH, HEIGHT)
    horizon = 430
    sky_stops = [(0.0, (3, 6, 22)), (0.55, (10, 24, 58)), (1.0, (28, 62, 104))]
    moon_x, moon_y, moon_r = 1002.0, 148.0, 40.0
    curtain = Noise1D(51)
    rays = Noise1D(52)
    for y in range(horizon):
        base = gradient(sky_stops, y / horizon)
        for x in range(WIDTH):
            colour = base
            centre = 190 + 46 * math.sin(x / 230 + 0.4) + 24 * math.sin(x / 97 + 1.3)
            presence = smoothstep(0.25, 0.75, curtain.fbm(x / 420, 3))
            if y > centre:
                strength = math.exp(-(((y - centre) / 16) ** 2))
            else:
                strength = math.exp(-(centre - y) / 85)
            streak = 0.5 + 0.5 * rays.fbm(x / 12 + 0.3 * math.sin(y / 45), 4)
            aurora = presence * strength * streak
            if aurora > 0.002:
                height = clamp((centre - y) / 150)
                tint = mix((60, 236, 160), (150, 70, 210), height)
                colour = (colour[0] + tint[0] * aurora * 0.95,
                          colour[1] + tint[1] * aurora * 0.95,
                          colour[2] + tint[2] * aurora * 0.95)
            d = math.hypot(x + 0.5 - moon_x, y + 0.5 - moon_y)
            halo = 0.28 * math.exp(-d / 110) + 0.25 * math.exp(-((d / 60) ** 2))
            colour = mix(colour, (170, 190, 220), clamp(halo))
            canvas.set(x, y, colour)

    stars = random.Random(61)
    for _ in range(900):
        sx, sy = stars.uniform(0, WIDTH), stars.uniform(0, horizon - 8) ** 1.0
        brightness = stars.random() ** 3 * 0.9 + 0.1
        if math.hypot(sx - moon_x, sy - moon_y) < moon_r * 3:
            continue
        sigma = 0.45 + 0.5 * brightness
        tint = mix((200, 215, 255), (255, 235, 210), stars.random())
        for y in range(int(sy) - 2, int(sy) + 3):
            for x in range(int(sx) - 2, int(sx) + 3):
                if 0 <= x < WIDTH and 0 <= y < horizon:
                    g = math.exp(-((x + 0.5 - sx) ** 2 + (y + 0.5 - sy) ** 2) / (2 * sigma * sigma))
                    canvas.blend(x, y, tint, clamp(g * brightness * (1 - smoothstep(horizon - 90, horizon, y))))

    maria = [(-12, -8, 13, 0.22), (10, 6, 10, 0.18), (4, -16, 7, 0.15), (-6, 14, 8, 0.12), (16, -6, 6, 0.1)]
    for y in range(int(moon_y - moon_r - 2), int(moon_y + moon_r + 3)):
        for x in range(int(moon_x - moon_r - 2), int(moon_x + moon_r + 3)):
            dx, dy = x + 0.5 - moon_x, y + 0.5 - moon_y
            d = math.hypot(dx, dy)
            coverage = clamp(moon_r + 0.5 - d)
            if coverage <= 0:
                continue
            limb = 0.82 + 0.18 * math.sqrt(max(0.0, 1 - (d / moon_r) ** 2))
            shade = 1.0
            for mx, my, mr, depth in maria:
                shade -= depth * math.exp(-((dx - mx) ** 2 + (dy - my) ** 2) / (mr * mr))
            canvas.blend(x, y, (246 * limb * shade, 244 * limb * shade, 230 * limb * shade), coverage)

    # The sea: darker towards the viewer, with waves that grow with nearness and the moon's path.
    waves = Noise2D(71)
    for y in range(horizon, HEIGHT):
        depth = y - horizon
        base = gradient([(0.0, (30, 60, 98)), (0.15, (14, 34, 66)), (1.0, (4, 12, 30))], depth / (HEIGHT - horizon))
        scale = 1 + depth * 0.06
        half_width = 16 + depth * 0.42
        for x in range(WIDTH):
            w = waves.fbm(x / (26 * scale), depth / (1.4 + depth * 0.02), 3)
            crest = smoothstep(0.45, 0.8, w)
            colour = mix(base, (52, 86, 128), crest * 0.5)
            across = math.exp(-(((x - moon_x) / half_width) ** 2))
            colour = mix(colour, (226, 232, 236), across * smoothstep(0.5, 0.78, w) * (1 - 0.55 * depth / (HEIGHT - horizon)))
            colour = mix(colour, (120, 150, 140), 0.05 * across)
            canvas.set(x, y, colour)

    # An island with a lighthouse on the left, its beam sweeping out to sea.
    island = Noise1D(81)
    heights = []
    for x in range(WIDTH):
        hump = math.exp(-(((x - 250) / 150) ** 2))
        heights.append(horizon + 2 - hump * (42 + 26 * island.fbm(x / 60)))
    fill_below(canvas, heights, lambda x, y, top: (6, 10, 20), horizon + 2)
    tower_x, tower_base, tower_height = 296.0, heights[296] + 4, 74.0
    beam_y = tower_base - tower_height - 6
    for y in range(int(beam_y - 60), int(beam_y + 60)):
        for x in range(0, int(tower_x)):
            spread = (tower_x - x) * 0.16 + 2
            along = math.exp(-(tower_x - x) / 520)
            canvas.add(x, y, (255, 232, 170), 0.22 * along * math.exp(-(((y + 0.5 - beam_y) / spread) ** 2)))
    for y in range(int(tower_base - tower_height), int(tower_base) + 1):
        t = (tower_base - y) / tower_height
        half = 8 - 3 * t
        stripe = (28, 20, 30) if int(t * 5) % 2 == 0 else (14, 14, 22)
        for x in range(int(tower_x - half - 1), int(tower_x + half + 2)):
            canvas.blend(x, y, stripe, clamp(half + 0.5 - abs(x + 0.5 - tower_x)))
    for y in range(int(beam_y - 14), int(beam_y + 14)):
        for x in range(int(tower_x - 14), int(tower_x + 14)):
            d = math.hypot(x + 0.5 - tower_x, y + 0.5 - beam_y)
            canvas.blend(x, y, (255, 238, 180), clamp(5.5 - d) + 0.5 * math.exp(-d / 4))
    return canvas


# --- the ship sprite -----------------------------------------------------------------------------

def ship():
    """A 128x128 straight-alpha RGBA rocket, nose up, inside a 6-pixel transparent margin."""
    size, margin = 128, 6
    samples = 4
    cx = 64.0

    def body_half_width(y):
        if y < 10 or y > 98:
            return -1.0
        if y < 56:
            t = (y - 10) / 46
            return 20 * math.sqrt(1 - (1 - t) ** 2)
        return 20 - 3 * ((y - 56) / 42) ** 2

    def shade(colour, x, strength=0.5):
        """Cylinder lighting from the upper left."""
        u = clamp((x - cx) / 21, -1, 1)
        light = 0.75 + 0.35 * (1 - (u + 0.35) ** 2) - 0.15 * max(0.0, u)
        light = 1 + (light - 1) * strength
        return tuple(clamp(c * light, 0, 255) for c in colour)

    def sample(x, y):
        """Straight-alpha colour at a point, or None outside the rocket."""
        # Flame below the nozzle, half transparent at its tip.
        if 100 <= y <= 121:
            t = (y - 100) / 21
            half = 9 * (1 - t) ** 0.8
            if abs(x - cx) < half:
                core = 1 - abs(x - cx) / max(half, 0.01)
                colour = mix((255, 120, 30), (255, 240, 170), core * (1 - t))
                return colour + (255 * clamp(1.2 - t) * (0.55 + 0.45 * core),)
        # Fins, left and right, and a centre fin seen edge-on.
        for side in (-1, 1):
            fx = (x - cx) * side
            if 14 <= fx <= 34 and 66 <= y <= 104:
                top = 66 + (fx - 14) * 1.1
                if y >= top and y <= 104 - (fx - 14) * 0.25:
                    return shade((206, 46, 58), x, 0.3) + (255,)
        if abs(x - cx) <= 2.5 and 84 <= y <= 108:
            return (150, 30, 44, 255)
        half = body_half_width(y)
        if half > 0 and abs(x - cx) <= half:
            # The nozzle skirt, a red nose cone, a white body with a red band.
            if y > 94:
                return shade((90, 92, 104), x) + (255,)
            if y < 30:
                return shade((214, 50, 60), x) + (255,)
            if 76 <= y <= 82:
                return shade((214, 50, 60), x) + (255,)
            d = math.hypot(x - cx, y - 50)
            if d <= 10:
                glass = mix((150, 210, 255), (30, 70, 150), clamp(d / 10))
                highlight = math.exp(-((x - cx + 4) ** 2 + (y - 46) ** 2) / 8)
                return mix(glass, (255, 255, 255), highlight * 0.8) + (255,)
            if d <= 13:
                return shade((150, 156, 170), x) + (255,)
            return shade((236, 238, 244), x) + (255,)
        return None

    pixels = bytearray(size * size * 4)
    for py in range(size):
        for px in range(size):
            r = g = b = a = 0.0
            for sy in range(samples):
                for sx in range(samples):
                    value = sample(px + (sx + 0.5) / samples, py + (sy + 0.5) / samples)
                    if value:
                        alpha = value[3] / 255
                        r += value[0] * alpha
                        g += value[1] * alpha
                        b += value[2] * alpha
                        a += alpha
            n = samples * samples
            i = (py * size + px) * 4
            if a > 0:
                pixels[i:i + 4] = bytes([round(r / a), round(g / a), round(b / a), round(255 * a / n)])
    for py in range(size):
        for px in range(size):
            inside = margin <= px < size - margin and margin <= py < size - margin
            assert inside or pixels[(py * size + px) * 4 + 3] == 0, "the sprite leaks into its margin"
    return size, pixels


def spark():
    """A 32x32 straight-alpha white dot whose alpha falls smoothly from the centre to the edge."""
    size = 32
    pixels = bytearray(size * size * 4)
    for py in range(size):
        for px in range(size):
            r = math.hypot(px + 0.5 - size / 2, py + 0.5 - size / 2) / (size / 2)
            alpha = 1 - smoothstep(0.0, 1.0, r)
            i = (py * size + px) * 4
            pixels[i:i + 4] = bytes((255, 255, 255, round(255 * alpha * alpha)))
    return size, pixels


# --- files ---------------------------------------------------------------------------------------

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def write_rgba_png(path, size, pixels):
    rows = b"".join(b"\x00" + bytes(pixels[y * size * 4:(y + 1) * size * 4]) for y in range(size))
    png = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
           + png_chunk(b"IDAT", zlib.compress(rows, 9)) + png_chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(png)


def write_jpeg(path, canvas):
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "picture.ppm")
        with open(source, "wb") as f:
            f.write(canvas.ppm())
        subprocess.run(["convert", source, "-strip", "-quality", "85", "-sampling-factor", "2x2", path], check=True)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    write_rgba_png(os.path.join(out, "ship.png"), *ship())
    write_rgba_png(os.path.join(out, "spark.png"), *spark())
    write_jpeg(os.path.join(out, "a.jpg"), sunset())
    write_jpeg(os.path.join(out, "b.jpg"), night())


if __name__ == "__main__":
    main()
