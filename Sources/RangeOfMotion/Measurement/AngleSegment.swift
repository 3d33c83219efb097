/// The angles of a run of samples measured apart from the samples before them (a part of a long recording read on
/// another thread): enough to continue an `AngleTracker` as if it had added them one by one (`AngleTracker.append`),
/// whatever state it is in, angles of exactly 0 (the minimum's sentinel) included.
struct AngleSegment: Sendable {
    /// The first sample's attitude of the whole recording.
    let reference: Quaternion
    /// The formula in use.
    let orientation: Orientation
    /// How many samples were added.
    private(set) var count = 0
    /// The least and greatest shifted angle.
    private(set) var minimum = Double.infinity
    private(set) var maximum = -Double.infinity
    /// The last sample's shifted angle.
    private(set) var last = 0.0
    /// Whether some shifted angle is exactly 0 (the minimum's sentinel value).
    private(set) var holdsZero = false
    /// The least angle before the first angle of 0 (all of them when there is none).
    private(set) var minimumBeforeZero = Double.infinity
    /// ResearchKit's minimum (`AngleTracker.calculateAndSetAngles`) after these angles, started at its sentinel 0.
    private(set) var minimumFromSentinel = 0.0
    /// The same, over the angles from the first angle of 0 on (0 until there is one): what a minimum above 0 becomes
    /// once that angle takes its place.
    private(set) var minimumFromFirstZero = 0.0

    /// An empty segment of the recording whose first attitude is `reference`.
    init(reference: Quaternion, orientation: Orientation) {
        self.reference = reference
        self.orientation = orientation
    }

    /// One sample, in file order.
    @inline(__always)
    mutating func add(_ attitude: Quaternion) {
        let angle = AngleTracker.shiftedAngle(of: attitude, from: reference, orientation: orientation)
        if angle < minimum { minimum = angle }
        if angle > maximum { maximum = angle }
        if minimumFromSentinel == 0.0 || angle < minimumFromSentinel { minimumFromSentinel = angle }
        if holdsZero {
            if minimumFromFirstZero == 0.0 || angle < minimumFromFirstZero { minimumFromFirstZero = angle }
        } else if angle == 0.0 {
            holdsZero = true
            minimumFromFirstZero = angle
        } else if angle < minimumBeforeZero {
            minimumBeforeZero = angle
        }
        last = angle
        count += 1
    }
}
