import QuartzCore
import Testing

/// `UIKitSnippet.swift` compiled with `import UIKit` alone, and runs as it would on iOS.
@Test func uikitSnippetCompilesAndRuns() {
    CAEngine.reset()  // the screen is the fresh engine's default 1280 × 720
    let result = uikitSnippet()
    #expect(result.keys == ["move"])
    #expect(result.fillAlpha == 0.5)
    #expect(result.containsCentre)
    #expect(result.screenWidth == 1280)
}

/// `UIKitViewSnippet.swift`: a view subclass as iOS libraries write them compiles with `import UIKit`
/// alone; its layers are made by the layout pass and its animation repeats forever.
@Test func uikitViewSubclassCompilesAndLaysOut() {
    CAEngine.reset()
    let result = loaderSnippet(at: 1000.25)
    #expect(result.frame == CGRect(x: 4, y: 4, width: 32, height: 32))
    #expect(abs(result.presentedY - 24) < 1e-9)  // 20 + 8 · easeInEaseOut(0.5) = 20 + 4
    #expect(result.intrinsic == CGSize(width: 40, height: 40))
}
