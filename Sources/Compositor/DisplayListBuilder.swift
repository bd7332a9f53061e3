import LayerKit
import Raster

/// Turns a presentation tree into a frame's `DrawItem`s, rasterizing shape coverage on the way (queued,
/// then rasterized at once on several cores).
/// Coverage of shapes that did not change since the previous frame is reused, not rasterized again.
final class DisplayListBuilder {
    let masks = MaskPool()
    private let images = PreparedImages()
    let rasterizer = Rasterizer()
    let stroker = Stroker()
    /// A polygon in a layer's plane (a stroke's outline, a picture's rectangle) before it is projected
    /// (reused).
    var planePolygon = Polygon()
    /// The working storage of projecting paths (reused).
    var projectionScratch = ProjectionScratch()
    /// The depth-sorted units of the `CATransformLayer` spaces being built, innermost on top (reused).
    var depthUnits: [(depth: CGFloat, range: Range<Int>)] = []
    /// The items of a transform layer's space while they are put in depth order (reused, emptied after).
    var reorderScratch: [DrawItem] = []
    var polygon = Polygon()
    var previousCoverage: [CoverageKey: Coverage] = [:]
    var currentCoverage: [CoverageKey: Coverage] = [:]
    /// Each shape layer's fill and stroke coverage, of the previous frame and of this one: a shape that
    /// changed is rasterized with its previous mask at hand, whose bands with unchanged edges are copied.
    private var previousByOwner: [CoverageOwner: Coverage] = [:]
    private var currentByOwner: [CoverageOwner: Coverage] = [:]
    /// The coverage of two frames back, which no display list holds once the previous frame's replaced
    /// it: a changed shape refills its object instead of allocating one every frame.
    private var spareByOwner: [CoverageOwner: Coverage] = [:]
    private var visibleTexelCache: [ObjectIdentifier: (image: Bitmap, texels: PixelRect)] = [:]
    private(set) var width = 0
    private(set) var height = 0
    /// Draws items into a bitmap; used (through `paintMask`) to turn a complex mask subtree into coverage.
    private let paint: ([DrawItem], Bitmap) -> Void
    /// The shapes of this frame waiting to be rasterized (on several cores when there are many).
    let fills: FillQueue
    let scratch: BitmapPool
    let shadows = ShadowScratch()
    let gradients = GradientTables()
    let renderings = ContentsRenderings()
    let texts = TextLayouts()

    init(scratch: BitmapPool, cores: Int, paint: @escaping ([DrawItem], Bitmap) -> Void) {
        self.scratch = scratch
        self.paint = paint
        fills = FillQueue(cores: cores, own: rasterizer)
    }

    /// Draws items into a scratch bitmap while the list is built (a mask's or a shadow caster's
    /// alpha), after rasterizing the shapes queued so far, which those items may use.
    func paintMask(_ items: [DrawItem], _ bitmap: Bitmap) {
        fills.rasterize()
        paint(items, bitmap)
    }

    /// The items that draw `root` (a presentation layer) into a `width × height` frame.
    func build(_ root: CALayer, width: Int, height: Int) -> [DrawItem] {
        if width * height < self.width * self.height { masks.trim(toCapacity: max(1, width * height)) }
        self.width = width
        self.height = height
        currentCoverage.removeAll(keepingCapacity: true)
        swap(&spareByOwner, &currentByOwner)
        var items: [DrawItem] = []
        appendLayer(root, in: .device, into: &items)
        fills.rasterize()
        spareByOwner.removeAll(keepingCapacity: true)
        swap(&previousCoverage, &currentCoverage)
        swap(&previousByOwner, &currentByOwner)
        gradients.endFrame()
        texts.endFrame()
        return items
    }

    var frame: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Appends the items of `layer` and its sublayers to `items`. They are appended in place, so a
    /// layer without a mask, clip or group opacity (or with one item that takes its opacity) allocates
    /// nothing; only a layer that needs a group moves its items into one.
    func appendLayer(_ layer: CALayer, in space: SublayerSpace, into items: inout [DrawItem]) {
        if let transition = layer.activeTransition {
            appendTransition(transition, of: layer, in: space, into: &items)
            return
        }
        appendLayerItself(layer, in: space, into: &items)
    }

