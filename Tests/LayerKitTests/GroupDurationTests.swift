import Testing

@testable import LayerKit

/// Members of a `CAAnimationGroup` without a duration of their own run for the group's duration (not
/// the 0.25 s default of a top-level animation), nested groups level by level, with their own
/// beginTime, speed and repeatCount applied inside the group's time.
@Suite struct GroupDurationTests {
    /// A group of `duration` holding `members`, added at time 0 to a new layer; returns a sampler.
    private func sampler(duration: Double?, _ members: [CAAnimation]) -> (Double) -> CALayer {
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let group = CAAnimationGroup()
        group.animations = members
        if let duration { group.duration = duration }
        layer.add(group, forKey: "g")
        return { t in
            step(layer, clock, at: t)
            return layer.presentation()!
        }
    }

    @Test func memberWithoutDurationTakesTheGroups() {
        let at = sampler(duration: 2, [basic("opacity", from: 1, to: 0, duration: 0)])
        #expect(close(Double(at(0.2).opacity), 0.9, 1e-6))
        #expect(close(Double(at(0.5).opacity), 0.75, 1e-6))
        #expect(close(Double(at(1.9).opacity), 0.05, 1e-6))
        #expect(at(2).opacity == 1)  // the group is over: the model value
    }

    @Test func theLayersCopyReportsTheInheritedDuration() {
        freshEngine(at: 0)
        let layer = CALayer()
        let inner = CAAnimationGroup()
        inner.animations = [basic("opacity", from: 1, to: 0, duration: 0)]
        let group = CAAnimationGroup()
        group.animations = [inner, basic("position.x", from: 0, to: 1, duration: 0.5)]
        group.duration = 3
        layer.add(group, forKey: "g")
        let copy = layer.animation(forKey: "g") as! CAAnimationGroup
        let copiedInner = copy.animations![0] as! CAAnimationGroup
        #expect(copiedInner.duration == 3)
        #expect(copiedInner.animations![0].duration == 3)
        #expect(copy.animations![1].duration == 0.5)
        #expect(inner.duration == 0)  // the caller's objects are untouched
    }

    @Test func aGroupWithoutDurationPassesTheTransactionsDownward() {
        let at = sampler(duration: nil, [basic("position.x", from: 0, to: 100, duration: 0)])
        #expect(close(at(0.125).position.x, 50))  // group and member both 0.25 s

        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let group = CAAnimationGroup()
        group.animations = [basic("position.x", from: 0, to: 100, duration: 0)]
        CATransaction.begin()
        CATransaction.setAnimationDuration(4)
        layer.add(group, forKey: "g")
        CATransaction.commit()
        step(layer, clock, at: 1)
        #expect(close(layer.presentation()!.position.x, 25))
    }

    @Test func nestedGroupsInheritLevelByLevel() {
        let inner = CAAnimationGroup()
        inner.animations = [basic("position.x", from: 0, to: 100, duration: 0)]
        let at = sampler(duration: 2, [inner])
        #expect(close(at(0.5).position.x, 25))
        #expect(close(at(1.5).position.x, 75))

        let short = CAAnimationGroup()
        short.duration = 1
        short.animations = [basic("position.y", from: 0, to: 100, duration: 0)]
        let atShort = sampler(duration: 2, [short])
        #expect(close(atShort(0.5).position.y, 50))
        #expect(atShort(1.5).position.y == 0)  // the inner group's second is over, no fill
    }

    @Test func keyframeMemberWithoutDuration() {
        let keyframes = CAKeyframeAnimation(keyPath: "position.x")
        keyframes.values = [0, 100, 0]
        let at = sampler(duration: 4, [keyframes])
        #expect(close(at(1).position.x, 50))
        #expect(close(at(2).position.x, 100))
        #expect(close(at(3).position.x, 50))
    }

    @Test func memberBeginTimeIsInTheGroupsTimeAndClipped() {
        let late = basic("position.x", from: 0, to: 100, duration: 0)
        late.beginTime = 1
        let at = sampler(duration: 2, [late])
        #expect(at(0.5).position.x == 0)
        #expect(close(at(1.5).position.x, 25))  // runs 2 s from the group's 1 s, clipped at 2 s
        #expect(close(at(1.99).position.x, 49.5, 1e-9))
        #expect(at(2).position.x == 0)
    }

    @Test func memberSpeedAndRepeatCountApplyToTheInheritedDuration() {
        let fast = basic("position.x", from: 0, to: 100, duration: 0)
        fast.speed = 2
        fast.fillMode = .forwards
        let at = sampler(duration: 2, [fast])
        #expect(close(at(0.5).position.x, 50))
        #expect(at(1.5).position.x == 100)  // done at 1 s, held

        let repeating = basic("position.y", from: 0, to: 100, duration: 0)
        repeating.speed = 2
        repeating.repeatCount = 2
        let atRepeating = sampler(duration: 2, [repeating])
        #expect(close(atRepeating(0.5).position.y, 50))
        #expect(close(atRepeating(1.25).position.y, 25))  // second cycle

        let once = basic("opacity", from: 0, to: 1, duration: 0)
        once.repeatCount = 2
        let atOnce = sampler(duration: 2, [once])
        #expect(close(Double(atOnce(1.5).opacity), 0.75, 1e-6))  // only the first 2 s cycle shows
    }
}

/// `HUGE` and the C-level constant names iOS code uses.
@Suite struct CConstantTests {
    @Test func hugeRepeatsForever() {
        #expect(HUGE == Float.greatestFiniteMagnitude)
        #expect(MAXFLOAT == HUGE)
        let clock = freshEngine(at: 0)
        let layer = CALayer()
        let spin = basic("position.x", from: 0, to: 100, duration: 1)
        spin.repeatCount = HUGE
        layer.add(spin, forKey: "spin")
        step(layer, clock, at: 1_000_000.25)
        #expect(close(layer.presentation()!.position.x, 25, 1e-6))
        #expect(layer.animationKeys() == ["spin"])
    }

    @Test func namesAreTheTypedConstants() {
        let transition = CATransition()
        transition.type = kCATransitionPush
        transition.subtype = kCATransitionFromLeft
        #expect(transition.type == .push && transition.subtype == .fromLeft)
        #expect(kCATransition == "transition")
        #expect(close(CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut).c1.x, 0.42, 1e-7))
        #expect(kCAFillModeForwards == .forwards && kCAGravityResizeAspectFill == .resizeAspectFill)
        #expect(kCALineCapRound == .round && kCALineJoinBevel == .bevel && kCAFillRuleEvenOdd == .evenOdd)
        #expect(kCAAnimationPaced == .paced && kCAAnimationRotateAuto == .rotateAuto)
        #expect(kCAValueFunctionRotateZ == .rotateZ && kCAGradientLayerConic == .conic)
        #expect(kCAEmitterLayerCircle == .circle && kCAEmitterLayerAdditive == .additive)
        #expect(kCAAlignmentCenter == .center && kCATruncationEnd == .end)
        #expect(kCACornerCurveContinuous == .continuous)
    }
}
