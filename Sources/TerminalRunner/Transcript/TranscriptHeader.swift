package import Foundation
import RegimenFoundation

/// The first line of a recorded transcript: which task and survey version it answers, and when it started.
package struct TranscriptHeader: Sendable, Hashable {
    /// The value of the header's "format" field.
    package static let formatName = "regimen-transcript"
    /// The transcript version this build writes and reads.
    package static let currentVersion = 1

    /// Format version ("version").
    package var version: Int
    /// The task identifier ("task").
    package var taskIdentifier: String
    /// Hex digest of the survey file the run used ("surveyDigest").
    package var surveyDigest: String
    /// When the run started ("startDate", ISO 8601 with fractional seconds).
    package var startDate: Date
    /// The run's task run UUID ("taskRunUUID"); a replay reuses it so results are identical.
    package var taskRunUUID: UUID

    /// Creates a header.
    package init(
        taskIdentifier: String, surveyDigest: String, startDate: Date, taskRunUUID: UUID,
        version: Int = TranscriptHeader.currentVersion
    ) {
        self.version = version
        self.taskIdentifier = taskIdentifier
        self.surveyDigest = surveyDigest
        self.startDate = startDate
        self.taskRunUUID = taskRunUUID
    }

    /// `date` cut to the milliseconds a transcript keeps; start a recorded session at this date so the live
    /// result and every replay share the same start instant.
    package static func recordableDate(_ date: Date) -> Date {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }
}

/// ISO 8601 with fractional seconds (written), with or without them (read).
enum TranscriptDate {
    /// "2026-11-21T19:20:00.125Z".
    static func string(from date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// Parses either form; nil when neither fits.
    static func date(from text: String) -> Date? {
        ISODateTime.read(text, rules: .instant)?.date
    }
}
