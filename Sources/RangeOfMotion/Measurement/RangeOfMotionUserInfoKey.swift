/// The `userInfo` keys and values Regimen writes into `RangeOfMotionResult` (ResearchKit writes none).
package enum RangeOfMotionUserInfoKey {
    /// Where the values came from: `deviceMotionSource` or `goniometerSource`.
    package static let source = "source"
    /// `"portrait"` or `"landscape"`: the formula used for a recording.
    package static let orientation = "orientation"
    /// `true` when the orientation was guessed from gravity.
    package static let orientationGuessed = "orientationGuessed"
    /// Number of samples replayed.
    package static let sampleCount = "sampleCount"
    /// The joint of a manual reading (`"knee"` or `"shoulder"`).
    package static let joint = "joint"
    /// The typed goniometer reading in degrees, as entered.
    package static let reading = "reading"
    /// `source` value for values computed from a device-motion recording.
    package static let deviceMotionSource = "deviceMotion"
    /// `source` value for a manual goniometer reading.
    package static let goniometerSource = "goniometer"
}
