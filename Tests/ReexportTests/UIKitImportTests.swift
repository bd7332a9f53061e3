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
