/// How an open stroke ends (Core Graphics' `CGLineCap`, which `UIBezierPath.lineCapStyle` uses too).
public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

/// How a stroke turns a corner (Core Graphics' `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}
