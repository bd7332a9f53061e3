/// Opens the live viewer with `options` and runs it until the user quits; returns the process exit
/// code (0 after a normal close, q/Escape, SIGINT or SIGTERM; 1 when no X display is usable or the
/// window was destroyed, with one line on stderr saying why).
public func runViewer(options: ViewerOptions) -> Int32 {
    let source: FrameSource
    do {
        source = try SourceFactory.makeSource(options: options)
    } catch {
        LineOutput.error("layerscope: \(error)")
        return 1
    }
    do {
        let app = try ViewerApp(options: options, source: source) { number in
            SourceFactory.makeBuiltInScene(number: number, options: options)
        }
        return app.run()
    } catch {
        LineOutput.error("layerscope: \(error)")
        return 1
    }
}
