import CareModel
import Foundation
import RegimenFoundation
import SystemPackage

extension Catalog {
    /// Reads the folder's care file, if any (docs/care-plans.md, "The care file"), in the first of `languages` it
    /// has, and checks each task's `plan:` against its plans. Returns the file (nil when absent or invalid) and every
    /// problem found, including a folder with more than one care file.
    static func loadCareFile(
        _ files: [FilePath], folderName: String, calendar: Calendar, limits: SurveyLimits, languages: [LanguageTag],
        tasks: [(display: String, decoded: SurveyDecoder.Decoded)]
    ) -> (file: CareFile?, problems: [CatalogProblem]) {
        var problems: [CatalogProblem] = []
        if files.count > 1 {
            problems.append(
                CatalogProblem(
                    file: folderName, path: "",
                    reason: "more than one care file (\(files.map { name(of: $0) }.joined(separator: ", "))): keep one")
            )
        }
        var care: CareFile?
        if let file = files.first {
            let display = "\(folderName)/\(name(of: file))"
            let sink = ProblemSink(file: display)
            switch SurveyFileReader.text(of: file, limit: limits.maximumBytes) {
            case .failure(let refusal):
                problems.append(CatalogProblem(file: display, path: "", reason: refusal.reason))
            case .success(let (data, text)):
                switch SurveyParser.parse(text, format: SurveyFormat(fileName: name(of: file)), limits: limits) {
                case .failure(let error):
                    problems.append(CatalogProblem(file: display, path: "", reason: error.reason, line: error.line))
                case .success(nil):
                    problems.append(CatalogProblem(file: display, path: "", reason: "the file is empty"))
                case .success(let root?):
                    let translated = TranslatedTexts.resolve(root, requested: languages, sink: sink)
                    if let decoded = CareFileDecoder(sink: sink, calendar: calendar).decode(translated.root) {
                        care = CareFile(
                            file: file, digest: Digest.sha256Hex(data), plans: decoded.plans,
                            contacts: decoded.contacts, patient: decoded.patient, languages: translated.languages)
                    }
                    problems += sink.problems
                }
            }
        }
        // A task naming a plan in a folder without a care file is left in no plan (a survey file copied on its own
        // still runs); `validate` warns of it (`Catalog.undefinedPlans`).
        let plans = care?.plans.map(\.id) ?? []
        for task in tasks where !files.isEmpty {
            guard let planID = task.decoded.care.planID, !plans.contains(planID) else { continue }
            let reason =
                "unknown plan \"\(planID)\" (the care file's plans: \(plans.isEmpty ? "none" : plans.joined(separator: ", ")))"
            problems.append(
                CatalogProblem(file: task.display, path: "plan", reason: reason, line: task.decoded.planLine))
        }
        return (problems.isEmpty ? care : nil, problems)
    }

    /// Tasks that name a plan the folder does not define because it has no care file: (task id, plan id).
    package var undefinedPlans: [(task: String, plan: String)] {
        guard care == nil else { return [] }
        return entries.compactMap { entry in entry.care.planID.map { (entry.taskIdentifier, $0) } }
    }
}
