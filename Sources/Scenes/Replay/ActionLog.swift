import Foundation
import ImageFiles
import LayerKit

/// What the user did to a scene, each at the media time it was done: the viewer keeps one
/// (`view --actions-out FILE`), and `render`, `record` and `eval` replay one (`--actions FILE`), so the
/// frame the viewer showed at media time T is the frame a replay of the same log draws at T.
///
/// The file is a JSON array in time order, `[{"at": 0.5, "action": "stop"}, …]`. An action is one of
/// the scene's (`start`, `stop`, `push`, `pop`, a Swift scene's own names), `pause` or `resume` (QA1673
/// on the root layer), or `easing`, an edit of an animation's timing curve, with members `layer`,
/// `key`, `controlPoints` (`[x1, y1, x2, y2]`) and, for one interval of a keyframe animation,
/// `segment`. Navigation (scrubbing, frame steps, replay, loop, speed) is not an action: it only
/// chooses the time shown.
public struct ActionLog: Equatable, Sendable {
    /// One logged action and the media time it was done at.
    public struct Entry: Equatable, Sendable {
        /// The media time the action was done at, in seconds.
        public var time: Double
        /// What was done.
        public var action: Action

        /// An entry: `action` at `time`. Alike the inits of `SceneEvent` (Scene.swift) and `CrashFrame`
        /// (SourceLines.swift) on purpose: each stores its fields.
        public init(time: Double, action: Action) {
            self.time = time
            self.action = action
        }
    }

    /// A logged action.
    public enum Action: Equatable, Sendable {
        /// One of the scene's actions, pause and resume included.
        case scene(SceneAction)
        /// A timing curve edited in the inspector's easing editor.
        case easing(TimingEdit)

        /// The name written in the file (`start`, `pause`, `easing`, …).
        public var name: String {
            switch self {
            case .scene(let action): action.name
            case .easing: "easing"
            }
        }
    }

    /// The entries in time order (those of one time in the order they were done).
    public private(set) var entries: [Entry]

    /// A log of `entries`, put in time order (those of one time kept in their order).
    public init(_ entries: [Entry] = []) {
        self.entries = entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// Whether nothing was logged.
    public var isEmpty: Bool { entries.isEmpty }

    /// Adds `action` at `time`, after every entry at or before that time (entries after it stay: they
    /// are still to come when the shown time reaches them). Returns the entry's index.
    @discardableResult
    public mutating func insert(_ action: Action, at time: Double) -> Int {
        let index = entries.firstIndex { $0.time > time } ?? entries.count
        entries.insert(Entry(time: time, action: action), at: index)
        return index
    }

    /// Removes the entry at `index`.
    public mutating func remove(at index: Int) { entries.remove(at: index) }

    /// The easing edits, in the order they were made.
    public var timingEdits: [TimingEdit] {
        entries.compactMap { entry in
            if case .easing(let edit) = entry.action { return edit }
            return nil
        }
    }

    /// The log as its file holds it: one entry a line, times with every digit needed to read them back.
    public var json: String {
        let lines = entries.map { entry -> String in
            var members = ["\"at\": \(Self.format(entry.time))", "\"action\": \(Self.quoted(entry.action.name))"]
            if case .easing(let edit) = entry.action {
                members.append("\"layer\": \(Self.quoted(edit.layerName))")
                members.append("\"key\": \(Self.quoted(edit.key))")
                members.append("\"controlPoints\": [\(edit.controlPoints.map(Self.format).joined(separator: ", "))]")
                if let segment = edit.segment { members.append("\"segment\": \(segment)") }
            }
            return "  {" + members.joined(separator: ", ") + "}"
        }
        return lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// Writes the log to `url` beside itself, then renames it into place (a reader never sees half).
    public func write(to url: URL) throws {
        let partial = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).partial-\(getpid())")
        try Data(json.utf8).write(to: partial)
        guard rename(partial.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: partial)
            throw ActionLogError(file: url.path, location: "", message: "cannot write the file (\(reason))")
        }
    }

