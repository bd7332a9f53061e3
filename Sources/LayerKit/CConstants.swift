// Core Animation's C-level names, as the Objective-C headers export them and as Swift code written for
// Swift 4 and earlier still spells them (`transition.type = kCATransitionFade`,
// `CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)`). Swift 4.2's SDK renamed them to
// the typed constants (`CATransitionType.fade`, …); each name here is that typed constant, so both
// spellings compile. `HUGE` and `MAXFLOAT` are the C math header's, which Apple's SDKs export to Swift.

/// The largest finite `Float`, as Darwin's `<math.h>` defines `HUGE` (`#define HUGE MAXFLOAT`). Core
/// Animation repeats forever for a `repeatCount` this large: "Setting this property to
/// `greatestFiniteMagnitude` will cause the animation to repeat forever"
/// (https://developer.apple.com/documentation/quartzcore/camediatiming/1427666-repeatcount), hence the
/// idiom `animation.repeatCount = HUGE`.
public var HUGE: Float { Float.greatestFiniteMagnitude }

/// The largest finite `Float` (`<math.h>`'s `MAXFLOAT`), the same value as `HUGE`.
public var MAXFLOAT: Float { Float.greatestFiniteMagnitude }

/// The key under which `CALayer.add(_:forKey:)` files a `CATransition` (`layer.add(t, forKey: kCATransition)`).
public let kCATransition = "transition"

// Transition types and subtypes (`CATransition.type`, `.subtype`).
/// `CATransitionType.fade`, by its Objective-C name.
public let kCATransitionFade = CATransitionType.fade
/// `CATransitionType.moveIn`, by its Objective-C name.
public let kCATransitionMoveIn = CATransitionType.moveIn
/// `CATransitionType.push`, by its Objective-C name.
public let kCATransitionPush = CATransitionType.push
/// `CATransitionType.reveal`, by its Objective-C name.
public let kCATransitionReveal = CATransitionType.reveal
/// `CATransitionSubtype.fromRight`, by its Objective-C name.
public let kCATransitionFromRight = CATransitionSubtype.fromRight
/// `CATransitionSubtype.fromLeft`, by its Objective-C name.
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft
/// `CATransitionSubtype.fromTop`, by its Objective-C name.
public let kCATransitionFromTop = CATransitionSubtype.fromTop
/// `CATransitionSubtype.fromBottom`, by its Objective-C name.
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom

// Named timing curves (`CAMediaTimingFunction(name:)`).
/// `CAMediaTimingFunctionName.linear`, by its Objective-C name.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// `CAMediaTimingFunctionName.easeIn`, by its Objective-C name.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// `CAMediaTimingFunctionName.easeOut`, by its Objective-C name.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// `CAMediaTimingFunctionName.easeInEaseOut`, by its Objective-C name.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// `CAMediaTimingFunctionName.default`, by its Objective-C name.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.`default`

// Fill modes (`CAMediaTiming.fillMode`).
/// `CAMediaTimingFillMode.removed`, by its Objective-C name.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
/// `CAMediaTimingFillMode.forwards`, by its Objective-C name.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
/// `CAMediaTimingFillMode.backwards`, by its Objective-C name.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
/// `CAMediaTimingFillMode.both`, by its Objective-C name.
public let kCAFillModeBoth = CAMediaTimingFillMode.both

// Contents gravities (`CALayer.contentsGravity`).
/// `CALayerContentsGravity.center`, by its Objective-C name.
public let kCAGravityCenter = CALayerContentsGravity.center
/// `CALayerContentsGravity.top`, by its Objective-C name.
public let kCAGravityTop = CALayerContentsGravity.top
/// `CALayerContentsGravity.bottom`, by its Objective-C name.
public let kCAGravityBottom = CALayerContentsGravity.bottom
/// `CALayerContentsGravity.left`, by its Objective-C name.
public let kCAGravityLeft = CALayerContentsGravity.left
/// `CALayerContentsGravity.right`, by its Objective-C name.
public let kCAGravityRight = CALayerContentsGravity.right
/// `CALayerContentsGravity.topLeft`, by its Objective-C name.
public let kCAGravityTopLeft = CALayerContentsGravity.topLeft
/// `CALayerContentsGravity.topRight`, by its Objective-C name.
public let kCAGravityTopRight = CALayerContentsGravity.topRight
/// `CALayerContentsGravity.bottomLeft`, by its Objective-C name.
public let kCAGravityBottomLeft = CALayerContentsGravity.bottomLeft
/// `CALayerContentsGravity.bottomRight`, by its Objective-C name.
public let kCAGravityBottomRight = CALayerContentsGravity.bottomRight
/// `CALayerContentsGravity.resize`, by its Objective-C name.
public let kCAGravityResize = CALayerContentsGravity.resize
/// `CALayerContentsGravity.resizeAspect`, by its Objective-C name.
public let kCAGravityResizeAspect = CALayerContentsGravity.resizeAspect
/// `CALayerContentsGravity.resizeAspectFill`, by its Objective-C name.
public let kCAGravityResizeAspectFill = CALayerContentsGravity.resizeAspectFill

