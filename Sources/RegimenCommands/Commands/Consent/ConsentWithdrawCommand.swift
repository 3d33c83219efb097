import ArgumentParser
import CareModel
import CareStore
import Catalog
import Foundation
import ParticipantWords
import ResearchTasks
import SystemPackage

/// `regimen consent withdraw`: withdraws the participant's consent, with the choice the document offers for the data
/// already given (docs/consent.md, "Withdrawal").
struct ConsentWithdrawCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw",
        abstract: "Withdraw your consent: no new answers can be given afterwards.",
        discussion: """
            The withdrawal is recorded with its date and your choice for the answers already given (--data keep or \
            remove, as the consent document offers; needed when it offers both). It is sent with the next sync. \
            Running the consent task again and signing gives consent anew.
            """)

    @Option(help: ArgumentHelp("The consent document (needed when the surveys hold several).", valueName: "id"))
    var document: String?

    @Option(help: ArgumentHelp("What happens to the answers already given: keep or remove.", valueName: "choice"))
    var data: String?

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let environment = workspace.environment
        let languages = try environment.participantLanguages(
            option: nil, enrolled: workspace.enrolledLanguage(storePath: storeOptions.store))
        let words = Words(for: languages)
        let catalog = try workspace.loadCatalog(surveys, languages: languages).catalog
        let documents = catalog.entries.compactMap(\.task.consentDocument)
        let content: ConsentReviewContent
        if let document {
            guard let found = documents.first(where: { $0.document.identifier == document }) else {
                throw RegimenError.usage(
                    "no survey holds consent document '\(document)' (known: "
                        + "\(documents.map(\.document.identifier).joined(separator: ", ")))")
            }
            content = found
        } else {
            guard documents.count == 1, let only = documents.first else {
                throw RegimenError.usage(
                    documents.isEmpty
                        ? "no survey holds a consent document"
                        : "name the consent document with --document: "
                            + documents.map(\.document.identifier).joined(separator: ", "))
            }
            content = only
        }
        let offered = content.document.withdrawalChoices
        let choice: WithdrawalDataChoice
        if let data {
            guard let parsed = WithdrawalDataChoice(rawValue: data), offered.contains(parsed) else {
                throw RegimenError.usage(
                    "--data: the consent document offers "
                        + offered.map(\.rawValue).joined(separator: " or ") + ", not '\(data)'")
            }
            choice = parsed
        } else {
            guard offered.count == 1, let only = offered.first else {
                throw RegimenError.usage(
                    "--data keep or --data remove: the consent document offers both for the answers already given")
            }
            choice = only
        }
        let store = try workspace.openStore(storeOptions, surveys: surveys)
        let now = environment.clock.now()
        let withdrawn = try storeCall { () throws(CareStoreError) in
            try store.withdrawConsent(
                documentID: content.document.identifier,
                ConsentWithdrawal(date: now, by: .participant, data: choice == .keep ? .keep : .remove))
        }
        guard withdrawn > 0 else {
            throw RegimenError.failure(
                "no consent to '\(content.document.identifier)' stands in "
                    + "\(workspace.storePath(storeOptions.store).string): nothing was withdrawn")
        }
        print(
            words(
                .consentWithdrawalDone, content.document.title ?? content.document.identifier,
                DayText.long(now, calendar: environment.calendar, words: words),
                words(choice == .keep ? .consentDataKept : .consentDataRemoved)))
    }
}
