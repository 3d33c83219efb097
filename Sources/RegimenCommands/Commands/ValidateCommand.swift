import ArgumentParser
import Articles
import CareModel
import Catalog
import Foundation
import OutcomeMapping
import ResearchTasks
import SystemPackage

/// `regimen validate [DIR]`: checks a survey folder and says what it found.
struct ValidateCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a folder of survey files and list every problem."
    )

    @Argument(help: ArgumentHelp("Survey folder (default: the one the other commands use).", valueName: "dir"))
    var directory: String?

    @Flag(name: .long, help: "Refuse the folder when a text is not translated into every language of its file.")
    var strict = false

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let loaded = try workspace.loadCatalog(explicit: directory)
        let catalog = loaded.catalog
        // Texts left untranslated: warnings, or with --strict problems of the folder (docs/languages.md).
        let untranslated = catalog.untranslatedTexts
        if strict, !untranslated.isEmpty {
            throw RegimenError.catalog(.invalidSurveys(directory: catalog.directory, problems: untranslated))
        }
        for problem in untranslated {
            ErrorReporter.warn(problem.description, commandName: app.commandName)
        }
        // A task naming a plan in a folder without a care file runs in no plan (docs/care-plans.md).
        for (task, plan) in catalog.undefinedPlans {
            ErrorReporter.warn(
                "task \(task): plan \"\(plan)\" is not defined (the folder has no care file, care.yaml); the task is in no plan",
                commandName: app.commandName)
        }
        print(
            "\(catalog.directory) (\(loaded.source)): \(Plural.count(catalog.entries.count, "survey"))"
                + (catalog.articles.isEmpty ? "" : ", \(Plural.count(catalog.articles.count, "article"))")
                + ", no problems"
        )
        let extractors = workspace.extractors(for: catalog)
        for entry in catalog.entries {
            let steps = entry.task.steps.count
            // Kinds come from the extractor in force: a study's Swift extractor wins over the file's `outcomes:`.
            let kinds =
                extractors.extractor(forTask: entry.taskIdentifier)?.producedKinds.map(\.kind)
                ?? entry.producedKinds.map(\.kind)
            let outcomes = kinds.isEmpty ? "no outcomes" : "outcomes \(kinds.joined(separator: ", "))"
            // A Health-linked task has no steps: say what it measures instead (docs/health-export.md, "Linked
            // tasks").
            let shape =
                entry.healthLink.map { link in
                    "measured from Health data (\(link.aggregate.rawValue)\(link.type.map { " of \($0)" } ?? ""))"
                } ?? Plural.count(steps, "step")
            let languages = entry.languages.map { " in \($0.all.map(\.description).joined(separator: ", "))" } ?? ""
            let logged = entry.logged ? ", logged" : ""
            print(
                "  \(entry.file.lastComponent?.string ?? ""): task \(entry.taskIdentifier) \"\(entry.title)\", \(shape), \(outcomes)"
                    + logged + languages
            )
        }
        if let care = catalog.care {
            let parts = [
                Plural.count(care.plans.count, "plan"), Plural.count(care.contacts.count, "contact"),
                care.patient == nil ? "no patient record" : "a patient record",
            ]
            print("  \(care.file.lastComponent?.string ?? ""): \(parts.joined(separator: ", "))")
        }
        // Articles (docs/articles.md): one line each, with its files' languages.
        for article in catalog.articles {
            let tags = article.versions.compactMap(\.language).map(\.description)
            print(
                "  \(article.versions.map(\.fileName).joined(separator: ", ")): article \(article.id) \"\(article.title)\""
                    + (article.featured ? ", featured" : "")
                    + (tags.isEmpty ? "" : " in \(tags.joined(separator: ", "))"))
        }
    }
}
