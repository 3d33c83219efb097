import ArgumentParser
import FHIRInterchange
import Foundation
import RegimenFoundation
import SystemPackage

/// `regimen survey import QUESTIONNAIRE.json`: a FHIR R4 Questionnaire as a survey file (docs/fhir-import.md).
struct SurveyImportCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Print a FHIR R4 Questionnaire (JSON) as a Regimen survey file (YAML).",
        discussion: """
            Groups become forms (nested groups stay nested), display items instructions or section headers, \
            enableWhen skip rules or enabledWhen conditions, ordinalValue scores stay on the choices and a \
            calculated total of scores becomes an outcome sum; translation extensions become translated texts. \
            What cannot be converted is listed as \
            'file: item LINKID: reason' and nothing is written (exit 65), unless --lenient converts the rest and \
            lists the same as warnings. See docs/fhir-import.md.
            """)

    @Argument(help: ArgumentHelp("A FHIR R4 Questionnaire in JSON.", valueName: "questionnaire"))
    var file: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the survey to this file (owner-only) instead of standard output.", valueName: "file"))
    var output: String?

    @Option(
        name: .customLong("value-set"),
        help: ArgumentHelp(
            "A ValueSet JSON file resolving an answerValueSet (by its url, or CANONICAL=FILE for one without); repeatable.",
            valueName: "file"))
    var valueSets: [String] = []

    @Flag(help: "Convert what can be converted and list the rest as warnings (exit 0).")
    var lenient = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The survey's default language, a BCP 47 tag (default: the questionnaire's language; it names the "
                + "language of the questionnaire's own texts when it has none).",
            valueName: "tag"))
    var language: String?

    func run(in app: RegimenApp) throws {
        let requested = try language.map { text throws(RegimenError) in
            guard let tag = LanguageTag(text), tag.isKnownLanguage else {
                throw .usage("--language must be a BCP 47 language tag such as en, ja or zh-Hans, not '\(text)'")
            }
            return tag
        }
        let importer = QuestionnaireImporter(valueSets: try readValueSets())
        let bytes = try InputFile.bytes(FilePath(file))
        let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let imported: QuestionnaireImport
        do throws(FHIRImportError) {
            imported = try importer.importQuestionnaire(bytes, fallbackIdentifier: stem, language: requested)
            if !lenient, !imported.losses.isEmpty { throw .lossy(imported.losses) }
        } catch {
            throw RegimenError.fhirImport(file: file, error)
        }
        for loss in imported.losses { ErrorReporter.warn("\(file): \(loss)", commandName: app.commandName) }
        if let output {
            try PrivateFiles.replace(FilePath(output), text: imported.yaml)
        } else {
            print(imported.yaml, terminator: "")
        }
    }

    /// The `--value-set` files by canonical URL.
    private func readValueSets() throws(RegimenError) -> [String: [AnswerOption]] {
        var sets: [String: [AnswerOption]] = [:]
        for argument in valueSets {
            var path = argument
            var canonical: String?
            if let equals = argument.firstIndex(of: "="), argument[..<equals].contains("://") {
                canonical = String(argument[..<equals])
                path = String(argument[argument.index(after: equals)...])
            }
            let bytes = try InputFile.bytes(FilePath(path))
            let read: (url: String?, options: [AnswerOption])
            do throws(FHIRImportError) {
                read = try ValueSetOptions.read(bytes)
            } catch {
                throw .fhirImport(file: path, error)
            }
            guard let url = canonical ?? read.url else {
                throw .usage("\(path): the ValueSet has no url; name it as --value-set CANONICAL=\(path)")
            }
            sets[url] = read.options
        }
        return sets
    }
}
