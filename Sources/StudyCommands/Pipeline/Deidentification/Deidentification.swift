import RegimenFoundation
import StudyDatabase

/// `deidentification.json`, the manifest of a de-identified export: what was done, in words, and which variables were
/// left out (docs/deidentified-exports.md). It names no secret, no shift and no participant.
enum Deidentification {
    /// The manifest's file name.
    static let manifestName = "deidentification.json"

    /// The manifest, `leftOut` being the free-text and binary variables left out.
    static func manifest(leftOut: Set<WideColumns.Source>) -> JSONValue {
        let variables = leftOut.sorted { ($0.task, $0.kind) < ($1.task, $1.kind) }.map { source -> JSONValue in
            .object(["task": .string(source.task), "kind": .string(source.kind)])
        }
        let entries: [(String, JSONValue)] = [
            (
                "participants",
                .string(
                    "each label replaced by the first 16 hex digits of its HMAC-SHA256, keyed by a secret the "
                        + "study keeps in its database: the same code in every export of the study, another in "
                        + "another study, and no way back without the secret")
            ),
            (
                "dates",
                .string(
                    "every date and time moved back by the participant's own whole number of weeks (7 to 364 "
                        + "days), drawn once and kept in the database: intervals, weekdays, times of day and study "
                        + "days are unchanged; the shift is written nowhere")
            ),
            (
                "times",
                .string(
                    "written as local times of the participant's home zone without their UTC offset; instants in "
                        + "UTC are left empty, since with the local time they would give the offset")
            ),
            (
                "left_out",
                .array(
                    [
                        "participant labels", "time zones and UTC offsets", "recorded time zones", "sync ids",
                        "free-text and binary values", "revisions.json (when each revision was published)",
                        "when the export was written",
                    ].map(JSONValue.string))
            ),
            ("variables_left_out", .array(variables)),
        ]
        return .object(JSONObject(entries))
    }
}
