import CareModel
import Foundation
import RegimenFoundation
import ResearchTasks

/// Decodes one survey document into a catalog entry, reporting every problem to its sink.
final class SurveyDecoder {
    let sink: ProblemSink
    let calendar: Calendar
    /// Results of steps or items that failed to decode (reported already).
    var brokenResults: [TaskIndex.ResultKey] = []
    /// The identifier of the task being decoded ("" until read).
    var taskIdentifier = ""
    /// Said after "unknown step"/"no result" problems while decoding an `enabledWhen` (nil elsewhere).
    var selectorScopeNote: String?
    /// Each step's, form item's and group's FHIR linkId (its `linkId:`, else its id), checked for uniqueness at the
    /// end.
    var linkIdSites: [LinkIdSite] = []
    /// Every expression of the file, checked once the task is read (docs/expressions.md, "Checks at validate").
    var expressionSites: [ExpressionSite] = []
    /// The piped texts, by their text as written.
    var templates: [String: TextTemplate] = [:]
    /// The task's variable names in order (also those whose expression failed to parse).
    var declaredVariables: [String] = []
    /// Questions (question steps and form items) decoded so far: where an expression's answers end.
    var questionCount = 0
    /// The role of an `expression` condition being decoded (`.pending` in rules, set around an `enabledWhen`).
    var conditionRole: ExpressionRole = .pending
    /// Predicates naming another task, checked once every file is decoded.
    private(set) var foreignSelectors: [ForeignSelector] = []

    /// The language the survey's texts were resolved to, which generated texts follow (nil: English).
    let language: LanguageTag?
    /// Each translated text's text in the survey's default language, by path (`TranslatedTexts.resolve`).
    let defaultTexts: [SurveyPath: String]

    init(
        sink: ProblemSink, calendar: Calendar, language: LanguageTag? = nil, defaultTexts: [SurveyPath: String] = [:]
    ) {
        self.sink = sink
        self.calendar = calendar
        self.language = language
        self.defaultTexts = defaultTexts
    }

    /// A predicate's reference to another task's result, checked across files.
    struct ForeignSelector: Sendable {
        var selector: ResultSelector
        var condition: AnswerCondition
        var path: SurveyPath
        var line: Int
    }

    /// What a file decodes to (fields are best effort when problems were reported).
    struct Decoded: Sendable {
        var identifier: String?
        var identifierLine: Int
        var task: OrderedTask
        var title: String
        var instructions: String?
        var impactsAdherence: Bool
        var schedule: ScheduleSpec?
        var outcomes: [OutcomeSpec]
        var charts: [ChartSpec]?
        var fhir: SurveyFHIRMetadata?
        var healthLink: HealthLink?
        /// The task's plan and links (docs/care-plans.md).
        var care: TaskCareDetails
        /// The line of `plan:`, for the check against the care file.
        var planLine: Int?
        /// `logged: true`: a task logged any number of times a day (docs/logged-tasks.md).
        var logged: Bool = false
        /// `labeledValue: kind`: the care feed shows the task by its latest value of that kind (docs/logged-tasks.md,
        /// "Labelled values").
        var labeledValue: String?
        /// The line of `health.beside`, for the problem found across files.
        var besideLine: Int?
        var index: TaskIndex
    }

