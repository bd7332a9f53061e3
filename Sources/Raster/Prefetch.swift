/// Software prefetch: asks the CPU to start loading a cache line before it is needed, for accesses the
/// hardware prefetchers cannot predict (a damage region jumps to a new column in every row). A hint
/// only: it never changes a result and never faults.
enum Prefetch {
    /// Starts loading the line holding `address` for reading.
    @inline(__always)
    static func read(_ address: UnsafeRawPointer) { llvmPrefetch(address, 0, 3, 1) }

    /// Starts loading the line holding `address` for writing.
    @inline(__always)
    static func write(_ address: UnsafeRawPointer) { llvmPrefetch(address, 1, 3, 1) }
}

/// LLVM's prefetch intrinsic: address, 0 read / 1 write, temporal locality 0…3, 1 for the data cache.
@_silgen_name("llvm.prefetch.p0")
private func llvmPrefetch(_ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ cacheType: Int32)
