#!/usr/bin/env python3
"""Skia drawing the frame of assets/scenes/card.json (at 0 s) at 1920×1080, beside `layerscope bench`.

usage: python3 skia_card.py [--size WxH] [--frames N]

Each frame: the grey background; the card's shadow, a rounded rect (radius 24) blurred by a normal blur mask
filter of σ 16 (Skia's CPU shadow blur) at opacity 0.3, 10 px down; the white card clipped to its rounded rect
with the blue banner in it; the 2 px border; the avatar (a circle with a 4 px white border), the title, the two
lines and the tag. Circular corners (Skia has no continuous corner). Every frame is drawn whole, as `layerscope
bench` draws whole frames. One thread. Prints `skia-card WxH frames=N median_ms=X p95_ms=Y max_ms=Z`.
"""
import skia

from bench_timing import measure, options


def main():
    width, height, frames = options("skia_card.py")
    surface = skia.Surface(width, height)
    canvas = surface.getCanvas()
    card = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(440, 200, 400, 320), 24, 24)
    shadow = skia.Paint(
        AntiAlias=True, Color=skia.ColorSetARGB(77, 0, 0, 0),
        MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, 16))

    def fill(color, rrect):
        canvas.drawRRect(rrect, skia.Paint(AntiAlias=True, Color=color))

    def rounded(x, y, w, h, r):
        return skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), r, r)

    def render(_):
        canvas.clear(0xFFE5E5EA)
        canvas.save()
        canvas.translate(0, 10)
        canvas.drawRRect(card, shadow)
        canvas.restore()
        fill(0xFFFFFFFF, card)
        canvas.save()
        canvas.clipRRect(card, doAntiAlias=True)
        canvas.drawRect(skia.Rect.MakeXYWH(440, 200, 400, 120), skia.Paint(Color=0xFF0A84FF))
        fill(0xFFFFFFFF, rounded(472, 280, 80, 80, 40))
        fill(0xFFFF9F0A, rounded(476, 284, 72, 72, 36))
        fill(0xFF3A3A3C, rounded(472, 390, 240, 24, 6))
        fill(0xFFAEAEB2, rounded(472, 432, 336, 14, 7))
        fill(0xFFAEAEB2, rounded(472, 460, 280, 14, 7))
        fill(0xFF30D158, rounded(728, 340, 80, 28, 14))
        canvas.restore()
        canvas.drawRRect(
            rounded(441, 201, 398, 318, 23),
            skia.Paint(AntiAlias=True, Color=0xFFC7C7CC, Style=skia.Paint.kStroke_Style, StrokeWidth=2))
        surface.flushAndSubmit()

    measure("skia-card", width, height, frames, render)


if __name__ == "__main__":
    main()
