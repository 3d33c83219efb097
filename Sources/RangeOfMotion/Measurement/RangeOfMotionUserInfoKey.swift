/// The `userInfo` keys and values Regimen writes into `RangeOfMotionResult` (ResearchKit writes none).
public enum RangeOfMotionUserInfoKey {
    /// Where the values came from: `deviceMotionSource` or `goniometerSource`.
    public static let source = "source"
    /// `"portrait"` or `"landscape"`: the formula used for a recording.
    public static let orientation = "orientation"
    /// `true` when the orientation was guessed from gravity.
    public static let orientationGuessed = "orientationGuessed"
    /// Number of samples replayed.
    public static let sampleCount = "sampleCount"
    /// The joint of a manual reading (`"knee"` or `"shoulder"`).
    public static let joint = "joint"
    /// The typed goniometer reading in degrees, as entered.
    public static let reading = "reading"
    /// `source` value for values computed from a device-motion recording.
    public static let deviceMotionSource = "deviceMotion"
    /// `source` value for a manual goniometer reading.
    public static let goniometerSource = "goniometer"
}
