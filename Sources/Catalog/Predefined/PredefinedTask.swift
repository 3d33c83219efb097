import ResearchTasks

/// A ResearchKit predefined active task a survey file can expand (docs/range-of-motion.md, "The tasks").
public struct PredefinedTask: Sendable, Hashable {
    /// Which task.
    public var kind: Kind
    /// Which side; changes the text only.
    public var limb: RangeOfMotionContent.Limb
    /// Drop the introductory instruction steps (ResearchKit's ExcludeInstructions).
    public var excludeInstructions: Bool
    /// Drop the closing completion step (ResearchKit's ExcludeConclusion).
    public var excludeConclusion: Bool
    /// The first instruction step's text (ResearchKit's intendedUseDescription).
    public var intendedUse: String?

    /// Creates a predefined task description.
    public init(
        kind: Kind, limb: RangeOfMotionContent.Limb, excludeInstructions: Bool = false,
        excludeConclusion: Bool = false, intendedUse: String? = nil
    ) {
        self.kind = kind
        self.limb = limb
        self.excludeInstructions = excludeInstructions
        self.excludeConclusion = excludeConclusion
        self.intendedUse = intendedUse
    }

    /// The predefined tasks supported.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `kneeRangeOfMotionTaskWithIdentifier:…`.
        case kneeRangeOfMotion
        /// `shoulderRangeOfMotionTaskWithIdentifier:…`.
        case shoulderRangeOfMotion
    }

    /// ResearchKit's step sequence for this task, identifiers and English text included.
    public var steps: [Step] {
        switch kind {
        case .kneeRangeOfMotion: RangeOfMotionSteps.knee(self)
        case .shoulderRangeOfMotion: RangeOfMotionSteps.shoulder(self)
        }
    }
}
