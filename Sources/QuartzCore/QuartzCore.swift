// `import QuartzCore` in code pasted from iOS: every Core Animation name comes from LayerKit.
@_exported import LayerKit
