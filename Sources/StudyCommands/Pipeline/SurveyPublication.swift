import Catalog
import Foundation
import RegimenCommands
import ResearchTasks
import StudyDatabase

/// The survey folder as a study revision publishes it: every scheduled survey becomes a published task — title,
/// digest, schedule relative to enrollment and in words, and its declared variables — in file-name order, as
/// `CareSync` makes care tasks of the same surveys (docs/study-database.md, "Publishing and revisions").
enum SurveyPublication {
    /// The published tasks of `catalog`'s scheduled surveys.
    static func tasks(of catalog: Catalog) -> [PublishedTask] {
        catalog.entries.compactMap { entry in
            guard let schedule = entry.schedule else { return nil }
            return PublishedTask(
                id: entry.taskIdentifier, title: entry.title, digest: entry.digest,
                impactsAdherence: entry.impactsAdherence,
                scheduleSummary: ScheduleSummary.text(schedule), variables: PublishedVariables.of(entry),
                instructions: entry.instructions, schedule: PublishedSchedule(schedule),
                consent: entry.task.consentDocument.map(consent))
        }
    }

    /// A consent document as published: its identity and its text in the language the folder was read in.
    private static func consent(_ content: ConsentReviewContent) -> PublishedConsentDocument {
        let document = content.document
        return PublishedConsentDocument(
            document: document.identifier, version: document.version, effective: document.effectiveDate,
            required: document.isRequired, withdrawal: document.withdrawalChoices.map(\.rawValue),
            language: document.language, digest: content.digest, text: content.documentText)
    }
}
