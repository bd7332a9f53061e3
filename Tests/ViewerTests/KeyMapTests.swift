import CX11
import Foundation
import Testing

@testable import Viewer

@Suite struct KeyMapTests {
    @Test(arguments: [
        (XK_s, ViewerCommand.start), (XK_Return, .start), (XK_x, .stop), (XK_BackSpace, .stop),
        (XK_space, .pauseResume), (XK_period, .stepForward), (XK_Right, .stepForward), (XK_comma, .stepBackward),
        (XK_Left, .stepBackward), (XK_bracketright, .faster), (XK_Up, .faster), (XK_bracketleft, .slower),
        (XK_Down, .slower), (XK_c, .toggleInspector), (XK_h, .toggleHUD), (XK_r, .toggleRecording), (XK_1, .scene(1)),
        (XK_2, .scene(2)),
        (XK_3, .scene(3)), (XK_q, .quit), (XK_Escape, .quit), (XK_l, .toggleLoop), (XK_Home, .replay),
        (XK_slash, .toggleKeyMap), (XK_question, .toggleKeyMap), (XK_F1, .toggleKeyMap), (XK_p, .saveFrame),
        (XK_e, .toggleEasingEditor), (XK_Tab, .easing(.nextHandle)), (XK_n, .easing(.nextPreset)),
        (XK_m, .easing(.nextCompare)), (XK_g, .easing(.nextSegment)), (XK_w, .easing(.writeBack)),
    ])
    func keyRunsItsCommand(keysym: Int32, command: ViewerCommand) {
        #expect(KeyMap.command(forKeysym: KeySym(keysym)) == command)
    }

    @Test func shiftArrowsNudgeTheEasingHandleAndOtherShiftedKeysKeepTheirCommand() {
        #expect(KeyMap.command(forKeysym: KeySym(XK_Left), shift: true) == .easing(.nudge(dx: -0.01, dy: 0)))
        #expect(KeyMap.command(forKeysym: KeySym(XK_Right), shift: true) == .easing(.nudge(dx: 0.01, dy: 0)))
        #expect(KeyMap.command(forKeysym: KeySym(XK_Up), shift: true) == .easing(.nudge(dx: 0, dy: 0.01)))
        #expect(KeyMap.command(forKeysym: KeySym(XK_Down), shift: true) == .easing(.nudge(dx: 0, dy: -0.01)))
        #expect(KeyMap.command(forKeysym: KeySym(XK_Left)) == .stepBackward)
        #expect(KeyMap.command(forKeysym: KeySym(XK_slash), shift: true) == .toggleKeyMap, "? is Shift+/")
    }

    @Test func unboundKeysDoNothing() {
        #expect(KeyMap.command(forKeysym: KeySym(XK_a)) == nil)
        #expect(KeyMap.command(forKeysym: KeySym(XK_4)) == nil)
    }

    /// The `?` sheet names every bound key's command.
    @Test func theKeyMapSheetListsTheCommands() {
        for word in [
            "start", "stop", "pause", "forward", "back", "×2", "÷2", "replay", "loop", "inspector", "HUD", "quit",
            "easing", "control point", "nudge", "preset", "interval", "write",
        ] {
            #expect(KeyMap.help.contains { $0.action.contains(word) }, "\(word)")
        }
    }

    @Test func keysHaveXNames() {
        #expect(KeyMap.name(ofKeysym: KeySym(XK_space)) == "space")
        #expect(KeyMap.name(ofKeysym: KeySym(XK_bracketright)) == "bracketright")
    }

    /// The viewer guide's key tables name every key of the one binding table (a key added to the map and
    /// not to the guide fails here).
    @Test func theGuideNamesEveryKey() throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/viewer-and-inspector.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        // The first cell of every table row (backticks dropped).
        let keyCells = text.split(separator: "\n").filter { $0.hasPrefix("| ") }.compactMap {
            $0.split(separator: "|").first.map { $0.replacingOccurrences(of: "`", with: "") }
        }
        var documented = Set<String>()
        for cell in keyCells {
            // Words (a trailing comma dropped, but `,` itself kept) and the names between `/`s and `, `s.
            for word in cell.split(separator: " ") {
                documented.insert(
                    word == "," ? "," : String(word).trimmingCharacters(in: CharacterSet(charactersIn: ",")))
            }
            for part in cell.components(separatedBy: " / ") + cell.components(separatedBy: ", ") {
                documented.insert(part.trimmingCharacters(in: .whitespaces))
            }
        }
        for binding in KeyMap.bindings {
            for key in binding.label.split(separator: "/").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                #expect(
                    documented.contains(key), "the guide's key tables do not name \(key) (\(binding.action))")
            }
        }
    }
}