    /// Reads the action log at `url`; errors name the file and the entry.
    public static func read(_ url: URL) throws(ActionLogError) -> ActionLog {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(url.path, maxBytes: SceneFile.maxFileBytes)
        } catch .empty {
            throw ActionLogError(file: url.path, location: "", message: "the file is empty (an empty log is [])")
        } catch {
            throw ActionLogError(file: url.path, location: "", message: SceneFile.readFailure(error))
        }
        return try parse(bytes, file: url.path)
    }

    /// Parses an action log's text; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(ActionLogError) -> ActionLog {
        let value: JSONValue
        do throws(JSONParser.SyntaxError) {
            value = try JSONParser.parse(bytes)
        } catch {
            throw ActionLogError(
                file: file, location: "line \(error.line), column \(error.column)", message: error.message)
        }
        do {
            return try decode(JSONNode(value: value, path: "actions"))
        } catch let problem as SceneProblem {
            throw ActionLogError(file: file, location: problem.path, message: problem.message)
        } catch {
            throw ActionLogError(file: file, location: "", message: "\(error)")
        }
    }

    private static func decode(_ node: JSONNode) throws -> ActionLog {
        var entries: [Entry] = []
        for item in try node.array() {
            let object = try item.object(allowedKeys: ["at", "action", "layer", "key", "controlPoints", "segment"])
            let timeNode = try object.required("at")
            let time = try timeNode.number(in: 0...Double.infinity)
            if let last = entries.last, time < last.time {
                throw timeNode.fail(
                    "\(JSONValue.format(time)) is before the entry before it (\(JSONValue.format(last.time))); entries are in time order"
                )
            }
            let name = try object.required("action").string()
            let action: Action
            if name == "easing" {
                action = .easing(try timingEdit(object))
            } else {
                for key in ["layer", "key", "controlPoints", "segment"] where object[key] != nil {
                    throw object.node.fail(
                        "\"\(key)\" belongs to an \"easing\" entry, not to \(JSONValue.quoted(name))")
                }
                guard !name.isEmpty else { throw object.node.member("action", .string(name)).fail("an empty name") }
                action = .scene(SceneAction(named: name))
            }
            entries.append(Entry(time: time, action: action))
        }
        return ActionLog(entries)
    }

    private static func timingEdit(_ object: JSONObjectNode) throws -> TimingEdit {
        let points = try object.required("controlPoints").numbers(count: 4, what: "[x1, y1, x2, y2]")
        if let bad = [points[0], points[2]].first(where: { !(0...1).contains($0) }) {
            throw try object.required("controlPoints")
                .fail("the x of a control point is between 0 and 1, got \(JSONValue.format(bad))")
        }
        let segment = try object["segment"].map { node -> Int in
            let value = try node.number(in: 0...1_000_000)
            guard value == value.rounded() else {
                throw node.fail("expected a whole number, got \(JSONValue.format(value))")
            }
            return Int(value)
        }
        return TimingEdit(
            layerName: try object.required("layer").string(), key: try object.required("key").string(),
            segment: segment, controlPoints: points)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// An edit of an animation's timing curve: the layer's and the animation's names, the interval of a
/// keyframe animation (nil for its `timingFunction`), and the new control points x1, y1, x2, y2.
public struct TimingEdit: Equatable, Sendable {
    /// The name of the layer the animation is attached to.
    public var layerName: String
    /// The key the animation was added under.
    public var key: String
    /// The keyframe interval edited, nil for the whole animation's `timingFunction`.
    public var segment: Int?
    /// The new control points x1, y1, x2, y2.
    public var controlPoints: [Double]

    /// An edit of the animation under `key` on the layer named `layerName`.
    public init(layerName: String, key: String, segment: Int?, controlPoints: [Double]) {
        self.layerName = layerName
        self.key = key
        self.segment = segment
        self.controlPoints = controlPoints
    }

    /// Gives the animation this edit names in `root`'s tree (the first layer of that name, the animation
    /// under that key) the edit's curve; false when there is none, or no such interval.
    @discardableResult
    public func apply(in root: CALayer) -> Bool {
        guard let layer = LayerSearch.layer(named: layerName, in: root) else { return false }
        return apply(to: layer)
    }

    /// Gives the animation under `key` on `layer` the edit's curve (see `apply(in:)`).
    @discardableResult
    public func apply(to layer: CALayer) -> Bool {
        guard let animation = layer.animation(forKey: key), controlPoints.count == 4 else { return false }
        let p = controlPoints.map(Float.init)
        let curve = CAMediaTimingFunction(controlPoints: p[0], p[1], p[2], p[3])
        return layer.setTimingFunction(curve, segment: segment, ofAttached: animation)
    }
}

/// Why an action log could not be read: the file, the entry (`actions[2].at`) or line, and the reason.
public struct ActionLogError: Error, CustomStringConvertible, Equatable {
    /// The log file's name.
    public let file: String
    /// Where in the file: an entry (`actions[2].at`) or a line.
    public let location: String
    /// What is wrong.
    public let message: String

    /// `FILE: LOCATION: MESSAGE`, one line, control characters escaped.
    public var description: String {
        MessageText.escaped(location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)")
    }
}
