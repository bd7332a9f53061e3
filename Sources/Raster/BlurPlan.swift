import Foundation
import Geometry

/// The integer taps that approximate a Gaussian of standard deviation σ (pixels) along one axis.
///
/// The reference is the exact blur of the image taken as constant over each pixel: the weight of
/// offset k is the Gaussian's mass over that pixel, Φ((k + ½)/σ) − Φ((k − ½)/σ), whose variance is
/// σ² + 1/12.
/// - Below σ = 2 that kernel is used as it is (out to 4σ; the centre weight takes the clipped tails,
///   so the weights sum to one exactly).
/// - From σ = 2 three passes of one *extended box* are used (Gwosdek, Grewenig, Bruhn and Weickert,
///   "Theoretical Foundations of Gaussian Convolution by Extended Box Filtering", SSVM 2011): a box of
///   2r + 1 taps plus one tap of weight α < 1 at each end, r and α chosen so that three passes have
///   exactly the reference variance. Each pass costs a few operations per pixel whatever σ is; by the
///   central limit theorem three passes are already close to the Gaussian (measured in the tests).
///
/// Weights are in 20-bit fixed point (sum 2²⁰ at most, so a full 255 area stays 255 and empty stays 0).
struct BlurPlan: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// Weights for offsets −radius … radius.
        case kernel(weights: [Int32])
        /// Three passes of 2·radius + 1 taps of weight `inner` and one of weight `end` at each side.
        case extendedBox(radius: Int, inner: Int32, end: Int32)
    }

    static let shift: Int32 = 20
    static let one = 1 << 20

    let sigma: Double
    let kind: Kind

    init(sigma: Double) {
        self.sigma = sigma
        let variance = sigma * sigma + 1.0 / 12.0
        if sigma < 2 {
            let radius = PixelGrid.ceiling(4 * sigma)
            var weights = (-radius...radius).map { k -> Int32 in
                let mass = Self.phi((Double(k) + 0.5) / sigma) - Self.phi((Double(k) - 0.5) / sigma)
                return Int32((mass * Double(Self.one)).rounded(.down))
            }
            weights[radius] += Int32(Self.one) - weights.reduce(0, +)
            kind = .kernel(weights: weights)
        } else {
            let perPass = variance / 3
            let r = PixelGrid.floor(((12 * perPass + 1).squareRoot() - 1) / 2)
            let rr = Double(r)
            let alpha = (2 * rr + 1) * (3 * perPass - rr * (rr + 1)) / (6 * ((rr + 1) * (rr + 1) - perPass))
            let width = 2 * rr + 1 + 2 * alpha
            kind = .extendedBox(
                radius: r, inner: Int32((Double(Self.one) / width).rounded(.down)),
                end: Int32((Double(Self.one) * alpha / width).rounded(.down)))
        }
    }

    /// How far one pixel spreads, in pixels: outside this distance from any non-zero pixel the result
    /// is 0, so a plane padded by it on every side loses nothing at its edges.
    var reach: Int {
        switch kind {
        case .kernel(let weights): return weights.count / 2
        case .extendedBox(let radius, _, _): return 3 * (radius + 1)
        }
    }

    /// The standard normal cumulative distribution.
    static func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
}
