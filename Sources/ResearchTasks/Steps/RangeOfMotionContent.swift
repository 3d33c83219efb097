/// The measuring step of a knee or shoulder range-of-motion task (docs/range-of-motion.md).
public struct RangeOfMotionContent: Sendable, Hashable {
    /// Which joint is measured.
    public var joint: Joint
    /// Which side; it changes only the text, never the math.
    public var limb: Limb

    /// Creates range-of-motion content.
    public init(joint: Joint, limb: Limb) {
        self.joint = joint
        self.limb = limb
    }

    /// The measured joint.
    public enum Joint: String, Sendable, Hashable, CaseIterable {
        case knee
        case shoulder
    }

    /// The measured side.
    public enum Limb: String, Sendable, Hashable, CaseIterable {
        case left
        case right
    }
}
