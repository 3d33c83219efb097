import CareModel
import Foundation
import ParticipantWords

extension CareFeedDay {
    /// The day as the consent gate shows it (docs/consent.md, "The gate"): while consent is needed, only the consent
    /// tasks' lines; the day as it is when the study is open.
    func gated(by standing: ConsentGate.Standing, consentTasks documents: ConsentDocumentList) -> CareFeedDay {
        guard standing != .open else { return self }
        var gated = self
        gated.lines = lines.filter { documents.isConsentTask($0.event.task.id) }
        return gated
    }
}

extension ConsentGate {
    /// The line under the care feed while consent is needed; nil when the study is open.
    static func feedNote(_ standing: Standing, words: Words, calendar: Calendar) -> String? {
        switch standing {
        case .open: nil
        case .notSigned(let task): words(.consentOnlyTask) + " (regimen run \(task))"
        case .newVersion, .withdrawn: reason(standing, title: "", words: words, calendar: calendar)
        }
    }
}
