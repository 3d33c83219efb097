import CareModel
import Crypto
import Foundation
import RegimenCommands
import RegimenFoundation
import StudyDatabase

/// What `--deidentify` does to a researchers' table (docs/deidentified-exports.md): a participant's label becomes the
/// first 16 hex digits of its HMAC-SHA256 keyed by the study's secret; every date and time moves back by the
/// participant's shift, a whole number of weeks drawn once and kept in the database, and is written as a local time
/// without offset (instants in UTC are left out, since with the local time they give the zone's offset); zones,
/// sync ids, free text and binary values are left out.
struct Deidentifier: Sendable {
    /// The study's secret and its participants' shifts.
    let keys: DeidentificationKeys
    /// The (task, kind) of every declared variable whose text values are choices' codes, not free text.
    let coded: Set<WideColumns.Source>

    /// The study's keys and the variables of its dictionary.
    static func load(_ study: StudyDatabase) async throws(RegimenError) -> Deidentifier {
        let keys = try await StudyTables.call { () async throws(StudyDatabaseError) in
            try await study.deidentificationKeys()
        }
        let dictionary = try await StudyTables.call { () async throws(StudyDatabaseError) in
            try await study.dictionary()
        }
        let coded = dictionary.filter { !$0.definition.choices.isEmpty }.map {
            WideColumns.Source(task: $0.task, kind: $0.definition.kind)
        }
        return Deidentifier(keys: keys, coded: Set(coded))
    }

    /// Whether a dictionary row is a free-text variable (left out).
    static func isFreeText(_ row: DictionaryRow) -> Bool {
        row.definition.choices.isEmpty && (row.definition.type == "text" || row.definition.type == "binary")
    }

    /// Whether a value of `kind` of `task` may be written: a text only when it is a choice's code, a binary never.
    func keeps(_ value: OutcomeValue.Value, task: String, kind: String) -> Bool {
        switch value {
        case .text: coded.contains(WideColumns.Source(task: task, kind: kind))
        case .binary: false
        case .integer, .double, .boolean, .date: true
        }
    }

    /// The participant's code: 16 lower-case hex digits of HMAC-SHA256(secret, label).
    func code(_ participant: Participant) -> String {
        let key = SymmetricKey(data: keys.secret)
        let mac = HMAC<SHA256>.authenticationCode(for: Data(participant.label.utf8), using: key)
        return mac.prefix(8).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// The participant's shift in days; a participant enrolled after the keys were read is an error (run again).
    func shift(_ participant: Participant) throws(StudyDatabaseError) -> Int {
        guard let days = keys.shiftDays[participant.id] else {
            throw .corruptRow(
                what: "participant \(participant.label)",
                reason: "no date shift was read for them: they were enrolled while the export ran; run it again")
        }
        return days
    }

    /// A local day, moved.
    func day(_ day: CivilDate, _ participant: Participant) throws(StudyDatabaseError) -> CivilDate {
        CivilDate(dayNumber: day.dayNumber + (try shift(participant)))
    }

    /// A reading in the participant's zone, moved by whole days and written without its offset:
    /// `2026-01-14T08:00:00`; with `separator: " "`, REDCap's `2026-01-14 08:00:00`.
    func local(_ reading: CivilDateTime, _ participant: Participant, separator: String = "T") throws(StudyDatabaseError)
        -> String
    {
        let day = try day(CivilDate(year: reading.year, month: reading.month, day: reading.day), participant)
        return StudyTimeText.civil(day, reading, separator: separator)
    }

    /// An instant as the participant's zone reads it, moved and written without offset.
    func local(_ date: Date, _ participant: Participant, separator: String = "T") throws(StudyDatabaseError) -> String {
        try local(CivilDateTime(date, timeZone: participant.timeZone), participant, separator: separator)
    }
}
