import Raster

/// A shadow's blur at full-frame size: the A8 plane of a card (alpha 255 over the middle half of the
/// frame on each axis, 0 elsewhere) copied in, then blurred with σ `sigma` (`blur2`, `blur8`,
/// `blur30`). `skia_bench.py` times Skia blurring the same plane; cairo has no Gaussian blur.
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