    /// Decodes the document's root.
    func decode(_ root: SurveyNode) -> Decoded? {
        guard let task = MapReader(root, at: .root, kind: "task", sink: sink) else { return nil }
        let identifier = task.string("id", required: true, nonEmpty: true)
        if let identifier, identifier.contains("/") {
            task.report("id", "must not contain \"/\"")
        }
        taskIdentifier = identifier ?? ""
        let title = task.string("title", required: true, nonEmpty: true)
        let fhir = task.node("fhir").flatMap { decodeFHIRMetadata($0, at: .root.key("fhir")) }
        let instructions = task.string("instructions")
        let variables = decodeVariables(task)
        // A logged task counts towards adherence only when it says so (docs/logged-tasks.md).
        let logged = task.bool("logged") ?? false
        let impactsAdherence = task.bool("impactsAdherence") ?? !logged
        let care = decodeTaskCare(task)

        var steps: [(Step, SurveyPath, Int)] = []
        if let predefinedNode = task.node("predefined"),
            let predefined = decodePredefined(predefinedNode, at: .root.key("predefined"))
        {
            steps += predefined.steps.map { ($0, SurveyPath.root.key("predefined"), predefinedNode.line) }
        }
        let stepItems = task.list("steps")
        for (node, path) in stepItems ?? [] {
            if let step = decodeStep(node, at: path, earlier: steps.map(\.0)) { steps.append((step, path, node.line)) }
        }
        let healthLink = task.node("health").flatMap { decodeHealthLink($0, at: .root.key("health")) }
        if task.has("health") {
            checkHealthLinkedTask(task)
        } else if !task.has("steps") && !task.has("predefined") {
            sink.report(.root, "missing required key \"steps\" (or \"predefined\" or \"health\")", line: root.line)
        } else if stepItems?.isEmpty == true && !task.has("predefined") {
            task.report("steps", "must have at least one step")
        }
        checkUniqueStepIdentifiers(steps)
        checkUniqueLinkIds()

        let index = TaskIndex(steps: steps.map(\.0), brokenResults: brokenResults)
        let ownIdentifier = identifier ?? ""
        var navigationRules: [String: NavigationRule] = [:]
        var ruleSites: [RuleSite] = []
        if let rules = task.list("navigation") {
            for (node, path) in rules {
                let sitesBefore = expressionSites.count
                guard let (trigger, rule) = decodeNavigationRule(node, at: path, index: index, task: ownIdentifier)
                else { continue }
                tagPendingSites(from: sitesBefore, as: .afterStep(trigger))
                if navigationRules[trigger] != nil {
                    sink.report(path.key("after"), "step \"\(trigger)\" already has a navigation rule", line: node.line)
                }
                navigationRules[trigger] = rule
                if case .predicate(let pairs, _) = rule {
                    ruleSites.append(
                        RuleSite(kind: .after(trigger), predicates: pairs.map(\.predicate), path: path, line: node.line)
                    )
                }
            }
        }
        var skipRules: [String: SkipRule] = [:]
        if let rules = task.list("skip") {
            for (node, path) in rules {
                let sitesBefore = expressionSites.count
                guard let (step, rule) = decodeSkipRule(node, at: path, index: index, task: ownIdentifier) else {
                    continue
                }
                tagPendingSites(from: sitesBefore, as: .skipping(step))
                if skipRules[step] != nil {
                    sink.report(path.key("step"), "step \"\(step)\" already has a skip rule", line: node.line)
                }
                skipRules[step] = rule
                ruleSites.append(
                    RuleSite(kind: .skipping(step), predicates: [rule.predicate], path: path, line: node.line))
            }
        }
        let schedule = task.node("schedule").flatMap { decodeSchedule($0, at: .root.key("schedule")) }
        let outcomes = task.list("outcomes").map { decodeOutcomes($0, index: index) } ?? []
        let charts = task.list("charts").map {
            decodeCharts($0, outcomes: outcomes + (healthLink.map { [$0.outcomeSpec] } ?? []))
        }

        let orderedTask = OrderedTask(
            identifier: ownIdentifier, title: title, steps: steps.map(\.0),
            navigationRules: navigationRules, skipRules: skipRules,
            expressions: TaskExpressions(variables: variables, templates: templates)
        )
        checkConditionsCanHold(ruleSites, in: orderedTask)
        checkExpressions(in: orderedTask)
        if logged { checkLoggedTask(task) }
        let labeledValue = decodeLabeledValue(task, outcomes: outcomes + (healthLink.map { [$0.outcomeSpec] } ?? []))
        return Decoded(
            identifier: identifier, identifierLine: task.node("id")?.line ?? root.line, task: orderedTask,
            title: title ?? "", instructions: instructions, impactsAdherence: impactsAdherence,
            schedule: schedule, outcomes: outcomes, charts: charts, fhir: fhir, healthLink: healthLink, care: care,
            planLine: task.node("plan")?.line, logged: logged, labeledValue: labeledValue,
            besideLine: task.node("health")?.entries?.first { $0.key == "beside" }?.value.line, index: index
        )
    }

    /// Gives the expression sites recorded since `start` with a pending role their rule's role.
    private func tagPendingSites(from start: Int, as role: ExpressionRole) {
        for index in start..<expressionSites.count where expressionSites[index].role == .pending {
            expressionSites[index].role = role
        }
    }

    /// Records a predicate that names another task.
    func noteForeignSelector(_ selector: ResultSelector, _ condition: AnswerCondition, at path: SurveyPath, line: Int) {
        foreignSelectors.append(ForeignSelector(selector: selector, condition: condition, path: path, line: line))
    }

    /// Forgets the foreign selectors noted after the first `count` (their predicate was rejected, already reported).
    func dropForeignSelectors(keepingFirst count: Int) {
        foreignSelectors.removeSubrange(count...)
    }

    private func checkUniqueStepIdentifiers(_ steps: [(Step, SurveyPath, Int)]) {
        var seen: [String: SurveyPath] = [:]
        for (step, path, line) in steps {
            if step.identifier == "end" || step.identifier == StepDestination.end {
                sink.report(
                    path, "step id \"\(step.identifier)\" is reserved (it ends the task in navigation rules)",
                    line: line)
            }
            if let first = seen[step.identifier] {
                let place = first.description.isEmpty ? "" : " at \(first)"
                sink.report(path, "duplicate step id \"\(step.identifier)\" (already used\(place))", line: line)
            } else {
                seen[step.identifier] = path
            }
        }
    }
}
