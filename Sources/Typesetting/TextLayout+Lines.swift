import Geometry

extension TextLayout {
    /// What a line draws: characters of the text, and the ellipsis truncation put in.
    enum Item {
        case character(Int)
        case ellipsis(style: Int, color: Int)
    }

    /// A line before it is placed: its items, the paragraph it belongs to, and whether a wrap (not
    /// the paragraph's end or truncation) ended it.
    struct Draft {
        var items: [Item]
        var start: Int
        var paragraphEnd: Int
        var metricsStyle: Int
        var wrapped: Bool
    }

    /// Breaks the characters into lines, truncates and aligns them.
    struct Builder {
        let characters: [Character]
        let styles: [Style]
        let parameters: Parameters
        /// Widths are compared with this slack, so a line exactly as wide as the box fits.
        private let slack: CGFloat = 1e-9

        init(characters: [Character], styles: [Style], parameters: Parameters) {
            self.characters = characters
            self.styles = styles
            self.parameters = parameters
        }

        mutating func layOut() -> [Line] {
            guard !characters.isEmpty, !styles.isEmpty else { return [] }
            var drafts: [Draft] = []
            for (range, style) in paragraphs() {
                if parameters.wrapped {
                    drafts += wrap(range, style: style)
                } else {
                    var draft = Draft(
                        items: range.map { .character($0) }, start: range.lowerBound, paragraphEnd: range.upperBound,
                        metricsStyle: style, wrapped: false)
                    if parameters.truncation != .none, width(of: draft.items) > parameters.width + slack {
                        draft.items = truncated(range, forced: false, style: style)
                    }
                    drafts.append(draft)
                }
            }
            if parameters.wrapped, parameters.truncation != .none {
                truncateLastFittingLine(&drafts)
            }
            return place(drafts)
        }

        /// The paragraphs (ranges of characters without their line break) and the style their empty
        /// lines take their height from. A final line break starts no line of its own.
        private func paragraphs() -> [(Range<Int>, Int)] {
            var result: [(Range<Int>, Int)] = []
            var start = 0
            var i = 0
            while i < characters.count {
                let scalar = characters[i].scalar
                if TextLayout.isNewline(scalar) {
                    result.append((start..<i, characters[start < i ? start : i].style))
                    if scalar == "\r", i + 1 < characters.count, characters[i + 1].scalar == "\n" { i += 1 }
                    start = i + 1
                }
                i += 1
            }
            if start < characters.count || result.isEmpty {
                result.append((start..<characters.count, characters[min(start, characters.count - 1)].style))
            }
            return result
        }

        /// Greedy word wrapping: white space hangs at the end of a line; a word wider than the box is
        /// broken between characters.
        private func wrap(_ range: Range<Int>, style: Int) -> [Draft] {
            guard !range.isEmpty else {
                return [
                    Draft(
                        items: [], start: range.lowerBound, paragraphEnd: range.upperBound, metricsStyle: style,
                        wrapped: false)
                ]
            }
            var drafts: [Draft] = []
            var start = range.lowerBound
            while start < range.upperBound {
                var x: CGFloat = 0
                var i = start
                var lastBreak: Int?
                var end = range.upperBound
                while i < range.upperBound {
                    let c = characters[i]
                    if TextLayout.isSpace(c.scalar) {
                        x += c.advance
                        i += 1
                        lastBreak = i
                        continue
                    }
                    if i > start, x + c.advance > parameters.width + slack {
                        end = lastBreak ?? i
                        break
                    }
                    x += c.advance
                    i += 1
                }
                drafts.append(
                    Draft(
                        items: (start..<end).map { .character($0) }, start: start, paragraphEnd: range.upperBound,
                        metricsStyle: characters[start].style, wrapped: end < range.upperBound))
                start = end
            }
            return drafts
        }

        /// Wrapped text taller than the box: the lines after the last one that fits are dropped and
        /// that line ends (or starts, or is cut in the middle) with the ellipsis.
        private func truncateLastFittingLine(_ drafts: inout [Draft]) {
            var bottom: CGFloat = 0
            var fitting = 0
            for draft in drafts {
                let m = metrics(of: draft)
                guard bottom + m.ascent + m.descent <= parameters.height + slack else { break }
                bottom += m.ascent + m.descent + m.leading
                fitting += 1
            }
            let kept = max(1, fitting)
            guard drafts.count > kept else { return }
            var last = drafts[kept - 1]
            last.items = truncated(last.start..<last.paragraphEnd, forced: true, style: last.metricsStyle)
            last.wrapped = false
            drafts = Array(drafts[..<(kept - 1)]) + [last]
        }

