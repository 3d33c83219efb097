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
    /// tracker's reference: the state equals adding them one by one. Returns false, changing nothing, when the
    /// segment holds an angle of exactly 0, where the minimum's sentinel makes the order matter.
    mutating func append(_ segment: AngleSegment) -> Bool {
        guard reference != nil, segment.count > 0 else { return segment.count == 0 }
        guard !segment.holdsZero else { return false }
        // With no angle of 0 in the segment, the minimum leaves its sentinel at the segment's first angle and is a
        // plain minimum from then on; the maximum is a plain maximum throughout.
        minAngle = minAngle == 0.0 ? segment.minimum : Swift.min(minAngle, segment.minimum)
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
