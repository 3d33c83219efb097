/// Which ResearchKit angle formula applies: the interface orientation is not in the file (docs/range-of-motion.md,
/// "Angle formulas").
package enum Orientation: String, Sendable, Hashable, CaseIterable {
    /// Portrait, upside-down or unknown: rotation about device x (`pitchAll`, formula P).
    case portrait
    /// Landscape left or right: rotation about device y (`rollAll`, formula R).
    case landscape

    /// Regimen's guess (docs/range-of-motion.md, "Angle formulas"): landscape when |g.x| > |g.y| in the first sample's
    /// gravity, else portrait.
    package static func guess(fromGravity gravity: Vector3) -> Orientation {
        abs(gravity.x) > abs(gravity.y) ? .landscape : .portrait
    }

    /// The angle of `attitude` in degrees, `rad * 180.0 / π` evaluated left to right as ResearchKit does.
    func degrees(of attitude: Quaternion) -> Double {
        let radians = self == .portrait ? attitude.pitchAll : attitude.rollAll
        return radians * 180.0 / Double.pi
    }
}
