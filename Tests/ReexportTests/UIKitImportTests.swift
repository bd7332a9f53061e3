import Testing

/// `UIKitSnippet.swift` compiled with `import UIKit` alone, and runs as it would on iOS.
@Test func uikitSnippetCompilesAndRuns() {
    let result = uikitSnippet()
    #expect(result.keys == ["move"])
    #expect(result.fillAlpha == 0.5)
    #expect(result.containsCentre)
    #expect(result.screenWidth == 1280)
}
