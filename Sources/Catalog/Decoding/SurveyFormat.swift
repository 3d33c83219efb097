/// The syntax a survey file is written in, chosen by its extension; errors name it ("JSON syntax error …").
enum SurveyFormat: Sendable, Hashable {
    /// `*.yaml`, `*.yml`.
    case yaml
    /// `*.json` (read by the same parser: JSON is YAML, docs/survey-file-limits.md).
    case json

    /// The format of a file named `name`.
    init(fileName name: String) {
        self = name.lowercased().hasSuffix(".json") ? .json : .yaml
    }

    /// "YAML" or "JSON", for messages.
    var name: String {
        switch self {
        case .yaml: "YAML"
        case .json: "JSON"
        }
    }
}
