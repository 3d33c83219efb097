package import Articles
import CareModel
package import Foundation
package import RegimenFoundation
import ResearchTasks
package import SystemPackage

/// The validated surveys of one folder, one entry per task, looked up by task id.
package struct Catalog: Sendable {
    /// The folder the surveys were loaded from.
    package var directory: FilePath
    /// The entries, ordered by file name.
    package var entries: [CatalogEntry]
    /// The folder's care file (`care.yaml`: plans, contacts, the patient), if it has one (docs/care-plans.md).
    package var care: CareFile?
    /// The articles shipped with the surveys (docs/articles.md), ordered by id.
    package var articles: [Article]

    /// Creates a catalog from entries (task ids must be unique), its care file and its articles.
    package init(directory: FilePath, entries: [CatalogEntry], care: CareFile? = nil, articles: [Article] = []) {
        self.directory = directory
        self.entries = entries
        self.care = care
        self.articles = articles
    }

    /// The entry of the task with this id, if any.
    package func entry(forTask identifier: String) -> CatalogEntry? {
        entryIndex(forTask: identifier).map { entries[$0] }
    }

    /// Where the entry of the task with this id is in `entries`, if anywhere (to read a part of it without copying
    /// the whole entry).
    package func entryIndex(forTask identifier: String) -> Int? {
        entries.firstIndex { $0.task.identifier == identifier }
    }

    /// The task ids, in file-name order.
    package var taskIdentifiers: [String] {
        entries.map(\.task.identifier)
    }

    /// File extensions read as surveys (YAML; JSON is YAML too).
    package static let surveyExtensions: Set<String> = ["yaml", "yml", "json"]
    /// File names in a survey folder that are not surveys.
    package static let ignoredFileNames: Set<String> = ["schema.json"]

    /// Loads and validates every survey file (`*.yaml`, `*.yml`, `*.json` except `schema.json`) in `directory`.
    /// Date-only values in surveys are read in `calendar`'s time zone; files beyond `limits` are refused unread.
    /// Each file's texts are resolved to the first of `languages` it has by BCP 47 lookup, else to its default
    /// language (docs/languages.md). Throws with every problem of every file.
    package static func load(
        directory: FilePath, calendar: Calendar, limits: SurveyLimits = .standard, languages: [LanguageTag] = []
    ) throws(CatalogError) -> Catalog {
        let allFiles = try surveyFiles(in: directory)
        let careFiles = allFiles.filter { CareFile.fileNames.contains(name(of: $0)) }
        let files = allFiles.filter { !CareFile.fileNames.contains(name(of: $0)) }
        let folderName = directory.lexicallyNormalized().lastComponent?.string ?? directory.string
        var problems: [CatalogProblem] = []
        var loaded:
            [(
                file: FilePath, display: String, decoded: SurveyDecoder.Decoded, digest: String,
                decoder: SurveyDecoder, languages: SurveyLanguages?
            )] = []
        if files.isEmpty {
            problems.append(
                CatalogProblem(file: folderName, path: "", reason: "no survey files (*.yaml, *.yml, *.json)"))
        }
        for file in files {
            let display = "\(folderName)/\(name(of: file))"
            let sink = ProblemSink(file: display)
            let (data, text): (Data, String)
            switch SurveyFileReader.text(of: file, limit: limits.maximumBytes) {
            case .success(let read): (data, text) = read
            case .failure(let refusal):
                problems.append(CatalogProblem(file: display, path: "", reason: refusal.reason))
                continue
            }
            switch SurveyParser.parse(text, format: SurveyFormat(fileName: name(of: file)), limits: limits) {
            case .failure(let error):
                problems.append(CatalogProblem(file: display, path: "", reason: error.reason, line: error.line))
            case .success(nil):
                problems.append(CatalogProblem(file: display, path: "", reason: "the file is empty"))
            case .success(let root?):
                let translated = TranslatedTexts.resolve(root, requested: languages, sink: sink)
                let decoder = SurveyDecoder(
                    sink: sink, calendar: calendar, language: translated.languages?.shown,
                    defaultTexts: translated.defaultTexts)
                if let decoded = decoder.decode(translated.root) {
                    loaded.append((file, display, decoded, Digest.sha256Hex(data), decoder, translated.languages))
                }
                problems += sink.problems
            }
        }
        problems += crossFileProblems(loaded.map { ($0.display, $0.decoded, $0.decoder) })
        let care = loadCareFile(
            careFiles, folderName: folderName, calendar: calendar, limits: limits, languages: languages,
            tasks: loaded.map { ($0.display, $0.decoded) })
        problems += care.problems
        let (articles, articleProblems) = loadArticles(
            directory: directory, folderName: folderName, limit: limits.maximumBytes)
        problems += articleProblems
        guard problems.isEmpty else {
            let order = Dictionary(
                uniqueKeysWithValues: (allFiles + articleFiles(in: directory)).enumerated().map {
                    ("\(folderName)/\(name(of: $0.element))", $0.offset)
                })
            let sorted = problems.enumerated().sorted { lhs, rhs in
                let (l, r) = (order[lhs.element.file] ?? -1, order[rhs.element.file] ?? -1)
                return l == r ? lhs.offset < rhs.offset : l < r
            }.map(\.element)
            throw .invalidSurveys(directory: directory, problems: sorted)
        }
        let entries = loaded.map { item in
            var entry = CatalogEntry(
                task: item.decoded.task, file: item.file, digest: item.digest, title: item.decoded.title,
                instructions: item.decoded.instructions, impactsAdherence: item.decoded.impactsAdherence,
                schedule: item.decoded.schedule, outcomes: item.decoded.outcomes, charts: item.decoded.charts,
                fhir: item.decoded.fhir, healthLink: item.decoded.healthLink, languages: item.languages,
                care: item.decoded.care
            )
            entry.logged = item.decoded.logged
            entry.labeledValue = item.decoded.labeledValue
            return entry
        }
        return Catalog(directory: directory, entries: entries, care: care.file, articles: articles)
    }

    /// The survey files of a folder, sorted by name.
    static func surveyFiles(in directory: FilePath) throws(CatalogError) -> [FilePath] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.string)
        } catch {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: directory.string, isDirectory: &isDirectory)
            let reason = !exists ? "no such folder" : !isDirectory.boolValue ? "not a folder" : "cannot list the folder"
            throw .unreadableDirectory(directory, reason: reason)
        }
        return names.sorted()
            .filter { !$0.hasPrefix(".") && !ignoredFileNames.contains($0) }
            .filter { surveyExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { directory.appending($0) }
            .filter { file in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: file.string, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }
    }

    /// The name of a survey file `surveyFiles(in:)` found.
    static func name(of file: FilePath) -> String {
        file.lastComponent?.string ?? ""
    }

    /// Duplicate task ids, and predicates naming results of other tasks in the folder.
    private static func crossFileProblems(
        _ files: [(display: String, decoded: SurveyDecoder.Decoded, decoder: SurveyDecoder)]
    ) -> [CatalogProblem] {
        var problems: [CatalogProblem] = []
        var owners: [String: String] = [:]
        var indexes: [String: TaskIndex] = [:]
        for file in files {
            guard let identifier = file.decoded.identifier else { continue }
            if let owner = owners[identifier] {
                problems.append(
                    CatalogProblem(
                        file: file.display, path: "id",
                        reason: "duplicate task id \"\(identifier)\" (already used by \(owner))",
                        line: file.decoded.identifierLine
                    ))
            } else {
                owners[identifier] = file.display
                indexes[identifier] = file.decoded.index
            }
        }
        problems += besideProblems(files)
        for file in files {
            let sink = file.decoder.sink
            let before = sink.problems.count
            for foreign in file.decoder.foreignSelectors {
                guard let taskIdentifier = foreign.selector.taskIdentifier else { continue }
                guard let index = indexes[taskIdentifier] else {
                    sink.report(foreign.path.key("task"), "unknown task \"\(taskIdentifier)\"", line: foreign.line)
                    continue
                }
                file.decoder.checkSelector(
                    foreign.selector, condition: foreign.condition, in: index, map: nil,
                    conditionKey: SurveyDecoder.conditionName(foreign.condition), fallbackPath: foreign.path,
                    fallbackLine: foreign.line
                )
            }
            problems += sink.problems.dropFirst(before)
        }
        return problems
    }

    /// `health.beside` must name an outcome kind another file declares (docs/health-export.md, "Linked tasks").
    private static func besideProblems(
        _ files: [(display: String, decoded: SurveyDecoder.Decoded, decoder: SurveyDecoder)]
    ) -> [CatalogProblem] {
        let declared = files.flatMap { file in
            file.decoded.outcomes.map { (kind: $0.kind, task: file.decoded.identifier) }
        }
        return files.compactMap { file in
            guard let beside = file.decoded.healthLink?.beside else { return nil }
            guard declared.contains(where: { $0.kind == beside && $0.task != file.decoded.identifier }) else {
                return CatalogProblem(
                    file: file.display, path: "health.beside",
                    reason: "unknown outcome kind \"\(beside)\" (no other survey in the folder declares it)",
                    line: file.decoded.besideLine)
            }
            return nil
        }
    }
}
