import CPixelOps

/// Software prefetch: asks the CPU to start loading a cache line before it is needed, for accesses the
/// hardware prefetchers cannot predict (a damage region jumps to a new column in every row). A hint
/// only: it never changes a result and never faults.
enum Prefetch {
    /// Starts loading the line holding `address` for reading.
    @inline(__always)
    static func read(_ address: UnsafeRawPointer) { ls_prefetch_read(address) }

    /// Starts loading the line holding `address` for writing.
    @inline(__always)
    static func write(_ address: UnsafeRawPointer) { ls_prefetch_write(address) }
}
