import LayerKit
import LayerscopeTestSupport
import Raster
import Scenes
import Testing

/// What the seeds promise, checked on rendered pixels at 160×90 over the bundled pictures.
@Suite struct SeedSemanticsTests {
    typealias Frames = FrameComparison

    @Test func wipeHidesImageBOnceItEnds() throws {
        let images = try SeedImages()
        let run = try SeedRun("wipe", images: images)
        let aAlone = run.frame(showingOnly: images.a)
        #expect(Frames.differ(run.frame(at: 2), aAlone), "B is revealed at 2 s")
        #expect(Frames.differ(run.frame(at: 3.9), aAlone), "a sliver of B is left at 3.9 s")
        for time in [4, 4.5, 6.0] {
            Frames.expectSame(run.frame(at: time), aAlone, "wipe at \(time) s against A alone")
        }
        let imageView = try #require(run.scene.rootLayer.sublayers?.first)
        #expect(imageView.isHidden && imageView.mask == nil, "the completion block hid the image view")
    }

    @Test func stoppingTheShipReturnsItToIdentityAtOnce() throws {
        let run = try SeedRun("ship", images: SeedImages())
        let atRest = run.draw()
        #expect(Frames.differ(run.frame(at: 0.5), atRest), "the ship is turned a quarter at 0.5 s")
        run.scene.perform(.stop)
        #expect(run.clock.now == 0.5)
        Frames.expectSame(run.draw(), atRest, "ship right after stop at 0.5 s against the unrotated ship")
        #expect(run.log == ["The animation stopped (finished: NO)"])
    }

    @Test func shipAutoplayStopsAtOneSecondAndFinishesAtThreeAndAHalf() throws {
        let run = try SeedRun("ship", images: SeedImages())
        let atRest = run.draw()
        #expect(Frames.differ(run.frame(at: 0.99), atRest))
        Frames.expectSame(run.frame(at: 1), atRest, "ship at 1 s (stopped)")
        #expect(run.log == ["The animation stopped (finished: NO)"])
        #expect(Frames.differ(run.frame(at: 2), atRest))
        Frames.expectSame(run.frame(at: 3.5), atRest, "ship at 3.5 s (a whole turn, removed)")
        #expect(run.log == ["The animation stopped (finished: NO)", "The animation stopped (finished: YES)"])
    }

    /// After the push ends at 2 s only B shows, and after the pop ends at 5 s only A: the seed's
    /// delegate sets the final mask path before the next frame is drawn, so no frame shows the
    /// mask's model path (the small oval after a push, the large one after a pop).
    ///
    /// One pixel is not all B: the seed's final oval, the 1×1 oval at (w, h) inset by −√(w² + h²),
    /// has the radius √(w² + h²) + ½ about (w + ½, h + ½), so it passes 0.18 px inside the top-left
    /// corner and covers about 96 % of pixel (0, 0), over nothing once A is taken out, over A again
    /// when the pop puts it back at 3 s. The seed draws the same.
    @Test func revealShowsOnlyTheScreenItEndsOn() throws {
        let images = try SeedImages()
        let run = try SeedRun("reveal", images: images)
        let aAlone = run.frame(showingOnly: images.a)
        let bAlone = run.frame(showingOnly: images.b)
        #expect(Frames.differ(run.frame(at: 1.99), bAlone), "A still shows in the top-left corner at 1.99 s")
        for time in [2, 2.001, 2.01, 2.5, 3] {
            let frame = run.frame(at: time)
            #expect(frame[0, 0].alpha >= 240, "B's share of pixel 0,0 at \(time) s")
            let expected = run.frame(showingOnly: images.b)
            expected[0, 0] = frame[0, 0]
            Frames.expectSame(frame, expected, "reveal at \(time) s against B alone")
        }
        #expect(Frames.differ(run.frame(at: 4.99), aAlone), "B still shows in the bottom-right corner at 4.99 s")
        for time in [5, 5.001, 5.01, 6] {
            Frames.expectSame(run.frame(at: time), aAlone, "reveal at \(time) s against A alone")
        }
    }

    /// QA1673 pause on the root, after the scene's last autoplay action: the frame holds for any
    /// later time, and right after resuming it is the frame at the pause. A microsecond later it may
    /// differ by one level in a channel: the motion is about 10⁻⁴ px, enough to tip the rounding of a
    /// pixel on an edge.
    @Test(arguments: [("wipe", 0.7), ("ship", 2.2), ("reveal", 3.7)])
    func pausedTreeHoldsItsFrameAndResumesFromIt(scene name: String, pausedAt pause: Double) throws {
        let run = try SeedRun(name, images: SeedImages())
        let atPause = run.frame(at: pause)
        run.scene.perform(.pause)
        Frames.expectSame(run.draw(), atPause, "\(name) right after pausing at \(pause) s")
        for time in [pause + 0.1, pause + 1, 9.25] {
            Frames.expectSame(run.frame(at: time), atPause, "\(name) paused, at \(time) s")
        }
        run.scene.perform(.resume)
        Frames.expectSame(run.draw(), atPause, "\(name) right after resuming at 9.25 s")
        Frames.expectSame(
            run.frame(at: 9.25 + 1e-6), atPause, "\(name) 1 µs after resuming",
            tolerance: GoldenTolerance(perChannel: 1))
        #expect(Frames.differ(run.frame(at: 9.25 + 0.2), atPause), "\(name) moves again after resuming")
    }
}
