package import Foundation

/// What a de-identified export is made with (docs/deidentified-exports.md): the study's secret and each participant's
/// date shift, both drawn once and kept in the database. Neither is ever written out: `description` hides them, so no
/// log or error message can print them.
package struct DeidentificationKeys: Sendable, CustomStringConvertible {
    /// The study's secret: the key of the participant codes' HMAC-SHA256.
    package let secret: [UInt8]
    /// Each participant's shift in days (negative, a whole number of weeks), by participant id.
    package let shiftDays: [UUID: Int]

    /// Keys read from the database (or made by a test).
    package init(secret: [UInt8], shiftDays: [UUID: Int]) {
        self.secret = secret
        self.shiftDays = shiftDays
    }

    /// Names no secret and no shift.
    package var description: String { "DeidentificationKeys(\(shiftDays.count) participants)" }
}

extension StudyDatabase {
    /// The study's de-identification secret and its participants' date shifts (docs/deidentified-exports.md).
    package func deidentificationKeys() async throws(StudyDatabaseError) -> DeidentificationKeys {
        try await DeidentificationColumns.read(studyID: studyID, connection)
    }
}
