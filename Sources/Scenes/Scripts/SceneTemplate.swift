/// The commented starting scene `layerscope new NAME.swift` writes.
public enum SceneTemplate {
    /// The class name for a scene file named `fileName`: its words capitalized and joined
    /// (`my-first_scene.swift` → `MyFirstScene`), `Scene` in front when it would not start with a letter.
    public static func className(forFile fileName: String) -> String {
        let stem = fileName.hasSuffix(".swift") ? String(fileName.dropLast(6)) : fileName
        let words = stem.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.first?.isLetter == true ? name : "Scene" + name
    }

    /// The scene's text, declaring `className`. Its `perform` and `start` are alike code in `ReplicatorTests`, the
    /// e2e `easing.sh` and the `progress.swift` asset scene on purpose: the template shows the usual animation calls.
    public static func text(className: String) -> String {
        """
        // A Layerscope Swift scene: your own Core Animation code, played live.
        //
        //   layerscope view --scene THIS.swift       the viewer; it reloads on every save
        //   layerscope render --scene THIS.swift --at 0.5,1 --out frames/
        //
        // `import LayerKit` stands for `import QuartzCore` (and the UIKit names animation code uses:
        // UIColor, UIBezierPath, …); `import Scenes` brings the SceneScript protocol.
        import LayerKit
        import Scenes

        final class \(className): SceneScript {
            let box = CALayer()
            let ring = CAShapeLayer()

            /// Layerscope makes the scene with this initializer.
            required init() {}

            /// Builds the tree under `root` (its bounds are the scene's size, --size, 1280×720 by default)
            /// and adds the animations that play by themselves. Media time is 0 here.
            func setUp(root: CALayer) {
                root.backgroundColor = UIColor(white: 0.12, alpha: 1).cgColor

                let side = min(root.bounds.width, root.bounds.height) / 4
                box.name = "box"
                box.bounds = CGRect(x: 0, y: 0, width: side, height: side)
                box.position = CGPoint(x: root.bounds.midX, y: root.bounds.midY)
                box.backgroundColor = UIColor(red: 0.95, green: 0.55, blue: 0.2, alpha: 1).cgColor
                root.addSublayer(box)

                ring.name = "ring"
                ring.frame = root.bounds
                ring.path = UIBezierPath(
                    arcCenter: box.position, radius: side * 1.2, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true
                ).cgPath
                ring.fillColor = nil
                ring.strokeColor = UIColor.white.cgColor
                ring.lineWidth = 8
                ring.strokeEnd = 0
                root.addSublayer(ring)

                start()
            }

            /// The toolbar's buttons: "start" (also s/Return) and "stop" (x/BackSpace); any other name
            /// becomes a button of that title. Pause/Resume is always there.
            var actions: [String] { ["start", "stop", "spin"] }

            /// Actions performed by themselves at media times, e.g. [SceneCue(at: 3, "stop")].
            var autoplay: [SceneCue] { [] }

            func perform(_ action: String) {
                switch action {
                case "start": start()
                case "stop": box.removeAllAnimations(); ring.removeAllAnimations()
                case "spin": spin()
                default: break
                }
            }

            func start() {
                let draw = CABasicAnimation(keyPath: "strokeEnd")
                draw.fromValue = 0
                draw.toValue = 1
                draw.duration = 2
                draw.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                draw.fillMode = .forwards
                draw.isRemovedOnCompletion = false
                ring.add(draw, forKey: "draw")
                spin()
            }

            func spin() {
                let turn = CABasicAnimation(keyPath: "transform.rotation")
                turn.byValue = NSNumber(value: Double.pi / 2)
                turn.duration = 1
                turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                box.add(turn, forKey: "spin")
            }
        }

        """
    }
}
