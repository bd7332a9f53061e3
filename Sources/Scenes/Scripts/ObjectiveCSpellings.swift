/// The source pass a Swift scene goes through before compiling: spellings of iOS code that need the
/// Objective-C runtime, which Swift on Linux does not have, rewritten to what Layerscope offers, each
/// within the columns it took, so every line and column the compiler names is the user's own:
/// - `#keyPath(CAGradientLayer.startPoint)` → `"startPoint"` (a leading type name, or `self`, dropped:
///   the key path is the rest, as Objective-C's key-value coding names it);
/// - `@objc`, `@objc(name)`, `@objcMembers`, `@IBDesignable`, `@IBInspectable` → dropped (key-value
///   coding reaches a scene's properties without them; `@objc dynamic var` stays `dynamic var`);
/// - `#selector(step)`, `#selector(self.step)`, `#selector(step(_:))` → `Selector(step)`, a reference to
///   the method of `self` (`CADisplayLink(target:selector:)` and
///   `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` take it).
/// What cannot be mapped is reported at its line and column, as the compiler reports errors, with what
/// to write instead: `@objc optional` protocol requirements, `@NSManaged` properties, a `#selector` of
/// another type's method or of a getter. Comments and string literals are left alone.
enum ObjectiveCSpellings {
    /// The rewritten text and the messages (`PATH:LINE:COL: error: …`), empty when all could be mapped.
    static func translate(_ text: String, path: String) -> (text: String, errors: [String]) {
        var scanner = Scanner(Array(text.unicodeScalars), path: path)
        scanner.run()
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scanner.output)
        return (String(result), scanner.errors)
    }

    private struct Scanner {
        let input: [Unicode.Scalar]
        let path: String
        var output: [Unicode.Scalar]
        var errors: [String] = []
        var index = 0

        init(_ input: [Unicode.Scalar], path: String) {
            self.input = input
            self.path = path
            output = input
        }

        mutating func run() {
            while index < input.count {
                if starts("//") {
                    skip(until: "\n")
                } else if starts("/*") {
                    skipBlockComment()
                } else if starts("\"\"\"") {
                    index += 3
                    skip(until: "\"\"\"")
                    index += 3
                } else if input[index] == "\"" {
                    skipString()
                } else if input[index] == "@" {
                    attribute()
                } else if starts("#keyPath(") {
                    keyPath()
                } else if starts("#selector(") {
                    selector()
                } else {
                    index += 1
                }
            }
        }

        // MARK: The rewrites

        private mutating func attribute() {
            let start = index
            let name = identifier(at: index + 1)
            let end = index + 1 + name.count
            switch name {
            case "objc":
                var last = end
                if last < input.count, input[last] == "(", let close = closing(from: last) { last = close + 1 }
                blank(start..<last)
                index = last
                let next = skipSpaces(from: index)
                if identifier(at: next) == "optional" {
                    report(
                        at: start,
                        "'@objc optional' protocol requirements need the Objective-C runtime; declare the requirement without 'optional' and give it a default implementation in an extension of the protocol"
                    )
                }
            case "objcMembers", "IBDesignable", "IBInspectable":
                blank(start..<end)
                index = end
            case "NSManaged":
                report(
                    at: start,
                    "'@NSManaged' needs the Objective-C runtime; write a stored property with a default value, such as 'dynamic var progress: CGFloat = 0' (key-value coding and needsDisplay(forKey:) reach it)"
                )
                index = end
            default:
                index = end
            }
        }

        /// The directive at `index` (`name` long) and its parenthesized argument on the same line; nil,
        /// with `index` moved past the name, when the parenthesis does not close on the line.
        private mutating func directive(_ name: String) -> (start: Int, open: Int, close: Int, inside: String)? {
            let open = index + name.count
            guard let close = closing(from: open) else {
                index = open
                return nil
            }
            return (index, open, close, String(String.UnicodeScalarView(input[(open + 1)..<close])))
        }

        private mutating func keyPath() {
            guard let (start, _, close, inside) = directive("#keyPath") else { return }
            var parts = inside.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces) }
            let valid = !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy(isIdentifier) }
            if valid, parts.count > 1, parts[0] == "self" || parts[0].first!.isUppercase { parts.removeFirst() }
            let replacement = Array("\"\(parts.joined(separator: "."))\"".unicodeScalars)
            guard valid, replacement.count <= close + 1 - start else {
                report(at: start, "cannot map this #keyPath; write the key path as a string, such as \"startPoint\"")
                index = close + 1
                return
            }
            replace(start..<(close + 1), with: replacement)
            index = close + 1
        }

        private mutating func selector() {
            guard let (start, open, close, argument) = directive("#selector") else { return }
            let inside = argument.trimmingCharacters(in: .whitespaces)
            let head = inside.split(separator: "(").first.map(String.init) ?? ""
            let components = head.split(separator: ".")
            let ofSelf = components.count == 1 || (components.count == 2 && components[0] == "self")
            if inside.hasPrefix("getter:") || inside.hasPrefix("setter:") || !ofSelf || head.isEmpty {
                report(
                    at: start,
                    "this #selector cannot be mapped without the Objective-C runtime; name a method of self, as #selector(step), or pass a closure"
                )
                index = close + 1
                return
            }
            // "#selector(" becomes " Selector(": the same width, so the columns after it stay.
            replace(start..<(open + 1), with: Array(" Selector(".unicodeScalars))
            index = open + 1
        }

        // MARK: Scanning

        private func starts(_ prefix: String) -> Bool {
            var at = index
            for scalar in prefix.unicodeScalars {
                guard at < input.count, input[at] == scalar else { return false }
                at += 1
            }
            return true
        }

        private mutating func skip(until end: String) {
            while index < input.count, !starts(end) { index += 1 }
        }

        private mutating func skipBlockComment() {
            var depth = 0
            while index < input.count {
                if starts("/*") {
                    depth += 1
                    index += 2
                } else if starts("*/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    index += 1
                }
            }
        }

        private mutating func skipString() {
            index += 1
            while index < input.count, input[index] != "\"", input[index] != "\n" {
                index += input[index] == "\\" ? 2 : 1
            }
            index += 1
        }

        /// The index of the `)` matching the `(` at `open` on the same line, nil when there is none.
        private func closing(from open: Int) -> Int? {
            guard open < input.count, input[open] == "(" else { return nil }
            var depth = 0
            var at = open
            while at < input.count, input[at] != "\n" {
                if input[at] == "(" { depth += 1 }
                if input[at] == ")" {
                    depth -= 1
                    if depth == 0 { return at }
                }
                at += 1
            }
            return nil
        }

        private func identifier(at start: Int) -> String {
            var at = start
            var name = String.UnicodeScalarView()
            while at < input.count, isIdentifier(input[at]) {
                name.append(input[at])
                at += 1
            }
            return String(name)
        }

        private func skipSpaces(from start: Int) -> Int {
            var at = start
            while at < input.count, input[at] == " " || input[at] == "\t" || input[at] == "\n" { at += 1 }
            return at
        }

        private func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }

        /// Writes `replacement` over `range`, padded with spaces to its width.
        private mutating func replace(_ range: Range<Int>, with replacement: [Unicode.Scalar]) {
            for (offset, at) in range.enumerated() {
                output[at] = offset < replacement.count ? replacement[offset] : " "
            }
        }

        private mutating func blank(_ range: Range<Int>) { replace(range, with: []) }

        /// An error at `at`, as `PATH:LINE:COL: error: message` (columns counted in characters).
        private mutating func report(at position: Int, _ message: String) {
            var line = 1
            var lineStart = 0
            for at in 0..<position where input[at] == "\n" {
                line += 1
                lineStart = at + 1
            }
            let column = String(String.UnicodeScalarView(input[lineStart..<position])).count + 1
            errors.append("\(path):\(line):\(column): error: \(message)")
        }
    }
}
