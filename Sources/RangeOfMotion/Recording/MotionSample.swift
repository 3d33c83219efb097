/// One `CMDeviceMotion` item of a ResearchKit device-motion recording (docs/range-of-motion.md, "Recording files");
/// only the fields Regimen uses.
package struct MotionSample: Sendable, Hashable {
    /// `attitude{x,y,z,w}`: the only field the range-of-motion algorithm reads.
    package var attitude: Quaternion
    /// `gravity{x,y,z}` in g, used to guess the orientation; nil when the item has none.
    package var gravity: Vector3?
    /// `timestamp`: seconds since the device booted; nil when absent.
    package var timestamp: Double?
    /// `timestampSince1970`: wall-clock seconds (ResearchKit ≥ 3.2.0); nil when absent.
    package var timestampSince1970: Double?

    /// Creates a sample.
    package init(
        attitude: Quaternion, gravity: Vector3? = nil, timestamp: Double? = nil, timestampSince1970: Double? = nil
    ) {
        self.attitude = attitude
        self.gravity = gravity
        self.timestamp = timestamp
        self.timestampSince1970 = timestampSince1970
    }
}
