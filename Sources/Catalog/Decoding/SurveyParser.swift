/// Parses YAML (or JSON) text into a `SurveyNode` tree, or a problem with its line.
enum SurveyParser {
    /// A syntax error or a broken limit: line (when known) and a description naming the file's format.
    struct SyntaxError: Error, Sendable, Hashable {
        var line: Int?
        var reason: String
    }

    /// Parses one document; nil for an empty document. Aliases, and documents deeper or larger than `limits`, are
    /// refused before any node is built (docs/survey-file-limits.md); errors name `format` ("JSON syntax error …").
    static func parse(_ text: String, format: SurveyFormat = .yaml, limits: SurveyLimits = .standard) -> Result<
        SurveyNode?, SyntaxError
    > {
        let composer = SurveyComposer(format: format, limits: limits)
        var text = text
        return text.withUTF8 { utf8 in
            do throws(SyntaxError) {
                return .success(try composer.compose(utf8))
            } catch {
                return .failure(error)
            }
        }
    }
}
