import Geometry
import Raster

/// A shadow's blur at full-frame size: the A8 plane of a card (alpha 255 over the middle half of the
/// frame on each axis, 0 elsewhere) copied in, then blurred with σ `sigma` (`blur2`, `blur8`,
/// `blur30`). `skia_bench.py` times Skia blurring the same plane; cairo has no Gaussian blur. Its stored lets
/// are alike `ShipJob`'s (SeedJobs.swift) on purpose: each job holds its own inputs.
final class BlurFrameJob: FrameJob {
    let name: String
    let sigma: Double
    let bands: Int
    let source: AlphaPlane
    let plane: AlphaPlane
    let blur = GaussianBlur()

    init(sigma: Double, width: Int, height: Int, bands: Int) {
        self.sigma = sigma
        self.bands = bands
        name = "blur\(Int(sigma))"
        source = BenchImages.card(width: width, height: height)
        plane = AlphaPlane(width: width, height: height)
    }

    func render(index: Int, progress: Double) {
        plane.baseAddress.update(from: source.baseAddress, count: plane.width * plane.height)
        blur.blur(plane, sigma: sigma, bands: bands)
    }
}

/// A full-frame gradient layer: three opaque stops (red, green at 0.5, blue) drawn over the whole frame,
/// axial from the top-left to the bottom-right corner (`gradient-axial`), radial on the ellipse inscribed
/// in the frame (`gradient-radial`) or conic about the centre from 3 o'clock (`gradient-conic`).
/// `cairo_bench.py` draws the same axial and radial gradients; `skia_bench.py` the conic one.
final class GradientFrameJob: FrameJob {
    enum Kind: String {
        case axial, radial, conic
    }

    let name: String
    let out: Bitmap
    let gradient: GradientShading

    init(_ kind: Kind, out: Bitmap) {
        self.out = out
        name = "gradient-" + kind.rawValue
        let stops = [
            GradientStop(location: 0, red: 1, green: 0, blue: 0),
            GradientStop(location: 0.5, red: 0, green: 1, blue: 0),
            GradientStop(location: 1, red: 0, green: 0, blue: 1),
        ]
        let w = CGFloat(out.width)
        let h = CGFloat(out.height)
        switch kind {
        case .axial: gradient = .axial(from: .zero, to: CGPoint(x: w, y: h), stops: stops)
        case .radial:
            gradient = .radial(
                center: CGPoint(x: w / 2, y: h / 2), radii: CGSize(width: w / 2, height: h / 2), stops: stops)
        case .conic:
            gradient = .conic(center: CGPoint(x: w / 2, y: h / 2), towards: CGPoint(x: w, y: h / 2), stops: stops)
        }
    }

    func render(index: Int, progress: Double) {
        out.drawGradient(gradient, in: PixelRect(x: 0, y: 0, width: out.width, height: out.height))
    }
}

/// A full-screen picture turned about its vertical centre line under perspective, as a card flip
/// half-way: picture A copied into the frame, then picture B drawn through
/// translate(−w/2, −h/2) · rotate(0.5 rad about y) · perspective(m34 = −1/2000) · translate(w/2, h/2),
/// bilinear (`perspective`). `skia_bench.py` draws the same with Skia's perspective matrix.
final class PerspectiveFrameJob: FrameJob {
    let name = "perspective"
    let a: Bitmap
    let b: Bitmap
    let out: Bitmap
    let projection: Homography

    init(a: Bitmap, b: Bitmap, out: Bitmap) {
        self.a = a
        self.b = b
        self.out = out
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 2000
        let w = CGFloat(out.width)
        let h = CGFloat(out.height)
        projection = Homography(
            CATransform3DConcat(
                CATransform3DConcat(
                    CATransform3DMakeTranslation(-w / 2, -h / 2, 0), CATransform3DMakeRotation(0.5, 0, 1, 0)),
                CATransform3DConcat(perspective, CATransform3DMakeTranslation(w / 2, h / 2, 0))))
    }

    func render(index: Int, progress: Double) {
        out.copy(from: a)
        out.draw(b, projection: projection)
    }
}
