import Dispatch
import Foundation
import Geometry

/// A fast Gaussian blur of 8-bit alpha planes, for layer shadows. Separable: columns then rows; an
/// exact (pixel-integrated) kernel below σ = 2, three extended-box passes from there (see
/// `BlurPlan`), so the cost per pixel does not grow with σ. Outside the plane counts as 0 and what
/// spreads beyond it is lost, so pad the caster by `reach(sigma:)` on every side.
///
/// The object owns its scratch memory (a plane-sized buffer, padded row buffers and per-column sums),
/// grown on first use and reused, so blurring planes of one size again allocates nothing; it remembers
/// the last σ's taps. Not for use from two threads at once.
///
/// Core Animation's shadows: σ = `shadowRadius` in the layer's points (× pixels per point), not half
/// of it (see `sigma(shadowRadius:pixelsPerPoint:)`).
public final class GaussianBlur {
    private var plan = BlurPlan(sigma: 0)
    private var scratch = GrowingBuffer<UInt8>()
    private var rows = GrowingBuffer<UInt8>()
    private var sums = GrowingBuffer<Int32>()
    private var zeroRow = GrowingBuffer<UInt8>()
    /// Which columns equal the one before, and the cut plane's bytes (`BlurCollapse`).
    private var equalColumns = GrowingBuffer<Bool>()
    private var cutBytes = GrowingBuffer<UInt8>()
    /// A plane over `cutBytes` (made again when its size changes; `cutBytes` grow only).
    private var cutPlane: AlphaPlane?

    public init() {}

    deinit {
        scratch.free()
        rows.free()
        sums.free()
        zeroRow.free()
        equalColumns.free()
        cutBytes.free()
    }

    /// The σ, in device pixels, of a Core Animation shadow of `shadowRadius` points: the radius itself
    /// (WebKit maps CSS blur σ to `shadowRadius` one for one; σ = r/2 is CSS box-shadow's rule, not
    /// Core Animation's).
    public static func sigma(shadowRadius: Double, pixelsPerPoint: Double = 1) -> Double {
        max(0, shadowRadius * pixelsPerPoint)
    }

    /// How many pixels the blur of `sigma` spreads a pixel: pad a plane by this much on every side and
    /// the blur loses nothing at its edges.
    public static func reach(sigma: Double) -> Int {
        sigma > 0 && sigma.isFinite ? BlurPlan(sigma: sigma).reach : 0
    }

    /// How a blur is drawn within `RenderBudget`.
    public enum Budgeted: Equatable, Sendable {
        /// Blurred with this σ: the one asked for, or the widest whose padded plane fits the scratch budget.
        case blur(sigma: Double)
        /// Wider than the canvas: drawn as the flat fill a blur of this σ tends to (`flatLevel`).
        case flat(sigma: Double)

        /// The plane's padding on every side: the blur's reach, none for a flat fill.
        public var reach: Int {
            if case .blur(let sigma) = self { return GaussianBlur.reach(sigma: sigma) }
            return 0
        }
    }

    /// How a blur of `sigma` of a caster of up to `width × height` pixels on a canvas of that size is
    /// drawn: a flat fill beyond `RenderBudget.largestBlurSigma`, else a blur whose plane (the caster
    /// padded by the reach) holds at most `RenderBudget.scratchPixels` bytes (σ halved until it does).
    public static func budgeted(sigma: Double, width: Int, height: Int) -> Budgeted {
        guard sigma > 0 else { return .blur(sigma: 0) }
        guard sigma <= RenderBudget.largestBlurSigma(canvasWidth: width, canvasHeight: height) else {
            return .flat(sigma: sigma)
        }
        var fitting = sigma
        while fitting > 0.5 {
            let pad = 2 * reach(sigma: fitting)
            if (width + pad) * (height + pad) <= RenderBudget.scratchPixels { break }
            fitting /= 2
        }
        return .blur(sigma: fitting)
    }

    /// The level (0…1) of a blur of `sigma` far wider than the canvas: the caster's alpha `mass` (in
    /// full pixels) spread by the Gaussian, at `distanceSquared` from the caster's centre of mass.
    public static func flatLevel(mass: Double, distanceSquared: Double, sigma: Double) -> Double {
        let variance = sigma * sigma
        guard variance.isFinite, variance > 0 else { return 0 }
        return min(1, mass / (2 * Double.pi * variance) * exp(-distanceSquared / (2 * variance)))
    }

    /// Blurs `plane` in place with a Gaussian of standard deviation `sigma` pixels (0, negative or not
    /// finite: unchanged). With `bands > 1` each pass is split into that many bands of rows or columns
    /// done concurrently. A plane with long runs of identical rows or columns (a rectangle's or a
    /// rounded rectangle's alpha) is blurred cut down to what differs (`BlurCollapse`), bit for bit.
    public func blur(_ plane: AlphaPlane, sigma: Double, bands: Int = 1) {
        guard sigma > 0, sigma.isFinite, plane.width > 0, plane.height > 0 else { return }
        if plan.sigma != sigma { plan = BlurPlan(sigma: sigma) }
        equalColumns.reserve(plane.width)
        guard let cut = BlurCollapse(plane, reach: plan.reach, equalColumns: equalColumns.start) else {
            return blurWhole(plane, bands: bands)
        }
        let size = cut.size(of: plane)
        if cutBytes.reserve(size.width * size.height) || cutPlane?.width != size.width
            || cutPlane?.height != size.height
        {
            cutPlane = AlphaPlane(wrapping: cutBytes.start, width: size.width, height: size.height)
        }
        guard let cutPlane else { return }
        cut.collapse(plane, into: cutPlane)
        blurWhole(cutPlane, bands: bands)
        cut.expand(cutPlane, into: plane)
    }

