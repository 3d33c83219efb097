/// How a recorded attitude becomes the unit quaternion ResearchKit's angle formulas assume
/// (docs/answer-validation.md, "Motion recordings"). The formulas do not renormalize, so a quaternion of the wrong
/// length gives a wrong angle without any sign of it; instead, by its length ‖q‖:
/// - |‖q‖ − 1| ≤ `keptTolerance` (1e-6): kept exactly as recorded. CoreMotion's quaternions are unit to about
///   float precision, and keeping their bits keeps Regimen's angles equal to ResearchKit's;
/// - |‖q‖ − 1| ≤ `normalizedTolerance` (0.01): divided by its length (numbers rounded when written, e.g. to 3 or 4
///   decimals, land here; left as they are, the angle would be off by up to about half a degree);
/// - anything else — zero, not finite, or further from 1 — is not an attitude, and the sample is refused.
package enum RecordedAttitude {
    /// Lengths this close to 1 are kept as recorded.
    package static let keptTolerance = 1e-6
    /// Lengths this close to 1 (and not closer than `keptTolerance`) are normalized; further ones are refused.
    package static let normalizedTolerance = 0.01

    /// The unit quaternion for the attitude of sample `index`; `.invalidItem(index, "attitude", …)` when there is none.
    package static func unit(_ attitude: Quaternion, sample index: Int) throws(MotionRecordingError) -> Quaternion {
        func refuse(_ problem: MotionRecordingError.FieldProblem) -> MotionRecordingError {
            .invalidItem(index: index, field: "attitude", problem: problem)
        }
        guard attitude.x.isFinite, attitude.y.isFinite, attitude.z.isFinite, attitude.w.isFinite else {
            throw refuse(.notFinite)
        }
        let length =
            (attitude.x * attitude.x + attitude.y * attitude.y + attitude.z * attitude.z
            + attitude.w * attitude.w).squareRoot()
        guard length > 0 else { throw refuse(.zeroQuaternion) }
        let distance = abs(length - 1)
        if distance <= keptTolerance { return attitude }
        guard distance <= normalizedTolerance else { throw refuse(.notUnitQuaternion) }
        return Quaternion(
            x: attitude.x / length, y: attitude.y / length, z: attitude.z / length, w: attitude.w / length)
    }
}