// Shape layers' fill rules, line caps and line joins.
/// `CAShapeLayerFillRule.nonZero`, by its Objective-C name.
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero
/// `CAShapeLayerFillRule.evenOdd`, by its Objective-C name.
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd
/// `CAShapeLayerLineCap.butt`, by its Objective-C name.
public let kCALineCapButt = CAShapeLayerLineCap.butt
/// `CAShapeLayerLineCap.round`, by its Objective-C name.
public let kCALineCapRound = CAShapeLayerLineCap.round
/// `CAShapeLayerLineCap.square`, by its Objective-C name.
public let kCALineCapSquare = CAShapeLayerLineCap.square
/// `CAShapeLayerLineJoin.miter`, by its Objective-C name.
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter
/// `CAShapeLayerLineJoin.round`, by its Objective-C name.
public let kCALineJoinRound = CAShapeLayerLineJoin.round
/// `CAShapeLayerLineJoin.bevel`, by its Objective-C name.
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel

// Keyframe calculation and rotation modes (`CAKeyframeAnimation`).
/// `CAAnimationCalculationMode.linear`, by its Objective-C name.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear
/// `CAAnimationCalculationMode.discrete`, by its Objective-C name.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
/// `CAAnimationCalculationMode.paced`, by its Objective-C name.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
/// `CAAnimationCalculationMode.cubic`, by its Objective-C name.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
/// `CAAnimationCalculationMode.cubicPaced`, by its Objective-C name.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced
/// `CAAnimationRotationMode.rotateAuto`, by its Objective-C name.
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
/// `CAAnimationRotationMode.rotateAutoReverse`, by its Objective-C name.
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

// Value functions (`CAValueFunction(name:)`).
/// `CAValueFunctionName.rotateX`, by its Objective-C name.
public let kCAValueFunctionRotateX = CAValueFunctionName.rotateX
/// `CAValueFunctionName.rotateY`, by its Objective-C name.
public let kCAValueFunctionRotateY = CAValueFunctionName.rotateY
/// `CAValueFunctionName.rotateZ`, by its Objective-C name.
public let kCAValueFunctionRotateZ = CAValueFunctionName.rotateZ
/// `CAValueFunctionName.scale`, by its Objective-C name.
public let kCAValueFunctionScale = CAValueFunctionName.scale
/// `CAValueFunctionName.scaleX`, by its Objective-C name.
public let kCAValueFunctionScaleX = CAValueFunctionName.scaleX
/// `CAValueFunctionName.scaleY`, by its Objective-C name.
public let kCAValueFunctionScaleY = CAValueFunctionName.scaleY
/// `CAValueFunctionName.scaleZ`, by its Objective-C name.
public let kCAValueFunctionScaleZ = CAValueFunctionName.scaleZ
/// `CAValueFunctionName.translate`, by its Objective-C name.
public let kCAValueFunctionTranslate = CAValueFunctionName.translate
/// `CAValueFunctionName.translateX`, by its Objective-C name.
public let kCAValueFunctionTranslateX = CAValueFunctionName.translateX
/// `CAValueFunctionName.translateY`, by its Objective-C name.
public let kCAValueFunctionTranslateY = CAValueFunctionName.translateY
/// `CAValueFunctionName.translateZ`, by its Objective-C name.
public let kCAValueFunctionTranslateZ = CAValueFunctionName.translateZ

