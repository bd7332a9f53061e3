import Dispatch

/// Rows split into bands drawn on every core: at most `bands` bands, each at least `minimumRows`
/// rows tall, claimed by the cores as they come free (the calling thread takes part). Each band
/// touches only its own rows, so the split changes no pixel.
enum RowBands {
    /// Calls `body` for each band of `rows`; on the calling thread alone when one band will do.
    static func forEach(
        _ rows: Range<Int>, bands: Int, minimumRows: Int, _ body: @Sendable (Range<Int>) -> Void
    ) {
        let bandCount = max(1, min(bands, rows.count / minimumRows))
        if bandCount == 1 { return body(rows) }
        let perBand = (rows.count + bandCount - 1) / bandCount
        DispatchQueue.concurrentPerform(iterations: bandCount) { band in
            let start = rows.lowerBound + band * perBand
            let end = min(rows.upperBound, start + perBand)
            if start < end { body(start..<end) }
        }
    }
}
