import Foundation
import RegimenFoundation

/// The first line of a recorded transcript: which task and survey version it answers, and when it started.
public struct TranscriptHeader: Sendable, Hashable {
    /// The value of the header's "format" field.
    public static let formatName = "regimen-transcript"
    /// The transcript version this build writes and reads.
    public static let currentVersion = 1

    /// Format version ("version").
    public var version: Int
    /// The task identifier ("task").
    public var taskIdentifier: String
    /// Hex digest of the survey file the run used ("surveyDigest").
    public var surveyDigest: String
    /// When the run started ("startDate", ISO 8601 with fractional seconds).
    public var startDate: Date
    /// The run's task run UUID ("taskRunUUID"); a replay reuses it so results are identical.
    public var taskRunUUID: UUID

    /// Creates a header.
    public init(
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
    public static func recordableDate(_ date: Date) -> Date {
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
