import Foundation

/// One task as a study revision published it (kept in `study_revision.surveys`): what the data dictionary, the wide
/// table's columns and `study revisions`' change list are made from (docs/study-database.md, "Publishing and
/// revisions").
package struct PublishedTask: Codable, Sendable, Hashable {
    /// The task's id.
    package var id: String
    /// Its title.
    package var title: String
    /// Digest of the survey file that defined it (a changed file is a changed task).
    package var digest: String
    /// Whether its events count towards adherence.
    package var impactsAdherence: Bool
    /// The schedule as the survey file wrote it, in words (for the change list), e.g. "daily at 08:00".
    package var scheduleSummary: String
    /// The outcome values it declares, in the survey's order: the study's variables.
    package var variables: [PublishedVariable]
    /// Instructions shown on the task's card, if any.
    package var instructions: String?
    /// The schedule relative to enrollment, from which each participant's is made in their zone (nil in revisions
    /// stored before it was kept).
    package var schedule: PublishedSchedule?
    /// The consent document the task asks to sign, nil for the others (and in revisions stored before it was kept).
    package var consent: PublishedConsentDocument?

    /// Creates a published task.
    package init(
        id: String, title: String, digest: String, impactsAdherence: Bool, scheduleSummary: String,
        variables: [PublishedVariable],
        instructions: String? = nil, schedule: PublishedSchedule? = nil, consent: PublishedConsentDocument? = nil
    ) {
        self.id = id
        self.title = title
        self.digest = digest
        self.impactsAdherence = impactsAdherence
        self.scheduleSummary = scheduleSummary
        self.variables = variables
        self.instructions = instructions
        self.schedule = schedule
        self.consent = consent
    }
}

/// One declared outcome value of a published task: a column of the wide table and a row of the data dictionary.
package struct PublishedVariable: Codable, Sendable, Hashable {
    /// One answer choice: the stored value and its text (REDCap's `1, Never`).
    package struct Choice: Codable, Sendable, Hashable {
        /// The value stored, as text.
        package var value: String
        /// What the participant saw.
        package var text: String

        /// Creates a choice.
        package init(value: String, text: String) {
            self.value = value
            self.text = text
        }
    }

    /// The outcome kind, e.g. `checkin.form.pain` (unique within the task).
    package var kind: String
    /// The stored value type: integer, double, boolean, text, date or binary.
    package var type: String
    /// The question's text, when the value answers one.
    package var label: String?
    /// Units, e.g. `h`.
    package var units: String?
    /// The answer choices, when the question has them.
    package var choices: [Choice]
    /// The smallest and largest values allowed, when the question limits them.
    package var minimum: Double?
    /// The largest value allowed.
    package var maximum: Double?
    /// Whether several choices may be chosen (each a value of the same kind); nil in revisions stored before it was
    /// kept.
    package var multipleChoice: Bool?
    /// When the question is asked, in the task's variables; nil when always (or in revisions stored before it was
    /// kept).
    package var shownWhen: PublishedCondition?

    /// Creates a variable.
    package init(
        kind: String, type: String, label: String? = nil, units: String? = nil, choices: [Choice] = [],
        minimum: Double? = nil, maximum: Double? = nil, multipleChoice: Bool? = nil,
        shownWhen: PublishedCondition? = nil
    ) {
        self.multipleChoice = multipleChoice
        self.shownWhen = shownWhen
        self.kind = kind
        self.type = type
        self.label = label
        self.units = units
        self.choices = choices
        self.minimum = minimum
        self.maximum = maximum
    }
}
