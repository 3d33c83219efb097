/// A three-component vector in device axes, e.g. gravity in g (docs/range-of-motion.md, "Recording files").
public struct Vector3: Sendable, Hashable {
    /// The x component (to the right in portrait).
    public var x: Double
    /// The y component (toward the top edge).
    public var y: Double
    /// The z component (out of the screen).
    public var z: Double

    /// Creates a vector.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}
