package import CareModel
package import OutcomeMapping
package import ResearchTasks
package import SystemPackage

/// One loaded survey file: the task it defines and what the care store needs to know about it.
package struct CatalogEntry: Sendable, Hashable {
    /// The task built from the file (steps, answer formats, navigation and skip rules).
    package var task: OrderedTask
    /// The file it was loaded from.
    package var file: FilePath
    /// SHA-256 of the file's bytes, lowercase hex (recorded in transcripts).
    package var digest: String
    /// The task's title (also `task.title`).
    package var title: String
    /// Instructions shown on the task's card, if any.
    package var instructions: String?
    /// Whether the task counts toward adherence (default true; onboarding-like tasks say false).
    package var impactsAdherence: Bool
    /// When the task is due, if it is scheduled.
    package var schedule: ScheduleSpec?
    /// How outcome values are taken from its results.
    package var outcomes: [OutcomeSpec]
    /// The charts its `charts:` section asks for; nil when it has none (`effectiveCharts` then picks a default).
    package var charts: [ChartSpec]?
    /// The file's `fhir:` block, if any.
    package var fhir: SurveyFHIRMetadata?
    /// The file's `health:` block: the task takes its outcomes from Health data and has no steps
    /// (docs/health-export.md, "Linked tasks").
    package var healthLink: HealthLink?
    /// The file's languages and the one its texts are in; nil when it names no `language:` (docs/languages.md).
    package var languages: SurveyLanguages?
    /// The plan the task belongs to and the links shown beside it (docs/care-plans.md).
    package var care: TaskCareDetails
    /// `logged: true`: each run (or `regimen log`) adds its values to the event's outcome instead of replacing it
    /// (docs/logged-tasks.md).
    package var logged = false
    /// `labeledValue: kind`: the care feed shows the task by its latest value of that kind (docs/logged-tasks.md,
    /// "Labelled values").
    package var labeledValue: String?

    /// The task identifier (`task.identifier`).
    package var taskIdentifier: String { task.identifier }

    /// Creates an entry.
    package init(
        task: OrderedTask, file: FilePath, digest: String, title: String, instructions: String? = nil,
        impactsAdherence: Bool = true, schedule: ScheduleSpec? = nil, outcomes: [OutcomeSpec] = [],
        charts: [ChartSpec]? = nil, fhir: SurveyFHIRMetadata? = nil, healthLink: HealthLink? = nil,
        languages: SurveyLanguages? = nil, care: TaskCareDetails = TaskCareDetails()
    ) {
        self.care = care
        self.languages = languages
        self.fhir = fhir
        self.healthLink = healthLink
        self.task = task
        self.file = file
        self.digest = digest
        self.title = title
        self.instructions = instructions
        self.impactsAdherence = impactsAdherence
        self.schedule = schedule
        self.outcomes = outcomes
        self.charts = charts
    }
}

extension CatalogEntry {
    /// The extractor the file's `outcomes:` section declares, or nil when it declares none.
    package var declarativeExtractor: DeclarativeExtractor? {
        outcomes.isEmpty
            ? nil
            : DeclarativeExtractor(
                taskIdentifier: task.identifier, entries: outcomes.map { $0.extractorEntry(in: task) })
    }
}

extension CatalogEntry {
    /// The outcome kinds the task's outcomes carry: its declared `outcomes:`, or its Health link's one kind.
    package var producedKinds: [OutcomeKindDescription] {
        outcomes.map(\.kindDescription)
            + (healthLink.map { [OutcomeKindDescription(kind: $0.kind, units: $0.units, type: .double)] } ?? [])
    }
}
