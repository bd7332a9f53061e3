import Fonts
import Testing

@testable import Typesetting
