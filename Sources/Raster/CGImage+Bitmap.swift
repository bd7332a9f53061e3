import Pictures

/// Pictures and bitmaps: a decoded bitmap becomes a `CGImage` without a copy, and an image is drawn
/// from as a bitmap.
extension CGImage {
    /// An image of `bitmap`'s pixels, shared, not copied: the bitmap must not be drawn into any more.
    public convenience init(sharing bitmap: Bitmap) {
        self.init(
            width: bitmap.width, height: bitmap.height, bytesPerRow: bitmap.stride,
            baseAddress: UnsafeRawPointer(bitmap.baseAddress), storage: bitmap)
    }

    /// The image's pixels as a bitmap to draw from: the bitmap it shares when it is all of it (so the
    /// same image gives the same bitmap every time, which the compositor's caches rely on), else a view.
    public var bitmap: Bitmap {
        if let shared = storage as? Bitmap, shared.baseAddress == UnsafeMutableRawPointer(mutating: baseAddress),
            shared.width == width, shared.height == height
        {
            return shared
        }
        return Bitmap(viewing: self)
    }
}
