import ResearchTasks

extension SurveyDecoder {
    /// Decodes `predefined: { task, limb, excludeInstructions, excludeConclusion, intendedUse }`.
    func decodePredefined(_ node: SurveyNode, at path: SurveyPath) -> PredefinedTask? {
        guard let map = MapReader(node, at: path, kind: "predefined", sink: sink) else { return nil }
        let kind = map.choice("task", PredefinedTask.Kind.allCases, required: true)
        let limb = map.choice("limb", RangeOfMotionContent.Limb.allCases, required: true)
        let excludeInstructions = map.bool("excludeInstructions") ?? false
        let excludeConclusion = map.bool("excludeConclusion") ?? false
        let intendedUse = map.string("intendedUse")
        guard let kind, let limb else { return nil }
        return PredefinedTask(
            kind: kind, limb: limb, excludeInstructions: excludeInstructions,
            excludeConclusion: excludeConclusion, intendedUse: intendedUse, language: language
        )
    }
}
