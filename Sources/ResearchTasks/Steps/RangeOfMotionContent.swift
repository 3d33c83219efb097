/// The measuring step of a knee or shoulder range-of-motion task (docs/range-of-motion.md).
package struct RangeOfMotionContent: Sendable, Hashable {
    /// Which joint is measured.
    package var joint: Joint
    /// Which side; it changes only the text, never the math.
    package var limb: Limb

    /// Creates range-of-motion content.
    package init(joint: Joint, limb: Limb) {
        self.joint = joint
        self.limb = limb
    }

    /// The measured joint.
    package enum Joint: String, Sendable, Hashable, CaseIterable {
        case knee
        case shoulder
    }

    /// The measured side.
    package enum Limb: String, Sendable, Hashable, CaseIterable {
        case left
        case right
    }
}
