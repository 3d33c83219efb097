/// A line-by-line replay of `ORKRangeOfMotionStepViewController`'s per-sample state (docs/range-of-motion.md, "The
/// per-sample procedure").
///
/// The relative attitude is `conj(reference) ⊗ current` (CoreMotion's `multiplyByInverseOfAttitude:` in the body-frame
/// order docs/range-of-motion.md, "Quaternions and attitude" settles on), so the first sample's relative angle is
/// exactly 0.0 and the `minAngle == 0.0` sentinel behaves as on the phone. (CoreMotion on a device might leave a
/// residual of about 1e-17 there instead; that changes only the sentinel corner case, and docs/range-of-motion.md,
/// "Quirks kept for identical numbers" says not to emulate it.)
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
        newAngle = Self.shiftedAngle(of: attitude, from: reference, orientation: orientation)
        calculateAndSetAngles()
    }

    /// `newAngle` for `attitude`: its angle relative to `reference`, with (90°, 180°] shifted by −360°.
    @inline(__always)
    static func shiftedAngle(of attitude: Quaternion, from reference: Quaternion, orientation: Orientation) -> Double {
        let angle = orientation.degrees(of: reference.conjugate * attitude)
        return angle > 90 && angle <= 180 ? abs(angle) - 360 : angle
    }

    /// Continues with the samples of `segment`, which followed the ones added so far and were measured from this
    /// tracker's reference: the state equals adding them one by one (false, nothing changed, only before the first
    /// sample). The minimum's sentinel makes the order of angles of 0 matter, which the segment keeps track of:
    /// - a minimum at its sentinel takes the segment's own minimum from the sentinel;
    /// - a minimum below 0, or one that falls below 0 before the segment's first angle of 0, is a plain minimum from
    ///   then on (an angle of 0 no longer replaces it);
    /// - a minimum above 0 until the segment's first angle of 0 is replaced by that 0, and continues from the
    ///   sentinel over the angles from there.
    mutating func append(_ segment: AngleSegment) -> Bool {
        guard reference != nil, segment.count > 0 else { return segment.count == 0 }
        if minAngle == 0.0 {
            minAngle = segment.minimumFromSentinel
        } else if !segment.holdsZero || Swift.min(minAngle, segment.minimumBeforeZero) < 0 {
            minAngle = Swift.min(minAngle, segment.minimum)
        } else {
            minAngle = segment.minimumFromFirstZero
        }
        maxAngle = Swift.max(maxAngle, segment.maximum)
        newAngle = segment.last
        return true
    }

    /// `calculateAndSetAngles`: run after each sample and once more on the final tap.
    mutating func calculateAndSetAngles() {
        startAngle = orientation.degrees(of: reference ?? .zero)
        if newAngle > maxAngle { maxAngle = newAngle }
        if minAngle == 0.0 || newAngle < minAngle { minAngle = newAngle }
    }
}
