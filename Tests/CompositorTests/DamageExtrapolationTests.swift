import Foundation
import Raster
import Testing

@testable import Compositor

/// Damage of long lists: once the items compared so far, extrapolated to the whole list, damage 1.5
/// times the limit, the comparison stops and the frame is drawn whole; lists whose first items are unchanged
/// are compared until the limit itself.
@Suite struct DamageExtrapolationTests {
    let frame = PixelRect(x: 0, y: 0, width: 1000, height: 1000)

    /// `count` 20×20 squares on a grid, shifted right by `shift` from item `firstMoved` on.
    func squares(_ count: Int, shift: Double, firstMoved: Int = 0) -> [DrawItem] {
        (0..<count).map { k in
            let x = Double(k % 40) * 25 + (k >= firstMoved ? shift : 0)
            let y = Double(k / 40) * 25
            return .rect(0xFF80_4020, opacity: 255, rect: CGRect(x: x, y: y, width: 20, height: 20))
        }
    }

    @Test func everyItemMovingStopsAfterOneSample() {
        var damage = DamageList()
        damage.reset(frame: frame)
        let limit = frame.area / 4
        Damage.add(from: squares(1600, shift: 0), to: squares(1600, shift: 3), into: &damage, until: limit)
        // 64 moved squares damage 64 × 23 × 20 pixels; times 1,600 / 64 (736,000) that is over 1.5
        // times the limit (375,000).
        #expect(damage.rects.count == Damage.extrapolationSample)
        #expect(damage.estimate >= limit)
    }

    @Test func unchangedFirstItemsAreComparedUntilTheLimit() {
        var damage = DamageList()
        damage.reset(frame: frame)
        let limit = frame.area / 4
        Damage.add(
            from: squares(1600, shift: 0), to: squares(1600, shift: 3, firstMoved: 200), into: &damage, until: limit)
        // Squares 200 … 1,599 moved (460 pixels each). The first samples extrapolate too little; after
        // 448 items, 248 moved squares extrapolate to 407,000 ≥ 375,000 (after 384, 184 gave 353,000),
        // before the limit itself (reached after 744).
        #expect(damage.rects.count == 248)
        #expect(damage.estimate >= limit)
    }

    @Test func fewChangesAreFoundExactly() {
        var damage = DamageList()
        damage.reset(frame: frame)
        Damage.add(
            from: squares(1600, shift: 0), to: squares(1600, shift: 3, firstMoved: 1590), into: &damage,
            until: frame.area / 2)
        #expect(damage.rects.count == 10)
        #expect(damage.estimate == 10 * 23 * 20)
    }
}