// Emitter shapes, modes and render modes (`CAEmitterLayer`).
/// `CAEmitterLayerEmitterShape.point`, by its Objective-C name.
public let kCAEmitterLayerPoint = CAEmitterLayerEmitterShape.point
/// `CAEmitterLayerEmitterShape.line`, by its Objective-C name.
public let kCAEmitterLayerLine = CAEmitterLayerEmitterShape.line
/// `CAEmitterLayerEmitterShape.rectangle`, by its Objective-C name.
public let kCAEmitterLayerRectangle = CAEmitterLayerEmitterShape.rectangle
/// `CAEmitterLayerEmitterShape.cuboid`, by its Objective-C name.
public let kCAEmitterLayerCuboid = CAEmitterLayerEmitterShape.cuboid
/// `CAEmitterLayerEmitterShape.circle`, by its Objective-C name.
public let kCAEmitterLayerCircle = CAEmitterLayerEmitterShape.circle
/// `CAEmitterLayerEmitterShape.sphere`, by its Objective-C name.
public let kCAEmitterLayerSphere = CAEmitterLayerEmitterShape.sphere
/// `CAEmitterLayerEmitterMode.points`, by its Objective-C name.
public let kCAEmitterLayerPoints = CAEmitterLayerEmitterMode.points
/// `CAEmitterLayerEmitterMode.outline`, by its Objective-C name.
public let kCAEmitterLayerOutline = CAEmitterLayerEmitterMode.outline
/// `CAEmitterLayerEmitterMode.surface`, by its Objective-C name.
public let kCAEmitterLayerSurface = CAEmitterLayerEmitterMode.surface
/// `CAEmitterLayerEmitterMode.volume`, by its Objective-C name.
public let kCAEmitterLayerVolume = CAEmitterLayerEmitterMode.volume
/// `CAEmitterLayerRenderMode.unordered`, by its Objective-C name.
public let kCAEmitterLayerUnordered = CAEmitterLayerRenderMode.unordered
/// `CAEmitterLayerRenderMode.oldestFirst`, by its Objective-C name.
public let kCAEmitterLayerOldestFirst = CAEmitterLayerRenderMode.oldestFirst
/// `CAEmitterLayerRenderMode.oldestLast`, by its Objective-C name.
public let kCAEmitterLayerOldestLast = CAEmitterLayerRenderMode.oldestLast
/// `CAEmitterLayerRenderMode.backToFront`, by its Objective-C name.
public let kCAEmitterLayerBackToFront = CAEmitterLayerRenderMode.backToFront
/// `CAEmitterLayerRenderMode.additive`, by its Objective-C name.
public let kCAEmitterLayerAdditive = CAEmitterLayerRenderMode.additive

// Gradient types (`CAGradientLayer.type`).
/// `CAGradientLayerType.axial`, by its Objective-C name.
public let kCAGradientLayerAxial = CAGradientLayerType.axial
/// `CAGradientLayerType.radial`, by its Objective-C name.
public let kCAGradientLayerRadial = CAGradientLayerType.radial
/// `CAGradientLayerType.conic`, by its Objective-C name.
public let kCAGradientLayerConic = CAGradientLayerType.conic

// Text alignment and truncation modes (`CATextLayer`).
/// `CATextLayerAlignmentMode.natural`, by its Objective-C name.
public let kCAAlignmentNatural = CATextLayerAlignmentMode.natural
/// `CATextLayerAlignmentMode.left`, by its Objective-C name.
public let kCAAlignmentLeft = CATextLayerAlignmentMode.left
/// `CATextLayerAlignmentMode.right`, by its Objective-C name.
public let kCAAlignmentRight = CATextLayerAlignmentMode.right
/// `CATextLayerAlignmentMode.center`, by its Objective-C name.
public let kCAAlignmentCenter = CATextLayerAlignmentMode.center
/// `CATextLayerAlignmentMode.justified`, by its Objective-C name.
public let kCAAlignmentJustified = CATextLayerAlignmentMode.justified
/// `CATextLayerTruncationMode.none`, by its Objective-C name.
public let kCATruncationNone = CATextLayerTruncationMode.none
/// `CATextLayerTruncationMode.start`, by its Objective-C name.
public let kCATruncationStart = CATextLayerTruncationMode.start
/// `CATextLayerTruncationMode.middle`, by its Objective-C name.
public let kCATruncationMiddle = CATextLayerTruncationMode.middle
/// `CATextLayerTruncationMode.end`, by its Objective-C name.
public let kCATruncationEnd = CATextLayerTruncationMode.end

// Corner curves (`CALayer.cornerCurve`).
/// `CALayerCornerCurve.circular`, by its Objective-C name.
public let kCACornerCurveCircular = CALayerCornerCurve.circular
/// `CALayerCornerCurve.continuous`, by its Objective-C name.
public let kCACornerCurveContinuous = CALayerCornerCurve.continuous
