/// ResearchKit's knee/shoulder range-of-motion computation, replayed over a recording (docs/range-of-motion.md).
public enum RangeOfMotionCalculator {
    /// Replays every sample in file order, then the final tap, and returns ResearchKit's five values.
    ///
    /// Relative attitude = `conj(first) ⊗ current` (docs/range-of-motion.md, "Quaternions and attitude": `multiplyByInverseOfAttitude:` in the body-frame
    /// order; the other order flips the knee result's sign). Angles, the (90°,180°] → −360° shift, the 0.0 sentinel of
    /// the minimum and the final formulas follow docs/range-of-motion.md, "The per-sample procedure" literally, so results match ResearchKit's far inside
    /// 1e-9° (what remains free is libm's `atan2` and rounding-level grouping inside the angle macros).
    ///
    /// When `orientation` is nil it is guessed from the first sample's gravity (docs/range-of-motion.md, "Angle formulas"); without gravity
    /// (or without samples) the guess is portrait, ResearchKit's formula for an unknown orientation (docs/range-of-motion.md, "Angle formulas").
    public static func measure(_ recording: MotionRecording, orientation: Orientation? = nil) -> RangeOfMotionMeasurement {
        let used = orientation ?? guessOrientation(recording)
        var tracker = AngleTracker(orientation: used)
        for sample in recording.samples {
            tracker.add(sample.attitude)
        }
        tracker.calculateAndSetAngles()  // the tap
        let start = 90.0 - tracker.startAngle
        let minimum = start - tracker.maxAngle
        let maximum = start - tracker.minAngle
        return RangeOfMotionMeasurement(
            start: start, finish: start - tracker.newAngle, minimum: minimum, maximum: maximum,
            range: abs(maximum - minimum), orientation: used, orientationWasGuessed: orientation == nil,
            sampleCount: recording.samples.count)
    }

    /// The orientation guess for a recording: from the first sample's gravity, else portrait.
    public static func guessOrientation(_ recording: MotionRecording) -> Orientation {
        guard let gravity = recording.samples.first?.gravity else { return .portrait }
        return Orientation.guess(fromGravity: gravity)
    }
}
