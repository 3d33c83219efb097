import CareModel
import Foundation
import ParticipantWords

/// What `run` and `replay` print on standard output when they finish: the result file, then what was stored.
enum TaskRunReport {
    static func print(
        _ summary: TaskRunPipeline.Summary, title: String, environment: RegimenEnvironment, words: Words = .english
    ) {
        Swift.print(words(.savedResult, summary.resultFile.path))
        if let note = summary.note {
            Swift.print(note.prefix(1).uppercased() + note.dropFirst() + ".")
        } else if let outcome = summary.stored {
            let values = OutcomeSummary.text(outcome.values, timeZone: environment.timeZone)
            let day = DayText.long(outcome.eventStart, calendar: environment.calendar, words: words)
            Swift.print(
                values.isEmpty ? words(.storedOutcome, title, day) : words(.storedValues, values, title, day))
        }
    }
}
