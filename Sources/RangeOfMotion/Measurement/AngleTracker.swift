/// A line-by-line replay of `ORKRangeOfMotionStepViewController`'s per-sample state (docs/range-of-motion.md, "The per-sample procedure").
///
/// The relative attitude is `conj(reference) ⊗ current` (CoreMotion's `multiplyByInverseOfAttitude:` in the
/// body-frame order docs/range-of-motion.md, "Quaternions and attitude" settles on), so the first sample's relative angle is exactly 0.0 and the
/// `minAngle == 0.0` sentinel behaves as on the phone. (CoreMotion on a device might leave a residual of about
/// 1e-17 there instead; that changes only the sentinel corner case, and docs/range-of-motion.md, "Quirks kept for identical numbers" says not to emulate it.)
struct AngleTracker {
    /// The formula in use (pitch for portrait, roll for landscape).
    let orientation: Orientation
    /// The first sample's attitude; nil until a sample arrives.
    private(set) var reference: Quaternion?
    /// `startAngle`: the absolute angle of the reference attitude.
    private(set) var startAngle = 0.0
    /// `newAngle`: the last sample's shifted relative angle.
    private(set) var newAngle = 0.0
    /// `minAngle`, with ResearchKit's 0.0 sentinel.
    private(set) var minAngle = 0.0
    /// `maxAngle`, starting at 0.0.
    private(set) var maxAngle = 0.0

    /// Starts with ResearchKit's zeroed ivars.
    init(orientation: Orientation) {
        self.orientation = orientation
    }

    /// One device-motion sample.
    mutating func add(_ attitude: Quaternion) {
        let reference = self.reference ?? attitude
        self.reference = reference
        let angle = orientation.degrees(of: reference.conjugate * attitude)
        newAngle = angle > 90 && angle <= 180 ? abs(angle) - 360 : angle
        calculateAndSetAngles()
    }

    /// `calculateAndSetAngles`: run after each sample and once more on the final tap.
    mutating func calculateAndSetAngles() {
        startAngle = orientation.degrees(of: reference ?? .zero)
        if newAngle > maxAngle { maxAngle = newAngle }
        if minAngle == 0.0 || newAngle < minAngle { minAngle = newAngle }
    }
}
