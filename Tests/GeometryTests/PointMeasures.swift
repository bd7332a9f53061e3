import Foundation
import Geometry

/// The distance between two points.
func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(a.x - b.x, a.y - b.y) }

/// The end point of a path's last element.
func lastPoint(of path: CGPath) -> CGPoint? { path.elements.last?.points.last }
