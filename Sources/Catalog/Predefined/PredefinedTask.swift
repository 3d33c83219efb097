package import RegimenFoundation
package import ResearchTasks

/// A ResearchKit predefined active task a survey file can expand (docs/range-of-motion.md, "The tasks").
package struct PredefinedTask: Sendable, Hashable {
    /// Which task.
    package var kind: Kind
    /// Which side; changes the text only.
    package var limb: RangeOfMotionContent.Limb
    /// Drop the introductory instruction steps (ResearchKit's ExcludeInstructions).
    package var excludeInstructions: Bool
    /// Drop the closing completion step (ResearchKit's ExcludeConclusion).
    package var excludeConclusion: Bool
    /// The first instruction step's text (ResearchKit's intendedUseDescription).
    package var intendedUse: String?
    /// The language the survey is shown in, which the generated texts follow (`RangeOfMotionTexts`); nil: English.
    package var language: LanguageTag?

    /// Creates a predefined task description.
    package init(
        kind: Kind, limb: RangeOfMotionContent.Limb, excludeInstructions: Bool = false,
        excludeConclusion: Bool = false, intendedUse: String? = nil, language: LanguageTag? = nil
    ) {
        self.kind = kind
        self.limb = limb
        self.excludeInstructions = excludeInstructions
        self.excludeConclusion = excludeConclusion
        self.intendedUse = intendedUse
        self.language = language
    }

    /// The predefined tasks supported.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `kneeRangeOfMotionTaskWithIdentifier:…`.
        case kneeRangeOfMotion
        /// `shoulderRangeOfMotionTaskWithIdentifier:…`.
        case shoulderRangeOfMotion
    }

    /// ResearchKit's step sequence for this task, identifiers and English text included.
    package var steps: [Step] {
        switch kind {
        case .kneeRangeOfMotion: RangeOfMotionSteps.knee(self)
        case .shoulderRangeOfMotion: RangeOfMotionSteps.shoulder(self)
        }
    }
}