        /// The characters of `range` shortened to fit the width with the ellipsis, as the truncation
        /// mode says; `forced` puts the ellipsis in even when they fit (text follows that is not shown).
        private func truncated(_ range: Range<Int>, forced: Bool, style: Int) -> [Item] {
            let lower = range.lowerBound
            let upper = range.upperBound
            func ellipsis(at index: Int) -> Item {
                let source = index < upper && index >= lower ? characters[index] : characters[max(lower, upper - 1)]
                return range.isEmpty
                    ? .ellipsis(style: style, color: 0) : .ellipsis(style: source.style, color: source.color)
            }
            let all = range.map { Item.character($0) }
            let available = parameters.width - advance(of: ellipsis(at: lower))
            if forced, width(of: all) <= available + slack { return all + [ellipsis(at: upper - 1)] }
            var x: CGFloat = 0
            switch parameters.truncation {
            case .start:
                var k = upper
                while k > lower, x + characters[k - 1].advance <= available + slack {
                    x += characters[k - 1].advance
                    k -= 1
                }
                return [ellipsis(at: k - 1)] + (k..<upper).map { .character($0) }
            case .middle:
                var a = lower
                var b = upper
                var progressed = true
                while progressed {
                    progressed = false
                    if a < b, x + characters[a].advance <= available + slack {
                        x += characters[a].advance
                        a += 1
                        progressed = true
                    }
                    if a < b, x + characters[b - 1].advance <= available + slack {
                        x += characters[b - 1].advance
                        b -= 1
                        progressed = true
                    }
                }
                return (lower..<a).map { .character($0) } + [ellipsis(at: a)] + (b..<upper).map { .character($0) }
            case .end, .none:
                var k = lower
                while k < upper, x + characters[k].advance <= available + slack {
                    x += characters[k].advance
                    k += 1
                }
                return (lower..<k).map { .character($0) } + [ellipsis(at: k)]
            }
        }

        /// The lines placed: baselines down from the top, x by the alignment. Lines that start below
        /// the box are not kept (nothing of them would show).
        private func place(_ drafts: [Draft]) -> [Line] {
            var lines: [Line] = []
            var top: CGFloat = 0
            for draft in drafts {
                guard top < parameters.height || lines.isEmpty else { break }
                let m = metrics(of: draft)
                let baseline = top + m.ascent
                top = baseline + m.descent + m.leading
                var trailing = draft.items.endIndex
                while trailing > 0, case .character(let i) = draft.items[trailing - 1],
                    TextLayout.isSpace(characters[i].scalar)
                {
                    trailing -= 1
                }
                let visible = width(of: draft.items[..<trailing])
                let extra = parameters.width - visible
                var x: CGFloat = 0
                var spaceStretch: CGFloat = 0
                switch parameters.alignment {
                case .left: break
                case .right: x = extra
                case .center: x = extra / 2
                case .justified:
                    let spaces = draft.items[..<trailing].filter {
                        if case .character(let i) = $0 { return TextLayout.isSpace(characters[i].scalar) }
                        return false
                    }.count
                    if draft.wrapped, spaces > 0, extra > 0 { spaceStretch = extra / CGFloat(spaces) }
                }
                var pen: CGFloat = 0
                var glyphs: [PlacedGlyph] = []
                glyphs.reserveCapacity(draft.items.count)
                for (index, item) in draft.items.enumerated() {
                    let placed = glyph(for: item, at: pen)
                    glyphs.append(placed)
                    pen += placed.advance
                    if spaceStretch > 0, index < trailing, TextLayout.isSpace(placed.scalar) { pen += spaceStretch }
                }
                lines.append(Line(glyphs: glyphs, x: x, baseline: baseline, width: visible))
            }
            return lines
        }

        private func glyph(for item: Item, at x: CGFloat) -> PlacedGlyph {
            switch item {
            case .character(let i):
                let c = characters[i]
                let drawn = c.scalar == "\t" ? styles[c.style].face.glyphIndex(of: " ") : c.glyph
                return PlacedGlyph(
                    scalar: c.scalar, glyph: drawn, style: c.style, color: c.color, x: x, advance: c.advance)
            case .ellipsis(let style, let color):
                return PlacedGlyph(
                    scalar: TextLayout.ellipsis, glyph: styles[style].face.glyphIndex(of: TextLayout.ellipsis),
                    style: style, color: color, x: x, advance: advance(of: item))
            }
        }

        private func advance(of item: Item) -> CGFloat {
            switch item {
            case .character(let i): return characters[i].advance
            case .ellipsis(let style, _):
                let s = styles[style]
                return s.face.glyph(s.face.glyphIndex(of: TextLayout.ellipsis)).advance * s.scale
            }
        }

        private func width<C: Collection>(of items: C) -> CGFloat where C.Element == Item {
            items.reduce(0) { $0 + advance(of: $1) }
        }

        /// The line's ascent, descent and line gap: the largest of its styles' (its paragraph's style
        /// when it is empty).
        private func metrics(of draft: Draft) -> (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
            var used: [Int] = []
            for item in draft.items {
                switch item {
                case .character(let i): if !used.contains(characters[i].style) { used.append(characters[i].style) }
                case .ellipsis(let style, _): if !used.contains(style) { used.append(style) }
                }
            }
            if used.isEmpty { used = [draft.metricsStyle] }
            return (
                used.map { styles[$0].ascent }.max()!, used.map { styles[$0].descent }.max()!,
                used.map { styles[$0].leading }.max()!
            )
        }
    }
}
