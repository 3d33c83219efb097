/// A three-component vector in device axes, e.g. gravity in g (docs/range-of-motion.md, "Recording files").
package struct Vector3: Sendable, Hashable {
    /// The x component (to the right in portrait).
    package var x: Double
    /// The y component (toward the top edge).
    package var y: Double
    /// The z component (out of the screen).
    package var z: Double

    /// Creates a vector.
    package init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}
