import Geometry
import Testing

private func close(_ a: CGPoint, _ b: CGPoint) -> Bool { distance(a, b) < 1e-12 }

@Test func positiveRotationTurnsClockwiseOnAYDownScreen() {
    let quarter = CGAffineTransform(rotationAngle: .pi / 2)
    // +x (3 o'clock) goes to +y (6 o'clock): clockwise when y points down.
    #expect(close(CGPoint(x: 1, y: 0).applying(quarter), CGPoint(x: 0, y: 1)))
    let layer = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    #expect(CATransform3DGetAffineTransform(layer) == quarter)
}

@Test func concatenationAppliesTheReceiverFirst() {
    let scale = CGAffineTransform(scaleX: 2, y: 3)
    let move = CGAffineTransform(translationX: 10, y: 20)
    let p = CGPoint(x: 1, y: 1)
    #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 23))
    #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 63))
    // translatedBy / scaledBy / rotated apply the new operation before the receiver.
    #expect(p.applying(move.scaledBy(x: 2, y: 3)) == CGPoint(x: 12, y: 23))
    #expect(p.applying(scale.translatedBy(x: 10, y: 20)) == CGPoint(x: 22, y: 63))
    let a = CATransform3DMakeScale(2, 3, 1)
    let b = CATransform3DMakeTranslation(10, 20, 0)
    #expect(CATransform3DGetAffineTransform(CATransform3DConcat(a, b)) == scale.concatenating(move))
    #expect(CATransform3DTranslate(a, 10, 20, 0) == CATransform3DConcat(b, a))
}

@Test func inversesUndoTheTransformAndSingularOnesAreKept() {
    let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: -0.5).translatedBy(x: 3, y: 4)
    let p = CGPoint(x: 5, y: -7)
    #expect(close(p.applying(t).applying(t.inverted()), p))
    let singular = CGAffineTransform(scaleX: 0, y: 1)
    #expect(singular.inverted() == singular)
    let layer = CATransform3DRotate(CATransform3DMakeScale(2, 3, 4), 0.4, 1, 2, 3)
    let product = CATransform3DConcat(layer, CATransform3DInvert(layer))
    for (value, identity) in zip(product.rowMajor, CATransform3DIdentity.rowMajor) {
        #expect(abs(value - identity) < 1e-12)
    }
    let flat = CATransform3DMakeScale(1, 0, 1)
    #expect(CATransform3DInvert(flat) == flat)
}

@Test func pathCopiesMapEveryPointAndBoundingBoxIncludesControls() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: -5))
    #expect(path.boundingBox == CGRect(x: 0, y: -5, width: 10, height: 15))
    let moved = path.copy(applying: CGAffineTransform(translationX: 1, y: 2))
    #expect(moved.boundingBox == CGRect(x: 1, y: -3, width: 10, height: 15))
    #expect(CGMutablePath().boundingBox.isNull)
}
