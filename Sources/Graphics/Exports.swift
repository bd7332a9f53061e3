// A context draws paths (`CGPath`, `CGAffineTransform`) and images (`CGImage`): code that imports
// Graphics has their modules too.
@_exported import Geometry
@_exported import Pictures
