/// ResearchKit's range-of-motion computation fed one sample at a time: the same replay
/// for a recording held in memory and for one measured while it is read, so both give identical values.
struct RangeOfMotionReplay {
    /// The orientation asked for, or nil to guess it from the first sample's gravity.
    private let requested: Orientation?
    private var tracker: AngleTracker?
    private(set) var sampleCount = 0

    /// Starts a replay; `orientation` nil means guessed from the first sample.
    init(orientation: Orientation?) {
        requested = orientation
    }

    /// One sample, in file order.
    @inline(__always)
    mutating func add(_ sample: MotionSample) {
        if tracker == nil {
            tracker = AngleTracker(orientation: requested ?? Self.guess(sample.gravity))
        }
        tracker!.add(sample.attitude)
        sampleCount += 1
    }

    /// The first sample's attitude and the orientation in use, once a sample was added.
    var start: (reference: Quaternion, orientation: Orientation)? {
        guard let tracker, let reference = tracker.reference else { return nil }
        return (reference, tracker.orientation)
    }

    /// Continues with `segment`, the samples after those added so far, as if added one by one; false (nothing
    /// changed) before the first sample (`AngleTracker.append`).
    mutating func append(_ segment: AngleSegment) -> Bool {
        guard tracker != nil, tracker!.append(segment) else { return false }
        sampleCount += segment.count
        return true
    }

    /// The final tap and ResearchKit's five values (without samples the orientation guess is portrait).
    func measurement() -> RangeOfMotionMeasurement {
        var tracker = self.tracker ?? AngleTracker(orientation: requested ?? .portrait)
        tracker.calculateAndSetAngles()  // the tap
        let start = 90.0 - tracker.startAngle
        let minimum = start - tracker.maxAngle
        let maximum = start - tracker.minAngle
        return RangeOfMotionMeasurement(
            start: start, finish: start - tracker.newAngle, minimum: minimum, maximum: maximum,
            range: abs(maximum - minimum), orientation: tracker.orientation, orientationWasGuessed: requested == nil,
            sampleCount: sampleCount)
    }

    /// The orientation guess from the first sample's gravity, else portrait.
    static func guess(_ gravity: Vector3?) -> Orientation {
        guard let gravity else { return .portrait }
        return Orientation.guess(fromGravity: gravity)
    }
}