    /// A layer during a transition: its old picture and its live self, each moved (and the new one
    /// faded in) as the transition's progress says.
    private func appendTransition(
        _ transition: TransitionFrame, of layer: CALayer, in space: SublayerSpace, into items: inout [DrawItem]
    ) {
        let offsets = transition.offsets(width: layer.bounds.width, height: layer.bounds.height)
        var old: [DrawItem] = []
        appendLayerItself(transition.old, in: space.translated(by: offsets.old), into: &old)
        var new: [DrawItem] = []
        appendLayerItself(layer, in: space.translated(by: offsets.new), into: &new)
        if transition.type == .fade {
            let alpha = Self.byte(Float(transition.progress))
            if alpha < 255, !new.isEmpty { new = alpha == 0 ? [] : [.group(new, opacity: alpha, coverage: nil)] }
        }
        items += offsets.oldOnTop ? new + old : old + new
    }

    /// A layer's own items (background, contents, sublayers, clip, border, shadow, mask, opacity) in its
    /// plane; a `CATransformLayer` puts its sublayers' in depth order instead. A layer that is not
    /// double-sided draws nothing while its plane faces away.
    private func appendLayerItself(_ layer: CALayer, in space: SublayerSpace, into items: inout [DrawItem]) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        if layer is CATransformLayer { return appendDepthSorted(layer, in: space, into: &items) }
        guard let map = space.map(of: layer), layer.isDoubleSided || map.facesViewer else { return }
        let start = items.count
        appendContent(of: layer, map: map, into: &items)
        if let replicator = layer as? CAReplicatorLayer {
            appendInstances(of: replicator, map: map, into: &items)
        } else if layer.sublayers?.isEmpty == false {
            // (The sublayers' space, its `sublayerTransform` read and multiplied, only for a layer that has some.)
            appendSublayers(of: layer, in: .sublayers(of: layer, map: map), into: &items)
        }
        if layer.masksToBounds, items.count > start {
            let clip = outlineCoverage(of: layer, map: map)
            items.append(.group(Self.removeItems(from: start, of: &items), opacity: 255, coverage: clip))
        }
        if let border = borderItem(of: layer, map: map) { items.append(border) }
        if !layer.masksToBounds, let shadow = shadowItem(of: layer, casting: items[start...], map: map) {
            items.insert(shadow, at: start)
        }
        guard items.count > start else { return }
        var maskCoverage: Coverage?
        if let mask = layer.mask {
            guard let coverage = coverage(ofMask: mask, in: SublayerSpace(plane: map, toPlane: nil)) else {
                items.removeSubrange(start...)
                return
            }
            maskCoverage = coverage
        }
        applyOpacity(
            Self.byte(layer.opacity), coverage: maskCoverage, grouped: layer.allowsGroupOpacity, from: start,
            of: &items)
    }

    /// Folds `opacity` and a mask's coverage into `items[start...]`: into the one item when it takes
    /// them, else into a group of them all — or, with `grouped` false and no mask, into each item alone
    /// (an item that cannot take it in a group of its own).
    func applyOpacity(
        _ opacity: UInt8, coverage: Coverage?, grouped: Bool = true, from start: Int, of items: inout [DrawItem]
    ) {
        if coverage == nil && opacity == 255 || items.count == start { return }
        if !grouped, coverage == nil {
            for index in start..<items.count {
                items[index] =
                    Self.applying(opacity: opacity, coverage: nil, to: items[index])
                    ?? .group([items[index]], opacity: opacity, coverage: nil)
            }
            return
        }
        if items.count == start + 1, let single = Self.applying(opacity: opacity, coverage: coverage, to: items[start])
        {
            items[start] = single
        } else {
            items.append(.group(Self.removeItems(from: start, of: &items), opacity: opacity, coverage: coverage))
        }
    }

    /// An ordinary layer's sublayers, in ascending `zPosition` (a stable sort: equal ones keep their
    /// order in `sublayers`), as Core Animation orders siblings in a flattened layer.
    private func appendSublayers(of layer: CALayer, in space: SublayerSpace, into items: inout [DrawItem]) {
        guard let sublayers = layer.sublayers, let first = sublayers.first else { return }
        var ordered = true
        var previous = first.zPosition
        for sublayer in sublayers.dropFirst() {
            ordered = ordered && !(sublayer.zPosition < previous)
            previous = sublayer.zPosition
        }
        if ordered {
            for sublayer in sublayers { appendLayer(sublayer, in: space, into: &items) }
        } else {
            let order = sublayers.indices.sorted {
                (sublayers[$0].zPosition, $0) < (sublayers[$1].zPosition, $1)
            }
            for index in order { appendLayer(sublayers[index], in: space, into: &items) }
        }
    }

    /// A replicator's copies of its sublayers, instance 0 first: each under its instance transform (then
    /// the replicator's `sublayerTransform`), flattened into the replicator's plane, and, unless it is
    /// white, multiplied by its colour.
    private func appendInstances(of replicator: CAReplicatorLayer, map: PlaneMap, into items: inout [DrawItem]) {
        let sublayerTransform = LayerPlacement.sublayerTransform(of: replicator)
        for instance in replicator.instances() {
            let space: SublayerSpace
            if sublayerTransform == nil, CATransform3DIsAffine(instance.transform), case .affine(let transform) = map {
                space = SublayerSpace(
                    plane: .affine(CATransform3DGetAffineTransform(instance.transform).concatenating(transform)),
                    toPlane: nil)
            } else {
                let toPlane =
                    sublayerTransform.map { CATransform3DConcat(instance.transform, $0) } ?? instance.transform
                space = SublayerSpace(plane: map, toPlane: toPlane)
            }
            var drawn: [DrawItem] = []
            for sublayer in instance.sublayers { appendLayer(sublayer, in: space, into: &drawn) }
            guard !drawn.isEmpty else { continue }
            let c = instance.color
            let tint =
                Pixel(Self.byte(Float(c.alpha))) << 24 | Pixel(Self.byte(Float(c.red))) << 16
                | Pixel(Self.byte(Float(c.green))) << 8 | Pixel(Self.byte(Float(c.blue)))
            if tint == 0xFFFF_FFFF {
                items += drawn
            } else {
                items.append(.tinted(drawn, tint: tint))
            }
        }
    }

    /// Takes `items[start...]` out of `items`, in order.
    static func removeItems(from start: Int, of items: inout [DrawItem]) -> [DrawItem] {
        let taken = Array(items[start...])
        items.removeSubrange(start...)
        return taken
    }

    /// `item` with a layer's opacity and mask folded in, when no scratch bitmap is needed for that.
    private static func applying(opacity: UInt8, coverage: Coverage?, to item: DrawItem) -> DrawItem? {
        switch item {
        case .image(let entry, let own, nil):
            return .image(entry, opacity: mul255(own, opacity), coverage: coverage)
        case .fill(let color, let own, let shape) where coverage == nil:
            return .fill(color, opacity: mul255(own, opacity), coverage: shape)
        case .rect(let color, let own, let rect) where coverage == nil:
            return .rect(color, opacity: mul255(own, opacity), rect: rect)
        case .gradient(let shading, let rect, let own, let shape) where coverage == nil || shape == nil:
            return .gradient(shading, rect: rect, opacity: mul255(own, opacity), coverage: coverage ?? shape)
        case .glyphs(let glyphs, let color, let own) where coverage == nil:
            return .glyphs(glyphs, color: color, opacity: mul255(own, opacity))
        case .transformedImage(let image, let transform, let own, let visible) where coverage == nil:
            return .transformedImage(image, transform, opacity: mul255(own, opacity), visible: visible)
        case .projectedImage(let image, let projection, let own, let cut) where coverage == nil:
            return .projectedImage(image, projection, opacity: mul255(own, opacity), coverage: cut)
        case .group(let items, let own, let shape) where coverage == nil:
            return .group(items, opacity: mul255(own, opacity), coverage: shape)
        default:
            return nil
        }
    }

    /// The bitmap to draw for a layer's `contents`: a `CGImage` (as `UIImage.cgImage` gives) or a bitmap.
    static func picture(_ contents: Any?) -> Bitmap? {
        (contents as? CGImage)?.bitmap ?? contents as? Bitmap
    }

    /// A layer's background, gradient, contents, text, shape and particles through `map`.
    private func appendContent(of layer: CALayer, map: PlaneMap, into items: inout [DrawItem]) {
        if let background = layer.backgroundColor, background.alpha > 0 {
            items.append(backgroundItem(background, of: layer, map: map))
        }
        if let gradient = layer as? CAGradientLayer, let item = gradientItem(of: gradient, map: map) {
            items.append(item)
        }
        if let image = Self.picture(layer.contents), image.width > 0, image.height > 0,
            let item = contentsItem(image, of: layer, map: map)
        {
            items.append(item)
        }
        if let text = layer as? CATextLayer {
            appendText(of: text, map: map, into: &items)
        }
        if let shape = layer as? CAShapeLayer, let path = shape.path, !path.isEmpty {
            appendShape(shape, path: path, map: map, into: &items)
        }
        if let emitter = layer as? CAEmitterLayer {
            appendParticles(of: emitter, map: map, into: &items)
        }
    }

    /// A layer's background: a direct rectangle fill when it is a rectangle aligned with the device's
    /// axes, else a fill through its outline's coverage (rounded corners, rotation, perspective).
    private func backgroundItem(_ color: CGColor, of layer: CALayer, map: PlaneMap) -> DrawItem {
        if case .affine(let transform) = map, LayerOutline(layer).isRectangle,
            let rect = LayerGeometry.axisAlignedDeviceRect(layer.bounds, transform: transform)
        {
            return .rect(color.premultipliedPixel, opacity: 255, rect: rect)
        }
        return .fill(color.premultipliedPixel, opacity: 255, coverage: outlineCoverage(of: layer, map: map))
    }

    /// A gradient layer's gradient through `map` (nil when it draws none).
    private func gradientItem(of layer: CAGradientLayer, map: PlaneMap) -> DrawItem? {
        switch map {
        case .affine(let transform): return gradientItem(of: layer, transform: transform)
        case .projective(let projection): return projectedGradientItem(of: layer, projection: projection)
        }
    }

    /// A layer's `contents` picture through `map` (nil when nothing shows).
    private func contentsItem(_ image: Bitmap, of layer: CALayer, map: PlaneMap) -> DrawItem? {
        switch map {
        case .affine(let transform): return contentsItem(image, of: layer, transform: transform)
        case .projective(let projection): return projectedContentsItem(image, of: layer, projection: projection)
        }
    }

    /// An emitter's particles: each its cell's picture, centred on the particle, scaled, turned and
    /// multiplied by its colour; added to the frame in additive mode, drawn over it otherwise (oldest
    /// first, or last for `oldestLast`). Under an affine map each particle is one sprite drawn straight
    /// into the frame; under perspective, through a scratch bitmap.
    func appendParticles(of emitter: CAEmitterLayer, map: PlaneMap, into items: inout [DrawItem]) {
        let additive = emitter.renderMode == .additive
        let start = items.count
        for particle in emitter.particles() {
            guard let image = Self.picture(particle.contents), image.width > 0, image.height > 0, particle.scale > 0,
                particle.contentsScale > 0
            else { continue }
            let c = particle.color
            let alpha = Self.byte(Float(c.alpha))
            guard alpha > 0 else { continue }
            let size = particle.scale / particle.contentsScale
            let toLayer = CGAffineTransform(translationX: -CGFloat(image.width) / 2, y: -CGFloat(image.height) / 2)
                .concatenating(CGAffineTransform(scaleX: size, y: size))
                .concatenating(CGAffineTransform(rotationAngle: particle.angle))
                .concatenating(CGAffineTransform(translationX: particle.position.x, y: particle.position.y))
            let rgb =
                Pixel(Self.byte(Float(c.red))) << 16 | Pixel(Self.byte(Float(c.green))) << 8
                | Pixel(Self.byte(Float(c.blue)))
            let white = rgb == 0xFF_FFFF
            let tint = white ? nil : Pixel(alpha) << 24 | rgb
            switch map {
            case .affine(let transform):
                let toDevice = toLayer.concatenating(transform)
                let visible = visibleTexels(of: image)
                if white, !additive {
                    items.append(.transformedImage(image, toDevice, opacity: alpha, visible: visible))
                } else {
                    items.append(
                        .sprite(
                            image, toDevice, opacity: white ? alpha : 255, visible: visible, tint: tint,
                            additive: additive))
                }
            case .projective(let projection):
                let item = projectedImageItem(
                    image, projection: Homography(toLayer).concatenating(projection), opacity: white ? alpha : 255)
                let drawn: DrawItem = tint.map { .tinted([item], tint: $0) } ?? item
                items.append(additive ? .additive([drawn]) : drawn)  // each particle adds to all below it
            }
        }
        if emitter.renderMode == .oldestLast { items[start...].reverse() }
    }

    /// A large axis-aligned image is resampled once and then copied pixel for pixel; anything else (a
    /// turning sprite, a small icon) is resampled every frame over its own bounds only.
    func imageItem(_ image: Bitmap, transform: CGAffineTransform) -> DrawItem {
        let bounds = Bitmap.deviceBounds(ofImageWidth: image.width, height: image.height, transform: transform)
            .intersection(frame)
        if LayerGeometry.isAxisAligned(transform), bounds.area * 4 >= frame.area {
            return .image(
                images.entry(for: image, transform: transform, width: width, height: height), opacity: 255,
                coverage: nil)
        }
        return .transformedImage(image, transform, opacity: 255, visible: visibleTexels(of: image))
    }

    /// The part of `image` that is not fully transparent, measured once per image.
    func visibleTexels(of image: Bitmap) -> PixelRect {
        let id = ObjectIdentifier(image)
        if let known = visibleTexelCache[id], known.image === image { return known.texels }
        if visibleTexelCache.count > 16 { visibleTexelCache.removeAll() }
        let texels = image.nonTransparentBounds()
        visibleTexelCache[id] = (image, texels)
        return texels
    }

    /// A shape layer's fill, then its stroke, through `map`.
    func appendShape(_ shape: CAShapeLayer, path: CGPath, map: PlaneMap, into items: inout [DrawItem]) {
        func coverage(_ source: CoverageKey.Source, stroke: Bool) -> Coverage {
            let owner = CoverageOwner(shape, stroke: stroke)
            switch map {
            case .affine(let transform): return shapeCoverage(path, transform: transform, source: source, owner: owner)
            case .projective(let h): return projectedShapeCoverage(path, projection: h, source: source, owner: owner)
            }
        }
        if let fill = shape.fillColor, fill.alpha > 0 {
            let rule: FillRule = shape.fillRule == .evenOdd ? .evenOdd : .nonZero
            items.append(.fill(fill.premultipliedPixel, opacity: 255, coverage: coverage(.fill(rule), stroke: false)))
        }
        if let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth > 0 {
            let source = CoverageKey.Source.stroke(
                Self.strokeStyle(of: shape), start: shape.strokeStart, end: shape.strokeEnd)
            items.append(.fill(stroke.premultipliedPixel, opacity: 255, coverage: coverage(source, stroke: true)))
        }
    }

    /// The coverage a mask layer gives its masked layer: the alpha of the mask's rendered subtree. A
    /// mask that is one opaque shape or one opaque rectangle is rasterized straight into coverage, and
    /// one drawn by solid fills alone is kept while they are unchanged; nil means the mask shows nothing.
    private func coverage(ofMask mask: CALayer, in space: SublayerSpace) -> Coverage? {
        guard !mask.isHidden, mask.opacity > 0 else { return nil }
        let plain =
            (mask.sublayers ?? []).isEmpty && mask.mask == nil && mask.contents == nil && mask.opacity >= 1
            && !mask.masksToBounds && !(mask is CAGradientLayer) && !(mask is CATransformLayer)
        if plain, case .affine(let transform)? = space.map(of: mask), let shape = mask as? CAShapeLayer,
            shape.backgroundColor.map({ $0.alpha == 0 }) ?? true
        {
            let fills = (shape.fillColor?.alpha ?? 0) > 0
            let strokes = (shape.strokeColor?.alpha ?? 0) > 0 && shape.lineWidth > 0
            guard let path = shape.path, fills || strokes else { return nil }
            if fills != strokes, (fills ? shape.fillColor! : shape.strokeColor!).alpha >= 1 {
                let source: CoverageKey.Source =
                    fills
                    ? .fill(shape.fillRule == .evenOdd ? .evenOdd : .nonZero)
                    : .stroke(Self.strokeStyle(of: shape), start: shape.strokeStart, end: shape.strokeEnd)
                return shapeCoverage(
                    path, transform: transform, source: source, owner: CoverageOwner(shape, stroke: strokes))
            }
        } else if plain, !(mask is CAShapeLayer), case .affine(let transform)? = space.map(of: mask),
            let background = mask.backgroundColor
        {
            guard background.alpha > 0 else { return nil }
            if background.alpha >= 1 { return rectCoverage(mask.bounds, transform: transform) }
        }
        var items: [DrawItem] = []
        appendLayer(mask, in: space, into: &items)
        guard !items.isEmpty else { return nil }
        // A mask drawn by keyed solid fills alone has the same alpha while they are unchanged.
        var key: CoverageKey?
        if case .affine(let transform)? = space.map(of: mask), let fills = Self.castFills(items[...]) {
            key = CoverageKey(path: [], transform: transform, source: .maskFills(fills), canvas: frame)
        }
        if let key, let known = currentCoverage[key] ?? previousCoverage[key] {
            currentCoverage[key] = known
            return known
        }
        let rendered = scratch.acquire(width: width, height: height)
        paintMask(items, rendered)
        let bounds = items.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.bounds) }
            .intersection(frame)
        let result = masks.acquire(bounds: bounds)
        result.setCoverage(fromAlphaOf: rendered)
        scratch.recycle(rendered)
        let coverage = Coverage(mask: result, bounds: bounds, key: key, pool: masks)
        if let key { currentCoverage[key] = coverage }
        return coverage
    }

    func rectCoverage(_ rect: CGRect, transform: CGAffineTransform) -> Coverage {
        let key = CoverageKey(path: [], transform: transform, source: .rect(rect), canvas: frame)
        return cachedCoverage(key, owner: nil) {
            LayerGeometry.polygon(of: rect, transform: transform, into: &polygon)
            return .nonZero
        }
    }

    func shapeCoverage(
        _ path: CGPath, transform: CGAffineTransform, source: CoverageKey.Source, owner: CoverageOwner
    ) -> Coverage {
        let key = CoverageKey(path: path.elements, transform: transform, source: source, canvas: frame)
        return cachedCoverage(key, owner: owner) {
            polygon.removeAll()
            switch source {
            case .fill(let rule):
                path.flatten(into: &polygon, transform: transform)
                return rule
            case .stroke(let style, let start, let end):
                stroker.stroke(
                    path, style: style, strokeStart: start, strokeEnd: end, transform: transform,
                    canvas: CGRect(x: 0, y: 0, width: width, height: height), into: &polygon)
                return .nonZero
            case .rect, .outline, .border, .shadow, .castShadow, .maskFills:
                return .nonZero
            }
        }
    }

    /// The coverage for `key`: a shape layer's (`owner`'s) previous coverage when its key is the same
    /// (compared, not hashed: an unchanged path shares its elements' storage, so the comparison is
    /// quick), an ownerless rectangle's from this or the previous frame by key; otherwise the polygon
    /// that `makePolygon` leaves in `polygon` is queued to be rasterized (before the list is drawn) into
    /// a mask over the polygon's bounds (clipped to the frame), reusing the unchanged bands of `owner`'s
    /// previous coverage when it has the same bounds.
    func cachedCoverage(_ key: CoverageKey, owner: CoverageOwner?, makePolygon: () -> FillRule) -> Coverage {
        if let owner {
            if let known = currentByOwner[owner] ?? previousByOwner[owner], known.key == key {
                currentByOwner[owner] = known
                return known
            }
        } else if let known = currentCoverage[key] ?? previousCoverage[key] {
            currentCoverage[key] = known
            return known
        }
        let rule = makePolygon()
        let bounds = Self.bounds(of: polygon).intersection(frame)
        if let owner, var spare = spareByOwner.removeValue(forKey: owner), isKnownUniquelyReferenced(&spare) {
            spare.refill(bounds: bounds, key: key)
            fills.append(polygon, rule: rule, into: spare, reusing: previousByOwner[owner]?.mask)
            currentByOwner[owner] = spare
            return spare
        }
        let coverage = Coverage(mask: masks.acquire(bounds: bounds), bounds: bounds, key: key, pool: masks)
        fills.append(polygon, rule: rule, into: coverage, reusing: owner.flatMap { previousByOwner[$0]?.mask })
        if let owner {
            currentByOwner[owner] = coverage
        } else {
            currentCoverage[key] = coverage
        }
        return coverage
    }

    private static func bounds(of polygon: Polygon) -> PixelRect {
        var minX = CGFloat.infinity
        var minY = CGFloat.infinity
        var maxX = -CGFloat.infinity
        var maxY = -CGFloat.infinity
        for p in polygon.points where p.x.isFinite && p.y.isFinite {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        guard minX <= maxX else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let clamp = { (v: CGFloat) in min(max(v, -1e9), 1e9) }
        return PixelRect(
            enclosing: CGRect(
                x: clamp(minX), y: clamp(minY), width: clamp(maxX) - clamp(minX), height: clamp(maxY) - clamp(minY)))
    }

    static func strokeStyle(of shape: CAShapeLayer) -> StrokeStyle {
        StrokeStyle(
            lineWidth: shape.lineWidth,
            lineCap: shape.lineCap == .round ? .round : shape.lineCap == .square ? .square : .butt,
            lineJoin: shape.lineJoin == .round ? .round : shape.lineJoin == .bevel ? .bevel : .miter,
            miterLimit: shape.miterLimit,
            dashPattern: (shape.lineDashPattern ?? []).map { CGFloat($0.doubleValue) },
            dashPhase: shape.lineDashPhase)
    }

    /// An opacity in 0…1 as a byte, rounded.
    static func byte(_ opacity: Float) -> UInt8 {
        guard opacity.isFinite else { return 0 }
        return UInt8((min(1, max(0, opacity)) * 255).rounded())
    }

    static func mul255(_ a: UInt8, _ b: UInt8) -> UInt8 {
        let t = UInt32(a) * UInt32(b) + 128
        return UInt8(((t >> 8) + t) >> 8)
    }
}

/// A shape layer's fill or stroke, whose coverage changes from frame to frame as the layer animates.
/// Only a hint for reusing masks: the rasterizer copies a band from the previous mask only when its
/// edges are exactly this frame's.
struct CoverageOwner: Hashable {
    let layer: ObjectIdentifier
    /// Which of the layer's shapes: 0 a shape layer's fill, 1 its stroke, 2 + n a text layer's glyphs
    /// of its n-th colour.
    let part: Int

    init(_ layer: CALayer, stroke: Bool) {
        self.layer = ObjectIdentifier(layer)
        self.part = stroke ? 1 : 0
    }

    init(_ layer: CALayer, part: Int) {
        self.layer = ObjectIdentifier(layer)
        self.part = part
    }
}
