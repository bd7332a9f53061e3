import Raster

/// One recording of what the window shows. Every picture handed to it becomes one frame, at the size
/// the recording started with: a later, larger picture (after a resize) is cropped at the right and
/// bottom, a smaller one padded with the window's margin colour. The last frame is kept, so ticks on
/// which the window did not change append it again and the file keeps the wall clock's pace.
final class ScreenRecording {
    let recorder: any ViewerRecorder
    /// The last frame appended, at the recording's size.
    private let frame: Bitmap
    private(set) var frameCount = 0

    /// A recording of `width`×`height` frames into `recorder`.
    init(recorder: any ViewerRecorder, width: Int, height: Int) {
        self.recorder = recorder
        frame = Bitmap(width: width, height: height)
    }

    /// Appends `picture` as the next frame.
    func append(_ picture: Bitmap) {
        if picture.width == frame.width && picture.height == frame.height {
            frame.copy(from: picture)
        } else {
            let width = min(picture.width, frame.width)
            let height = min(picture.height, frame.height)
            frame.fill(ViewerSession.marginColor)
            for y in 0..<height {
                frame.row(y).update(from: picture.row(y), count: width)
            }
        }
        recorder.append(frame)
        frameCount += 1
    }

    /// Appends the last frame again `count` times (nothing before the first frame).
    func repeatLastFrame(count: Int) {
        guard frameCount > 0 else { return }
        for _ in 0..<max(0, count) {
            recorder.append(frame)
            frameCount += 1
        }
    }
}
