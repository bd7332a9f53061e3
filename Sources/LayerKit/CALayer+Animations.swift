extension CALayer {
    /// Attaches a copy of `anim` under `key`, as Core Animation does: the copy's `beginTime` 0
    /// becomes the layer's current local time, a duration ≤ 0 becomes the transaction's animation
    /// duration (0.25 s by default); an animation already under `key` is removed (its delegate gets
    /// `finished: false` at the next step). Later changes to `anim` do not affect the running copy.
    ///
    /// A `CATransition` always goes under the key `transition`, with a frozen copy of the layer's
    /// presentation as the last frame showed it (a layer no frame showed has none: the change shows at once).
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let engine = engineStorage
        engine.assertOnOwnerThread()
        let now = engine.clock.now
        let copy = anim.copy() as! CAAnimation
        var key = key
        if let transition = copy as? CATransition {
            key = "transition"
            transition.snapshot = presentationStorage?.frozenCopy()
        }
        let defaultDuration = engine.effectiveTransaction?.animationDuration ?? 0.25
        if !(copy.duration > 0) { copy.duration = defaultDuration }
        if copy.beginTime == 0 { copy.beginTime = localTime(atMediaTime: now) }
        if let group = copy as? CAAnimationGroup { Self.resolveChildDurations(group, groupDuration: copy.duration) }
        if let key { detachAnimation(forKey: key, at: now) }
        let records = engine.openCompletions
        if !records.isEmpty {
            copy.completionRecords = records
            for record in records { record.pending += 1 }
        }
        let program = AnimationProgram(copy, defaultDuration: defaultDuration)
        let entry = AttachedAnimation(key: key, animation: copy, program: program, addedAt: now)
        attached.append(entry)
        engine.observeIfItRunsCode(entry, on: self)
        engine.noteModelChange()
        engine.didAddAnimation?(self, key, copy)
        noteDisplayAnimation(copy)
    }

    /// Group members with duration ≤ 0 take their group's duration, nested groups level by level;
    /// their beginTime 0 stays "start of the group". The rules, in Core Animation's terms:
    /// - a member without a duration of its own runs for the group's `duration` (not its active
    ///   duration: the group's repeatCount and autoreverses repeat the group, members included).
    ///   Apple's `CAAnimationGroup` listing relies on it: `expandScale` has no duration and scales
    ///   over the group's whole second
    ///   (https://developer.apple.com/documentation/quartzcore/caanimationgroup); Lockwood's
    ///   *iOS Core Animation: Advanced Techniques*, listing 8.10, groups a keyframe path animation
    ///   and a colour animation, neither with a duration, over the group's 4 s. It is not 0.25 s, the
    ///   default only a top-level animation gets (from the transaction) when it is added.
    /// - members are clipped, never scaled, by the group's duration (the same page); their
    ///   `beginTime` is in the group's time (0 = the group's start), their `speed`, `timeOffset`,
    ///   `repeatCount`, `autoreverses` and `fillMode` apply inside it, to the inherited duration as
    ///   to an own one: a member with no duration and `speed` 2 ends halfway through the group, one
    ///   with `repeatCount` 2 shows only its first cycle.
    private static func resolveChildDurations(_ group: CAAnimationGroup, groupDuration: Double) {
        for child in group.animations ?? [] {
            if !(child.duration > 0) { child.duration = groupDuration }
            if let nested = child as? CAAnimationGroup { resolveChildDurations(nested, groupDuration: child.duration) }
        }
    }

    /// The layer's copy of the animation under `key` (do not modify it).
    public func animation(forKey key: String) -> CAAnimation? {
        attached.last { $0.key == key }?.animation
    }

    /// Keys of the attached animations, in the order they were added (animations added with a nil
    /// key are not listed). Nil when there are none, as Core Animation returns.
    public func animationKeys() -> [String]? {
        let keys = attached.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate gets `finished: false` at the next step.
    public func removeAnimation(forKey key: String) {
        detachAnimation(forKey: key, at: engineStorage.clock.now)
    }

    /// Removes every attached animation; each unfinished one reports `finished: false` at the next step.
    public func removeAllAnimations() {
        let now = engineStorage.clock.now
        let entries = attached
        attached.removeAll()
        for entry in entries { reportRemoval(entry, at: now) }
        engineStorage.noteModelChange()
    }

    private func detachAnimation(forKey key: String, at now: CFTimeInterval) {
        guard let index = attached.firstIndex(where: { $0.key == key }) else { return }
        let entry = attached.remove(at: index)
        reportRemoval(entry, at: now)
        engineStorage.noteModelChange()
    }

    /// Queues the stop of a removed animation (none if it already reported its end).
    private func reportRemoval(_ entry: AttachedAnimation, at now: CFTimeInterval) {
        guard !entry.life.stopped else { return }
        entry.life.stopped = true
        engineStorage.pendingEvents.append(
            PendingEvent(
                kind: .didStop(finished: false), layer: self, key: entry.key, animation: entry.animation,
                mediaTime: now, sequence: 0))
    }
}