    /// `blur` of every pixel of `plane`.
    func blurWhole(_ plane: AlphaPlane, bands: Int) {
        let bandCount = max(1, min(bands, plane.width / 64, plane.height / 64))
        let pad = BlurPasses.padding(plan)
        let rowLength = plane.width + 2 * pad
        reserve(plane: plane.width * plane.height, rows: 2 * rowLength * bandCount, width: plane.width)
        let job = BlurJob(
            plan: plan, plane: plane, scratch: scratch.start, rows: rows.start, rowLength: rowLength, pad: pad,
            sums: sums.start, zeroRow: zeroRow.start)
        // Down the columns (for boxes, three times: plane → scratch → plane → scratch), then along the
        // rows from scratch back into the plane.
        let boxes: Bool
        if case .extendedBox = plan.kind { boxes = true } else { boxes = false }
        Self.run(bands: bandCount) { band in job.columns(band: band, of: bandCount, from: .plane, to: .scratch) }
        if boxes {
            Self.run(bands: bandCount) { band in job.columns(band: band, of: bandCount, from: .scratch, to: .plane) }
            Self.run(bands: bandCount) { band in job.columns(band: band, of: bandCount, from: .plane, to: .scratch) }
        }
        Self.run(bands: bandCount) { band in job.rows(band: band, of: bandCount, passes: boxes ? 3 : 1) }
    }

    private static func run(bands: Int, _ body: @Sendable (Int) -> Void) {
        if bands == 1 { return body(0) }
        DispatchQueue.concurrentPerform(iterations: bands, execute: body)
    }

    /// Grows the scratch buffers to hold `plane` bytes, `rows` bytes of padded rows and sums for
    /// `width` columns.
    private func reserve(plane: Int, rows rowBytes: Int, width: Int) {
        scratch.reserve(plane)
        rows.reserve(rowBytes)
        sums.reserve(2 * width)
        zeroRow.reserve(width)
        zeroRow.start.initialize(repeating: 0, count: width)
    }
}

/// One blur's buffers, handed to the bands. `@unchecked Sendable`: bands write disjoint columns (of
/// the plane or scratch, and of the sums) or disjoint rows and their own padded row buffers.
private struct BlurJob: @unchecked Sendable {
    enum Buffer { case plane, scratch }

    let plan: BlurPlan
    let plane: AlphaPlane
    let scratch: UnsafeMutablePointer<UInt8>
    let rows: UnsafeMutablePointer<UInt8>
    let rowLength: Int
    let pad: Int
    let sums: UnsafeMutablePointer<Int32>
    let zeroRow: UnsafeMutablePointer<UInt8>

    private func base(_ buffer: Buffer) -> UnsafeMutablePointer<UInt8> {
        buffer == .plane ? plane.baseAddress : scratch
    }

    /// One column pass over this band's columns (a multiple of 16 wide, the last band takes the rest).
    func columns(band: Int, of bands: Int, from: Buffer, to: Buffer) {
        let width = plane.width
        let height = plane.height
        let perBand = (width / bands + 15) & ~15
        let x0 = min(width, band * perBand)
        let x1 = band == bands - 1 ? width : min(width, x0 + perBand)
        guard x1 > x0 else { return }
        let source = UnsafePointer(base(from))
        let target = base(to)
        let zero = UnsafePointer(zeroRow)
        BlurPasses.columns(
            plan, height: height, columns: x0..<x1, sums: sums + 2 * x0,
            source: { y in y >= 0 && y < height ? source + y &* width : zero },
            target: { y in target + y &* width })
    }

    /// The row passes of this band's rows: each row of scratch is copied into a zero-padded buffer,
    /// blurred `passes` times between this band's two buffers, and the last pass writes the plane.
    func rows(band: Int, of bands: Int, passes: Int) {
        let width = plane.width
        let height = plane.height
        let perBand = (height + bands - 1) / bands
        let y0 = min(height, band * perBand)
        let y1 = min(height, y0 + perBand)
        let a = rows + 2 * band * rowLength
        let b = a + rowLength
        a.initialize(repeating: 0, count: 2 * rowLength)
        for y in y0..<y1 {
            (a + pad).update(from: scratch + y &* width, count: width)
            var (from, to) = (a, b)
            for pass in 0..<passes {
                let out = pass == passes - 1 ? plane.row(y) : to + pad
                BlurPasses.row(plan, UnsafePointer(from), out, count: width)
                swap(&from, &to)
            }
        }
    }
}

/// Scratch memory that grows to the largest count asked for and is reused, freed by its owner's `free()`.
private struct GrowingBuffer<Element> {
    private(set) var start = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    private var capacity = 1

    /// Makes room for `count` elements (their contents undefined); whether `start` moved.
    @discardableResult
    mutating func reserve(_ count: Int) -> Bool {
        guard capacity < count else { return false }
        start.deallocate()
        start = .allocate(capacity: count)
        capacity = count
        return true
    }

    func free() { start.deallocate() }
}
