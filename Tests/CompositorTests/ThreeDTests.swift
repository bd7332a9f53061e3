import Compositor
import Foundation
import ImageFiles
import LayerKit
import LayerscopeTestSupport
import Raster
import Testing

/// Layers in 3-D: the transform chain with perspective against a reference projection worked out here
/// with plain 4 × 4 maths (row vectors, as Core Animation), the zPosition order of siblings,
/// `isDoubleSided` culling, `CATransformLayer` depth order, and geometry behind the eye.
@Suite struct ThreeDTests {
    let base = CompositorTests()

    // MARK: Reference maths, independent of the Compositor

    /// A 4 × 4 matrix, rows of row vectors.
    typealias Matrix = [[Double]]

    static func product(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]
    }

    /// A turn by `angle` about the y axis (row vectors: x′ = x cos + z sin… as CATransform3DMakeRotation).
    static func turnY(_ angle: Double) -> Matrix {
        [[cos(angle), 0, -sin(angle), 0], [0, 1, 0, 0], [sin(angle), 0, cos(angle), 0], [0, 0, 0, 1]]
    }

    static func perspective(_ d: Double) -> Matrix {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -1 / d], [0, 0, 0, 1]]
    }

    /// The homogeneous image [x y z w] of the plane point (x, y).
    static func apply(_ m: Matrix, _ x: Double, _ y: Double) -> [Double] {
        (0..<4).map { x * m[0][$0] + y * m[1][$0] + m[3][$0] }
    }

    /// The rectangle's corners through `m`, clipped to w ≥ 1e-6 (Sutherland–Hodgman on w), divided by w.
    static func projectedPolygon(_ rect: CGRect, _ m: Matrix) -> [(Double, Double)] {
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
        let h = corners.map { apply(m, Double($0.0), Double($0.1)) }
        let near = 1e-6
        var out: [(Double, Double)] = []
        for i in 0..<4 {
            let a = h[(i + 3) % 4]
            let b = h[i]
            if (a[3] >= near) != (b[3] >= near) {
                let t = (near - a[3]) / (b[3] - a[3])
                out.append(((a[0] + (b[0] - a[0]) * t) / near, (a[1] + (b[1] - a[1]) * t) / near))
            }
            if b[3] >= near { out.append((b[0] / b[3], b[1] / b[3])) }
        }
        return out
    }

    /// The exact area of convex polygon `p` inside the pixel square at (px, py): the polygon clipped by
    /// the square's four half-planes, then the shoelace formula.
    static func coverage(_ p: [(Double, Double)], px: Int, py: Int) -> Double {
        var poly = p
        let edges: [(Double, Double, Double)] = [  // a·x + b·y ≤ c
            (-1, 0, -Double(px)), (1, 0, Double(px + 1)), (0, -1, -Double(py)), (0, 1, Double(py + 1)),
        ]
        for (a, b, c) in edges {
            guard !poly.isEmpty else { break }
            var next: [(Double, Double)] = []
            for i in poly.indices {
                let s = poly[(i + poly.count - 1) % poly.count]
                let e = poly[i]
                let ds = a * s.0 + b * s.1 - c
                let de = a * e.0 + b * e.1 - c
                if (ds <= 0) != (de <= 0) {
                    let t = ds / (ds - de)
                    next.append((s.0 + (e.0 - s.0) * t, s.1 + (e.1 - s.1) * t))
                }
                if de <= 0 { next.append(e) }
            }
            poly = next
        }
        guard poly.count >= 3 else { return 0 }
        var area = 0.0
        for i in poly.indices {
            let a = poly[i]
            let b = poly[(i + 1) % poly.count]
            area += a.0 * b.1 - b.0 * a.1
        }
        return abs(area) / 2
    }

    // MARK: Scenes

    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    static func transform(_ m: Matrix) -> CATransform3D {
        CATransform3D(rowMajor: m.flatMap { $0.map { CGFloat($0) } })
    }

    /// A 200 × 200 root with `sublayerTransform` m34 = −1/`d` and a 100 × 100 red card centred on it,
    /// turned by `angle` about y; with the reference matrix of the card's plane to the screen.
    func perspectiveCard(angle: Double, d: Double, width: Double = 100) -> (CALayer, Matrix) {
        let root = base.layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        root.sublayerTransform = Self.transform(Self.perspective(d))
        let card = base.layer(CGRect(x: 100 - width / 2, y: 50, width: width, height: 100), color: Self.red)
        card.transform = Self.transform(Self.turnY(angle))
        root.addSublayer(card)
        // Card: to its anchor, turn, to its position; root: perspective about its centre (100, 100).
        let cardToRoot = Self.product(
            Self.product(Self.translation(-width / 2, -50, 0), Self.turnY(angle)), Self.translation(100, 100, 0))
        let sublayer = Self.product(
            Self.product(Self.translation(-100, -100, 0), Self.perspective(d)), Self.translation(100, 100, 0))
        return (root, Self.product(cardToRoot, sublayer))
    }

    /// Every pixel's alpha against the exact area of the reference projected polygon, within 2/255
    /// (the rasterizer's exact-area coverage, rounded to 8 bits).
    func expectCoverage(of frame: Bitmap, matches polygon: [(Double, Double)], _ comment: String) {
        var worst = 0.0
        var covered = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let expected = 255 * min(1, Self.coverage(polygon, px: x, py: y))
                let alpha = Double(frame[x, y] >> 24)
                worst = max(worst, abs(alpha - expected))
                if alpha > 0 { covered += 1 }
            }
        }
        #expect(worst <= 2, "\(comment): worst alpha difference \(worst)")
        #expect(covered > 100, "\(comment): something is drawn")
    }

    /// A card turned 0.6 rad under the root's perspective (m34 = −1/300) fills exactly the projected
    /// quadrilateral: its near edge is taller than its far edge, unlike any affine map.
    @Test func perspectiveBackgroundIsTheReferenceProjection() {
        let (root, m) = perspectiveCard(angle: 0.6, d: 300)
        let frame = base.render(root, width: 200, height: 200)
        let polygon = Self.projectedPolygon(CGRect(x: 0, y: 0, width: 100, height: 100), m)
        expectCoverage(of: frame, matches: polygon, "turned card")
        // The turned card's left edge comes nearer (taller), its right edge goes away (shorter).
        let left = polygon[3].1 - polygon[0].1
        let right = polygon[2].1 - polygon[1].1
        #expect(left > 105 && right < 95, "\(left) \(right)")
    }

    /// `masksToBounds` under perspective clips a sublayer far larger than the card to the card's
    /// projected quadrilateral, exactly as the reference projects it.
    @Test func masksToBoundsClipsToTheProjectedBounds() {
        let (root, m) = perspectiveCard(angle: -0.7, d: 250)
        let card = root.sublayers![0]
        card.backgroundColor = nil
        card.masksToBounds = true
        card.addSublayer(base.layer(CGRect(x: -80, y: -80, width: 260, height: 260), color: Self.red))
        let frame = base.render(root, width: 200, height: 200)
        expectCoverage(
            of: frame, matches: Self.projectedPolygon(CGRect(x: 0, y: 0, width: 100, height: 100), m), "clipped")
    }

    /// Part of a wide card turned toward the eye is behind it (w ≤ 0): what is in front is drawn, clipped
    /// at the eye plane as the reference clips it, with no crash and nothing else.
    @Test func geometryBehindTheEyeIsClipped() {
        let (root, m) = perspectiveCard(angle: 1.2, d: 150, width: 600)
        let corners = [(0.0, 0.0), (600, 0), (600, 100), (0, 100)].map { Self.apply(m, $0.0, $0.1)[3] }
        #expect(corners.contains { $0 < 0 } && corners.contains { $0 > 0 }, "the card crosses the eye plane")
        let frame = base.render(root, width: 200, height: 200)
        expectCoverage(
            of: frame, matches: Self.projectedPolygon(CGRect(x: 0, y: 0, width: 600, height: 100), m), "behind the eye")
    }

    /// A layer wholly behind the eye (zPosition beyond the perspective distance) draws nothing.
    @Test func aLayerBehindTheEyeDrawsNothing() {
        let root = base.layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.sublayerTransform = Self.transform(Self.perspective(100))
        let layer = base.layer(CGRect(x: 25, y: 25, width: 50, height: 50), color: Self.red)
        layer.zPosition = 150
        root.addSublayer(layer)
        let frame = base.render(root, width: 100, height: 100)
        #expect((0..<100).allSatisfy { y in (0..<100).allSatisfy { frame[$0, y] == 0 } })
    }

    /// core-animation-breadth.md §6's vector: under m34 = −1/500 a child at zPosition 100 is scaled
    /// 1.25 about its parent's anchor: a 40-wide child centred 100 right of the centre spans 300 ..< 350.
    /// Built like `aLayerBehindTheEyeDrawsNothing` on purpose: each test states its own perspective and depth.
    @Test func sublayerTransformScalesANearerChildAboutTheParentsAnchor() {
        let root = base.layer(CGRect(x: 0, y: 0, width: 400, height: 400))
        root.sublayerTransform = Self.transform(Self.perspective(500))
        let child = base.layer(CGRect(x: 280, y: 180, width: 40, height: 40), color: Self.red)
        child.zPosition = 100
        root.addSublayer(child)
        let frame = base.render(root, width: 400, height: 400)
        #expect(frame[300, 200] == 0xFFFF_0000 && frame[349, 200] == 0xFFFF_0000)
        #expect(frame[299, 200] == 0 && frame[350, 200] == 0)
        #expect(frame[325, 175] == 0xFFFF_0000 && frame[325, 224] == 0xFFFF_0000)
        #expect(frame[325, 174] == 0 && frame[325, 225] == 0)
    }

    /// A picture of four flat quadrants, turned under perspective: every pixel whose centre the
    /// reference inverse map puts at least 1.5 texels inside a quadrant shows that quadrant's colour
    /// exactly (bilinear samples there read one colour only); an affine approximation would put the
    /// quadrant boundary several pixels off.
    @Test func perspectiveContentsFollowTheReferenceInverse() {
        let picture = Bitmap(width: 64, height: 64)
        let colours: [Pixel] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF]
        for y in 0..<64 {
            for x in 0..<64 { picture[x, y] = colours[(y / 32) * 2 + x / 32] }
        }
        let (root, m) = perspectiveCard(angle: 0.9, d: 250)
        let card = root.sublayers![0]
        card.backgroundColor = nil
        card.contents = picture
        let frame = base.render(root, width: 200, height: 200)
        // The 3 × 3 map of the plane (rows and columns x, y, w), inverted by cofactors.
        let h = [[m[0][0], m[0][1], m[0][3]], [m[1][0], m[1][1], m[1][3]], [m[3][0], m[3][1], m[3][3]]]
        func minor(_ r: Int, _ c: Int) -> Double {
            let rows = (0..<3).filter { $0 != r }
            let cols = (0..<3).filter { $0 != c }
            return h[rows[0]][cols[0]] * h[rows[1]][cols[1]] - h[rows[0]][cols[1]] * h[rows[1]][cols[0]]
        }
        var checked = 0
        var boundaryColumns: Set<Int> = []
        for y in 0..<200 {
            for x in 0..<200 {
                // Solve [u v 1]·h ∝ [X Y 1] with the adjugate: [u v 1] ∝ [X Y 1]·adj(h).
                let (sx, sy) = (Double(x) + 0.5, Double(y) + 0.5)
                let adj = (0..<3).map { i in (0..<3).map { j in ((i + j) % 2 == 0 ? 1.0 : -1.0) * minor(j, i) } }
                let q = (0..<3).map { j in sx * adj[0][j] + sy * adj[1][j] + adj[2][j] }
                // The plane is 100 × 100 for 64 texels: texel coordinates.
                let u = q[0] / q[2] * 0.64
                let v = q[1] / q[2] * 0.64
                let margin = 1.5
                let inside = u > margin && u < 64 - margin && v > margin && v < 64 - margin
                guard inside, abs(u - 32) > margin, abs(v - 32) > margin else {
                    if abs(v - 16) < 0.5, abs(u - 32) < 0.5 { boundaryColumns.insert(x) }
                    continue
                }
                let expected = colours[(v < 32 ? 0 : 2) + (u < 32 ? 0 : 1)]
                #expect(frame[x, y] == expected, "(\(x), \(y)) at texel (\(u), \(v))")
                checked += 1
            }
        }
        #expect(checked > 3000)
        // Under perspective the middle of the picture is not the middle of its projection.
        let polygon = Self.projectedPolygon(CGRect(x: 0, y: 0, width: 100, height: 100), m)
        let midpoint = (polygon[0].0 + polygon[1].0) / 2
        #expect(boundaryColumns.allSatisfy { abs(Double($0) - midpoint) > 3 }, "\(boundaryColumns) \(midpoint)")
    }

    /// The outside oracle: Skia drawing the same picture through the same perspective
    /// (`Goldens/make_perspective_golden.py`, skia-python's bilinear sampling with anti-aliased edges).
    /// Inside the picture every channel is within 3/255 of Skia's (8-bit sample weights against Skia's
    /// own); along its edges, where both cut the clamped picture by their anti-aliased coverage, within
    /// 24/255 (measured: at most 3 and 19).
    @Test func perspectiveCardMatchesSkia() throws {
        let picture = Bitmap(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                let blue: Pixel = (x / 8 + y / 8) % 2 == 1 ? 255 : 0
                picture[x, y] = 0xFF00_0000 | Pixel(x * 4) << 16 | Pixel(y * 5) << 8 | blue
            }
        }
        let root = base.layer(
            CGRect(x: 0, y: 0, width: 160, height: 120), color: CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        let card = base.layer(CGRect(x: 30, y: 20, width: 100, height: 80))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 200
        card.transform = CATransform3DRotate(perspective, 0.7, 0, 1, 0)
        card.contents = picture
        root.addSublayer(card)
        let frame = base.render(root, width: 160, height: 120)
        let skia = try ImageFile.read(
            FrameComparison.goldens(besides: #filePath).appendingPathComponent("perspective-skia.png"))
        var worstInside = 0
        var worstEdge = 0
        for y in 1..<119 {
            for x in 1..<159 {
                let difference = FrameComparison.channelDifference(frame[x, y], skia[x, y])
                // Inside: the pixel and its neighbours are all off Skia's white background.
                let inside = (-1...1).allSatisfy { dy in
                    (-1...1).allSatisfy { dx in skia[x + dx, y + dy] & 0xFF_FFFF != 0xFF_FFFF }
                }
                if inside { worstInside = max(worstInside, difference) } else { worstEdge = max(worstEdge, difference) }
            }
        }
        #expect(worstInside <= 3 && worstEdge <= 24, "inside \(worstInside), edges \(worstEdge)")
    }

    /// Random 3-D trees (perspectives near and far, turns about every axis, z offsets that put layers
    /// behind the eye, transform layers, replicators with 3-D instance transforms, rounded clipped
    /// pictures, strokes, single-sided layers): every
    /// frame is drawn without a crash, every pixel is a valid premultiplied colour (no channel above
    /// alpha), and drawing the damage only gives the whole frame.
    @Test func randomThreeDTreesDrawValidFrames() {
        var random = SeededGenerator(seed: 13)
        let picture = Bitmap(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { picture[x, y] = (x ^ y) & 1 == 0 ? 0xFFFF_FFFF : 0x8000_0080 } }
        func number(_ range: Double) -> CGFloat { CGFloat((random.unit() * 2 - 1) * range) }
        func transform() -> CATransform3D {
            var t = CATransform3DMakeRotation(number(4), number(1), number(1), number(1))
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(number(40), number(40), number(300)))
            if random.below(2) == 0 { t.m34 = number(0.02) }
            return t
        }
        func tree(depth: Int) -> CALayer {
            let layer: CALayer
            switch random.below(5) {
            case 0: layer = CATransformLayer()
            case 4:
                let replicator = CAReplicatorLayer()
                replicator.instanceCount = 3
                replicator.instanceTransform = transform()
                layer = replicator
            case 1:
                let shape = CAShapeLayer()
                shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
                shape.strokeColor = Self.blue
                shape.lineWidth = 3
                layer = shape
            default: layer = CALayer()
            }
            layer.frame = CGRect(
                x: number(40) + 40, y: number(40) + 40, width: number(30) + 40, height: number(30) + 40)
            layer.transform = transform()
            if random.below(2) == 0 { layer.sublayerTransform = transform() }
            layer.zPosition = number(200)
            layer.anchorPointZ = number(50)
            layer.backgroundColor = random.below(3) == 0 ? nil : Self.red
            layer.cornerRadius = number(10) + 10
            layer.masksToBounds = random.below(3) == 0
            layer.borderWidth = random.below(2) == 0 ? 2 : 0
            layer.isDoubleSided = random.below(2) == 0
            layer.opacity = random.below(3) == 0 ? 0.5 : 1
            if random.below(3) == 0 { layer.contents = picture }
            if depth > 0 { for _ in 0..<random.below(4) { layer.addSublayer(tree(depth: depth - 1)) } }
            return layer
        }
        let compositor = Compositor()
        let target = Bitmap(width: 80, height: 80)
        var drawn = 0
        for _ in 0..<40 {
            let root = base.layer(CGRect(x: 0, y: 0, width: 80, height: 80))
            root.sublayerTransform =
                random.below(2) == 0
                ? Self.transform(Self.perspective(Double(number(200)) + 250)) : CATransform3DIdentity
            for _ in 0..<3 { root.addSublayer(tree(depth: 2)) }
            let frame = base.render(root, width: 80, height: 80)
            compositor.render(root, into: target, damageOnly: true)
            FrameComparison.expectSame(target, frame, "damage only")
            if (0..<80).contains(where: { y in (0..<80).contains { frame[$0, y] != 0 } }) { drawn += 1 }
            for y in 0..<80 {
                for x in 0..<80 {
                    let p = frame[x, y]
                    let a = p >> 24
                    #expect((p >> 16) & 0xFF <= a && (p >> 8) & 0xFF <= a && p & 0xFF <= a, "(\(x), \(y)) \(p)")
                }
            }
        }
        #expect(drawn >= 30, "\(drawn) of 40 frames show something")
    }

    /// Non-finite 3-D transforms (m14 NaN or ±∞) draw nothing of the layer; an extreme finite one
    /// (m14 = 1e300) draws what of it is in front of the eye; none crashes or disturbs the sibling.
    @Test func nonFiniteThreeDTransformsDrawNothing() {
        for bad in [CGFloat.nan, .infinity, -.infinity, 1e300] {
            let root = base.layer(CGRect(x: 0, y: 0, width: 40, height: 40))
            root.sublayerTransform = Self.transform(Self.perspective(300))
            let layer = base.layer(CGRect(x: 0, y: 0, width: 20, height: 40), color: Self.red)
            layer.contents = Bitmap(width: 4, height: 4)
            layer.borderWidth = 2
            var t = Self.transform(Self.turnY(0.5))
            t.m14 = bad
            layer.transform = t
            root.addSublayer(layer)
            root.addSublayer(base.layer(CGRect(x: 20, y: 0, width: 20, height: 40), color: Self.blue))
            let frame = base.render(root, width: 40, height: 40)
            #expect(frame[30, 20] == 0xFF00_00FF, "the sibling, with m14 = \(bad)")
            // 1e300 is finite: the plane's sliver in front of the eye may show; the others show nothing.
            let nothing = (0..<40).allSatisfy { y in (0..<20).allSatisfy { frame[$0, y] == 0 } }
            #expect(bad == 1e300 || nothing, "m14 = \(bad)")
        }
    }

    // MARK: Order, culling, transform layers

    /// Siblings A (z 0), B (z 0), C (z −1), in that order, overlapping: drawn C, A, B
    /// (core-animation-breadth.md §6), so B is on top and C beneath both.
    @Test func siblingsAreDrawnInAStableZPositionOrder() {
        func frame(_ z: (a: CGFloat, c: CGFloat)) -> Bitmap {
            let root = base.layer(CGRect(x: 0, y: 0, width: 30, height: 10))
            let a = base.layer(CGRect(x: 0, y: 0, width: 20, height: 10), color: Self.red)
            let b = base.layer(CGRect(x: 10, y: 0, width: 20, height: 10), color: Self.green)
            let c = base.layer(CGRect(x: 0, y: 0, width: 30, height: 10), color: Self.blue)
            a.zPosition = z.a
            c.zPosition = z.c
            for layer in [a, b, c] { root.addSublayer(layer) }
            return base.render(root, width: 30, height: 10)
        }
        let drawn = frame((0, -1))
        #expect(drawn[5, 5] == 0xFFFF_0000 && drawn[15, 5] == 0xFF00_FF00 && drawn[25, 5] == 0xFF00_FF00)
        #expect(frame((1, -1))[15, 5] == 0xFFFF_0000, "A above B")
        let top = frame((0, 2))
        #expect(top[5, 5] == 0xFF00_00FF && top[25, 5] == 0xFF00_00FF, "C above all")
    }

    /// A layer that is not double-sided vanishes, with its sublayers, once its plane faces away
    /// (turned past π/2 about y); a double-sided one shows its mirror image; neither is culled while
    /// facing the viewer.
    @Test func singleSidedLayersFacingAwayAreNotDrawn() {
        func frame(angle: Double, doubleSided: Bool) -> Bitmap {
            let (root, _) = perspectiveCard(angle: angle, d: 500)
            let card = root.sublayers![0]
            card.isDoubleSided = doubleSided
            card.addSublayer(base.layer(CGRect(x: 0, y: 0, width: 20, height: 20), color: Self.blue))
            return base.render(root, width: 200, height: 200)
        }
        #expect(frame(angle: 0.4, doubleSided: false)[100, 100] == 0xFFFF_0000)
        let away = frame(angle: 2.6, doubleSided: false)
        #expect((0..<200).allSatisfy { y in (0..<200).allSatisfy { away[$0, y] == 0 } })
        let mirrored = frame(angle: .pi, doubleSided: true)
        #expect(
            mirrored[100, 100] == 0xFFFF_0000 && mirrored[140, 60] == 0xFF00_00FF && mirrored[60, 60] == 0xFFFF_0000)
    }

    /// Two sublayers of a `CATransformLayer`, the first 20 nearer (transform translation z), drawn
    /// nearest last whatever their order; in an ordinary layer they are flattened and drawn in order.
    /// Turning the transform layer by π about y swaps which is nearer. It draws no background itself.
    @Test func transformLayersSortTheirSublayersByDepth() {
        func frame(container: CALayer, turn: Double = 0) -> Bitmap {
            let root = base.layer(CGRect(x: 0, y: 0, width: 40, height: 40))
            root.sublayerTransform = Self.transform(Self.perspective(500))
            container.frame = root.bounds
            container.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
            container.transform = Self.transform(Self.turnY(turn))
            let near = base.layer(CGRect(x: 10, y: 10, width: 20, height: 20), color: Self.red)
            near.transform = CATransform3DMakeTranslation(0, 0, 20)
            let far = base.layer(CGRect(x: 10, y: 10, width: 20, height: 20), color: Self.blue)
            far.transform = CATransform3DMakeTranslation(0, 0, -20)
            container.addSublayer(near)
            container.addSublayer(far)
            root.addSublayer(container)
            return base.render(root, width: 40, height: 40)
        }
        let sorted = frame(container: CATransformLayer())
        #expect(sorted[20, 20] == 0xFFFF_0000, "the nearer (red) on top")
        #expect(sorted[1, 1] == 0, "no background of its own")
        #expect(frame(container: CALayer())[20, 20] == 0xFF00_00FF, "flattened: drawn in order")
        #expect(frame(container: CATransformLayer(), turn: .pi)[20, 20] == 0xFF00_00FF, "turned: blue nearer")
    }

    /// A transform layer's opacity applies to each sublayer on its own: two overlapping opaque sublayers
    /// at 50 % show the top one blended over the bottom one, not a group of both at 50 %.
    @Test func transformLayerOpacityAppliesToEachSublayer() {
        let root = base.layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        let container = CATransformLayer()
        container.frame = root.bounds
        container.opacity = 0.5
        container.addSublayer(base.layer(CGRect(x: 0, y: 0, width: 20, height: 20), color: Self.red))
        container.addSublayer(base.layer(CGRect(x: 0, y: 0, width: 20, height: 20), color: Self.blue))
        root.addSublayer(container)
        let frame = base.render(root, width: 20, height: 20)
        // Blue at 128/255 over red at 128/255: alpha 128 + 128·127/255 = 192, red 64, blue 128.
        let p = frame[10, 10]
        #expect(abs(Int(p >> 24) - 192) <= 1 && abs(Int((p >> 16) & 0xFF) - 64) <= 1 && abs(Int(p & 0xFF) - 128) <= 1)
    }

    /// Damage under projection: frames of a turning card drawn into one bitmap with `damageOnly` are
    /// exactly the frames drawn whole, and the damage is the projected quadrilaterals' bounds.
    @Test func damageOfProjectedLayersIsExact() {
        freshEngine(at: 0)
        let picture = Bitmap(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { picture[x, y] = (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0080 } }
        let (root, _) = perspectiveCard(angle: 0.2, d: 400)
        let card = root.sublayers![0]
        card.contents = picture
        card.borderWidth = 3
        card.cornerRadius = 12
        let compositor = Compositor()
        let target = Bitmap(width: 400, height: 400)
        CAEngine.step(root)
        compositor.render(root, into: target, damageOnly: true)
        var previous = base.render(root, width: 400, height: 400)
        for (angle, changes) in [(0.35, true), (0.5, true), (0.5, false), (1.1, true)] {
            CATransaction.setDisableActions(true)
            card.transform = Self.transform(Self.turnY(angle))
            CATransaction.setDisableActions(false)
            CAEngine.step(root)
            let damage = compositor.render(root, into: target, damageOnly: true)
            let whole = base.render(root, width: 400, height: 400)
            FrameComparison.expectSame(target, whole, "damage-only frame at \(angle) rad")
            #expect(FrameComparison.differ(whole, previous) == changes, "the frame at \(angle) rad changes")
            #expect(damage.isEmpty == !changes, "damage \(damage) at \(angle) rad")
            if let rect = damage.first {
                // Within the card's projected quadrilateral, widened by a pixel: the damage of the turn.
                #expect(rect.minX >= 40 && rect.maxX <= 160 && rect.minY >= 30 && rect.maxY <= 170, "\(rect)")
            }
            previous = whole
        }
    }

    /// A 3-D chain whose map is affine (a sublayerTransform that only scales) draws the pixels of the
    /// same affine transform set on the layer.
    @Test func anAffineChainDrawsAsTheAffineTransform() {
        let viaSublayer = base.layer(CGRect(x: 0, y: 0, width: 60, height: 60))
        viaSublayer.sublayerTransform = CATransform3DMakeScale(0.5, 0.5, 1)
        viaSublayer.addSublayer(base.layer(CGRect(x: 10, y: 10, width: 40, height: 20), color: Self.red))
        let direct = base.layer(CGRect(x: 0, y: 0, width: 60, height: 60))
        let child = base.layer(CGRect(x: 10, y: 10, width: 40, height: 20), color: Self.red)
        child.setAffineTransform(CGAffineTransform(scaleX: 0.5, y: 0.5))
        child.position = CGPoint(x: 30 + (30 - 30) * 0.5, y: 30 + (20 - 30) * 0.5)
        direct.addSublayer(child)
        FrameComparison.expectSame(
            base.render(viaSublayer, width: 60, height: 60), base.render(direct, width: 60, height: 60),
            "scaled by the sublayer transform")
    }
}
